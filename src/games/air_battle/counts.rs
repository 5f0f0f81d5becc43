//! The flights of each aircraft, kept up to date as the aircraft fly, so that «Игрушка»'s random
//! play does not find them all again before every action («Аэрофото» keeps none: its random
//! draw needs none, `super::draw`, and it never asks who can move).
//!
//! Random play draws one flight among all of a side's (`Game::random_legal_action`), and
//! «Игрушка» asks after every flight whether a side can still move: both need the flights of
//! every aircraft of the side to move. Yet a flight changes the board only on the two nodes it
//! touches (where it started and where it ended: the attacked aircraft, the one shot down by
//! AA, the one that moved all stood on one of them), and an aircraft's flights depend only on
//! itself and on the few nodes its flights can enter ([`flight::may_enter`]: ten for a fighter,
//! four for a bomber). So a flight only marks as stale the aircraft that flew or was shot down
//! and those able to enter one of the two nodes, and a stale aircraft's flights are found again
//! only when its side and kind are about to move ([`KeptFlights::refresh`]): an aircraft
//! disturbed by several flights in a row — its own side's second move, the enemy's two — is
//! looked at once. Who may enter a node is kept as a bit per aircraft for every node, changed
//! only for an aircraft that moves or is lost: looking around the two nodes after every flight
//! was a third of a random «Аэрофото» game.
//!
//! The sets are derived data, not part of a game's state: they are not stored (a game read back
//! starts without them and finds them directly until its next flight builds them) and they do
//! not take part in comparing two games.

use super::board::{AIRCRAFT, NODES};
use super::flight;
use super::flight_set::{self, FlightSet};
use super::position::Position;
use super::view::{Dir, Edition, Kind, Node, Side};

/// Room for both sides' aircraft.
const PLANES: usize = 2 * AIRCRAFT;

/// The flights of every aircraft, once built.
#[derive(Debug, Clone, Default)]
pub struct KeptFlights {
    /// `None` until built (a game read back from storage).
    kept: Option<Kept>,
}

/// Every aircraft's flights, with what random play asks of them before every action. What is
/// said of an aircraft holds while it is not stale.
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
    /// The ids of the aircraft whose flights may have changed since they were found, as bits.
    stale: u32,
    /// By [`super::board::index`], the ids of the aircraft that may enter the node
    /// ([`flight::may_enter`]), as bits: kept for every aircraft in play, stale or not.
    enterers: [u32; NODES],
    /// By aircraft id, the nodes it is counted in `enterers` for, as its node and facing (none
    /// once it is lost).
    watched: [Option<(Node, Dir)>; PLANES],
}

