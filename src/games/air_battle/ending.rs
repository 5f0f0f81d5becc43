//! How a game ends and who won (spec decisions 5, 6 and 8): a bomber on the enemy
//! headquarters, an air force destroyed (the side that moved winning when both fall in the
//! same move), a resignation, or 120 turns in a row with nobody shot down — a draw.

use serde::{Deserialize, Serialize};

use super::position::Position;
use super::seating;
use super::view::{Edition, Form, Kind, Side};
use crate::game::Outcome;

/// Turns in a row with nobody shot down that draw the game (a house rule of the seed).
pub const QUIET_LIMIT: u32 = 120;

/// Fighters «Игрушка» needs shot down (with every bomber) to destroy an air force.
pub const TOY_FIGHTERS_DOWN: usize = 8;

/// Why the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// A bomber of this side bombed the enemy headquarters.
    Bombed(Side),
    /// The other side's air force is destroyed; this side wins.
    AirForce(Side),
    /// Both air forces fell in one move; this side moved, and wins.
    Both(Side),
    /// 120 turns in a row passed with nobody shot down.
    Quiet,
    /// A commander of the other side resigned; this side wins.
    Resigned(Side),
}

impl End {
    pub fn winner(self) -> Option<Side> {
        match self {
            End::Bombed(side) | End::AirForce(side) | End::Both(side) | End::Resigned(side) => {
                Some(side)
            }
            End::Quiet => None,
        }
    }
}

/// Whether `side`'s air force is destroyed: in «Игрушка» all its bombers and at least 8
/// fighters shot down (of a hand-made position's aircraft: no bomber left and no more than two
/// fighters), in «Аэрофото» every aircraft.
pub fn destroyed(position: &Position, edition: Edition, side: Side) -> bool {
    let (bombers, fighters) =
        (position.left(side, Kind::Bomber), position.left(side, Kind::Fighter));
    fallen_with(edition, bombers, fighters)
}

/// [`destroyed`] for a side with `bombers` and `fighters` left.
fn fallen_with(edition: Edition, bombers: usize, fighters: usize) -> bool {
    match edition {
        Edition::Toy => bombers == 0 && fighters <= super::board::FIGHTERS - TOY_FIGHTERS_DOWN,
        Edition::Photo => bombers == 0 && fighters == 0,
    }
}

/// The air-force ends after a move of `mover` (decision 6).
pub fn air_force(position: &Position, edition: Edition, mover: Side) -> Option<End> {
    let fallen = |side: Side| destroyed(position, edition, side);
    match (fallen(mover), fallen(mover.other())) {
        (true, true) => Some(End::Both(mover)),
        (false, true) => Some(End::AirForce(mover)),
        (true, false) => Some(End::AirForce(mover.other())),
        (false, false) => None,
    }
}

/// The result: the winning side's seats first, the others second; a draw ties everyone. In
/// two against two the result names the sides.
pub fn outcome(form: Form, end: End) -> Outcome {
    let seats = seating::seats(form);
    let places = (0..seats)
        .map(|seat| match end.winner() {
            Some(side) if seating::side_of(form, seat) != side => 2,
            _ => 1,
        })
        .collect();
    // In two against two each side's two commanders play together.
    let sides = (form == Form::Teams)
        .then(|| (0..seats).map(|seat| seating::side_of(form, seat).index() as u8).collect());
    Outcome { places, scores: None, sides }
}
