//! Where the aircraft stand: every aircraft of both sides with its node, facing and whether it
//! has ever moved, and a node table to find the one on a node at once (the move generator asks
//! this for every node of every candidate flight). A hand-made position has a short text form
//! for the tests and the docs.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{self, NODES};
use super::view::{Dir, Kind, Node, Side};

/// One aircraft. Its id is its place in [`Position::planes`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plane {
    pub side: Side,
    pub kind: Kind,
    /// Its number among its side's aircraft of its kind, from 1: B1–B6, F1–F10.
    pub number: u8,
    pub node: Node,
    pub facing: Dir,
    /// It has moved at least once, so it is airborne for the rest of the game (decision 3).
    pub moved: bool,
    /// Shot down.
    pub lost: bool,
}

impl Plane {
    pub fn label(&self) -> String {
        format!("{}{}", self.kind.letter(), self.number)
    }
}

/// Every aircraft, lost ones included, and which stands on each node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredPlanes", into = "Vec<Plane>")]
pub struct Position {
    planes: Vec<Plane>,
    /// The id of the aircraft on each node, by [`board::index`]; rebuilt from `planes`.
    on: [Option<u8>; NODES],
    /// The aircraft still in play by side and kind, as bits of their ids (asked after every
    /// flight and before every random action); rebuilt from `planes`.
    in_play: [[u32; 2]; 2],
    /// How many: `in_play` counted (kept: this machine's baseline x86-64 has no popcount
    /// instruction, and the end of the game is looked for after every flight).
    left: [[u8; 2]; 2],
    /// Which nodes hold an aircraft, a row of bits per rank with [`MARGIN`] empty ranks and
    /// files around the board: the move generator tests a whole neighbourhood at once
    /// ([`Position::around`]); rebuilt from `planes`.
    occupied: [u32; board::HEIGHT as usize + 2 * MARGIN],
}

/// Empty ranks and files kept around the board in [`Position`]'s occupancy rows, so that the
/// window of [`Position::around`] never leaves them: a flight's reach.
const MARGIN: usize = 3;

/// The side of [`Position::around`]'s square window.
pub const WINDOW: usize = 2 * MARGIN + 1;

impl From<Vec<Plane>> for Position {
    fn from(planes: Vec<Plane>) -> Position {
        let mut on = [None; NODES];
        let mut in_play = [[0; 2]; 2];
        let mut left = [[0; 2]; 2];
        let mut occupied = [0; board::HEIGHT as usize + 2 * MARGIN];
        for (id, plane) in planes.iter().enumerate().filter(|(_, p)| !p.lost) {
            on[board::index(plane.node)] = Some(id as u8);
            in_play[plane.side.index()][plane.kind as usize] |= 1 << id;
            left[plane.side.index()][plane.kind as usize] += 1;
            mark(&mut occupied, plane.node, true);
        }
        Position { planes, on, in_play, left, occupied }
    }
}

/// A position's aircraft as stored: read back through [`TryFrom`], which checks them.
#[derive(Deserialize)]
#[serde(transparent)]
struct StoredPlanes(Vec<Plane>);

/// A position read back from storage: checked before it is built, so that a damaged record is
/// refused with a reason rather than read into a board the rules cannot hold (two aircraft on a
/// node, one off the board, more aircraft of a kind than a side has): the node table would
/// keep only one of two aircraft on a node, and place one off the board on another node or
/// past its end.
impl TryFrom<StoredPlanes> for Position {
    type Error = PositionError;

    fn try_from(StoredPlanes(planes): StoredPlanes) -> Result<Position, PositionError> {
        let mut held = [false; NODES];
        for (n, plane) in planes.iter().enumerate() {
            let (x, y) = (i16::from(plane.node.0), i16::from(plane.node.1));
            if board::node_at(x, y).is_none() {
                return Err(PositionError::OffBoard(plane.label()));
            }
            let same = planes[..n].iter().filter(|p| p.side == plane.side && p.kind == plane.kind);
            let limit = board::aircraft_of(plane.kind);
            if same.count() >= limit {
                return Err(PositionError::TooMany(plane.label(), limit));
            }
            let on_node = &mut held[board::index(plane.node)];
            if !plane.lost && std::mem::replace(on_node, true) {
                return Err(PositionError::Shared(board::name(plane.node)));
            }
        }
        Ok(Position::from(planes))
    }
}

impl From<Position> for Vec<Plane> {
    fn from(position: Position) -> Vec<Plane> {
        position.planes
    }
}

