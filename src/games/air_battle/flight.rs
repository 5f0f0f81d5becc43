//! How one aircraft flies, for both editions: which motion sequences it may perform, where they
//! take it, and what happens on the way (spec decisions 2–5).
//!
//! A flight is a list of [`Motion`]s — a «Игрушка» operation is one too (turns first, then the
//! steps), and a «Аэрофото» move is the motions pressed one by one. [`trace`] walks one: it
//! first checks the geometry, which decides legality (never off the board, never through an
//! aircraft, never onto a friendly one, onto an enemy only as an attack the angle allows and
//! only as the flight's last step, and onto the enemy headquarters only as its last step), and
//! then resolves the anti-aircraft fire the edition's way. Legality never depends on AA: flying
//! to one's certain loss is allowed.

use std::sync::LazyLock;

use super::board::{self, AaKind, AaUnit};
use super::position::{Plane, Position};
use super::view::{Dir, Edition, Kind, Motion, Node};
use crate::inline::InlineList;

/// The «Игрушка» operations of a bomber: "2 nodes straight; or two 90° turns; or one turn and 1
/// node forward" — all turns of one operation the same way (decision 3).
const TOY_BOMBER: [&[Motion]; 5] = {
    use Motion::*;
    [&[F, F], &[L, L], &[R, R], &[L, F], &[R, F]]
};

/// The «Игрушка» operations of a fighter: "3 nodes straight; or three turns; or two turns and 1
/// node; or one turn and 2 nodes".
const TOY_FIGHTER: [&[Motion]; 7] = {
    use Motion::*;
    [&[F, F, F], &[L, L, L], &[R, R, R], &[L, L, F], &[R, R, F], &[L, F, F], &[R, F, F]]
};

/// The most «Аэрофото» motions of a kind in one turn: fighter 3, bomber 2.
pub const fn photo_motions(kind: Kind) -> usize {
    match kind {
        Kind::Bomber => 2,
        Kind::Fighter => 3,
    }
}

/// Whether some flight of `plane`, in either edition, could enter `node` on an empty board:
/// besides its own node, the only nodes whose contents can change what it may do.
pub fn may_enter(plane: &Plane, node: Node) -> bool {
    // Asked for every aircraft after every flight, so without branches: an offset outside the
    // window wraps to 7 or more.
    let x = node.0.wrapping_sub(plane.node.0).wrapping_add(REACH as u8);
    let y = node.1.wrapping_sub(plane.node.1).wrapping_add(REACH as u8);
    let side = 2 * REACH as u8 + 1;
    let bit = (u32::from(y) * u32::from(side) + u32::from(x)) % u64::BITS;
    let entered = (reach(plane) >> bit) & 1 != 0;
    (x < side) & (y < side) & entered
}

/// The nodes [`may_enter`] as bits of the square window [`Position::around`] gives around the
/// aircraft: when none holds an aircraft, it flies as on an empty board.
pub fn reach(plane: &Plane) -> u64 {
    ENTERED[plane.kind as usize][plane.facing as usize]
}

/// The nodes of the board in `reach` (bits of the window [`Position::around`] gives) around
/// `centre`: those [`may_enter`] answers for an aircraft on `centre` whose reach it is.
pub fn reached(centre: Node, reach: u64) -> impl Iterator<Item = Node> {
    crate::bits::ones(reach).filter_map(move |bit| {
        let (dx, dy) = ((bit % WINDOW_SIDE) as i16 - REACH, (bit / WINDOW_SIDE) as i16 - REACH);
        board::node_at(i16::from(centre.0) + dx, i16::from(centre.1) + dy)
    })
}

const WINDOW_SIDE: u32 = super::position::WINDOW as u32;

/// The [`board::index`] of every node an aircraft of `kind` on `node` facing `facing` may enter
/// ([`reached`], from a table: asked for every aircraft that moves).
pub fn entered_nodes(kind: Kind, facing: Dir, node: Node) -> &'static [u8] {
    static TABLE: LazyLock<Vec<InlineList<u8, 10>>> = LazyLock::new(|| {
        let mut table = Vec::new();
        for kind in Kind::BOTH {
            for facing in Dir::ALL {
                for node in board::all_nodes() {
                    let reach = ENTERED[kind as usize][facing as usize];
                    table.push(reached(node, reach).map(|n| board::index(n) as u8).collect());
                }
            }
        }
        table
    });
    &TABLE[(kind as usize * 4 + facing as usize) * board::NODES + board::index(node)]
}

