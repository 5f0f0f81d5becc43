//! The flights of each aircraft, kept up to date as the aircraft fly, so that random play does
//! not find them all again before every action.
//!
//! Random play draws one flight among all of a side's (`Game::random_legal_action`), and
//! «Игрушка» asks after every flight whether a side can still move: both need every aircraft's
//! flights. Yet a flight changes the board only on the two nodes it touches (where it started
//! and where it ended: the attacked aircraft, the one shot down by AA, the one that moved all
//! stood on one of them), and an aircraft's flights depend only on itself and on the few nodes
//! its flights can enter ([`flight::may_enter`]: ten for a fighter, four for a bomber). So after
//! a flight only the aircraft that flew or was shot down and those able to enter one of the two
//! nodes are looked at again, found among the sixteen nodes from which any flight could enter
//! each ([`flight::APPROACHED_FROM`]).
//!
//! The sets are derived data, not part of a game's state: they are not stored (a game read back
//! starts without them and finds them directly until its next flight builds them) and they do
//! not take part in comparing two games.

use super::board::AIRCRAFT;
use super::flight;
use super::flight_set::{self, FlightSet};
use super::position::Position;
use super::view::{Edition, Kind, Node, Side};

/// Room for both sides' aircraft.
const PLANES: usize = 2 * AIRCRAFT;

/// The flights of every aircraft, once built.
#[derive(Debug, Clone, Default)]
pub struct KeptFlights {
    /// `None` until built (a game read back from storage).
    kept: Option<Kept>,
}

/// Every aircraft's flights, with what random play asks of them before every action.
#[derive(Debug, Clone, Copy)]
pub struct Kept {
    /// By aircraft id.
    sets: [FlightSet; PLANES],
    /// Their sizes (kept: this machine's baseline x86-64 has no popcount instruction).
    lens: [u8; PLANES],
    /// The ids of the aircraft with a flight, as bits.
    movable: u32,
    /// How many flights each side's aircraft of each kind have together.
    totals: [[u16; 2]; 2],
}

impl Kept {
    fn new(position: &Position, edition: Edition) -> Kept {
        let mut kept = Kept {
            sets: [FlightSet::EMPTY; PLANES],
            lens: [0; PLANES],
            movable: 0,
            totals: [[0; 2]; 2],
        };
        for id in position.flying() {
            kept.update(position, edition, id);
        }
        kept
    }

    /// The flights of aircraft `id`.
    pub fn set(&self, id: u8) -> FlightSet {
        self.sets[usize::from(id)]
    }

    /// How many flights aircraft `id` has.
    pub fn len(&self, id: u8) -> usize {
        usize::from(self.lens[usize::from(id)])
    }

    /// The ids of the aircraft with a flight, as bits.
    pub fn movable(&self) -> u32 {
        self.movable
    }

    /// How many flights the aircraft of `side` of `kind` have together.
    pub fn total(&self, side: Side, kind: Kind) -> usize {
        usize::from(self.totals[side.index()][kind as usize])
    }

    /// Finds the flights of aircraft `id` again.
    fn update(&mut self, position: &Position, edition: Edition, id: u8) {
        let plane = &position.planes()[usize::from(id)];
        let set = found(position, edition, id);
        let len = set.len() as u8;
        self.sets[usize::from(id)] = set;
        let old = std::mem::replace(&mut self.lens[usize::from(id)], len);
        let total = &mut self.totals[plane.side.index()][plane.kind as usize];
        *total = *total + u16::from(len) - u16::from(old);
        if set.is_empty() { self.movable &= !(1 << id) } else { self.movable |= 1 << id }
    }
}

impl KeptFlights {
    /// Every aircraft's flights in `position`.
    pub fn new(position: &Position, edition: Edition) -> KeptFlights {
        KeptFlights { kept: Some(Kept::new(position, edition)) }
    }

    /// `read` of every aircraft's flights in `position` (found now if they are not kept).
    pub fn with<R>(
        &self,
        position: &Position,
        edition: Edition,
        read: impl FnOnce(&Kept) -> R,
    ) -> R {
        match &self.kept {
            Some(kept) => read(kept),
            None => read(&Kept::new(position, edition)),
        }
    }

    /// The flights of aircraft `id` ([`flight_set::of`]; none once it is lost).
    pub fn get(&self, position: &Position, edition: Edition, id: u8) -> FlightSet {
        match &self.kept {
            Some(kept) => kept.set(id),
            None => found(position, edition, id),
        }
    }

