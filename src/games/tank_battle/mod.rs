//! STUB — to be replaced by the real rules.

pub mod board;
mod view;

use serde::{Deserialize, Serialize};

pub use view::*;

use crate::choice::Choices;
use crate::event::Event;
use crate::game::{Actor, Game, Outcome, Seat, Setup, SetupError, ToMove, Viewer};
use crate::view::AnyView;

pub const SETTINGS: &[crate::settings::SettingSpec] = &[];

pub static INFO: crate::registry::GameInfo = crate::game_info!(TankBattle, aliases: &[], seats: 2..=2, settings: SETTINGS, private_setup: false);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TankBattle;

impl Game for TankBattle {
    type Action = u8;
    const ID: &'static str = "tank-battle";
    fn new(_setup: &Setup) -> Result<Self, SetupError> { Ok(TankBattle) }
    fn to_move(&self) -> ToMove { ToMove::Over }
    fn chance_outcomes(&self) -> Vec<(u8, u32)> { Vec::new() }
    fn choices(&self, _seat: Seat) -> Choices<u8> { Choices::default() }
    fn apply(&mut self, _actor: Actor, _action: &u8) -> Vec<Event> { Vec::new() }
    fn resign(&mut self, _seat: Seat) -> Vec<Event> { Vec::new() }
    fn view(&self, _viewer: Viewer, _selection: &[String]) -> AnyView { unimplemented!() }
    fn outcome(&self) -> Option<Outcome> { None }
}
