//! Which flights an aircraft has, as a set: one bit for each motion sequence its kind could
//! fly in the edition ([`sequences`]: the «Игрушка» operations, or the 39 «Аэрофото» sequences
//! of a fighter and 12 of a bomber), in the order the choices list them.
//!
//! «Игрушка»'s random play draws a flight among all of a side's after every action, and asks
//! after every flight whether a side can still move; walking every sequence of every aircraft
//! for that was most of a random game's time («Аэрофото»'s draw reads only [`unhindered`] and
//! checks the one flight it drew: `super::draw`). A set answers both at once: its size is how many flights
//! there are, and its `n`th bit is the `n`th flight, without walking anything.
//!
//! Finding an aircraft's set walks nothing either. What it may fly depends on the board only
//! through the few nodes its flights could enter ([`flight::may_enter`]); with none of them
//! occupied its set is the one it has on an empty board, read from a table worked out once by
//! walking every sequence from every node, facing, kind and side (the board's edges and the
//! headquarters are in it). Each aircraft in reach then takes away the sequences it forbids,
//! read from a second table of which sequences pass through, or end on, each node around.

use std::sync::LazyLock;

use super::board::{self, NODES};
use super::flight::{self, Motions, Walk};
use super::position::{Plane, Position, WINDOW};
use super::view::{Dir, Edition, Kind, Motion, Side};

/// The flights of one aircraft: bit `i` for the `i`th of [`sequences`] of its kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FlightSet(u64);

impl FlightSet {
    pub const EMPTY: FlightSet = FlightSet(0);

    /// How many flights.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The place in [`sequences`] of the `n`th (from 0) flight, if there are that many: a
    /// byte at a time, each byte's flights counted and the one wanted read from a table (a
    /// fighter's set has up to 39, and the draw asks for one of them before every action).
    pub fn nth(self, n: usize) -> Option<usize> {
        let (mut bits, mut n, mut base) = (self.0, n, 0);
        while bits != 0 {
            let byte = (bits & 0xFF) as usize;
            let ones = usize::from(BYTE_SELECT[byte].0);
            if n < ones {
                return Some(base + usize::from(BYTE_SELECT[byte].1[n]));
            }
            (n, bits, base) = (n - ones, bits >> 8, base + 8);
        }
        None
    }

    /// The places in [`sequences`] of the flights, in order (for the choices, which label
    /// each: random play reads [`FlightSet::nth`]).
    pub fn places(self) -> impl Iterator<Item = usize> {
        crate::bits::ones(self.0).map(|place| place as usize)
    }

    /// Whether the flight at `place` in [`sequences`] is in the set.
    pub fn contains(self, place: usize) -> bool {
        place < 64 && self.0 & (1 << place) != 0
    }

    fn with(self, place: usize) -> FlightSet {
        FlightSet(self.0 | 1 << place)
    }
}