    /// Brings the sets up to date after a flight of aircraft `flown[0]` (and the one it shot
    /// down, if any) that changed the board only on the nodes in `touched` (builds them all if
    /// they were not built yet).
    pub fn after_flight(
        &mut self,
        position: &Position,
        edition: Edition,
        flown: &[u8],
        touched: &[Node],
    ) {
        let Some(kept) = &mut self.kept else {
            *self = KeptFlights::new(position, edition);
            return;
        };
        let mut done = 0u32;
        for &id in flown {
            kept.update(position, edition, id);
            done |= 1 << id;
        }
        for (n, &node) in touched.iter().enumerate() {
            if touched[..n].contains(&node) {
                continue;
            }
            for (_, id) in position.near(node, flight::APPROACHED_FROM) {
                let plane = &position.planes()[usize::from(id)];
                if done & (1 << id) == 0 && flight::may_enter(plane, node) {
                    kept.update(position, edition, id);
                    done |= 1 << id;
                }
            }
        }
    }
}

/// The flights of aircraft `id` found now ([`flight_set::of`]; none once it is lost).
fn found(position: &Position, edition: Edition, id: u8) -> FlightSet {
    match position.plane(id).filter(|p| !p.lost) {
        Some(plane) => flight_set::of(position, edition, plane),
        None => FlightSet::EMPTY,
    }
}

/// Derived data: two games in the same state are equal whether or not their sets are built.
impl PartialEq for KeptFlights {
    fn eq(&self, _: &KeptFlights) -> bool {
        true
    }
}

impl Eq for KeptFlights {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Setup};
    use crate::games::air_battle::{AirBattle, SETTINGS};
    use crate::{harness, rng, settings};

    /// A fighter's flights may enter ten nodes (three ahead, two to each side, one diagonally
    /// ahead on each side, one behind), a bomber's four (two ahead, one to each side), and the
    /// aircraft stands on a node that approaches each of them.
    #[test]
    fn the_nodes_a_flight_may_enter() {
        use crate::games::air_battle::{Dir, Kind, Plane, Side, board};
        for (kind, expected) in [(Kind::Bomber, 4), (Kind::Fighter, 10)] {
            for facing in Dir::ALL {
                let plane = Plane {
                    side: Side::South,
                    kind,
                    number: 1,
                    node: (5, 7),
                    facing,
                    moved: true,
                    lost: false,
                };
                let entered: Vec<Node> =
                    board::all_nodes().filter(|n| flight::may_enter(&plane, *n)).collect();
                assert_eq!(entered.len(), expected, "{kind:?} {facing:?}");
                let ahead = board::step(plane.node, facing).unwrap();
                let behind = board::step(plane.node, facing.opposite()).unwrap();
                assert!(entered.contains(&ahead));
                assert_eq!(entered.contains(&behind), kind == Kind::Fighter);
                let position = Position::from(vec![plane.clone()]);
                for node in entered {
                    let near: Vec<u8> =
                        position.near(node, flight::APPROACHED_FROM).map(|(_, id)| id).collect();
                    assert_eq!(near, [0], "{kind:?} {facing:?} to {node:?}");
                }
            }
        }
    }

    /// After every action of random games, in both editions and seat forms, the kept sets are
    /// what walking every aircraft's flights from scratch gives, and a game read back (without
    /// them) agrees too.
    #[test]
    fn kept_sets_are_the_flights() {
        for (edition, seats) in [("toy", 2), ("toy", 4), ("photo", 2), ("photo", 4)] {
            let setup = Setup { seats, settings: settings::parse(SETTINGS, &[edition]).unwrap() };
            let mut rng = rng::seeded(7);
            for _ in 0..3 {
                let mut game = AirBattle::new(&setup).unwrap();
                while let Some((actor, action)) = harness::random_action(&game, &mut rng).unwrap() {
                    game.play(actor, &action);
                    let stored: AirBattle =
                        serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
                    assert_eq!(stored, game);
                    let mut totals = [[0; 2]; 2];
                    for id in game.position.flying() {
                        let plane = &game.position.planes()[usize::from(id)];
                        let walked = flight_set::walked(&game.position, game.edition, plane);
                        assert_eq!(game.flights_of(id), walked, "{edition} {}", game.position);
                        assert_eq!(stored.flights_of(id), walked);
                        let movable =
                            game.flights.with(&game.position, game.edition, |k| k.movable());
                        assert_eq!(movable & (1 << id) != 0, !walked.is_empty());
                        let len = game.flights.with(&game.position, game.edition, |k| k.len(id));
                        assert_eq!(len, walked.len());
                        totals[plane.side.index()][plane.kind as usize] += walked.len();
                    }
                    for side in Side::BOTH {
                        for kind in Kind::BOTH {
                            let expected = totals[side.index()][kind as usize];
                            let total = |g: &AirBattle| {
                                g.flights.with(&g.position, g.edition, |k| k.total(side, kind))
                            };
                            assert_eq!(total(&game), expected);
                            assert_eq!(total(&stored), expected);
                        }
                    }
                }
            }
        }
    }
}