/// How far, along x or y, any flight may go: a fighter's three motions.
const REACH: i16 = 3;

// The window of `Position::around` is the one `ENTERED` is written in.
const _: () = assert!(2 * REACH as usize + 1 == super::position::WINDOW);

/// The place of the offset (`dx`, `dy`) in a 7 × 7 window around the aircraft.
const fn window_bit(dx: i16, dy: i16) -> i16 {
    (dy + REACH) * (2 * REACH + 1) + dx + REACH
}

/// The nodes [`may_enter`] by kind (bomber, fighter) and facing, as bits of the window.
const ENTERED: [[u64; 4]; 2] = [entered_by(Kind::Bomber), entered_by(Kind::Fighter)];

const fn entered_by(kind: Kind) -> [u64; 4] {
    let mut by_facing = [0; 4];
    let mut facing = 0;
    while facing < Dir::ALL.len() {
        by_facing[facing] = entered(photo_motions(kind), Dir::ALL[facing].delta());
        facing += 1;
    }
    by_facing
}

/// Every sequence of up to `longest` motions from the centre of the window, facing `heading`,
/// walked on an empty board: [`photo_motions`] covers each «Игрушка» operation too.
const fn entered(longest: usize, heading: (i8, i8)) -> u64 {
    let mut bits = 0u64;
    let mut len = 1;
    while len <= longest {
        // Sequence number `code` in base 3, one digit a motion: forward, one turn, the other.
        let mut code = 0;
        while code < 3usize.pow(len as u32) {
            let (mut x, mut y) = (0, 0);
            let mut heading = (heading.0 as i16, heading.1 as i16);
            let (mut digits, mut i) = (code, 0);
            while i < len {
                match digits % 3 {
                    0 => {
                        (x, y) = (x + heading.0, y + heading.1);
                        bits |= 1 << window_bit(x, y);
                    }
                    1 => heading = (heading.1, -heading.0),
                    _ => heading = (-heading.1, heading.0),
                }
                digits /= 3;
                i += 1;
            }
            code += 1;
        }
        len += 1;
    }
    bits
}

/// The «Игрушка» operations of `kind`; an aircraft that has never moved may only fly straight
/// ahead ("take-off from an airfield is straight ahead only").
pub fn toy_operations(kind: Kind, moved: bool) -> &'static [&'static [Motion]] {
    let all: &'static [&'static [Motion]] = match kind {
        Kind::Bomber => &TOY_BOMBER,
        Kind::Fighter => &TOY_FIGHTER,
    };
    if moved { all } else { &all[..1] }
}

/// Whether `motions` has a shape `plane` may fly in `edition`, before looking at the board.
pub fn shape_allowed(edition: Edition, plane: &Plane, motions: &[Motion]) -> bool {
    match edition {
        Edition::Toy => toy_operations(plane.kind, plane.moved).contains(&motions),
        Edition::Photo => {
            (1..=photo_motions(plane.kind)).contains(&motions.len())
                && (plane.moved || motions[0] == Motion::F)
        }
    }
}

/// How an attacker meets its target: by the direction of the attacker's last step against the
/// way the target faces (decision 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Angle {
    HeadOn,
    Side,
    Tail,
}

pub fn angle(step: Dir, target_facing: Dir) -> Angle {
    if step == target_facing {
        Angle::Tail
    } else if step == target_facing.opposite() {
        Angle::HeadOn
    } else {
        Angle::Side
    }
}

/// "Into its side or its tail — any aircraft; head-on — only a bomber, against a fighter"; in
/// «Игрушка» an aircraft that has not yet taken off can be shot down from any side.
pub fn may_attack(edition: Edition, attacker: Kind, step: Dir, target: &Plane) -> bool {
    if edition == Edition::Toy && !target.moved {
        return true;
    }
    match angle(step, target.facing) {
        Angle::Side | Angle::Tail => true,
        Angle::HeadOn => attacker == Kind::Bomber && target.kind == Kind::Fighter,
    }
}

/// Whether the enemy AA unit `unit` shoots down an aircraft entering its node moving `step`
/// («Игрушка»): a rocket launcher from any side, a gun from its front or a side — from its rear
/// (moving the way it faces, from its owner's side) the aircraft passes.
pub fn toy_fires(unit: &AaUnit, step: Dir) -> bool {
    match unit.kind {
        AaKind::Rocket => true,
        AaKind::Gun => step != unit.facing,
    }
}