/// For each byte, how many bits it has set and where each of them is, lowest first.
static BYTE_SELECT: [(u8, [u8; 8]); 256] = {
    let mut table = [(0, [0; 8]); 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                let ones = table[byte].0 as usize;
                table[byte].1[ones] = bit as u8;
                table[byte].0 += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Every motion sequence a flight of `kind` may have in `edition`, in the order the choices
/// list them: the «Игрушка» operations in the order of the rules; the «Аэрофото» sequences
/// shortest first, and of one length F before L before R motion by motion.
pub fn sequences(edition: Edition, kind: Kind) -> &'static [Motions] {
    static ALL: LazyLock<[[Vec<Motions>; 2]; 2]> = LazyLock::new(|| {
        let toy = |kind| {
            flight::toy_operations(kind, true).iter().map(|op| Motions::from_slice(op)).collect()
        };
        let photo = |kind| {
            let count = flight::LEVEL_START[flight::photo_motions(kind) + 1];
            (0..count).map(flight::sequence_at).collect()
        };
        [[toy(Kind::Bomber), toy(Kind::Fighter)], [photo(Kind::Bomber), photo(Kind::Fighter)]]
    });
    &ALL[edition_index(edition)][kind as usize]
}

/// The place of `motions` among [`sequences`], if it is one of them.
pub fn place(edition: Edition, kind: Kind, motions: &[Motion]) -> Option<usize> {
    match edition {
        Edition::Toy => sequences(edition, kind).iter().position(|m| **m == *motions),
        Edition::Photo => ((1..=flight::photo_motions(kind)).contains(&motions.len()))
            .then(|| flight::sequence_place(motions)),
    }
}

/// The flights of `plane`, which is in play, in `position`: its flights on an empty board,
/// less those each aircraft in its reach forbids. A sequence is legal exactly when each node it
/// enters allows it — a friend never, an enemy only as the last motion and at an angle that may
/// attack it (spec decision 2) — so the aircraft in reach can be applied one at a time.
pub fn of(position: &Position, edition: Edition, plane: &Plane) -> FlightSet {
    let take_off =
        if plane.moved { u64::MAX } else { TAKE_OFF[edition_index(edition)][plane.kind as usize] };
    let mut set = FlightSet(EMPTY_BOARD[empty_board_index(edition, plane)].0 & take_off);
    let crossings = &CROSSINGS[edition_index(edition)][plane.kind as usize][plane.facing as usize];
    for (bit, other) in position.near(plane.node, flight::reach(plane)) {
        let other = &position.planes()[usize::from(other)];
        let cross = &crossings[bit];
        let attacks = if other.side == plane.side {
            0
        } else if flight::may_attack(edition, plane.kind, other.facing.opposite(), other) {
            cross.arrive_any
        } else {
            // Only head-on (a step against the way it faces) may be refused: the angle rule.
            cross.arrive_any & !cross.arrive[other.facing.opposite() as usize]
        };
        set.0 &= !cross.through | attacks;
    }
    set
}

/// The flights `plane` would have alone on the board (none hindered by another aircraft): a
/// superset of [`of`], read from a table.
pub fn unhindered(edition: Edition, plane: &Plane) -> (FlightSet, usize) {
    let index = empty_board_index(edition, plane);
    let lens = EMPTY_BOARD_LENS[index];
    if plane.moved {
        (EMPTY_BOARD[index], usize::from(lens[0]))
    } else {
        let take_off = TAKE_OFF[edition_index(edition)][plane.kind as usize];
        (FlightSet(EMPTY_BOARD[index].0 & take_off), usize::from(lens[1]))
    }
}

/// By [`empty_board_index`], the size of each [`EMPTY_BOARD`] set, and of its part an aircraft
/// that has not moved may fly (kept: this machine's baseline x86-64 counts bits slowly).
static EMPTY_BOARD_LENS: LazyLock<Vec<[u8; 2]>> = LazyLock::new(|| {
    let take_off =
        |index: usize| TAKE_OFF[index / (EMPTY_BOARD_LEN / 2)][(index / (4 * NODES)) % 2];
    let lens = |(index, set): (usize, &FlightSet)| {
        [set.len() as u8, (set.0 & take_off(index)).count_ones() as u8]
    };
    EMPTY_BOARD.iter().enumerate().map(lens).collect()
});

/// Which of one kind's sequences enter one node of the window around the aircraft, for one
/// edition and facing: pure geometry, the same on every node of the board.
#[derive(Clone, Copy, Default)]
struct Crossing {
    /// The sequences that enter the node.
    through: u64,
    /// The sequences that enter the node with their last motion…
    arrive_any: u64,
    /// … by the direction of that step.
    arrive: [u64; 4],
}

/// A [`Crossing`] for each node of the window.
type Crossings = [Crossing; WINDOW * WINDOW];

/// [`Crossings`] by edition, kind and facing.
static CROSSINGS: LazyLock<[[[Crossings; 4]; 2]; 2]> = LazyLock::new(|| {
    let crossings = |edition, kind, facing: Dir| {
        let mut found = [Crossing::default(); WINDOW * WINDOW];
        for (place, motions) in sequences(edition, kind).iter().enumerate() {
            let centre = (WINDOW / 2) as i16;
            let (mut x, mut y, mut heading) = (centre, centre, facing);
            for (n, motion) in motions.iter().enumerate() {
                match motion {
                    Motion::L => heading = heading.left(),
                    Motion::R => heading = heading.right(),
                    Motion::F => {
                        let (dx, dy) = heading.delta();
                        (x, y) = (x + i16::from(dx), y + i16::from(dy));
                        let bit = (y * WINDOW as i16 + x) as usize;
                        found[bit].through |= 1 << place;
                        if n + 1 == motions.len() {
                            found[bit].arrive_any |= 1 << place;
                            found[bit].arrive[heading as usize] |= 1 << place;
                        }
                    }
                }
            }
        }
        found
    };
    [Edition::Toy, Edition::Photo].map(|edition| {
        Kind::BOTH.map(|kind| Dir::ALL.map(|facing| crossings(edition, kind, facing)))
    })
});

/// The flights of `plane` found by walking its sequences on `position`, sharing each prefix.
pub fn walked(position: &Position, edition: Edition, plane: &Plane) -> FlightSet {
    match edition {
        Edition::Toy => flight::toy_operations(plane.kind, plane.moved).iter().enumerate().fold(
            FlightSet::EMPTY,
            |set, (place, op)| {
                if Walk::of(position, edition, plane, op).is_some() { set.with(place) } else { set }
            },
        ),
        Edition::Photo => {
            let mut set = FlightSet::EMPTY;
            let longest = flight::photo_motions(plane.kind);
            photo_from(position, plane, Walk::start(plane), 0, 0, longest, &mut set);
            set
        }
    }
}

/// Adds to `set` the «Аэрофото» sequences that continue the open `walk` of `done` motions,
/// whose number among the sequences of that length is `value` (its motions as base-3 digits).
fn photo_from(
    position: &Position,
    plane: &Plane,
    walk: Walk,
    done: usize,
    value: usize,
    longest: usize,
    set: &mut FlightSet,
) {
    for (digit, motion) in Motion::ALL.into_iter().enumerate() {
        if done == 0 && !plane.moved && motion != Motion::F {
            break;
        }
        let Some(after) = walk.then(position, Edition::Photo, plane, motion) else { continue };
        let value = 3 * value + digit;
        *set = set.with(flight::LEVEL_START[done + 1] + value);
        if done + 1 < longest && !after.closed() {
            photo_from(position, plane, after, done + 1, value, longest, set);
        }
    }
}

/// Every aircraft's flights on a board where it flies alone, as an aircraft that has moved
/// before, by [`empty_board_index`]. One that has not («take-off from an airfield is straight
/// ahead only») flies those of them that start with a step ahead, [`TAKE_OFF`]: nothing else
/// about a flight depends on it, and a table half the size stays in the nearest cache.
static EMPTY_BOARD: LazyLock<Vec<FlightSet>> = LazyLock::new(|| {
    let mut table = vec![FlightSet::EMPTY; EMPTY_BOARD_LEN];
    for edition in [Edition::Toy, Edition::Photo] {
        for side in Side::BOTH {
            for kind in Kind::BOTH {
                for facing in Dir::ALL {
                    for node in board::all_nodes() {
                        let moved = true;
                        let plane =
                            Plane { side, kind, number: 1, node, facing, moved, lost: false };
                        let alone = Position::from(vec![plane.clone()]);
                        table[empty_board_index(edition, &plane)] = walked(&alone, edition, &plane);
                    }
                }
            }
        }
    }
    table
});

const EMPTY_BOARD_LEN: usize = 2 * 2 * 2 * 4 * NODES;

fn empty_board_index(edition: Edition, plane: &Plane) -> usize {
    let key =
        [edition_index(edition), plane.side.index(), plane.kind as usize, plane.facing as usize];
    let key = key.iter().zip([2, 2, 2, 4]).fold(0, |key, (part, size)| key * size + part);
    key * NODES + board::index(plane.node)
}

/// By edition and kind, the [`sequences`] that begin with a step ahead: all an aircraft that
/// has never moved may fly.
static TAKE_OFF: LazyLock<[[u64; 2]; 2]> = LazyLock::new(|| {
    [Edition::Toy, Edition::Photo].map(|edition| {
        Kind::BOTH.map(|kind| {
            let straight = sequences(edition, kind).iter().enumerate();
            straight
                .filter(|(_, m)| m.first() == Some(&Motion::F))
                .fold(0, |mask, (place, _)| mask | 1 << place)
        })
    })
});

fn edition_index(edition: Edition) -> usize {
    match edition {
        Edition::Toy => 0,
        Edition::Photo => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Setup};
    use crate::games::air_battle::{AirBattle, SETTINGS};
    use crate::{harness, rng, settings};

    /// The flights by the definition: every sequence of the kind, kept when its shape is
    /// allowed and it can be walked on the board.
    fn by_definition(position: &Position, edition: Edition, plane: &Plane) -> Vec<Motions> {
        sequences(edition, plane.kind)
            .iter()
            .filter(|m| flight::shape_allowed(edition, plane, m))
            .filter(|m| Walk::of(position, edition, plane, m).is_some())
            .copied()
            .collect()
    }

    /// What [`check_flights`] has seen.
    #[derive(Default)]
    struct Tally {
        /// Sets checked of aircraft alone in their reach, and with neighbours.
        alone: [usize; 2],
        /// Flights traced, by the nodes on their paths (1 to 4).
        nodes: [usize; 5],
        /// Of them, how many bomb the headquarters, are shot down by AA, shoot down.
        outcomes: [usize; 3],
    }

    /// Checks every aircraft's set in `position` against the definition, and each of its
    /// flights played from the table of shapes against the flight walked node by node.
    fn check_flights(position: &Position, edition: Edition, tally: &mut Tally) {
        for id in position.flying() {
            let plane = &position.planes()[usize::from(id)];
            let expected = by_definition(position, edition, plane);
            let set = of(position, edition, plane);
            let listed: Vec<Motions> =
                set.places().map(|p| sequences(edition, plane.kind)[p]).collect();
            assert_eq!(listed, expected, "{edition:?} {id} in {position}");
            assert_eq!(set.len(), expected.len());
            for (n, motions) in expected.iter().enumerate() {
                let place = set.nth(n).unwrap();
                assert_eq!(sequences(edition, plane.kind)[place], *motions);
                let walked = flight::trace(position, edition, id, motions).unwrap();
                let from_table = flight::trace_legal(position, edition, id, motions);
                assert_eq!(from_table, walked, "{edition:?} {id} {motions:?} in {position}");
                tally.nodes[walked.path.len()] += 1;
                let events = [walked.bombs, walked.shot_by.is_some(), walked.shoots_down.is_some()];
                for (count, happens) in tally.outcomes.iter_mut().zip(events) {
                    *count += usize::from(happens);
                }
            }
            assert_eq!(set.nth(expected.len()), None);
            let alone = position.around(plane.node) & flight::reach(plane) == 0;
            tally.alone[usize::from(alone)] += 1;
        }
    }

    /// In every position of random games, in both editions and seat forms, and in positions
    /// around the headquarters, every aircraft's set — from the table or walked — holds exactly
    /// the sequences it may fly, in order, and its `n`th member is the `n`th of them; and each
    /// of those flights, played from the table of shapes (`flight::trace_legal`), is the flight
    /// walked node by node (`flight::trace`).
    #[test]
    fn a_set_is_the_flights_by_definition() {
        let mut tally = Tally::default();
        for (edition_name, seats) in [("toy", 2), ("toy", 4), ("photo", 2), ("photo", 4)] {
            let setup =
                Setup { seats, settings: settings::parse(SETTINGS, &[edition_name]).unwrap() };
            let mut rng = rng::seeded(11);
            for _ in 0..10 {
                let mut game = AirBattle::new(&setup).unwrap();
                while let Some((actor, action)) = harness::random_action(&game, &mut rng).unwrap() {
                    game.play(actor, &action);
                    check_flights(&game.position, game.edition, &mut tally);
                }
            }
        }
        // Random play seldom brings a bomber to the enemy headquarters (l16 for Red, a1 for
        // Green): bombers one and two nodes short of it, from each side, one blocked by an
        // aircraft on it, one passing an AA unit on its way.
        let around_headquarters = [
            "Rbl14N Rbk16E Rbl15W Rbj16E Gbb1W Gba2S",
            "Rbl14N Rfl16S Gbb1W Gfa1N",
            "Rbk15N Rbl15N Rbj13N Gbc1W Gba3S",
        ];
        for edition in [Edition::Toy, Edition::Photo] {
            for planes in around_headquarters {
                check_flights(&Position::parse(planes).unwrap(), edition, &mut tally);
            }
        }
        assert!(tally.alone.iter().all(|count| *count > 1000), "{:?}", tally.alone);
        assert!(tally.nodes[1..].iter().all(|count| *count > 1000), "{:?}", tally.nodes);
        assert!(tally.outcomes.iter().all(|count| *count > 5), "{:?}", tally.outcomes);
    }

    /// A neighbour out of reach changes nothing; one in reach does: a fighter on e5 facing
    /// north has 39 flights alone (3 + 9 + 27), fewer with a friend just ahead.
    #[test]
    fn only_a_neighbour_in_reach_counts() {
        let alone = Position::parse("Rfe5N").unwrap();
        let far = Position::parse("Rfe5N Rfe10N").unwrap();
        let ahead = Position::parse("Rfe5N Rfe6N").unwrap();
        let count = |p: &Position| of(p, Edition::Photo, &p.planes()[0]).len();
        assert_eq!(count(&alone), 39);
        assert_eq!(count(&far), 39);
        // Every sequence that steps forward from e5 facing north is gone: those that begin
        // with F (1 + 3 + 9), and LRF and RLF.
        assert_eq!(count(&ahead), 39 - 13 - 2);
    }
}
