//! The computer's judgement of «Идут танки» (issue 16). Play is judged by arrivals (the score),
//! then tanks left and the way they have come, then planes lost (the tie-break). The secret
//! decisions are the heuristic's alone at every level: the set-up lays one mine on each road —
//! every enemy tank must cross the own mine rows on its road — at a row the tie-break draws,
//! then puts the odd rocket label on a stand, then confirms; after a flight, the odd label
//! moves to a stand the flight did not show when the flight showed it, and stays otherwise.

use super::army::Side;
use super::board;
use super::{Action, Phase, Tanks};
use crate::ai::{FOCUSED_EXPLORATION, Heuristic, logistic, look_ahead};
use crate::game::Seat;

impl Tanks {
    fn side_value(&self, side: Side) -> i64 {
        let army = self.army(side);
        let home = i64::from(board::home_index(side.id()));
        let way: i64 = army
            .on_field()
            .filter_map(|(_, tank)| tank.field())
            .map(|(spot, _)| (i64::from(spot.index) - home).abs())
            .sum();
        let planes = army.planes.iter().filter(|p| **p != super::PlaneSpot::Lost).count() as i64;
        i64::from(army.arrivals) * 100 + army.field_count() as i64 * 40 + way * 2 + planes * 10
    }

    /// The set-up steps, best first: mines (on a road without one first), the rockets, confirm.
    fn setup_score(&self, side: Side, action: &Action) -> i32 {
        let army = self.army(side);
        match *action {
            Action::Confirm => 10_000,
            Action::Mine(node) => {
                let road = |n: board::NodeId| board::node_info(n).spots[0].road;
                let taken = army.mines.iter().any(|m| road(m.node) == road(node));
                if taken { 1_000 } else { 2_000 }
            }
            Action::Rockets(_) if army.rockets.is_none() => 500,
            Action::Rockets(_) | Action::Unmine(_) => -1_000,
            _ => -2_000,
        }
    }

    /// After a flight: move the odd label away if the flight showed where it stood.
    fn rearrange_score(&self, side: Side, action: &Action) -> i32 {
        let army = self.army(side);
        let odd = self.rules.odd_label();
        let shown =
            army.rockets.is_some_and(|labels| (0..3).any(|k| army.revealed[k] && labels[k] == odd));
        match (*action, shown) {
            (Action::KeepRockets, false) => 10,
            (Action::Rockets(k), true) if !army.revealed[usize::from(k)] => 10,
            _ => 0,
        }
    }
}

impl Heuristic for Tanks {
    fn evaluate(&self, seat: Seat) -> f64 {
        let Some(me) = Side::from_seat(seat) else { return 0.5 };
        logistic((self.side_value(me) - self.side_value(me.opponent())) as f64, 80.0)
    }

    fn score(&self, seat: Seat, action: &Action) -> i32 {
        let Some(side) = Side::from_seat(seat) else { return 0 };
        match self.phase {
            Phase::Setup => self.setup_score(side, action),
            Phase::Rearrange(_) => self.rearrange_score(side, action),
            _ => look_ahead(self, seat, action),
        }
    }

    /// Strong narrowed: at normal's exploration its extra iterations bought nothing against
    /// normal (49 % over 200 games); at [`FOCUSED_EXPLORATION`], 60.5 % over 1,000.
    fn strong_exploration(&self) -> f64 {
        FOCUSED_EXPLORATION
    }

    fn heuristic_only(&self, seat: Seat) -> bool {
        let side = Side::from_seat(seat);
        match self.phase {
            Phase::Setup => true,
            Phase::Rearrange(owner) => side == Some(owner),
            _ => false,
        }
    }
}
