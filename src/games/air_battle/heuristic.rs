//! The computer's judgement of «Воздушный бой» (issue 16): aircraft left on each side (a
//! bomber worth three fighters, since bombers win the game) and how near the nearest bomber
//! has come to bombing the enemy headquarters.
//!
//! "How near" is the edition's own measure. In «Игрушка» it is the straight-line distance,
//! with which strong wins 99.9 % of its games against random play (docs/performance.md). In
//! «Аэрофото» a move may not end in the enemy's AA danger zones, which leave the bombers one
//! narrow way in; there it is the number of bomber moves along that way ([`super::route`]).

use super::AirBattle;
use super::board::{self, headquarters};
use super::position::Plane;
use super::route::{self, UNREACHABLE};
use super::seating::side_of;
use super::view::{Edition, Kind, Side};
use crate::ai::{FOCUSED_EXPLORATION, Heuristic, logistic};
use crate::game::Seat;

const BOMBER: i64 = 30;
const FIGHTER: i64 = 10;
/// «Игрушка»: a node nearer the enemy headquarters for the nearest bomber.
const STEP: i64 = 3;
/// «Аэрофото»: a bomber move fewer to the bombing (a move goes up to two nodes).
const MOVE: i64 = 6;
/// «Аэрофото»: the moves counted for a bomber with no safe way in: more than the longest way
/// in (21 moves, from the parking) and the one aircraft that can stand parked ahead.
const FAR: u8 = 32;

impl AirBattle {
    /// How far `plane`, a bomber, is from bombing, in the units of [`STEP`] or [`MOVE`].
    fn bombing_distance(&self, plane: &Plane) -> i64 {
        match self.edition {
            Edition::Toy => {
                let target = headquarters(plane.side.other());
                let (dx, dy) = (plane.node.0.abs_diff(target.0), plane.node.1.abs_diff(target.1));
                i64::from(dx.max(dy)) * STEP
            }
            Edition::Photo => {
                let moves = match route::moves_to_bomb(self.edition, plane) {
                    UNREACHABLE => FAR,
                    moves => moves.saturating_add(self.parked_ahead(plane)).min(FAR),
                };
                i64::from(moves) * MOVE
            }
        }
    }

    /// The aircraft of `plane`'s side still parked in a row straight ahead of it, when it is
    /// parked too: each must take off before it can (decision 3), a move apiece that the
    /// empty-board routes do not count. Without them a side whose last bomber stood behind a
    /// parked fighter saw no gain in moving the fighter, and the game ended a quiet draw.
    fn parked_ahead(&self, plane: &Plane) -> u8 {
        if plane.moved {
            return 0;
        }
        let mut count = 0;
        let mut node = plane.node;
        while let Some(ahead) = board::step(node, plane.facing) {
            match self.position.at(ahead).and_then(|id| self.position.plane(id)) {
                Some(blocker) if blocker.side == plane.side && !blocker.moved => count += 1,
                _ => break,
            }
            node = ahead;
        }
        count
    }

    fn side_value(&self, side: Side) -> i64 {
        let mut value = 0;
        let mut nearest = i64::MAX;
        for plane in self.position.planes().iter().filter(|p| !p.lost && p.side == side) {
            match plane.kind {
                Kind::Bomber => {
                    value += BOMBER;
                    nearest = nearest.min(self.bombing_distance(plane));
                }
                Kind::Fighter => value += FIGHTER,
            }
        }
        if nearest != i64::MAX {
            value -= nearest;
        }
        value
    }
}

impl Heuristic for AirBattle {
    fn prepare(&self) {
        route::prepare(self.edition);
    }

    /// «Игрушка»: strong narrowed, which lifted it against normal from 47.5 % to 59.5 % (400
    /// games each). «Аэрофото» keeps the common constant, with which strong beats normal by
    /// 82.6 % (400 games).
    fn strong_exploration(&self) -> f64 {
        match self.edition {
            Edition::Toy => FOCUSED_EXPLORATION,
            Edition::Photo => crate::ai::EXPLORATION,
        }
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let side = side_of(self.form, seat);
        logistic((self.side_value(side) - self.side_value(side.other())) as f64, 40.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::air_battle::Form;

    fn photo(planes: &str) -> AirBattle {
        AirBattle::from_position(Edition::Photo, Form::Duel, planes, Side::South).unwrap()
    }

    /// A parked bomber behind a parked fighter is a move further from bombing than with the
    /// fighter gone (decision 3: parked aircraft block the ones behind them); an airborne
    /// aircraft ahead, which may move on, does not count.
    #[test]
    fn a_parked_aircraft_ahead_is_a_move_more() {
        let blocked = photo("Rbd2N* Rfd3N* Gba16S");
        let free = photo("Rbd2N* Rfe5N Gba16S");
        let bomber = |game: &AirBattle| game.position().planes()[0].clone();
        let (near, far) =
            (free.bombing_distance(&bomber(&free)), blocked.bombing_distance(&bomber(&blocked)));
        assert_eq!(far, near + MOVE);
        let behind_airborne = photo("Rbd2N* Rfd3N Gba16S");
        assert_eq!(behind_airborne.bombing_distance(&bomber(&behind_airborne)), near);
    }

    /// The moves counted for a bomber with no way in are more than any bomber with one needs,
    /// a parked aircraft ahead included.
    #[test]
    fn no_way_in_counts_more_than_the_longest_way() {
        assert!(route::longest(Edition::Photo) + 1 < FAR);
    }
}