/// The motions of one flight, kept inline: a move list names an action per flight, and random
/// play lists hundreds of them per step. Room for four, one more than any legal flight has, so
/// that a too-long sequence is still a value the rules can refuse.
pub type Motions = InlineList<Motion, 4>;

/// A flight's path kept inline: its start and the nodes it enters, at most three.
pub type Path = InlineList<Node, 4>;

/// A legal flight and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flight {
    pub plane: u8,
    pub motions: Motions,
    /// The start, then every node entered up to where the flight ends.
    pub path: Path,
    pub facing: Dir,
    /// The enemy aircraft shot down on arrival at the last node.
    pub shoots_down: Option<u8>,
    /// The enemy AA unit that shoots this aircraft down.
    pub shot_by: Option<AaUnit>,
    /// A bomber arrives on the enemy headquarters (and is not shot down first).
    pub bombs: bool,
    /// No motion may follow: the last step was an attack, or a bomber's arrival on the enemy
    /// headquarters.
    pub closed: bool,
}

impl Flight {
    pub fn end(&self) -> Node {
        *self.path.last().expect("a path holds its start")
    }
}

/// Flies `motions` with aircraft `id` in `edition`: the flight, or `None` if it is not legal —
/// its shape, or its geometry on this board (see the module docs). The aircraft must be in
/// play; whose turn it is is not looked at here.
pub fn trace(position: &Position, edition: Edition, id: u8, motions: &[Motion]) -> Option<Flight> {
    let plane = position.plane(id).filter(|p| !p.lost)?;
    if !shape_allowed(edition, plane, motions) {
        return None;
    }
    walk_shape(position, edition, plane, id, motions)
}

/// [`trace`] of a flight already known to be legal (drawn from an aircraft's flight set, every
/// action random play and search make): its shape is not looked up again, and its path is not
/// walked node by node asking the board about each, but read from a table of where each motion
/// sequence leads ([`Shape`]); only the node it ends on is looked at.
pub fn trace_legal(position: &Position, edition: Edition, id: u8, motions: &[Motion]) -> Flight {
    let plane = &position.planes()[usize::from(id)];
    debug_assert!(trace(position, edition, id, motions).is_some(), "{motions:?}");
    let shape = Shape::of(plane.facing, motions);
    let enemy_hq = board::headquarters(plane.side.other());
    let mut path = Path::one(plane.node);
    let mut facing = shape.facing;
    for &(dx, dy, heading) in &shape.steps[..usize::from(shape.len)] {
        let node = (plane.node.0.wrapping_add_signed(dx), plane.node.1.wrapping_add_signed(dy));
        path.push(node);
        if plane.kind == Kind::Bomber && node == enemy_hq {
            // The headquarters ends a legal flight: as its last motion in «Аэрофото», flown
            // over in «Игрушка» (`Walk::bombed_in_flight`).
            facing = heading;
            break;
        }
    }
    let end = *path.last().expect("a path holds its start");
    let walk = Walk {
        node: end,
        facing,
        target: if path.len() > 1 { position.at(end) } else { None },
        arrived_hq: plane.kind == Kind::Bomber && end == enemy_hq,
    };
    let headings = shape.headings();
    resolve(edition, plane, id, motions, path, &headings[..path.len() - 1], walk)
}

/// Whether the «Аэрофото» flight at `place` (in [`sequence_place`]'s order) of `plane`, one
/// it would have alone on the board (`flight_set::unhindered`), is legal where it stands: each
/// node it enters is empty but the last, which may hold an enemy that its last motion attacks
/// from a way it may (spec decision 2). Only the two or three nodes entered are looked at, read
/// from the table of shapes as [`trace_legal`] reads them.
pub fn photo_allows(position: &Position, plane: &Plane, place: usize) -> bool {
    let shape = Shape::at(plane.facing, place);
    let steps = &shape.steps[..usize::from(shape.len)];
    for (k, &(dx, dy, heading)) in steps.iter().enumerate() {
        let node = (plane.node.0.wrapping_add_signed(dx), plane.node.1.wrapping_add_signed(dy));
        if let Some(other) = position.at(node) {
            let other = &position.planes()[usize::from(other)];
            return k + 1 == steps.len()
                && shape.ends_on_step
                && other.side != plane.side
                && may_attack(Edition::Photo, plane.kind, heading, other);
        }
    }
    true
}

