//! The «Идут танки» board as data: the one place for the road graph, the crossings, bridges,
//! airfields, the two flight arcs, where mines may lie, and an abstract drawing layout.
//!
//! No published geometry of the printed board could be found, so this is the project's own
//! design (spec decision 1), chosen to be the same for both players under a 180° turn: turning
//! the board maps road A onto road B read backwards (and C onto D), Red's big circles onto
//! Green's, and Red's flight arc onto Green's. The rules and the renderer both read it from
//! here, so the picture and the game cannot disagree.
//!
//! Four roads of 25 circles run from Red's big circles (node 0, top) to Green's (node 24,
//! bottom). Four circles are shared by two roads (the crossings), so the board has 96 circles,
//! each with a [`NodeId`] and one canonical name.

use std::ops::RangeInclusive;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// Roads on the board, A–D.
pub const ROADS: u8 = 4;
/// The last index of every road (Green's big circle).
pub const LAST: u8 = 24;
/// Distinct circles on the board (4 × 25 minus the 4 shared crossings).
pub const NODES: usize = 96;
/// Road names, by road number.
pub const ROAD_LETTERS: [&str; 4] = ["A", "B", "C", "D"];

/// A circle as seen from one road: `road` 0..4 (A–D) and `index` 0..=24 from Red's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Spot {
    pub road: u8,
    pub index: u8,
}

impl Spot {
    pub const fn new(road: u8, index: u8) -> Spot {
        Spot { road, index }
    }
}

/// A circle's number in [`node_info`], 0..96. Crossings have one id and two [`Spot`]s.
pub type NodeId = u8;

/// The four crossings, each a pair of spots naming one shared circle (the first names it).
/// A tank turning there onto the other road spends one point of its move (decision 5).
pub const CROSSINGS: [(Spot, Spot); 4] = [
    (Spot::new(1, 6), Spot::new(2, 6)),
    (Spot::new(0, 12), Spot::new(2, 12)),
    (Spot::new(1, 12), Spot::new(3, 12)),
    (Spot::new(0, 18), Spot::new(3, 18)),
];

/// The rows where a river crosses every road on a bridge: one per half.
pub const BRIDGE_ROWS: [u8; 2] = [9, 15];

/// The destroyed bridges: a tank that stops there falls into the river.
pub const DESTROYED_BRIDGES: [Spot; 4] =
    [Spot::new(1, 9), Spot::new(2, 9), Spot::new(0, 15), Spot::new(3, 15)];

/// The road indices where each side (0 Red, 1 Green) may lay its mines, on every road.
pub const MINE_ROWS: [RangeInclusive<u8>; 2] = [1..=5, 19..=23];

/// The road each of Green's big circles G1–G4 ends (Red's R1–R4 start roads A–D in order).
pub const GREEN_CIRCLE_ROADS: [u8; 4] = [2, 3, 0, 1];

/// The row under each side's flight arc: Red's planes fly over Green's half through node 16,
/// Green's over Red's half through node 8.
pub const ARC_ROWS: [u8; 2] = [16, 8];

/// One stop along a flight arc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArcItem {
    /// The flying side's airfield, 0 (screen left) or 1 (screen right).
    Airfield(u8),
    /// The opponent's rocket circle 0..3 (r1–r3 for Red's rockets, g1–g3 for Green's).
    Rocket(u8),
    /// The road circle of this road on the arc's row.
    Road(u8),
}

/// The arc each side's planes fly, listed from airfield 0 (screen left) to airfield 1 (screen
/// right); a plane from airfield 1 flies it backwards. Red's arc is decision 1's; Green's is
/// its 180° turn (rockets renumbered left to right on screen).
pub const ARCS: [[ArcItem; 9]; 2] = {
    use ArcItem::{Airfield as T, Road as R, Rocket as X};
    [
        [T(0), X(0), R(2), R(0), X(1), R(3), R(1), X(2), T(1)],
        [T(0), X(0), R(0), R(2), X(1), R(1), R(3), X(2), T(1)],
    ]
};