/// Why a position's text form could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{0:?} is not an aircraft (e.g. Rbe5N, Gfh9S*)")]
    Token(String),
    #[error("two aircraft on {0}")]
    Shared(String),
    #[error("{0} has more than {1} aircraft of one kind")]
    TooMany(String, usize),
    #[error("{0} stands off the board")]
    OffBoard(String),
}

impl Position {
    /// The start: both sides' 16 aircraft parked on their airfields facing the enemy, South's
    /// first, bombers before fighters.
    pub fn start() -> Position {
        let mut planes = Vec::new();
        for side in Side::BOTH {
            let mut numbers = [0u8; 2];
            for (kind, node) in board::parking(side) {
                numbers[kind as usize] += 1;
                let number = numbers[kind as usize];
                let facing = board::forward(side);
                planes.push(Plane { side, kind, number, node, facing, moved: false, lost: false });
            }
        }
        Position::from(planes)
    }

    /// Reads the text form: aircraft separated by spaces, each its side (R red/South, G
    /// green/North), its kind (b bomber, f fighter), its node, its facing (N, E, S, W), and `*`
    /// when it is still parked (has never moved). `Rbe5N Gfe9S*` is a red bomber on e5 facing
    /// north and a parked green fighter on e9 facing south. Aircraft are numbered per side and
    /// kind in the order written.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        let mut planes: Vec<Plane> = Vec::new();
        for token in text.split_whitespace() {
            let bad = || PositionError::Token(token.to_string());
            let mut chars = token.chars();
            let side = match chars.next() {
                Some('R') => Side::South,
                Some('G') => Side::North,
                _ => return Err(bad()),
            };
            let kind = match chars.next() {
                Some('b') => Kind::Bomber,
                Some('f') => Kind::Fighter,
                _ => return Err(bad()),
            };
            let rest = chars.as_str();
            let (rest, parked) = match rest.strip_suffix('*') {
                Some(r) => (r, true),
                None => (rest, false),
            };
            let facing = match rest.chars().last() {
                Some('N') => Dir::N,
                Some('E') => Dir::E,
                Some('S') => Dir::S,
                Some('W') => Dir::W,
                _ => return Err(bad()),
            };
            let node = board::parse(&rest[..rest.len() - 1]).ok_or_else(bad)?;
            if planes.iter().any(|p| p.node == node) {
                return Err(PositionError::Shared(board::name(node)));
            }
            let same = planes.iter().filter(|p| p.side == side && p.kind == kind).count();
            let limit = board::aircraft_of(kind);
            if same >= limit {
                return Err(PositionError::TooMany(token.to_string(), limit));
            }
            let number = same as u8 + 1;
            planes.push(Plane { side, kind, number, node, facing, moved: !parked, lost: false });
        }
        Ok(Position::from(planes))
    }

    pub fn planes(&self) -> &[Plane] {
        &self.planes
    }

    pub fn plane(&self, id: u8) -> Option<&Plane> {
        self.planes.get(usize::from(id))
    }

    /// The ids of the aircraft still in play.
    pub fn flying(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.planes.len() as u8).filter(|id| !self.planes[usize::from(*id)].lost)
    }

    /// The id of the aircraft on `node`, if any.
    pub fn at(&self, node: Node) -> Option<u8> {
        self.on[board::index(node)]
    }

    /// Which of the nodes in the square of side [`WINDOW`] centred on `node` hold an aircraft:
    /// bit `dy * WINDOW + dx` for the node `node + (dx, dy) - (MARGIN, MARGIN)` (off the board:
    /// never).
    pub fn around(&self, node: Node) -> u64 {
        let (x, y) = (u32::from(node.0), usize::from(node.1));
        let mut window = 0;
        for (dy, row) in self.occupied[y..y + WINDOW].iter().enumerate() {
            let files = (u64::from(*row) >> x) & ((1 << WINDOW) - 1);
            window |= files << (dy * WINDOW);
        }
        window
    }

    /// The aircraft on the nodes of `mask`, bits of the window [`Position::around`] gives
    /// around `centre`: each as its bit and its id.
    pub fn near(&self, centre: Node, mask: u64) -> impl Iterator<Item = (usize, u8)> + '_ {
        crate::bits::ones(self.around(centre) & mask).map(move |bit| {
            let bit = bit as usize;
            let offset = |at: usize| (at as u8).wrapping_sub(MARGIN as u8);
            let node = (
                centre.0.wrapping_add(offset(bit % WINDOW)),
                centre.1.wrapping_add(offset(bit / WINDOW)),
            );
            (bit, self.at(node).expect("an occupied node holds an aircraft"))
        })
    }

    /// The aircraft of `side` of `kind` lost so far.
    pub fn lost(&self, side: Side, kind: Kind) -> usize {
        self.planes.iter().filter(|p| p.lost && p.side == side && p.kind == kind).count()
    }

    /// The aircraft of `side` of `kind` still in play.
    pub fn left(&self, side: Side, kind: Kind) -> usize {
        usize::from(self.left[side.index()][kind as usize])
    }

    /// The ids of the aircraft of `side` of `kind` still in play, as bits.
    pub fn in_play(&self, side: Side, kind: Kind) -> u32 {
        self.in_play[side.index()][kind as usize]
    }

    /// Puts aircraft `id` on `node` facing `facing`, airborne from now on.
    pub fn fly(&mut self, id: u8, node: Node, facing: Dir) {
        let plane = &mut self.planes[usize::from(id)];
        self.on[board::index(plane.node)] = None;
        mark(&mut self.occupied, plane.node, false);
        plane.node = node;
        plane.facing = facing;
        plane.moved = true;
        self.on[board::index(node)] = Some(id);
        mark(&mut self.occupied, node, true);
    }

    /// Aircraft `id` is shot down and leaves the board.
    pub fn shoot_down(&mut self, id: u8) {
        let plane = &mut self.planes[usize::from(id)];
        if !plane.lost {
            self.in_play[plane.side.index()][plane.kind as usize] &= !(1 << id);
            self.left[plane.side.index()][plane.kind as usize] -= 1;
        }
        plane.lost = true;
        if self.on[board::index(plane.node)] == Some(id) {
            self.on[board::index(plane.node)] = None;
            mark(&mut self.occupied, plane.node, false);
        }
    }
}