/// Where a motion sequence leads an aircraft on an empty board, by the way it faces at the
/// start: the offset of each node it enters with the heading of the step into it, and the way
/// it faces at the end.
#[derive(Debug, Clone, Copy)]
struct Shape {
    steps: [(i8, i8, Dir); 3],
    len: u8,
    facing: Dir,
    /// The last motion is a step (an attack must be: spec decision 2).
    ends_on_step: bool,
}

impl Shape {
    /// The shape of `motions` (one to three motions) for an aircraft facing `facing`.
    fn of(facing: Dir, motions: &[Motion]) -> &'static Shape {
        Shape::at(facing, sequence_place(motions))
    }

    /// The shape of the sequence at `place` in [`sequence_place`]'s order.
    fn at(facing: Dir, place: usize) -> &'static Shape {
        static TABLE: LazyLock<[[Shape; SEQUENCES]; 4]> = LazyLock::new(|| {
            Dir::ALL.map(|facing| {
                std::array::from_fn(|place| Shape::walked(facing, &sequence_at(place)))
            })
        });
        &TABLE[facing as usize][place]
    }

    /// Walks `motions` from the centre of an empty board, facing `facing`.
    fn walked(facing: Dir, motions: &[Motion]) -> Shape {
        let ends_on_step = motions.last() == Some(&Motion::F);
        let mut shape = Shape { steps: [(0, 0, facing); 3], len: 0, facing, ends_on_step };
        let (mut x, mut y) = (0, 0);
        for motion in motions {
            match motion {
                Motion::L => shape.facing = shape.facing.left(),
                Motion::R => shape.facing = shape.facing.right(),
                Motion::F => {
                    let (dx, dy) = shape.facing.delta();
                    (x, y) = (x + dx, y + dy);
                    shape.steps[usize::from(shape.len)] = (x, y, shape.facing);
                    shape.len += 1;
                }
            }
        }
        shape
    }

    /// The heading of each step, in order.
    fn headings(&self) -> [Dir; 3] {
        self.steps.map(|(_, _, heading)| heading)
    }
}

/// The place of a sequence of one to three motions among all of them, shortest first and of
/// one length F before L before R motion by motion: the order of a «Аэрофото» fighter's
/// flights (`flight_set::sequences`), each motion a base-3 digit.
pub fn sequence_place(motions: &[Motion]) -> usize {
    let digits = motions.iter().fold(0, |value, m| 3 * value + *m as usize);
    LEVEL_START[motions.len()] + digits
}

/// Where the sequences of each length begin in [`sequence_place`]'s order: 0 for one motion, 3
/// for two, 12 for three, and 39 for four (none: past the last).
pub const LEVEL_START: [usize; 5] = [0, 0, 3, 12, 39];

/// How many sequences of one to three motions there are.
const SEQUENCES: usize = LEVEL_START[4];

/// The sequence at `place` (below 39) in [`sequence_place`]'s order.
pub fn sequence_at(place: usize) -> Motions {
    let len = LEVEL_START.iter().rposition(|start| place >= *start).expect("0 starts a level");
    let mut digits = place - LEVEL_START[len];
    let mut motions = [Motion::F; 3];
    for n in (0..len).rev() {
        motions[n] = Motion::ALL[digits % 3];
        digits /= 3;
    }
    Motions::from_slice(&motions[..len])
}

/// The flight of `plane` (aircraft `id`), whose `motions` have an allowed shape, on `position`.
/// Inline: a flight built field by field in a callee and copied out whole was read back before
/// its bytes had landed (a stalled load on every action of random play).
#[inline(always)]
fn walk_shape(
    position: &Position,
    edition: Edition,
    plane: &Plane,
    id: u8,
    motions: &[Motion],
) -> Option<Flight> {
    let mut walk = Walk::start(plane);
    let mut path = Path::one(walk.node);
    // The direction of the step into each entered node, for the AA's angle (on the stack: a
    // legal shape has at most three motions).
    let mut headings = [Dir::N; 4];
    let mut entered = 0;
    for motion in motions {
        if walk.bombed_in_flight(edition) {
            break;
        }
        let heading = walk.facing;
        walk = walk.then(position, edition, plane, *motion)?;
        if *motion == Motion::F {
            path.push(walk.node);
            headings[entered] = heading;
            entered += 1;
        }
    }
    Some(resolve(edition, plane, id, motions, path, &headings[..entered], walk))
}

