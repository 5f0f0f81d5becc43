//! The pad as the score sheet `/score` prints (decision 6: the pad is public): one row per
//! entry — the turn, who, the crossing entered (or a missed jump), the points — and each
//! player's pad total under it.

use super::view::PadEntry;
use super::{Thousand, square_name, text};
use crate::event::Arg;
use crate::sheet::Sheet;

impl Thousand {
    pub(super) fn sheet(&self) -> Sheet {
        let row = |entry: &PadEntry| {
            let what = match entry.square {
                Some(sq) => Arg::Text(square_name(sq).to_string()),
                None => Arg::Msg(text::SHEET_CHARGE.to_string()),
            };
            vec![
                Arg::Int(i64::from(entry.turn)),
                Arg::Seat(entry.seat),
                what,
                Arg::Int(entry.points),
            ]
        };
        let total = |seat| {
            let pad = self.pad.total(seat);
            vec![
                Arg::Text(String::new()),
                Arg::Seat(seat),
                Arg::Msg(text::SHEET_TOTAL.into()),
                Arg::Int(pad),
            ]
        };
        Sheet {
            columns: [text::SHEET_TURN, text::SHEET_WHO, text::SHEET_SQUARE, text::SHEET_POINTS]
                .map(String::from)
                .to_vec(),
            rows: self.pad.entries().iter().map(row).collect(),
            totals: (0..self.seating.seats()).map(total).collect(),
        }
    }
}
