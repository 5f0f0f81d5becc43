//! The rules of each game, one folder per game, all behind [`crate::game::Game`].

pub mod aeroplane;
pub mod air_battle;
pub mod tank_battle;
pub mod tanks;
pub mod thousand;