impl Kept {
    fn new(position: &Position, edition: Edition) -> Kept {
        let mut kept = Kept {
            sets: [FlightSet::EMPTY; PLANES],
            lens: [0; PLANES],
            movable: 0,
            totals: [[0; 2]; 2],
            stale: 0,
            enterers: [0; NODES],
            watched: [None; PLANES],
        };
        for id in position.flying() {
            kept.watch(position, id);
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

    /// The ids of the aircraft that may enter `node`, as bits.
    fn enterers(&self, node: Node) -> u32 {
        self.enterers[super::board::index(node)]
    }

    /// Counts aircraft `id` in `enterers` where it stands now (it has moved or been lost).
    fn watch(&mut self, position: &Position, id: u8) {
        let plane = &position.planes()[usize::from(id)];
        let watch = (!plane.lost).then_some((plane.node, plane.facing));
        let watched = std::mem::replace(&mut self.watched[usize::from(id)], watch);
        if watched != watch {
            let entered = |at: Option<(Node, Dir)>| {
                at.map_or(&[][..], |(node, facing)| flight::entered_nodes(plane.kind, facing, node))
            };
            for &node in entered(watched) {
                self.enterers[usize::from(node)] &= !(1 << id);
            }
            for &node in entered(watch) {
                self.enterers[usize::from(node)] |= 1 << id;
            }
        }
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

    /// Every aircraft's flights in `position` where the edition's play keeps them: in
    /// «Игрушка», which asks after every flight whether a side can still move. «Аэрофото» never
    /// asks (a pass is always there), and its random draw needs no sets
    /// (`super::draw`): there, keeping them would be all cost.
    pub fn kept_for(position: &Position, edition: Edition) -> KeptFlights {
        match edition {
            Edition::Toy => KeptFlights::new(position, edition),
            Edition::Photo => KeptFlights::default(),
        }
    }

    /// Whether the sets are built (kept), for the tests.
    #[cfg(test)]
    pub fn is_built(&self) -> bool {
        self.kept.is_some()
    }

    /// `read` of every aircraft's flights in `position`, where those of the aircraft in `fresh`
    /// (id bits) are to be relied on: kept, or found now if some of them are stale or none are
    /// kept. [`KeptFlights::refresh`] first, where it matters.
    pub fn with<R>(
        &self,
        position: &Position,
        edition: Edition,
        fresh: u32,
        read: impl FnOnce(&Kept) -> R,
    ) -> R {
        match &self.kept {
            Some(kept) if kept.stale & fresh == 0 => read(kept),
            _ => read(&Kept::new(position, edition)),
        }
    }

    /// The flights of aircraft `id` ([`flight_set::of`]; none once it is lost).
    pub fn get(&self, position: &Position, edition: Edition, id: u8) -> FlightSet {
        match &self.kept {
            Some(kept) if kept.stale & (1 << id) == 0 => kept.set(id),
            _ => found(position, edition, id),
        }
    }

    /// Marks as stale the flights a flight of aircraft `flown[0]` (and the one it shot down,
    /// if any) may have changed: it changed the board only on the nodes in `touched` (builds
    /// them all if they were not built yet).
    pub fn after_flight(
        &mut self,
        position: &Position,
        edition: Edition,
        flown: &[u8],
        touched: &[Node],
    ) {
        let Some(kept) = &mut self.kept else {
            if edition == Edition::Toy {
                *self = KeptFlights::new(position, edition);
            }
            return;
        };
        let mut stale = 0u32;
        for &id in flown {
            kept.watch(position, id);
            if position.planes()[usize::from(id)].lost {
                // Out of play, so never refreshed: its flights (none) are taken away now.
                kept.update(position, edition, id);
                kept.stale &= !(1 << id);
            } else {
                stale |= 1 << id;
            }
        }
        // Who may enter the two nodes changed only for the aircraft in `flown`, stale anyway.
        kept.stale |= touched.iter().fold(stale, |ids, node| ids | kept.enterers(*node));
    }

    /// Finds again the flights of the stale aircraft among `ids` (id bits).
    pub fn refresh(&mut self, position: &Position, edition: Edition, ids: u32) {
        let Some(kept) = &mut self.kept else { return };
        for id in crate::bits::ones(kept.stale & ids) {
            kept.update(position, edition, id as u8);
        }
        kept.stale &= !ids;
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
    use crate::games::air_battle::{AirBattle, SETTINGS, board};
    use crate::{harness, rng, settings};

    /// A fighter's flights may enter ten nodes (three ahead, two to each side, one diagonally
    /// ahead on each side, one behind), a bomber's four (two ahead, one to each side), and they
    /// are the nodes of its reach on the board.
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
                let reached: Vec<Node> =
                    flight::reached(plane.node, flight::reach(&plane)).collect();
                assert_eq!(reached.len(), entered.len(), "{kind:?} {facing:?}");
                assert!(reached.iter().all(|node| entered.contains(node)), "{kind:?} {facing:?}");
                // At the board's edge, only the nodes on it.
                let corner = Plane { node: (0, 0), ..plane.clone() };
                let on_board: Vec<Node> =
                    board::all_nodes().filter(|n| flight::may_enter(&corner, *n)).collect();
                let reached: Vec<Node> =
                    flight::reached(corner.node, flight::reach(&corner)).collect();
                assert_eq!(reached.len(), on_board.len(), "{kind:?} {facing:?} in a corner");
                assert!(reached.iter().all(|node| on_board.contains(node)));
            }
        }
    }

    /// After every action of random games, in both editions and seat forms: the aircraft about
    /// to move are not stale; every aircraft that is not stale has the set, size and "can move"
    /// bit that walking its flights from scratch gives, and each side's and kind's total is
    /// right once none of its aircraft is stale; any aircraft's flights, asked for, are right
    /// (found now when stale), and a game read back (without the sets) agrees, as it does
    /// after it plays on (its first flight finds the sets anew); who may enter
    /// each node is right for every aircraft.
    #[test]
    fn kept_sets_are_the_flights() {
        let mut seen = [0; 2];
        // Kept only in «Игрушка» (`KeptFlights::kept_for`).
        for (edition, seats) in [("toy", 2), ("toy", 4)] {
            let setup = Setup { seats, settings: settings::parse(SETTINGS, &[edition]).unwrap() };
            let mut rng = rng::seeded(7);
            for _ in 0..6 {
                let mut game = AirBattle::new(&setup).unwrap();
                let mut read_back: Option<AirBattle> = None;
                while let Some((actor, action)) = harness::random_action(&game, &mut rng).unwrap() {
                    game.play(actor, &action);
                    // The game read back before this action, played on from there.
                    let resumed = read_back.take().map(|mut resumed| {
                        resumed.play(actor, &action);
                        resumed
                    });
                    let stored: AirBattle =
                        serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
                    assert_eq!(stored, game);
                    let stored_and_resumed = [Some(&stored), resumed.as_ref()];
                    let others = stored_and_resumed.into_iter().flatten();
                    let (position, kept) = (&game.position, game.flights.kept.as_ref().unwrap());
                    for node in board::all_nodes() {
                        let expected = position
                            .flying()
                            .filter(|id| {
                                flight::may_enter(&position.planes()[usize::from(*id)], node)
                            })
                            .fold(0u32, |ids, id| ids | 1 << id);
                        assert_eq!(
                            kept.enterers(node),
                            expected,
                            "{edition} {node:?} in {position}"
                        );
                    }
                    if game.end.is_none() {
                        let about_to_move = Kind::BOTH
                            .iter()
                            .filter(|kind| !game.done.contains(kind))
                            .fold(0, |ids, kind| ids | position.in_play(game.to_move, *kind));
                        assert_eq!(kept.stale & about_to_move, 0, "{edition} in {position}");
                    }
                    let mut totals = [[0; 2]; 2];
                    let mut stale_kinds = [[false; 2]; 2];
                    for id in position.flying() {
                        let plane = &position.planes()[usize::from(id)];
                        let walked = flight_set::walked(position, game.edition, plane);
                        assert_eq!(game.flights_of(id), walked, "{edition} {position}");
                        for other in others.clone() {
                            assert_eq!(other.flights_of(id), walked, "{edition} {position}");
                        }
                        let stale = kept.stale & (1 << id) != 0;
                        seen[usize::from(stale)] += 1;
                        if !stale {
                            assert_eq!(kept.set(id), walked, "{edition} {id} in {position}");
                            assert_eq!(kept.movable() & (1 << id) != 0, !walked.is_empty());
                            assert_eq!(kept.len(id), walked.len());
                        }
                        totals[plane.side.index()][plane.kind as usize] += walked.len();
                        stale_kinds[plane.side.index()][plane.kind as usize] |= stale;
                    }
                    for side in Side::BOTH {
                        for kind in Kind::BOTH {
                            let expected = totals[side.index()][kind as usize];
                            let ids = position.in_play(side, kind);
                            let total = |g: &AirBattle| {
                                g.flights.with(&g.position, g.edition, ids, |k| k.total(side, kind))
                            };
                            assert_eq!(total(&game), expected);
                            for other in others.clone() {
                                assert_eq!(total(other), expected);
                            }
                            if !stale_kinds[side.index()][kind as usize] {
                                assert_eq!(kept.total(side, kind), expected);
                            }
                        }
                    }
                    read_back = Some(stored.clone());
                }
            }
        }
        // Both ways of answering were asked often.
        assert!(seen[0] > 10_000 && seen[1] > 1_000, "{seen:?}");
    }
}
