//! Who commands which colour, and in what order the colours move (spec decisions 2 and 8).
//!
//! The rules speak of colours — a corner, its nine pawns and the corner they head for — while
//! the table speaks of seats. Four players have one colour each; two players either face each
//! other on one diagonal or command two neighbouring colours each, every colour keeping its own
//! turn. This module is the one place that maps between them, so the rest of the game can ask
//! "whose pawn is this?" without knowing the form.

use serde::{Deserialize, Serialize};

use super::board::COLOURS;
use super::view::{Colour, Form};
use crate::game::{Seat, SetupError};
use crate::settings::{self, SettingSpec, Settings};

/// The lobby setting: how two players share the board (four players always play one colour
/// each).
pub const SETTINGS: &[SettingSpec] =
    &[SettingSpec { key: "two-players", values: &["diagonal", "pairs"] }];

/// The seating of one game: its form, from which every colour's seat follows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seating {
    pub form: Form,
}

impl Seating {
    /// The form for `seats` players and the chosen settings; three players are refused.
    pub fn new(seats: usize, chosen: &Settings) -> Result<Seating, SetupError> {
        let form = match seats {
            4 => Form::Four,
            2 => match settings::checked(SETTINGS, chosen, "two-players")? {
                "pairs" => Form::Pairs,
                _ => Form::Diagonal,
            },
            got => return Err(SetupError::SeatCount { min: 2, max: 4, got }),
        };
        Ok(Seating { form })
    }

    pub fn seats(&self) -> usize {
        match self.form {
            Form::Four => 4,
            Form::Diagonal | Form::Pairs => 2,
        }
    }

    /// The colours on the board, in turn order (S, E, N, W, skipping empty corners).
    pub fn colours(&self) -> &'static [Colour] {
        match self.form {
            Form::Four | Form::Pairs => &[0, 1, 2, 3],
            Form::Diagonal => &[0, 2],
        }
    }

    /// The seat commanding `colour`; none for an empty corner.
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        let colour = usize::from(colour);
        match self.form {
            Form::Four => Some(colour),
            Form::Diagonal => [Some(0), None, Some(1), None][colour],
            Form::Pairs => Some(colour / 2),
        }
    }

    /// The colours `seat` commands, in turn order.
    pub fn colours_of(&self, seat: Seat) -> impl Iterator<Item = Colour> + '_ {
        self.colours().iter().copied().filter(move |c| self.seat_of(*c) == Some(seat))
    }

    /// A bit per colour `seat` commands: the pawns a pawn of that seat may never jump.
    pub fn own_mask(&self, seat: Seat) -> u8 {
        self.colours_of(seat).fold(0, |mask, c| mask | 1 << c)
    }

    /// The colour after `colour` in turn order among those for which `playing` holds.
    pub fn next(&self, colour: Colour, playing: impl Fn(Colour) -> bool) -> Option<Colour> {
        (1..=COLOURS)
            .map(|k| (colour + k) % COLOURS)
            .find(|c| self.colours().contains(c) && playing(*c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seating(seats: usize, two: &str) -> Result<Seating, SetupError> {
        let chosen = settings::parse(SETTINGS, &[two]).unwrap();
        Seating::new(seats, &chosen)
    }

    #[test]
    fn forms_map_colours_to_seats() {
        let four = seating(4, "pairs").unwrap();
        assert_eq!(four.form, Form::Four);
        assert_eq!(four.colours_of(2).collect::<Vec<_>>(), [2]);
        let diagonal = seating(2, "diagonal").unwrap();
        assert_eq!(diagonal.colours(), [0, 2]);
        assert_eq!(diagonal.seat_of(1), None);
        let pairs = seating(2, "pairs").unwrap();
        assert_eq!(pairs.colours_of(1).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(pairs.own_mask(0), 0b0011);
        assert_eq!(pairs.next(1, |_| true), Some(2));
        assert_eq!(diagonal.next(2, |_| true), Some(0));
        assert!(matches!(seating(3, "pairs"), Err(SetupError::SeatCount { got: 3, .. })));
    }
}
