//! What a viewer sees of a game of «Воздушный бой», and the small values the whole game speaks
//! in (nodes, directions, sides, kinds of aircraft). The game has no secrets (spec decision 9),
//! so every viewer gets the same picture; only the preview follows the current selection.
//!
//! The fixed board — headquarters, airfields, AA units with their facings, the «Аэрофото»
//! danger zones — is not repeated here: it never changes, and [`super::board`] holds it for the
//! rules and the renderer alike. The preview carries everything the board needs to show a
//! move before it is confirmed: the path so far, where it ends and which way the aircraft will
//! face, what it would shoot down, and what would shoot it down.

use serde::{Deserialize, Serialize};

use super::board::AaUnit;
use crate::game::Seat;

/// A node as (x, y), both 0-based: x 0–11 is the file (a–l), y 0–15 the rank (1–16); South's
/// headquarters is (0, 0).
pub type Node = (u8, u8);

/// The four ways an aircraft or an AA unit can face, as the board is drawn (North up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// One step this way as (dx, dy).
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }

    /// After a 90° turn to the left (↺).
    pub fn left(self) -> Dir {
        Dir::ALL[(self as usize + 3) % 4]
    }

    /// After a 90° turn to the right (↻).
    pub fn right(self) -> Dir {
        Dir::ALL[(self as usize + 1) % 4]
    }

    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 4]
    }
}

/// A side: Red plays South and moves first, Green plays North.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South (Red), 1 for North (Green).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The two kinds of aircraft.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    #[default]
    Bomber,
    Fighter,
}

impl Kind {
    pub const BOTH: [Kind; 2] = [Kind::Bomber, Kind::Fighter];

    /// The letter an aircraft's label starts with: B1–B6, F1–F10.
    pub fn letter(self) -> char {
        match self {
            Kind::Bomber => 'B',
            Kind::Fighter => 'F',
        }
    }
}

/// The two editions: the lobby's `edition` setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Edition {
    /// «Игрушка»: one aircraft a turn, one whole operation.
    Toy,
    /// «Аэрофото»: a fighter and a bomber a turn, motion by motion.
    Photo,
}

/// Who sits where: decided by the number of players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// Two players: seat 0 commands Red (South), seat 1 Green (North).
    Duel,
    /// Two against two: seats 0 Red bombers, 1 Red fighters, 2 Green bombers, 3 Green
    /// fighters.
    Teams,
}

/// One motion: a step one node forward, or a 90° turn in place. A «Игрушка» operation is a
/// sequence of them too (turns first, then steps).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Motion {
    /// ↑ one node forward.
    #[default]
    F,
    /// ↺ a 90° turn to the left.
    L,
    /// ↻ a 90° turn to the right.
    R,
}

impl Motion {
    pub const ALL: [Motion; 3] = [Motion::F, Motion::L, Motion::R];

    /// The letter a typed move uses and the button's key: F, L, R.
    pub fn key(self) -> &'static str {
        match self {
            Motion::F => "F",
            Motion::L => "L",
            Motion::R => "R",
        }
    }

    /// The arrow the button and the board show.
    pub fn arrow(self) -> &'static str {
        match self {
            Motion::F => "↑",
            Motion::L => "↺",
            Motion::R => "↻",
        }
    }

    pub fn from_key(key: &str) -> Option<Motion> {
        Motion::ALL.into_iter().find(|m| m.key().eq_ignore_ascii_case(key))
    }
}

/// An aircraft on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaneView {
    /// Its number in the game's actions.
    pub id: u8,
    pub side: Side,
    pub kind: Kind,
    /// Its name on the board and its button: B1–B6, F1–F10 (each side has its own).
    pub label: String,
    pub node: Node,
    pub facing: Dir,
    /// Still on its airfield, never moved.
    pub parked: bool,
    /// It may be picked now by someone whose turn it is.
    pub pickable: bool,
}

/// What shot an aircraft down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shooter {
    /// An enemy aircraft arriving on its node (by the attacker's id).
    Aircraft(u8),
    /// An AA unit: in «Игрушка» the one on the node it entered, in «Аэрофото» the one whose
    /// danger zone covers the node it stopped on.
    Aa(AaUnit),
}

/// One aircraft's flight: a move played, or the preview of one being chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightView {
    pub plane: u8,
    pub side: Side,
    pub kind: Kind,
    pub label: String,
    /// The motions, as the buttons name them (F, L, R).
    pub motions: String,
    /// Where it started, then every node it entered, in order (a flight of turns only has the
    /// start alone).
    pub path: Vec<Node>,
    /// The way it faces at the end.
    pub facing: Dir,
    /// The node where it ends: the last of the path, or where AA shot it down.
    pub end: Node,
    /// The enemy aircraft it shoots down (by id) on arriving at its node.
    pub shoots_down: Option<u8>,
    /// What shoots it down, if anything.
    pub shot_by: Option<AaUnit>,
    /// It bombs the enemy headquarters.
    pub bombs: bool,
}

/// One of the operations the picked aircraft may perform («Игрушка»), with where it leads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionView {
    /// The button key (e.g. "LF"), its arrows on the button ("↺↑").
    pub key: String,
    pub flight: FlightView,
}

/// One side: its seats and its losses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    pub side: Side,
    /// The seats commanding it: one, or the bomber commander then the fighter commander.
    pub seats: Vec<Seat>,
    pub bombers_lost: u8,
    pub fighters_lost: u8,
    pub resigned: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub edition: Edition,
    pub form: Form,
    /// Every aircraft still flying or parked, by id.
    pub planes: Vec<PlaneView>,
    /// South then North.
    pub sides: Vec<SideView>,
    /// The side whose turn it is; none once the game is over.
    pub to_move: Option<Side>,
    /// «Аэрофото»: the kinds the side to move has already moved or passed this turn.
    pub done: Vec<Kind>,
    /// The turn being played (1-based; each side's turn is one), or the number played once
    /// over.
    pub turn: u32,
    /// Turns in a row with nobody shot down, and the count that draws the game.
    pub quiet: u32,
    pub quiet_limit: u32,
    /// The flights of the last turn that had any (one in «Игрушка», up to two in «Аэрофото»).
    pub last: Vec<FlightView>,
    /// The picked aircraft, if any.
    pub selected: Option<u8>,
    /// The flight chosen so far: in «Игрушка» once an operation is picked, in «Аэрофото» the
    /// motions pressed so far.
    pub preview: Option<FlightView>,
    /// «Игрушка»: every operation the picked aircraft may perform, with where it leads.
    pub options: Vec<OptionView>,
    /// The winner once over (none for a draw).
    pub winner: Option<Side>,
    pub over: bool,
}

impl View {
    /// The board without what only a player choosing a move needs: the marks of what may be
    /// picked now and of where a pick may go ([`crate::view::AnyView::settled`]).
    pub fn settle(&mut self) {
        for plane in &mut self.planes {
            plane.pickable = false;
        }
        self.selected = None;
        self.preview = None;
        self.options.clear();
    }
}
