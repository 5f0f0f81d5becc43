//! The [`View`] of a game: every pawn with its owner and, when it may be picked, its label; the
//! picked pawn (or the pawn of a jump in progress) and where it may go, with what each step
//! would cost; the pawns that could jump; the last move with all its hops; the pad and every
//! seat's score as it stands. The renderer draws only this.

use super::geometry::{self, Ground, index};
use super::pad::CHARGE;
use super::view::{Colour, ColourView, PawnView, SeatView, Square, Target, View};
use super::{End, ROUNDS, Thousand, board, square_name};
use crate::game::Game;

impl Thousand {
    pub(super) fn picture(&self, selection: &[String]) -> View {
        let over = self.end.is_some() || !self.drawn;
        let pawns = self
            .position
            .pawns()
            .map(|(square, colour)| PawnView {
                square,
                colour,
                seat: self.seating.seat_of(colour).unwrap_or_default(),
                label: self.is_movable(square).then(|| square_name(square).to_string()),
            })
            .collect();
        let selected = match self.chain {
            Some(chain) if !over => Some(chain.at),
            _ => selection.first().and_then(|l| board::parse(l)).filter(|sq| self.is_movable(*sq)),
        };
        let could_jump =
            if over || self.chain.is_some() { 0 } else { self.could_jump(self.to_move) };
        let destinations = selected.map(|from| self.targets(from, could_jump)).unwrap_or_default();
        let jumpers = if over || self.chain.is_some() {
            Vec::new()
        } else {
            self.mover(self.to_move).jumpers(&self.position).collect()
        };
        let finisher = self.end.and_then(End::finisher);
        let colours = (0..board::COLOURS)
            .map(|colour| ColourView {
                colour,
                seat: self.seating.seat_of(colour),
                home: self.position.count_on(colour, Ground::Target) as u8,
                finished: finisher == Some(colour),
            })
            .collect();
        let outcome = self.outcome();
        let seats = self
            .scores()
            .into_iter()
            .enumerate()
            .map(|(seat, score)| SeatView {
                seat,
                colours: self.seating.colours_of(seat).collect(),
                score,
                place: outcome.as_ref().map(|o| o.places[seat]),
                resigned: self.resigned.contains(&seat),
            })
            .collect();
        let played = |c: &Colour| self.turns[usize::from(*c)];
        View {
            form: self.seating.form,
            pawns,
            colours,
            seats,
            to_move: (!over).then_some(self.to_move),
            turn: if over { self.turn } else { self.turn + 1 },
            round: if over {
                self.seating.colours().iter().map(played).max().unwrap_or(0)
            } else {
                played(&self.to_move) + 1
            },
            rounds: ROUNDS,
            chain: self.chain.is_some() && !over,
            last_move: self.last_move.clone(),
            selected,
            destinations,
            jumpers,
            pad: self.pad.entries().to_vec(),
        }
    }

    /// Where the pawn on `from` may go now, with each button's label and charge.
    fn targets(&self, from: Square, could_jump: u8) -> Vec<Target> {
        let mover = self.mover(self.to_move);
        let target = |square: Square, jump: bool| Target {
            square,
            label: square_name(square).to_string(),
            jump,
            charge: if jump { 0 } else { -CHARGE * i64::from(could_jump) },
        };
        match self.chain {
            Some(chain) => mover
                .hop(&self.position, index(from), chain.direction)
                .map(|to| target(geometry::square(to), true))
                .into_iter()
                .collect(),
            None => mover
                .destinations(&self.position, from)
                .map(|(sq, jump)| target(sq, jump))
                .collect(),
        }
    }
}
