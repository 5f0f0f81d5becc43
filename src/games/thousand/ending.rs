//! How a game ends, who won, and what is announced then (spec decision 7).
//!
//! After every move the engine looks, in this order, for a colour that finished — its ninth pawn
//! on the opponent's field, or the opponent's field jammed full with none of the opponent's
//! pawns there able to move —, then for a board on which no colour in play can move, then for
//! the round limit, the usual end of an ordinary game. Every end is scored the same way, by
//! [`super::scoring`]; a player who resigns ranks below everyone still playing.

use serde::{Deserialize, Serialize};

use super::board;
use super::geometry::GEOMETRY;
use super::moves::Mover;
use super::position::Position;
use super::scoring::BONUS;
use super::seating::Seating;
use super::text;
use super::view::{Breakdown, Colour};
use crate::event::Event;
use crate::game::{Outcome, Seat};

/// Rounds after which an ordinary game ends: every colour in play has had this many turns.
pub const ROUNDS: u32 = 100;

/// Why the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// The ninth pawn of this colour reached the opponent's field.
    Home(Colour),
    /// This colour's pawns and the opponent's filled the opponent's field, and none of the
    /// opponent's pawns there could move.
    Jammed(Colour),
    /// No colour in play could move.
    NoMove,
    /// Every colour in play had its [`ROUNDS`] turns.
    Rounds,
    /// Every seat but one resigned.
    Resigned,
}

impl End {
    /// The colour that ended the game by reaching the opponent's field (and earned the bonus).
    pub fn finisher(self) -> Option<Colour> {
        match self {
            End::Home(colour) | End::Jammed(colour) => Some(colour),
            _ => None,
        }
    }
}

/// Whether `colour` has finished. `opponent` gives the mover of the colour whose field it
/// enters, none when that colour no longer moves (its player resigned); it is asked only for a
/// full field.
/// Asked for every colour after every turn, so it works on square sets: the target field's
/// (precomputed) and each colour's pawns'.
pub fn finished(
    position: &Position,
    colour: Colour,
    opponent: impl FnOnce() -> Option<Mover>,
) -> Option<End> {
    let other = board::opponent(colour);
    // The opponent's start field is the colour's target ground.
    let field = GEOMETRY.field(other);
    let (ours, theirs) = (position.pawn_set(colour), position.pawn_set(other));
    // Both ends need the field full; a field has as many squares as a colour has pawns, so
    // all of them home is the field full of them — a comparison of sets rather than a count.
    if ours.union(theirs).intersection(field) != field {
        return None;
    }
    let home = ours.intersection(field);
    if home == field {
        return Some(End::Home(colour));
    }
    let stuck = || {
        let opponent = opponent();
        let mut theirs = theirs.intersection(field).iter();
        theirs.all(|at| opponent.is_none_or(|m| !m.can_move(position, at)))
    };
    (!home.is_empty() && stuck()).then_some(End::Jammed(colour))
}

/// The result: places by total points, equal points sharing a place; resigned seats rank
/// below the rest, the last to resign highest. When resignations alone ended the game, the
/// outcome carries no scores, since points did not decide it.
pub fn outcome(end: End, scores: &[Breakdown], resigned: &[Seat]) -> Outcome {
    let totals: Vec<i64> = scores.iter().map(|s| s.total).collect();
    if resigned.is_empty() {
        return Outcome::from_scores(totals);
    }
    let playing: Vec<Seat> = (0..totals.len()).filter(|s| !resigned.contains(s)).collect();
    let mut places = vec![0u8; totals.len()];
    for &seat in &playing {
        let better = playing.iter().filter(|other| totals[**other] > totals[seat]).count();
        places[seat] = u8::try_from(better + 1).unwrap_or(u8::MAX);
    }
    for (k, &seat) in resigned.iter().rev().enumerate() {
        places[seat] = u8::try_from(playing.len() + k + 1).unwrap_or(u8::MAX);
    }
    Outcome { places, scores: (end != End::Resigned).then_some(totals), sides: None }
}

/// The announcement of `end`, then every player's final score broken down, winner first.
pub fn events(end: End, seating: &Seating, scores: &[Breakdown], outcome: &Outcome) -> Vec<Event> {
    let mut events = Vec::new();
    let finisher = |id: &str, colour: Colour| {
        Event::new(id)
            .seat("player", seating.seat_of(colour).unwrap_or_default())
            .msg("colour", text::colour(colour))
            .int("bonus", BONUS)
    };
    match end {
        End::Home(colour) => events.push(finisher(text::FINISHED, colour)),
        End::Jammed(colour) => events.push(finisher(text::JAMMED, colour)),
        End::NoMove => events.push(Event::new(text::OVER_NO_MOVE)),
        End::Rounds => events.push(Event::new(text::OVER_ROUNDS).int("rounds", ROUNDS)),
        End::Resigned => {}
    }
    events.push(Event::new(text::FINAL_TITLE));
    let mut seats: Vec<Seat> = (0..scores.len()).collect();
    seats.sort_by_key(|s| (outcome.places[*s], *s));
    for seat in seats {
        let score = &scores[seat];
        events.push(
            Event::new(text::FINAL_LINE)
                .int("place", outcome.places[seat])
                .seat("player", seat)
                .text("opponent", text::total(score.opponent_field))
                .text("own", text::signed(score.own_field))
                .text("middle", text::signed(score.middle))
                .text("pad", text::signed(score.pad))
                .text("bonus", text::signed(score.bonus))
                .text("total", text::total(score.total)),
        );
    }
    events
}
