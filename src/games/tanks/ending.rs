//! How a game of «Идут танки» ends, who won, and what is announced then (decision 9).
//!
//! Destroying all four of the opponent's tanks wins at once. Otherwise the game runs while any
//! tank is on the field and is then scored: more arrivals wins, then fewer planes lost, else a
//! draw. The 120-turn guard ends a game that stopped making progress and scores it the same way.

use serde::{Deserialize, Serialize};

use super::army::{Army, Side};
use super::text;
use crate::event::Event;
use crate::game::Outcome;

/// Player turns in a row without progress (a tank destroyed, an arrival, a mine turned over)
/// that end the game: 60 full turns.
pub const GUARD_TURNS: u32 = 120;

/// Why the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// All four tanks of this side were destroyed: it loses at once.
    Wipeout(Side),
    /// No tank is left on the field (or both sides lost their last one at once): scored.
    NoTanks,
    /// [`GUARD_TURNS`] player turns passed without progress: scored.
    Guard,
    /// This side gave up.
    Resigned(Side),
}

/// The end the armies have reached, if any. "No tank on the field" means no tank of either
/// side (our decision 14 in `docs/rules/tanks-go.md`): while one side still has one, the game
/// goes on. After an arrival the turn asks the bring-back question before it heeds
/// [`End::NoTanks`] (decision 8); only an [`End::Wipeout`] ends the game before that question.
pub fn detect(armies: &[Army; 2]) -> Option<End> {
    let wiped = |side: Side| armies[side.index()].destroyed_count() == 4;
    match (wiped(Side::Red), wiped(Side::Green)) {
        (true, true) => Some(End::NoTanks),
        (true, false) => Some(End::Wipeout(Side::Red)),
        (false, true) => Some(End::Wipeout(Side::Green)),
        _ => armies.iter().all(|a| a.field_count() == 0).then_some(End::NoTanks),
    }
}

/// The winner of a scored end: more arrivals, then fewer planes lost.
fn scored_winner(armies: &[Army; 2]) -> Option<Side> {
    let key = |side: Side| {
        let army = &armies[side.index()];
        (army.arrivals, std::cmp::Reverse(army.planes_lost))
    };
    match key(Side::Red).cmp(&key(Side::Green)) {
        std::cmp::Ordering::Greater => Some(Side::Red),
        std::cmp::Ordering::Less => Some(Side::Green),
        std::cmp::Ordering::Equal => None,
    }
}

/// The winner, or `None` for a draw.
pub fn winner(end: End, armies: &[Army; 2]) -> Option<Side> {
    match end {
        End::Wipeout(loser) | End::Resigned(loser) => Some(loser.opponent()),
        End::NoTanks | End::Guard => scored_winner(armies),
    }
}

/// The result, with each side's arrivals as its score.
pub fn outcome(end: End, armies: &[Army; 2]) -> Outcome {
    let places = match winner(end, armies) {
        Some(side) => Side::BOTH.iter().map(|s| if *s == side { 1 } else { 2 }).collect(),
        None => vec![1, 1],
    };
    let scores = armies.iter().map(|a| i64::from(a.arrivals)).collect();
    Outcome { places, scores: Some(scores), sides: None }
}

/// The announcement of `end`, the final count and the result.
pub fn events(end: End, armies: &[Army; 2]) -> Vec<Event> {
    let mut events = vec![match end {
        End::Wipeout(side) => Event::new(text::OVER_WIPEOUT).seat("player", side.seat()),
        End::NoTanks => Event::new(text::OVER_NO_TANKS),
        End::Guard => Event::new(text::OVER_GUARD).int("turns", GUARD_TURNS),
        End::Resigned(side) => Event::new(text::RESIGNED).seat("player", side.seat()),
    }];
    let [red, green] = armies;
    events.push(
        Event::new(text::FINAL)
            .seat("red", Side::Red.seat())
            .int("red_arrivals", red.arrivals)
            .int("red_planes", red.planes_lost)
            .seat("green", Side::Green.seat())
            .int("green_arrivals", green.arrivals)
            .int("green_planes", green.planes_lost),
    );
    events.push(match winner(end, armies) {
        Some(side) => Event::new(text::WINNER).seat("player", side.seat()),
        None => Event::new(text::DRAW),
    });
    events
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scoring_uses_arrivals_then_planes_lost() {
        let mut armies = [Army::new(Side::Red), Army::new(Side::Green)];
        assert_eq!(scored_winner(&armies), None);
        armies[0].planes_lost = 1;
        assert_eq!(scored_winner(&armies), Some(Side::Green));
        armies[0].arrivals = 1;
        assert_eq!(scored_winner(&armies), Some(Side::Red));
        let outcome = outcome(End::Guard, &armies);
        assert_eq!(outcome.places, [1, 2]);
        assert_eq!(outcome.scores, Some(vec![1, 0]));
    }
}
