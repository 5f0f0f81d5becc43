//! Who commands what (spec decision 7), and the lobby's edition setting.
//!
//! The rules speak of sides and kinds of aircraft, the table of seats. Two players command a
//! side each; four play two against two, a bomber and a fighter commander per side. This module
//! is the one place that maps between them, so the rest of the game asks "may this seat move
//! this aircraft?" without knowing the form.

use super::view::{Edition, Form, Kind, Side};
use crate::game::{Seat, SeatList, SetupError};
use crate::settings::{self, SettingSpec, Settings};

/// The lobby setting: the edition, «Игрушка» by default. Two or four players is the lobby's
/// seat count.
pub const SETTINGS: &[SettingSpec] = &[SettingSpec { key: "edition", values: &["toy", "photo"] }];

/// The edition chosen in the lobby.
pub fn edition(chosen: &Settings) -> Result<Edition, SetupError> {
    Ok(match settings::checked(SETTINGS, chosen, "edition")? {
        "photo" => Edition::Photo,
        _ => Edition::Toy,
    })
}

/// The form for `seats` players: two command a side each, four play two against two.
pub fn form(seats: usize) -> Result<Form, SetupError> {
    match seats {
        2 => Ok(Form::Duel),
        4 => Ok(Form::Teams),
        got => Err(SetupError::SeatCount { min: 2, max: 4, got }),
    }
}

pub fn seats(form: Form) -> usize {
    match form {
        Form::Duel => 2,
        Form::Teams => 4,
    }
}

/// The seat commanding `side`'s aircraft of `kind`: Red bombers 0, Red fighters 1, Green
/// bombers 2, Green fighters 3 in two against two.
pub fn seat_of(form: Form, side: Side, kind: Kind) -> Seat {
    match form {
        Form::Duel => side.index(),
        Form::Teams => side.index() * 2 + kind as usize,
    }
}

/// The seats commanding `side`, the bomber commander first.
pub fn seats_of(form: Form, side: Side) -> SeatList {
    match form {
        Form::Duel => SeatList::one(side.index()),
        Form::Teams => [side.index() * 2, side.index() * 2 + 1].into_iter().collect(),
    }
}

/// The side `seat` plays.
pub fn side_of(form: Form, seat: Seat) -> Side {
    let side = match form {
        Form::Duel => seat,
        Form::Teams => seat / 2,
    };
    if side == 0 { Side::South } else { Side::North }
}

/// Whether `seat` commands aircraft of `kind` (of its own side).
pub fn commands(form: Form, seat: Seat, kind: Kind) -> bool {
    match form {
        Form::Duel => true,
        Form::Teams => seat % 2 == kind as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_map_to_sides_and_kinds() {
        for form in [Form::Duel, Form::Teams] {
            for seat in 0..seats(form) {
                let side = side_of(form, seat);
                assert!(seats_of(form, side).contains(&seat));
                for kind in Kind::BOTH {
                    if commands(form, seat, kind) {
                        assert_eq!(seat_of(form, side, kind), seat);
                    }
                }
            }
        }
        assert_eq!(seat_of(Form::Teams, Side::North, Kind::Fighter), 3);
        assert!(!commands(Form::Teams, 2, Kind::Fighter));
        assert!(matches!(form(3), Err(SetupError::SeatCount { got: 3, .. })));
    }
}
