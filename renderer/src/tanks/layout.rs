//! Where the «Идут танки» board sits in the picture. The core's `board.rs` gives every circle,
//! airfield and rocket stand a position in an abstract 1000 × 1400 layout; the picture maps it
//! onto a 900 × 1200 px board: x scaled by 0.9 (the layout's width is the picture's), y so that
//! the 25 rows of circles are [`PITCH`] px apart with row 0 (Red's big circles) [`TOP`] px from
//! the top. Everything else — roads, rivers, arcs, tallies — is placed from those points.

use std::sync::OnceLock;

use igroteka::games::tanks::board::{
    self, AIRFIELD_XY, ARC_ROWS, ARCS, ArcItem, LAST, NodeId, RIVER_Y, ROADS, ROCKET_XY, Spot,
};

use crate::shapes::{Pt, smooth};

/// Picture width in pixels.
pub const WIDTH: u32 = 900;
/// Height of the board area (the status strip goes under it).
pub const BOARD: u32 = 1200;
/// Pixels between two rows of circles.
pub const PITCH: f32 = 46.0;
/// The y of row 0 (Red's big circles).
pub const TOP: f32 = 48.0;

/// Radius of an ordinary road circle.
pub const CIRCLE: f32 = 13.0;
/// Radius of a crossing circle (shared by two roads).
pub const CROSSING: f32 = 17.0;
/// Radius of a big circle (R1–R4, G1–G4).
pub const BIG: f32 = 27.0;
/// Radius of a rocket stand.
pub const ROCKET: f32 = 18.0;
/// Half the height of a river band.
pub const RIVER: f32 = 15.0;

const SX: f32 = WIDTH as f32 / board::WIDTH as f32;

/// An abstract layout point in pixels.
pub fn px(xy: (u16, u16)) -> Pt {
    let row = f32::from(board::row_y(1) - board::row_y(0));
    let sy = PITCH / row;
    (f32::from(xy.0) * SX, TOP + (f32::from(xy.1) - f32::from(board::row_y(0))) * sy)
}

/// The y of row `index`.
pub fn row(index: f32) -> f32 {
    TOP + PITCH * index
}

fn centres() -> &'static [Pt] {
    static CENTRES: OnceLock<Vec<Pt>> = OnceLock::new();
    CENTRES.get_or_init(|| board::nodes().iter().map(|n| px(n.xy)).collect())
}

/// The centre of circle `id`; `None` for an id the board does not have (a bad view).
pub fn node(id: NodeId) -> Option<Pt> {
    centres().get(usize::from(id)).copied()
}

/// The radius circle `id` is drawn with.
pub fn radius(id: NodeId) -> f32 {
    let info = board::node_info(id);
    let index = info.spots[0].index;
    if index == 0 || index == LAST {
        BIG
    } else if info.spots.len() > 1 {
        CROSSING
    } else {
        CIRCLE
    }
}

/// Whether `id` is a valid circle.
pub fn valid(id: NodeId) -> bool {
    usize::from(id) < board::nodes().len()
}

/// The centres along road `road`, from Red's end to Green's.
pub fn road(road: u8) -> Vec<Pt> {
    (0..=LAST).map(|i| centres()[usize::from(board::node(Spot::new(road, i)))]).collect()
}

/// The smoothed line of every road.
pub fn road_lines() -> Vec<Vec<Pt>> {
    (0..ROADS).map(|r| smooth(&road(r), 6)).collect()
}

/// The y of river `k` (0 in Red's half, 1 in Green's).
pub fn river(k: usize) -> f32 {
    px((0, RIVER_Y[k])).1
}

/// Airfield `k` (0 screen left, 1 screen right) of `side`.
pub fn airfield(side: u8, k: u8) -> Pt {
    px(AIRFIELD_XY[usize::from(side.min(1))][usize::from(k.min(1))])
}

/// Rocket stand `k` of `owner`.
pub fn rocket(owner: u8, k: usize) -> Pt {
    px(ROCKET_XY[usize::from(owner.min(1))][k.min(2)])
}

