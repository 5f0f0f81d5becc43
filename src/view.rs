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