/// Rocket circle names by owner (0 Red, 1 Green) and number.
pub const ROCKET_NAMES: [[&str; 3]; 2] = [["r1", "r2", "r3"], ["g1", "g2", "g3"]];

/// Airfield names by side and number (screen left, screen right).
pub const AIRFIELD_NAMES: [[&str; 2]; 2] = [["TR1", "TR2"], ["TG1", "TG2"]];

// ---------------------------------------------------------------------------------------------
// Drawing hints: an abstract 1000 × 1400 layout, y growing downwards. The renderer scales it.

/// Width and height of the abstract layout.
pub const WIDTH: u16 = 1000;
pub const HEIGHT: u16 = 1400;

/// The y of road index 0 and the distance between rows.
const TOP: u16 = 100;
const ROW: u16 = 50;

/// Each road's x at chosen indices; between them the road runs straight, so the roads wind
/// gently from lane to lane and meet exactly at the crossings (x 300, 500, 700).
const ROAD_BENDS: [&[(u8, u16)]; 4] = [
    &[(0, 200), (9, 200), (12, 300), (15, 400), (18, 500), (21, 600), (24, 600)],
    &[(0, 400), (3, 400), (6, 500), (9, 600), (12, 700), (15, 800), (24, 800)],
    &[(0, 600), (3, 600), (6, 500), (9, 400), (12, 300), (15, 200), (24, 200)],
    &[(0, 800), (9, 800), (12, 700), (15, 600), (18, 500), (21, 400), (24, 400)],
];

/// Airfield positions by side and number.
pub const AIRFIELD_XY: [[(u16, u16); 2]; 2] = [[(60, 620), (940, 620)], [(60, 780), (940, 780)]];

/// Rocket circle positions by owner and number (Red's lie on Green's arc over Red's half).
pub const ROCKET_XY: [[(u16, u16); 3]; 2] =
    [[(130, 600), (500, 470), (870, 600)], [(130, 800), (500, 930), (870, 800)]];

/// The y of each river (through the bridge rows), drawn across the whole board.
pub const RIVER_Y: [u16; 2] = [TOP + ROW * 9, TOP + ROW * 15];

/// The y of road index `index`.
pub const fn row_y(index: u8) -> u16 {
    TOP + ROW * index as u16
}

/// The x of `spot`, from the road's bends.
fn road_x(spot: Spot) -> u16 {
    let bends = ROAD_BENDS[usize::from(spot.road)];
    let i = spot.index;
    let k = bends.iter().position(|(at, _)| *at >= i).expect("bends cover the road");
    let (i1, x1) = bends[k];
    if i1 == i || k == 0 {
        return x1;
    }
    let (i0, x0) = bends[k - 1];
    let t = f32::from(i - i0) / f32::from(i1 - i0);
    (f32::from(x0) + (f32::from(x1) - f32::from(x0)) * t).round() as u16
}

// ---------------------------------------------------------------------------------------------
// The graph, worked out once.

/// Everything known about one circle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeInfo {
    /// The canonical label: `R1`–`R4`, `G1`–`G4`, else road letter and index (`A3`, `C16`);
    /// a crossing is named after its first road (`B6` for B6 = C6).
    pub name: String,
    /// The spots naming this circle: one, or two for a crossing.
    pub spots: Vec<Spot>,
    /// Position in the abstract layout.
    pub xy: (u16, u16),
}

/// Circle ids by road and index, worked out at compile time (the rules look circles up all
/// the time): numbered road by road, a crossing's second spot reusing its first spot's id.
const IDS: [[NodeId; 25]; 4] = {
    let mut ids = [[0; 25]; 4];
    let mut next: NodeId = 0;
    let mut road = 0;
    while road < ROADS as usize {
        let mut index = 0;
        while index <= LAST as usize {
            let mut id = next;
            let mut k = 0;
            while k < CROSSINGS.len() {
                let (a, b) = CROSSINGS[k];
                if b.road as usize == road && b.index as usize == index {
                    id = ids[a.road as usize][a.index as usize];
                }
                k += 1;
            }
            if id == next {
                next += 1;
            }
            ids[road][index] = id;
            index += 1;
        }
        road += 1;
    }
    ids
};