/// What the flight of `plane` (aircraft `id`) by `motions` does, walked to `walk` by `path`,
/// each node entered by a step heading the way `steps` says: the attack, the AA fire, the
/// bombing.
fn resolve(
    edition: Edition,
    plane: &Plane,
    id: u8,
    motions: &[Motion],
    path: Path,
    steps: &[Dir],
    walk: Walk,
) -> Flight {
    let Walk { node, facing, target, arrived_hq } = walk;
    // In «Игрушка» every node entered is checked, the last included, in order; a plane shot
    // down on entering a node goes no further and neither attacks nor bombs there.
    if edition == Edition::Toy {
        let enemy_aa = |k: usize| {
            board::aa_at(path[k + 1]).filter(|u| u.side != plane.side && toy_fires(u, steps[k]))
        };
        if let Some((k, unit)) = (0..steps.len()).find_map(|k| enemy_aa(k).map(|u| (k, u))) {
            let facing = steps[k];
            let motions = Motions::from_slice(motions);
            return Flight {
                plane: id,
                motions,
                path: Path::from_slice(&path[..k + 2]),
                facing,
                shoots_down: None,
                shot_by: Some(unit),
                bombs: false,
                closed: true,
            };
        }
    }
    // In «Аэрофото» the attack happens on arrival and the AA fires at the end of the move, on
    // the final node, so both aircraft may be lost.
    let shot_by = match edition {
        Edition::Toy => None,
        Edition::Photo => board::zone_of(plane.side.other(), node),
    };
    Flight {
        plane: id,
        motions: Motions::from_slice(motions),
        path,
        facing,
        shoots_down: target,
        shot_by,
        bombs: arrived_hq && shot_by.is_none(),
        closed: target.is_some() || arrived_hq,
    }
}

/// Where a flight's geometry has led so far: the walk [`trace`] and the flight sets
/// ([`super::flight_set`]) share, kept on the stack so that listing and checking flights
/// allocates nothing.
#[derive(Debug, Clone, Copy)]
pub(super) struct Walk {
    pub node: Node,
    pub facing: Dir,
    /// The enemy aircraft on the node the last step entered.
    target: Option<u8>,
    /// A bomber's last step entered the enemy headquarters.
    arrived_hq: bool,
}

impl Walk {
    pub fn start(plane: &Plane) -> Walk {
        Walk { node: plane.node, facing: plane.facing, target: None, arrived_hq: false }
    }

    /// No motion may follow: the last step was an attack or reached the enemy headquarters.
    pub fn closed(&self) -> bool {
        self.target.is_some() || self.arrived_hq
    }

    /// «Игрушка»: a bomber has reached the enemy headquarters part-way through its operation,
    /// which ends there — it flew over it and bombed it (decision 5: "it is a corner, so there
    /// is nothing to fly on to"), so the rest of the operation, which could only leave the
    /// grid past the corner, is not flown. An aircraft standing on the headquarters still
    /// blocks the way as on any node: only an operation's last node may be attacked. In
    /// «Аэрофото» the arrival is a motion's end and closes the move ([`Walk::closed`]).
    pub fn bombed_in_flight(&self, edition: Edition) -> bool {
        edition == Edition::Toy && self.arrived_hq && self.target.is_none()
    }

    /// The walk after one more motion of `plane`, or `None` when the motion is not legal here
    /// (the geometry rules of [`trace`]).
    #[inline]
    pub fn then(
        self,
        position: &Position,
        edition: Edition,
        plane: &Plane,
        motion: Motion,
    ) -> Option<Walk> {
        if self.closed() {
            return None;
        }
        let mut next = self;
        match motion {
            Motion::L => next.facing = self.facing.left(),
            Motion::R => next.facing = self.facing.right(),
            Motion::F => {
                next.node = board::step(self.node, self.facing)?;
                if let Some(other) = position.at(next.node) {
                    let other_plane = &position.planes()[usize::from(other)];
                    if other_plane.side == plane.side
                        || !may_attack(edition, plane.kind, self.facing, other_plane)
                    {
                        return None;
                    }
                    next.target = Some(other);
                }
                next.arrived_hq = plane.kind == Kind::Bomber
                    && next.node == board::headquarters(plane.side.other());
            }
        }
        Some(next)
    }

    /// The walk of a whole motion list, or `None` if some motion is not legal.
    pub fn of(
        position: &Position,
        edition: Edition,
        plane: &Plane,
        motions: &[Motion],
    ) -> Option<Walk> {
        motions.iter().try_fold(Walk::start(plane), |walk, m| {
            if walk.bombed_in_flight(edition) {
                return Some(walk);
            }
            walk.then(position, edition, plane, *m)
        })
    }
}
