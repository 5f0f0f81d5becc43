//! A view of any game, for the renderer and the scripting interface. Each variant is the plain
//! data one game shows one viewer; the renderer draws views, never states.

use serde::{Deserialize, Serialize};

use crate::games;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "kebab-case")]
pub enum AnyView {
    Aeroplane(games::aeroplane::View),
    AirBattle(games::air_battle::View),
    TankBattle(games::tank_battle::View),
    Tanks(games::tanks::View),
    Thousand(games::thousand::View),
}

impl AnyView {
    /// The board as it stands between moves, for a replay: the same picture without the marks
    /// that invite a choice (labels on what may be picked, destinations, a pick in progress),
    /// which change with every turn and would flicker over the whole animation.
    pub fn settled(mut self) -> AnyView {
        match &mut self {
            AnyView::Aeroplane(v) => v.settle(),
            AnyView::AirBattle(v) => v.settle(),
            AnyView::TankBattle(v) => v.settle(),
            AnyView::Tanks(v) => v.settle(),
            AnyView::Thousand(v) => v.settle(),
        }
        self
    }
}