/// Whether each circle is a destroyed bridge, by id.
const RIVER: [bool; NODES] = {
    let mut river = [false; NODES];
    let mut k = 0;
    while k < DESTROYED_BRIDGES.len() {
        let s = DESTROYED_BRIDGES[k];
        river[IDS[s.road as usize][s.index as usize] as usize] = true;
        k += 1;
    }
    river
};

/// The circles' names, spots and drawing positions, by id.
static NODE_INFO: LazyLock<Vec<NodeInfo>> = LazyLock::new(|| {
    let mut nodes: Vec<NodeInfo> = Vec::with_capacity(NODES);
    for road in 0..ROADS {
        for index in 0..=LAST {
            let spot = Spot::new(road, index);
            let id = usize::from(node(spot));
            if id == nodes.len() {
                nodes.push(NodeInfo {
                    name: spot_name(spot),
                    spots: vec![spot],
                    xy: (road_x(spot), row_y(index)),
                });
            } else {
                nodes[id].spots.push(spot);
            }
        }
    }
    nodes
});

fn spot_name(spot: Spot) -> String {
    match spot.index {
        0 => format!("R{}", spot.road + 1),
        LAST => {
            let k = GREEN_CIRCLE_ROADS.iter().position(|r| *r == spot.road).expect("4 roads");
            format!("G{}", k + 1)
        }
        i => format!("{}{i}", ROAD_LETTERS[usize::from(spot.road)]),
    }
}

/// The circle at `spot`.
pub fn node(spot: Spot) -> NodeId {
    IDS[usize::from(spot.road)][usize::from(spot.index)]
}

/// All about circle `id`.
pub fn node_info(id: NodeId) -> &'static NodeInfo {
    &NODE_INFO[usize::from(id)]
}

/// Every circle, by id.
pub fn nodes() -> &'static [NodeInfo] {
    &NODE_INFO
}

/// The label of circle `id`.
pub fn name(id: NodeId) -> &'static str {
    &node_info(id).name
}

/// The circle labelled `name`, if any. Crossings also answer to their second name (`C6`).
pub fn parse(name: &str) -> Option<NodeId> {
    if let Some(id) = NODE_INFO.iter().position(|n| n.name == name) {
        return NodeId::try_from(id).ok();
    }
    let road = ROAD_LETTERS.iter().position(|l| name.starts_with(l))?;
    let index: u8 = name[1..].parse().ok().filter(|i| (1..LAST).contains(i))?;
    Some(node(Spot::new(u8::try_from(road).ok()?, index)))
}

/// The other road through `spot` when it is a crossing.
pub fn crossing_road(spot: Spot) -> Option<u8> {
    CROSSINGS.iter().find_map(|(a, b)| {
        if *a == spot {
            Some(b.road)
        } else if *b == spot {
            Some(a.road)
        } else {
            None
        }
    })
}

/// Whether circle `id` is a destroyed bridge.
pub fn is_destroyed_bridge(id: NodeId) -> bool {
    RIVER[usize::from(id)]
}

/// The big circles of `side` (0 Red, 1 Green), R1–R4 or G1–G4 in order.
pub fn big_circles(side: u8) -> [Spot; 4] {
    if side == 0 {
        std::array::from_fn(|k| Spot::new(k as u8, 0))
    } else {
        GREEN_CIRCLE_ROADS.map(|road| Spot::new(road, LAST))
    }
}

/// The index of `side`'s own end of every road (0 for Red, 24 for Green).
pub const fn home_index(side: u8) -> u8 {
    if side == 0 { 0 } else { LAST }
}

/// The circles where `side` may lay mines, in id order.
pub fn mine_nodes(side: u8) -> Vec<NodeId> {
    let mut ids: Vec<NodeId> = (0..ROADS)
        .flat_map(|road| MINE_ROWS[usize::from(side)].clone().map(move |i| Spot::new(road, i)))
        .map(node)
        .collect();
    ids.sort_unstable();
    ids
}

