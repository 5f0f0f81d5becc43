//! The board of «Воздушный бой» as data, in one place for the rules, the tests and the renderer
//! (spec decision 1): a grid of 12 × 16 nodes, x 0–11 (files a–l) and y 0–15 (ranks 1–16), Red
//! playing South (y 0–7) and Green North.
//!
//! Only South's half is written down — its headquarters, its two airfields with the aircraft
//! parked on them, its rocket launchers and gun emplacements — and North's half is derived by
//! turning it 180° ((x, y) → (11 − x, 15 − y)), so the two halves cannot disagree. The
//! «Аэрофото» danger zones are derived from the AA units the same way. No published geometry of
//! the board could be found: this layout is the project's design (the spec says so).

use std::sync::LazyLock;

use super::view::{Dir, Kind, Node, Side};

/// Nodes across (x) and along (y) the board.
pub const WIDTH: u8 = 12;
pub const HEIGHT: u8 = 16;
pub const NODES: usize = WIDTH as usize * HEIGHT as usize;

/// Aircraft per side, bombers first: "6 bombers and 10 fighters".
pub const BOMBERS: usize = 6;
pub const FIGHTERS: usize = 10;
pub const AIRCRAFT: usize = BOMBERS + FIGHTERS;

/// How many aircraft of `kind` a side has: [`BOMBERS`] or [`FIGHTERS`].
pub const fn aircraft_of(kind: Kind) -> usize {
    match kind {
        Kind::Bomber => BOMBERS,
        Kind::Fighter => FIGHTERS,
    }
}

/// South's headquarters: "a flag in a corner".
pub const SOUTH_HQ: Node = (0, 0);

/// South's parked bombers, airfield by airfield, on the back row.
const SOUTH_BOMBERS: [Node; BOMBERS] = [(2, 1), (3, 1), (4, 1), (8, 1), (9, 1), (10, 1)];

/// South's parked fighters: the other five nodes of each 4 × 2 airfield.
const SOUTH_FIGHTERS: [Node; FIGHTERS] =
    [(5, 1), (2, 2), (3, 2), (4, 2), (5, 2), (7, 1), (7, 2), (8, 2), (9, 2), (10, 2)];

/// The two airfields of South, as their x ranges; both span y 1–2.
const SOUTH_AIRFIELDS: [(u8, u8); 2] = [(2, 5), (7, 10)];
const AIRFIELD_ROWS: (u8, u8) = (1, 2);

/// South's 4 rocket launchers.
const SOUTH_ROCKETS: [Node; 4] = [(1, 5), (4, 6), (7, 6), (10, 5)];

/// South's 8 gun emplacements, each facing the enemy (north).
const SOUTH_GUNS: [Node; 8] = [(0, 3), (3, 3), (5, 4), (6, 4), (8, 3), (10, 3), (2, 7), (9, 7)];

/// The two kinds of anti-aircraft unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AaKind {
    /// Shoots down an enemy aircraft entering its node from any side («Игрушка»).
    Rocket,
    /// Shoots down an enemy aircraft entering from its front or a side, not from its rear.
    Gun,
}

/// One anti-aircraft unit printed on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct AaUnit {
    pub side: Side,
    pub kind: AaKind,
    pub node: Node,
    /// The way it faces: towards the enemy.
    pub facing: Dir,
}

/// Node `node` as seen from the other side: the board turned 180°.
pub const fn turned(node: Node) -> Node {
    (WIDTH - 1 - node.0, HEIGHT - 1 - node.1)
}

/// South's node `node` as it stands for `side`.
fn for_side(side: Side, node: Node) -> Node {
    if side == Side::South { node } else { turned(node) }
}

/// The way `side`'s aircraft and AA units face at the start: towards the enemy.
pub fn forward(side: Side) -> Dir {
    if side == Side::South { Dir::N } else { Dir::S }
}