/// Marks `node` in `rows` as holding an aircraft or not.
fn mark(rows: &mut [u32], node: Node, occupied: bool) {
    let (row, bit) = (usize::from(node.1) + MARGIN, 1 << (usize::from(node.0) + MARGIN));
    if occupied { rows[row] |= bit } else { rows[row] &= !bit }
}

/// The text form [`Position::parse`] reads (aircraft in play only).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tokens: Vec<String> = self
            .planes
            .iter()
            .filter(|p| !p.lost)
            .map(|p| {
                let side = if p.side == Side::South { 'R' } else { 'G' };
                let kind = if p.kind == Kind::Bomber { 'b' } else { 'f' };
                let parked = if p.moved { "" } else { "*" };
                format!("{side}{kind}{}{:?}{parked}", board::name(p.node), p.facing)
            })
            .collect();
        f.write_str(&tokens.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stored position is read back only when the rules could hold it: two aircraft on one
    /// node, one off the board, or a seventh bomber of a side is refused with its reason.
    #[test]
    fn a_damaged_record_is_refused() {
        let stored = |position: &Position| serde_json::to_value(position).unwrap();
        let read = |value| serde_json::from_value::<Position>(value);
        let good = Position::parse("Rbe5N Gfe9S* Rfl16W").unwrap();
        assert_eq!(read(stored(&good)).unwrap(), good);

        let mut shared = stored(&good);
        shared[2]["node"] = shared[0]["node"].clone();
        assert!(read(shared).unwrap_err().to_string().contains("e5"));

        let mut off = stored(&good);
        off[1]["node"] = serde_json::json!([12, 3]);
        assert!(read(off).unwrap_err().to_string().contains("off the board"));

        let bombers: Vec<String> =
            (0..6).map(|x| format!("Rb{}2N", char::from(b'a' + x))).collect();
        let mut seven = stored(&Position::parse(&bombers.join(" ")).unwrap());
        let mut extra = seven[0].clone();
        extra["node"] = serde_json::json!([6, 1]);
        seven.as_array_mut().unwrap().push(extra);
        assert!(read(seven).unwrap_err().to_string().contains("more than 6"));

        // A lost aircraft keeps the node it was lost on, which another may hold since.
        let mut lost_there = stored(&good);
        lost_there[2]["node"] = lost_there[0]["node"].clone();
        lost_there[2]["lost"] = serde_json::json!(true);
        assert!(read(lost_there).is_ok());
    }

    #[test]
    fn text_form_round_trips() {
        let p = Position::parse("Rbe5N Gfe9S* Rfl16W").unwrap();
        assert_eq!(p.to_string(), "Rbe5N Gfe9S* Rfl16W");
        assert_eq!(p.at((4, 8)), Some(1));
        assert_eq!(p.plane(2).unwrap().label(), "F1");
        assert!(Position::parse("Rbe5N Gbe5S").is_err());
        assert!(Position::parse("Xbe5N").is_err());
        let start = Position::start();
        assert_eq!(start.planes().len(), 32);
        assert_eq!(Position::parse(&start.to_string()).unwrap(), start);
    }
}