/// The road circle under `side`'s arc on `road`.
pub fn arc_node(side: u8, road: u8) -> NodeId {
    node(Spot::new(road, ARC_ROWS[usize::from(side)]))
}

/// Turns a position by 180°: the same board seen from the other side.
pub fn turned(spot: Spot) -> Spot {
    let road = match spot.road {
        0 => 1,
        1 => 0,
        2 => 3,
        _ => 2,
    };
    Spot::new(road, LAST - spot.index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_six_circles_with_unique_names() {
        assert_eq!(nodes().len(), NODES);
        let mut names: Vec<&str> = nodes().iter().map(|n| n.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), NODES);
        for (id, n) in nodes().iter().enumerate() {
            assert_eq!(parse(&n.name), Some(id as NodeId));
        }
        assert_eq!(parse("C6"), parse("B6"));
        assert_eq!(name(node(Spot::new(2, 12))), "A12");
    }

    #[test]
    fn big_circles_are_named_as_in_the_spec() {
        assert_eq!(name(node(Spot::new(0, 0))), "R1");
        assert_eq!(name(node(Spot::new(3, 0))), "R4");
        assert_eq!(name(node(Spot::new(0, 24))), "G3");
        assert_eq!(name(node(Spot::new(1, 24))), "G4");
        assert_eq!(name(node(Spot::new(2, 24))), "G1");
        assert_eq!(name(node(Spot::new(3, 24))), "G2");
    }

    #[test]
    fn the_board_is_the_same_after_a_half_turn() {
        for road in 0..ROADS {
            for index in 0..=LAST {
                let s = Spot::new(road, index);
                let t = turned(s);
                let (x, y) = node_info(node(s)).xy;
                assert_eq!(node_info(node(t)).xy, (WIDTH - x, HEIGHT - y), "{s:?}");
                assert_eq!(crossing_road(s).is_some(), crossing_road(t).is_some());
                assert_eq!(is_destroyed_bridge(node(s)), is_destroyed_bridge(node(t)), "{s:?}");
            }
        }
        let mut red = mine_nodes(0).into_iter().map(|n| turned(node_info(n).spots[0]));
        assert!(red.all(|s| mine_nodes(1).contains(&node(s))));
        for k in 0..3 {
            let (x, y) = ROCKET_XY[0][k];
            assert_eq!(ROCKET_XY[1][2 - k], (WIDTH - x, HEIGHT - y));
        }
        // Green's arc is Red's turned around, read from the other end.
        for (a, b) in ARCS[0].iter().zip(ARCS[1].iter().rev()) {
            match (a, b) {
                (ArcItem::Road(r), ArcItem::Road(s)) => {
                    assert_eq!(turned(Spot::new(*r, ARC_ROWS[0])), Spot::new(*s, ARC_ROWS[1]))
                }
                (ArcItem::Rocket(i), ArcItem::Rocket(j)) => assert_eq!(i + j, 2),
                (ArcItem::Airfield(i), ArcItem::Airfield(j)) => assert_eq!(i + j, 1),
                _ => panic!("arcs differ: {a:?} {b:?}"),
            }
        }
    }

    #[test]
    fn arcs_list_the_road_circles_left_to_right() {
        for side in 0..2u8 {
            let xs: Vec<u16> = ARCS[usize::from(side)]
                .iter()
                .filter_map(|item| match item {
                    ArcItem::Road(r) => Some(node_info(arc_node(side, *r)).xy.0),
                    _ => None,
                })
                .collect();
            assert!(xs.windows(2).all(|w| w[0] < w[1]), "side {side}: {xs:?}");
        }
    }

    #[test]
    fn crossings_join_two_roads_and_mines_avoid_them() {
        for (a, b) in CROSSINGS {
            assert_eq!(node(a), node(b));
            assert_eq!(crossing_road(a), Some(b.road));
        }
        for side in 0..2 {
            let mines = mine_nodes(side);
            assert_eq!(mines.len(), 20);
            assert!(mines.iter().all(|m| node_info(*m).spots.len() == 1));
        }
    }
}
