//! How a game of Tank Battle ends, who won, and what is announced then.
//!
//! The seed ends the game only when one army has wholly reached the opponent's base; the spec
//! adds the ends a real game needs (no army left, no legal move, 100 quiet moves) and scores
//! each of them the same way, from the position as it stands. A resignation is the one end
//! not decided by points.

use serde::{Deserialize, Serialize};

use super::geometry::GEOMETRY;
use super::moves;
use super::position::{Position, Side};
use crate::event::Event;
use crate::game::Outcome;

/// Single moves without a capture or a tank entering the opponent's base that end the game.
pub const QUIET_LIMIT: u32 = 100;

/// Why the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// Every surviving tank of this side stands in the opponent's base.
    AllInBase(Side),
    /// This side has no tank left (which meets the condition above at once).
    NoTanks(Side),
    /// This side was to move and had no legal move.
    NoMove(Side),
    /// [`QUIET_LIMIT`] single moves passed without a capture or a base entry.
    QuietMoves,
    /// This side gave up.
    Resigned(Side),
}

/// The end reached by the position after `mover` moved, if any. The seed's own end (an army
/// in the base) is looked for first, the mover's army before the opponent's.
pub fn detect(position: &Position, mover: Side, quiet_moves: u32) -> Option<End> {
    let next = mover.opponent();
    [mover, next]
        .into_iter()
        .find_map(|side| army_end(position, side))
        .or_else(|| (quiet_moves >= QUIET_LIMIT).then_some(End::QuietMoves))
        .or_else(|| (!moves::has_move(position, next)).then_some(End::NoMove(next)))
}

fn army_end(position: &Position, side: Side) -> Option<End> {
    let army = position.army_set(side);
    if army.is_empty() {
        return Some(End::NoTanks(side));
    }
    let target = GEOMETRY.base(side.opponent().index());
    army.difference(target).is_empty().then_some(End::AllInBase(side))
}

/// The points of both sides, [White, Black].
pub fn scores(position: &Position) -> [i64; 2] {
    Side::BOTH.map(|side| position.points(side))
}

/// The result: by points, equal points a draw; a resigner ranks last whatever the points
/// (and the outcome then carries no scores, since they did not decide it).
pub fn outcome(end: End, position: &Position) -> Outcome {
    match end {
        End::Resigned(side) => Outcome::from_order(2, &[side.opponent().seat(), side.seat()]),
        _ => Outcome::from_scores(scores(position).to_vec()),
    }
}

/// The announcement of `end` followed by the result.
pub fn events(end: End, position: &Position) -> Vec<Event> {
    let mut events = vec![reason(end)];
    if !matches!(end, End::Resigned(_)) {
        events.push(final_scores(position));
    }
    let winners = outcome(end, position).winners();
    events.push(match winners.as_slice() {
        [winner] => Event::new("tb-winner").seat("player", *winner),
        _ => Event::new("tb-draw"),
    });
    events
}

fn reason(end: End) -> Event {
    match end {
        End::AllInBase(side) => Event::new("tb-over-all-in-base").seat("player", side.seat()),
        End::NoTanks(side) => Event::new("tb-over-no-tanks").seat("player", side.seat()),
        End::NoMove(side) => Event::new("tb-over-no-move").seat("player", side.seat()),
        End::QuietMoves => Event::new("tb-over-quiet").int("moves", QUIET_LIMIT),
        End::Resigned(side) => Event::new("tb-resigned").seat("player", side.seat()),
    }
}

fn final_scores(position: &Position) -> Event {
    let [white, black] = scores(position);
    Event::new("tb-final-scores")
        .seat("white", Side::White.seat())
        .int("white_points", white)
        .seat("black", Side::Black.seat())
        .int("black_points", black)
}