/// Where a rocket's label tag goes: beside the stand, towards the middle of the board.
pub fn rocket_tag(owner: u8, k: usize) -> Pt {
    let (x, y) = rocket(owner, k);
    let dy = ROCKET + 14.0;
    if owner == 0 { (x, y + dy) } else { (x, y - dy) }
}

/// The points a plane of `side` flies through, from airfield 0 to airfield 1: airfields, the
/// opponent's rocket stands and the road circles on row [`ARC_ROWS`]`[side]`.
pub fn arc_points(side: u8) -> Vec<(ArcItem, Pt)> {
    let side = side.min(1);
    ARCS[usize::from(side)]
        .iter()
        .map(|item| {
            let p = match *item {
                ArcItem::Airfield(k) => airfield(side, k),
                ArcItem::Rocket(k) => rocket(1 - side, usize::from(k)),
                ArcItem::Road(road) => {
                    let id = board::node(Spot::new(road, ARC_ROWS[usize::from(side)]));
                    centres()[usize::from(id)]
                }
            };
            (*item, p)
        })
        .collect()
}

/// The smoothed arc of `side`'s planes, from airfield 0 to airfield 1.
pub fn arc_line(side: u8) -> Vec<Pt> {
    let points: Vec<Pt> = arc_points(side).into_iter().map(|(_, p)| p).collect();
    smooth(&points, 10)
}

/// The box in a side's home corner for its pieces off the field (arrived and destroyed tanks,
/// lost planes): Red's top left, Green's bottom right. Returns (min, max).
pub fn tally(side: u8) -> (Pt, Pt) {
    let (w, h) = (132.0, 96.0);
    if side == 0 {
        ((8.0, 8.0), (8.0 + w, 8.0 + h))
    } else {
        let (right, bottom) = (WIDTH as f32 - 8.0, BOARD as f32 - 8.0);
        ((right - w, bottom - h), (right, bottom))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_fills_the_width_and_rows_are_evenly_spaced() {
        assert_eq!(px((board::WIDTH, 0)).0, WIDTH as f32);
        for i in 0..=LAST {
            let id = board::node(Spot::new(0, i));
            assert_eq!(node(id).unwrap().1, row(f32::from(i)));
        }
        assert!(row(f32::from(LAST)) + BIG < BOARD as f32 - 8.0);
        assert_eq!(node(200), None);
    }

    #[test]
    fn no_two_circles_overlap_and_everything_is_on_the_board() {
        let n = board::nodes().len();
        for a in 0..n {
            let pa = node(a as NodeId).unwrap();
            let ra = radius(a as NodeId);
            assert!(pa.0 - ra > 0.0 && pa.0 + ra < WIDTH as f32, "{a}");
            for b in a + 1..n {
                let pb = node(b as NodeId).unwrap();
                let d = ((pa.0 - pb.0).powi(2) + (pa.1 - pb.1).powi(2)).sqrt();
                assert!(d > ra + radius(b as NodeId) + 4.0, "{a} {b}: {d}");
            }
            for owner in 0..2 {
                for k in 0..3 {
                    let r = rocket(owner, k);
                    let d = ((pa.0 - r.0).powi(2) + (pa.1 - r.1).powi(2)).sqrt();
                    assert!(d > ra + ROCKET + 2.0, "{a} and rocket {owner}/{k}: {d}");
                }
            }
        }
    }

    #[test]
    fn the_arcs_pass_through_the_airfields_and_the_opponents_rockets() {
        for side in 0..2u8 {
            let points = arc_points(side);
            assert_eq!(points.first().unwrap().1, airfield(side, 0));
            assert_eq!(points.last().unwrap().1, airfield(side, 1));
            let rockets = points.iter().filter(|(i, _)| matches!(i, ArcItem::Rocket(_))).count();
            assert_eq!(rockets, 3);
        }
    }
}