/// `side`'s headquarters.
pub fn headquarters(side: Side) -> Node {
    for_side(side, SOUTH_HQ)
}

/// Where `side`'s aircraft stand at the start, bombers first, each facing [`forward`].
pub fn parking(side: Side) -> impl Iterator<Item = (Kind, Node)> {
    let bombers = SOUTH_BOMBERS.iter().map(|n| (Kind::Bomber, *n));
    let fighters = SOUTH_FIGHTERS.iter().map(|n| (Kind::Fighter, *n));
    bombers.chain(fighters).map(move |(kind, node)| (kind, for_side(side, node)))
}

/// Whether `node` is a parking node of one of `side`'s airfields.
pub fn is_airfield(side: Side, node: Node) -> bool {
    let (x, y) = for_side(side, node);
    SOUTH_AIRFIELDS.iter().any(|(a, b)| (*a..=*b).contains(&x))
        && (AIRFIELD_ROWS.0..=AIRFIELD_ROWS.1).contains(&y)
}

/// Every AA unit of both sides: South's rockets, South's guns, then North's the same way.
pub static AA_UNITS: LazyLock<Vec<AaUnit>> = LazyLock::new(|| {
    [Side::South, Side::North]
        .into_iter()
        .flat_map(|side| {
            let rockets = SOUTH_ROCKETS.iter().map(|n| (AaKind::Rocket, *n));
            let guns = SOUTH_GUNS.iter().map(|n| (AaKind::Gun, *n));
            rockets.chain(guns).map(move |(kind, node)| AaUnit {
                side,
                kind,
                node: for_side(side, node),
                facing: forward(side),
            })
        })
        .collect()
});

/// The AA unit standing on each node, by [`index`].
static AA_AT: LazyLock<Vec<Option<AaUnit>>> = LazyLock::new(|| {
    let mut at = vec![None; NODES];
    for unit in AA_UNITS.iter() {
        at[index(unit.node)] = Some(*unit);
    }
    at
});

/// The AA unit on `node`, if any.
pub fn aa_at(node: Node) -> Option<AaUnit> {
    AA_AT[index(node)]
}

/// The «Аэрофото» danger zone of `unit`: its own node and the neighbours to the left, above and
/// above-left as its owner sees the board (owner's half at the bottom). For South at (x, y):
/// (x, y), (x − 1, y), (x, y + 1), (x − 1, y + 1); North's is South's turned 180°. Nodes off
/// the board are left out.
pub fn danger_zone(unit: &AaUnit) -> Vec<Node> {
    let south = for_side(unit.side, unit.node);
    let (x, y) = (i16::from(south.0), i16::from(south.1));
    [(x, y), (x - 1, y), (x, y + 1), (x - 1, y + 1)]
        .into_iter()
        .filter_map(|(x, y)| node_at(x, y))
        .map(|node| for_side(unit.side, node))
        .collect()
}

/// For every node, the first unit of each side whose danger zone covers it, by [`index`] and
/// side number.
static ZONES: LazyLock<Vec<[Option<AaUnit>; 2]>> = LazyLock::new(|| {
    let mut zones = vec![[None, None]; NODES];
    for unit in AA_UNITS.iter() {
        for node in danger_zone(unit) {
            zones[index(node)][unit.side.index()].get_or_insert(*unit);
        }
    }
    zones
});

/// The unit of `side` whose «Аэрофото» danger zone covers `node`, if any.
pub fn zone_of(side: Side, node: Node) -> Option<AaUnit> {
    ZONES[index(node)][side.index()]
}

/// The node at (x, y), if it is on the board.
pub fn node_at(x: i16, y: i16) -> Option<Node> {
    ((0..i16::from(WIDTH)).contains(&x) && (0..i16::from(HEIGHT)).contains(&y))
        .then_some((x as u8, y as u8))
}

