//! The final scoring of the seed, for every player at any moment (spec decision 7): the values
//! of the opponent's field squares a player's pawns stand on, minus the values of their own
//! field squares still occupied, −5 for each pawn on neither field, plus the pad, plus the bonus
//! of the player who ended the game by reaching the opponent's field. The view shows it as the
//! game goes; the outcome ranks by it.

use super::board;
use super::geometry::{GEOMETRY, Ground, index};
use super::pad::Pad;
use super::position::Position;
use super::seating::Seating;
use super::view::{Breakdown, Colour};
use crate::game::Seat;

/// The bonus for the player who ends the game by reaching the opponent's field.
pub const BONUS: i64 = 50;

/// What a pawn standing on neither start field costs at the end.
pub const MIDDLE: i64 = -5;

/// Every seat's score, by seat, if the game ended now with `finisher` having earned the bonus.
pub fn breakdowns(
    position: &Position,
    seating: &Seating,
    pad: &Pad,
    finisher: Option<Colour>,
) -> Vec<Breakdown> {
    (0..seating.seats()).map(|seat| breakdown(position, seating, pad, finisher, seat)).collect()
}

fn breakdown(
    position: &Position,
    seating: &Seating,
    pad: &Pad,
    finisher: Option<Colour>,
    seat: Seat,
) -> Breakdown {
    let mut score = Breakdown { pad: pad.total(seat), ..Breakdown::default() };
    for colour in seating.colours_of(seat) {
        for sq in position.pawns_of(colour) {
            let value = board::field_value(sq).unwrap_or(0);
            match GEOMETRY.ground(colour, index(sq)) {
                Ground::Target => score.opponent_field += value,
                Ground::Own => score.own_field -= value,
                Ground::Lane | Ground::Off => score.middle += MIDDLE,
            }
        }
    }
    if finisher.is_some_and(|c| seating.seat_of(c) == Some(seat)) {
        score.bonus = BONUS;
    }
    score.total = score.opponent_field + score.own_field + score.middle + score.pad + score.bonus;
    score
}
