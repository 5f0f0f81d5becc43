//! How many moves a bomber needs to bomb the enemy headquarters, on an empty board, never
//! ending a move where the enemy AA shoots it down: the computer's sense of how near a side is
//! to winning by bombing.
//!
//! In «Аэрофото» every move must end outside the enemy's danger zones, which cover most of the
//! enemy half; the way to the headquarters is a narrow corridor (decision 1: "the gun at
//! (10,3) leaves bombers a way"). Judged by the straight-line distance, a bomber stopped at
//! the edge of the zones looked as near as one that could go on, and the search sat there: two
//! of four games of strong against random play ended as quiet draws (docs/performance-journal.md).
//! This table gives the true number of moves, by the same [`flight::trace`] the game plays
//! (so the rules live once), found once per process.

use std::sync::LazyLock;

use super::board::{self, NODES};
use super::flight::{self, Flight};
use super::flight_set;
use super::position::{Plane, Position};
use super::view::{Dir, Edition, Kind, Side};

/// No way to the headquarters from here (or none without a loss to AA).
pub const UNREACHABLE: u8 = u8::MAX;

/// A bomber's state as the routes see it: where it stands, the way it faces, whether it has
/// taken off.
fn state(plane: &Plane) -> usize {
    (board::index(plane.node) * Dir::ALL.len() + plane.facing as usize) * 2
        + usize::from(plane.moved)
}

const STATES: usize = NODES * 4 * 2;

/// Moves to the bombing, by side and [`state`]; one table per edition, each found the first
/// time a game of that edition asks (a process that only plays one never builds the other).
type Tables = [Box<[u8]>; 2];
static TOY: LazyLock<Tables> = LazyLock::new(|| Side::BOTH.map(|side| table(Edition::Toy, side)));
static PHOTO: LazyLock<Tables> =
    LazyLock::new(|| Side::BOTH.map(|side| table(Edition::Photo, side)));

fn tables(edition: Edition) -> &'static Tables {
    match edition {
        Edition::Toy => &TOY,
        Edition::Photo => &PHOTO,
    }
}

/// Builds the table of `edition` now, if this process has not yet.
pub fn prepare(edition: Edition) {
    tables(edition);
}

/// The moves `plane` (a bomber) needs to bomb the enemy headquarters in `edition` on an empty
/// board without being shot down on the way, or [`UNREACHABLE`].
pub fn moves_to_bomb(edition: Edition, plane: &Plane) -> u8 {
    tables(edition)[plane.side.index()][state(plane)]
}

/// The most moves any state with a way in needs (the heuristic counts more for none).
#[cfg(test)]
pub fn longest(edition: Edition) -> u8 {
    let tables = tables(edition);
    tables.iter().flat_map(|t| t.iter().copied()).filter(|m| *m != UNREACHABLE).max().unwrap_or(0)
}

/// Where one safe move of a lone bomber leads.
enum Next {
    Bombs,
    To(Plane),
}

/// The safe moves of `plane` alone on the board: every bomber flight of `edition` the game
/// allows from there, except those that end shot down.
fn successors(edition: Edition, plane: &Plane) -> impl Iterator<Item = Next> + '_ {
    let position = Position::from(vec![plane.clone()]);
    flight_set::sequences(edition, Kind::Bomber)
        .iter()
        .filter_map(move |motions| flight::trace(&position, edition, 0, motions))
        .filter(|flight: &Flight| flight.shot_by.is_none())
        .map(|flight| {
            if flight.bombs {
                return Next::Bombs;
            }
            Next::To(Plane {
                node: flight.end(),
                facing: flight.facing,
                moved: true,
                ..plane.clone()
            })
        })
}

/// Every state's moves to the bombing, by value iteration over [`successors`].
fn table(edition: Edition, side: Side) -> Box<[u8]> {
    // Each state's safe moves: the state each leads to, or `None` for the bombing itself.
    let mut next: Vec<Vec<Option<usize>>> = (0..STATES).map(|_| Vec::new()).collect();
    for node in board::all_nodes() {
        for facing in Dir::ALL {
            for moved in [false, true] {
                let plane =
                    Plane { side, kind: Kind::Bomber, number: 1, node, facing, moved, lost: false };
                next[state(&plane)] = successors(edition, &plane)
                    .map(|next| match next {
                        Next::Bombs => None,
                        Next::To(after) => Some(state(&after)),
                    })
                    .collect();
            }
        }
    }
    let mut moves = vec![UNREACHABLE; STATES];
    loop {
        let mut changed = false;
        for (from, options) in next.iter().enumerate() {
            for option in options {
                let after = match option {
                    None => 1,
                    Some(to) => moves[*to].saturating_add(1),
                };
                if after < moves[from] {
                    moves[from] = after;
                    changed = true;
                }
            }
        }
        if !changed {
            return moves.into_boxed_slice();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bomber(side: Side, node: &str, facing: Dir, moved: bool) -> Plane {
        let node = board::parse(node).unwrap();
        Plane { side, kind: Kind::Bomber, number: 1, node, facing, moved, lost: false }
    }

    /// A bomber that can reach the enemy headquarters (North's, l16) in one move bombs in one
    /// move; facing away it needs a turn first.
    #[test]
    fn next_to_the_headquarters() {
        // «Аэрофото»: one step; «Игрушка»: the straight operation is exactly two nodes.
        for (edition, from) in [(Edition::Photo, "l15"), (Edition::Toy, "l14")] {
            let near = bomber(Side::South, from, Dir::N, true);
            assert_eq!(moves_to_bomb(edition, &near), 1, "{edition:?}");
            let away = bomber(Side::South, from, Dir::S, true);
            assert!(moves_to_bomb(edition, &away) >= 2, "{edition:?}");
        }
    }

    /// The value iteration agrees with a breadth-first search over the same safe moves: from
    /// each parked bomber of the start, the search finds the bombing in exactly the table's
    /// number of moves; and the two sides are mirror images.
    #[test]
    fn the_parked_bombers_routes_are_the_shortest() {
        for edition in [Edition::Toy, Edition::Photo] {
            for (_, node) in board::parking(Side::South).filter(|(k, _)| *k == Kind::Bomber) {
                let start = Plane {
                    side: Side::South,
                    kind: Kind::Bomber,
                    number: 1,
                    node,
                    facing: Dir::N,
                    moved: false,
                    lost: false,
                };
                let expected = breadth_first(edition, &start);
                assert_eq!(moves_to_bomb(edition, &start), expected, "{edition:?} {node:?}");
                let mirrored = Plane {
                    side: Side::North,
                    node: board::turned(node),
                    facing: Dir::S,
                    ..start.clone()
                };
                assert_eq!(moves_to_bomb(edition, &mirrored), expected);
            }
        }
    }

    fn breadth_first(edition: Edition, start: &Plane) -> u8 {
        let mut seen = vec![false; STATES];
        let mut layer = vec![start.clone()];
        seen[state(start)] = true;
        for moves in 1..u8::MAX {
            let mut next_layer = Vec::new();
            for plane in &layer {
                for next in successors(edition, plane) {
                    match next {
                        Next::Bombs => return moves,
                        Next::To(after) => {
                            if !std::mem::replace(&mut seen[state(&after)], true) {
                                next_layer.push(after);
                            }
                        }
                    }
                }
            }
            if next_layer.is_empty() {
                return UNREACHABLE;
            }
            layer = next_layer;
        }
        UNREACHABLE
    }
}