/// The neighbour of `node` one step `dir`, if it is on the board.
pub fn step(node: Node, dir: Dir) -> Option<Node> {
    let (dx, dy) = dir.delta();
    node_at(i16::from(node.0) + i16::from(dx), i16::from(node.1) + i16::from(dy))
}

/// A node's place in per-node tables.
pub fn index(node: Node) -> usize {
    usize::from(node.1) * usize::from(WIDTH) + usize::from(node.0)
}

/// Every node, a1 first, rank by rank.
pub fn all_nodes() -> impl Iterator<Item = Node> {
    (0..HEIGHT).flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
}

/// The node's name in chess style: files a–l, ranks 1–16, e.g. "a1", "l16".
pub fn name(node: Node) -> String {
    format!("{}{}", char::from(b'a' + node.0), node.1 + 1)
}

/// Reads a node name such as "c3" or "L16".
pub fn parse(name: &str) -> Option<Node> {
    let name = name.trim().to_ascii_lowercase();
    let mut chars = name.chars();
    let file = chars.next()?;
    if !('a'..='l').contains(&file) {
        return None;
    }
    let rank: u8 = chars.as_str().parse().ok()?;
    (1..=HEIGHT).contains(&rank).then(|| (file as u8 - b'a', rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn north_is_south_turned() {
        assert_eq!(headquarters(Side::North), (11, 15));
        let south: Vec<_> = parking(Side::South).collect();
        let north: Vec<_> = parking(Side::North).collect();
        assert_eq!(south.len(), AIRCRAFT);
        for ((k1, a), (k2, b)) in south.iter().zip(&north) {
            assert_eq!(k1, k2);
            assert_eq!(turned(*a), *b);
            assert!(is_airfield(Side::South, *a) && is_airfield(Side::North, *b));
            assert!(a.1 <= 7 && b.1 >= 8);
        }
        assert_eq!(AA_UNITS.len(), 24);
        for side in [Side::South, Side::North] {
            let units: Vec<_> = AA_UNITS.iter().filter(|u| u.side == side).collect();
            assert_eq!(units.iter().filter(|u| u.kind == AaKind::Rocket).count(), 4);
            assert_eq!(units.iter().filter(|u| u.kind == AaKind::Gun).count(), 8);
            assert!(units.iter().all(|u| u.facing == forward(side)));
            assert!(units.iter().all(|u| (u.node.1 <= 7) == (side == Side::South)));
        }
    }

    #[test]
    fn nothing_shares_a_node() {
        let mut used: Vec<Node> = AA_UNITS.iter().map(|u| u.node).collect();
        for side in [Side::South, Side::North] {
            used.extend(parking(side).map(|(_, n)| n));
            used.push(headquarters(side));
        }
        let count = used.len();
        used.sort();
        used.dedup();
        assert_eq!(used.len(), count);
    }

    #[test]
    fn danger_zones_lie_left_and_above_as_the_owner_sees() {
        let gun = aa_at((3, 3)).unwrap();
        assert_eq!(danger_zone(&gun), [(3, 3), (2, 3), (3, 4), (2, 4)]);
        let north = aa_at(turned((3, 3))).unwrap();
        assert_eq!(north.side, Side::North);
        assert_eq!(danger_zone(&north), [(8, 12), (9, 12), (8, 11), (9, 11)]);
        // The gun at (0, 3) has nothing to its left.
        assert_eq!(danger_zone(&aa_at((0, 3)).unwrap()), [(0, 3), (0, 4)]);
        // The headquarters are outside every zone.
        for side in [Side::South, Side::North] {
            assert!(zone_of(side.other(), headquarters(side)).is_none());
            assert!(zone_of(side, headquarters(side)).is_none());
        }
    }

    #[test]
    fn names_round_trip() {
        for node in all_nodes() {
            assert_eq!(parse(&name(node)), Some(node));
        }
        assert_eq!(name((11, 15)), "l16");
        assert_eq!(parse("m1"), None);
        assert_eq!(parse("a17"), None);
    }
}
