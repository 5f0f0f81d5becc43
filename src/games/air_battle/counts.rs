//! How many legal flights each aircraft has, kept up to date as the aircraft fly, so that random
//! play does not count them all again before every action.
//!
//! Random play draws one flight among all of a side's (`Game::random_legal_action`), and
//! «Игрушка» asks after every flight whether a side can still move: both need every aircraft's
//! count, and counting walked every motion sequence of every aircraft each time — most of a
//! random game's time. Yet a flight changes the board only on the two nodes it touches (where
//! it started and where it ended: the attacked aircraft, the one shot down by AA, the one that
//! moved all stood on one of them), and an aircraft's count depends only on itself and on the
//! few nodes its flights can enter ([`flight::may_enter`]: ten for a fighter, four for a
//! bomber). So after a flight only the aircraft that flew or was shot down and those able to
//! enter one of the two nodes are counted again, found by looking at the sixteen nodes from
//! which any flight could enter each ([`flight::approaches`]).
//!
//! The counts are derived data, not part of a game's state: they are not stored (a game read
//! back starts without them and counts directly until its next flight builds them) and they do
//! not take part in comparing two games.

use super::board::AIRCRAFT;
use super::flight;
use super::position::Position;
use super::view::{Edition, Node};

/// Room for both sides' aircraft.
const PLANES: usize = 2 * AIRCRAFT;

/// The flight count of every aircraft by id, once built.
#[derive(Debug, Clone, Default)]
pub struct FlightCounts {
    /// `None` until built (a game read back from storage).
    counts: Option<[u16; PLANES]>,
}

impl FlightCounts {
    /// Every aircraft's count in `position`.
    pub fn new(position: &Position, edition: Edition) -> FlightCounts {
        let mut counts = [0; PLANES];
        for (id, count) in counts.iter_mut().enumerate().take(position.planes().len()) {
            *count = count_of(position, edition, id as u8);
        }
        FlightCounts { counts: Some(counts) }
    }

    /// How many legal flights aircraft `id` has: [`flight::count_flights`].
    pub fn get(&self, position: &Position, edition: Edition, id: u8) -> usize {
        match &self.counts {
            Some(counts) => usize::from(counts[usize::from(id)]),
            None => flight::count_flights(position, edition, id),
        }
    }

    /// Brings the counts up to date after a flight of aircraft `flown[0]` (and the one it shot
    /// down, if any) that changed the board only on the nodes in `touched` (builds them all if
    /// they were not built yet).
    pub fn after_flight(
        &mut self,
        position: &Position,
        edition: Edition,
        flown: &[u8],
        touched: &[Node],
    ) {
        let Some(counts) = &mut self.counts else {
            *self = FlightCounts::new(position, edition);
            return;
        };
        for &id in flown {
            counts[usize::from(id)] = count_of(position, edition, id);
        }
        for &node in touched {
            for id in flight::approaches(node).filter_map(|from| position.at(from)) {
                if flight::may_enter(&position.planes()[usize::from(id)], node) {
                    counts[usize::from(id)] = count_of(position, edition, id);
                }
            }
        }
    }
}

/// Derived data: two games in the same state are equal whether or not their counts are built.
impl PartialEq for FlightCounts {
    fn eq(&self, _: &FlightCounts) -> bool {
        true
    }
}

impl Eq for FlightCounts {}

fn count_of(position: &Position, edition: Edition, id: u8) -> u16 {
    flight::count_flights(position, edition, id) as u16
}

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
                for node in entered {
                    assert!(flight::approaches(node).any(|from| from == plane.node));
                }
            }
        }
    }

    /// After every action of random games, in both editions and seat forms, the kept counts are
    /// what counting from scratch gives, and a game read back (without them) agrees too.
    #[test]
    fn kept_counts_are_the_counts() {
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
                    for id in game.position.flying() {
                        let count = flight::count_flights(&game.position, game.edition, id);
                        assert_eq!(game.flight_count(id), count, "{edition} {}", game.position);
                        assert_eq!(stored.flight_count(id), count);
                    }
                }
            }
        }
    }
}
