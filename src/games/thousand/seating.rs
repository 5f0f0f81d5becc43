//! Who commands which colour, and in what order the colours move (spec decisions 2 and 8).
//!
//! The rules speak of colours — a corner, its nine pawns and the corner they head for — while
//! the table speaks of seats. Four players have one colour each; two players either face each
//! other on one diagonal or command two neighbouring colours each, every colour keeping its own
//! turn. "Colours are drawn by lot": the game's first action is a chance draw of one of the
//! [`Seating::draws`] ways to hand the colours out, logged like a die roll. This module is the
//! one place that maps between colours and seats, so the rest of the game can ask "whose pawn is
//! this?" without knowing the form or the draw.

use serde::{Deserialize, Serialize};

use super::board::COLOURS;
use super::view::{Colour, Form};
use crate::game::{Seat, SetupError};
use crate::settings::{self, SettingSpec, Settings};

/// The lobby setting: how two players share the board (four players always play one colour
/// each).
pub const SETTINGS: &[SettingSpec] =
    &[SettingSpec { key: "two-players", values: &["diagonal", "pairs"] }];

/// The seating of one game: its form, and the seat of every colour (none for an empty corner).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seating {
    pub form: Form,
    seats: [Option<Seat>; COLOURS as usize],
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
        Ok(Seating::drawn(form, 0))
    }

    /// `form` with its colours handed out the `draw`-th way (0 is S to seat 0, E to seat 1 …
    /// in the four-player game; S to seat 0 in both two-player forms).
    pub fn drawn(form: Form, draw: usize) -> Seating {
        let seats = match form {
            Form::Four => permutation(draw).map(Some),
            Form::Diagonal => {
                let (s, n) = if draw % 2 == 0 { (0, 1) } else { (1, 0) };
                [Some(s), None, Some(n), None]
            }
            Form::Pairs => {
                let (se, nw) = if draw % 2 == 0 { (0, 1) } else { (1, 0) };
                [Some(se), Some(se), Some(nw), Some(nw)]
            }
        };
        Seating { form, seats }
    }

    /// How many ways there are to hand the colours out: every order of four players, or which
    /// of two players takes S.
    pub fn draws(form: Form) -> usize {
        match form {
            Form::Four => 24,
            Form::Diagonal | Form::Pairs => 2,
        }
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
        self.seats[usize::from(colour)]
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

/// The `k`-th ordering of seats 0..4, in lexicographic order.
fn permutation(k: usize) -> [Seat; 4] {
    let mut left: Vec<Seat> = (0..4).collect();
    let mut k = k % 24;
    std::array::from_fn(|i| {
        let block = (1..4 - i).product::<usize>();
        let seat = left.remove(k / block);
        k %= block;
        seat
    })
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

    #[test]
    fn every_draw_is_a_different_seating() {
        for form in [Form::Four, Form::Diagonal, Form::Pairs] {
            let all: Vec<Seating> =
                (0..Seating::draws(form)).map(|k| Seating::drawn(form, k)).collect();
            for (k, seating) in all.iter().enumerate() {
                assert!(all[..k].iter().all(|other| other != seating), "{form:?} {k}");
                let per_seat = if form == Form::Pairs { 2 } else { 1 };
                for seat in 0..seating.seats() {
                    assert_eq!(seating.colours_of(seat).count(), per_seat, "{form:?} {k}");
                }
            }
        }
        assert_eq!(Seating::drawn(Form::Four, 23).seat_of(0), Some(3));
        assert_eq!(Seating::drawn(Form::Pairs, 1).colours_of(0).collect::<Vec<_>>(), [2, 3]);
    }
}
