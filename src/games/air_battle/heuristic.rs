//! The computer's judgement of «Воздушный бой» (issue 16): aircraft left on each side (a
//! bomber worth three fighters, since bombers win the game) and how close the nearest bomber
//! has come to the enemy headquarters.

use super::AirBattle;
use super::board::headquarters;
use super::seating::side_of;
use super::view::{Kind, Side};
use crate::ai::{Heuristic, logistic};
use crate::game::Seat;

const BOMBER: i64 = 30;
const FIGHTER: i64 = 10;
/// A node nearer the enemy headquarters for the nearest bomber.
const STEP: i64 = 3;

impl AirBattle {
    fn side_value(&self, side: Side) -> i64 {
        let target = headquarters(side.other());
        let mut value = 0;
        let mut nearest = i64::MAX;
        for plane in self.position.planes().iter().filter(|p| !p.lost && p.side == side) {
            match plane.kind {
                Kind::Bomber => {
                    value += BOMBER;
                    let (dx, dy) =
                        (plane.node.0.abs_diff(target.0), plane.node.1.abs_diff(target.1));
                    nearest = nearest.min(i64::from(dx.max(dy)));
                }
                Kind::Fighter => value += FIGHTER,
            }
        }
        if nearest != i64::MAX {
            value -= nearest * STEP;
        }
        value
    }
}

impl Heuristic for AirBattle {
    fn evaluate(&self, seat: Seat) -> f64 {
        let side = side_of(self.form, seat);
        logistic((self.side_value(side) - self.side_value(side.other())) as f64, 40.0)
    }
}
