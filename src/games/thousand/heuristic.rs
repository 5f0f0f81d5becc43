//! The computer's judgement of «Tysiąc na szachownicy» (issue 16): the score each seat would
//! have if the game ended now (fields, crossings on the pad, charges for missed jumps), plus a
//! little for every square its pawns have come towards the opposite corner, since the middle
//! of the board scores the same −5 everywhere and would leave a greedy player standing still.

use super::board::forward;
use super::{Square, Thousand};
use crate::ai::{Heuristic, logistic};
use crate::game::Seat;

/// Points a pawn's step towards the opposite corner is worth.
const STEP: i64 = 3;

/// How far `sq` lies from the corner a pawn moving `towards` starts in, in diagonal steps.
fn come(sq: Square, towards: (i8, i8)) -> i64 {
    let along = |coordinate: u8, step: i8| {
        if step > 0 { i64::from(coordinate) } else { 10 - i64::from(coordinate) }
    };
    along(sq.0, towards.0) + along(sq.1, towards.1)
}

impl Thousand {
    /// The seat's score now plus the way its pawns have come.
    fn standing(&self, seat: Seat, total: i64) -> i64 {
        let way: i64 = self
            .seating
            .colours_of(seat)
            .map(|colour| {
                let towards = forward(colour);
                self.position.pawns_of(colour).map(|sq| come(sq, towards)).sum::<i64>()
            })
            .sum();
        total + way * STEP
    }
}

impl Heuristic for Thousand {
    fn evaluate(&self, seat: Seat) -> f64 {
        let scores = self.scores();
        if seat >= scores.len() || scores.len() < 2 {
            return 0.5;
        }
        let standings: Vec<i64> =
            scores.iter().enumerate().map(|(s, b)| self.standing(s, b.total)).collect();
        let others = standings.iter().enumerate().filter(|(s, _)| *s != seat);
        let best_other = others.map(|(_, v)| *v).max().unwrap_or(0);
        logistic((standings[seat] - best_other) as f64, 200.0)
    }
}
