//! Where the tanks stand.
//!
//! A position is a 121-cell grid because move generation asks "who stands here?" thousands of
//! times per game and a grid answers in one index. Its text form, a list such as
//! `Wk1 wg1 wh2 Ba11 bc3` (`W`/`B` a commander, `w`/`b` an ordinary tank), is what a saved
//! state stores and what tests and fixtures write, so a position reads at a glance and a
//! hand-made one cannot silently put a tank on a mine. Every change of a square goes through one
//! place, which also keeps each tank's move counts ([`Counts`]) in step.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board;
use super::counts::Counts;
use super::geometry::{CELLS, GEOMETRY, Index, index, square};
use super::view::Square;
use crate::game::Seat;
use crate::grid::{FileSet, FileSetIter};

/// The two armies. White sits in seat 0 and moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// 0 for White, 1 for Black: the numbering of `board` and the view.
    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn seat(self) -> Seat {
        usize::from(self.index())
    }

    pub fn from_seat(seat: Seat) -> Option<Side> {
        match seat {
            0 => Some(Side::White),
            1 => Some(Side::Black),
            _ => None,
        }
    }

    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// Whether `sq` belongs to the opponent's base, the place this side wants to reach.
    pub fn is_target_base(self, sq: Square) -> bool {
        self.is_target_base_at(index(sq))
    }

    /// [`Side::is_target_base`] by grid index.
    pub fn is_target_base_at(self, at: Index) -> bool {
        GEOMETRY.base_of(at) == Some(self.opponent().index())
    }
}

/// One tank: whose it is and whether it is the side's commander.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tank {
    pub side: Side,
    pub commander: bool,
}

impl Tank {
    pub fn ordinary(side: Side) -> Tank {
        Tank { side, commander: false }
    }

    pub fn commander(side: Side) -> Tank {
        Tank { side, commander: true }
    }

    fn letter(self) -> char {
        match (self.side, self.commander) {
            (Side::White, true) => 'W',
            (Side::White, false) => 'w',
            (Side::Black, true) => 'B',
            (Side::Black, false) => 'b',
        }
    }

    fn from_letter(letter: char) -> Option<Tank> {
        let side = if letter.eq_ignore_ascii_case(&'w') { Side::White } else { Side::Black };
        match letter {
            'W' | 'B' => Some(Tank::commander(side)),
            'w' | 'b' => Some(Tank::ordinary(side)),
            _ => None,
        }
    }

    /// The points this tank is worth standing on `sq`: 3 for a commander on the opponent
    /// commander's start square, 2 anywhere else in the opponent's base, 1 elsewhere (its own
    /// base included).
    pub fn points_at(self, sq: Square) -> i64 {
        let opponent = self.side.opponent();
        if !self.side.is_target_base(sq) {
            1
        } else if self.commander && sq == board::commander_start(opponent.index()) {
            3
        } else {
            2
        }
    }
}

/// How many tanks a side owns at the start: 13 ordinary and one commander.
pub const ARMY: usize = 14;

/// Why a position text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("`{0}` is not a tank letter (W, w, B, b) followed by a square")]
    Token(String),
    #[error("{0} is a mine")]
    Mine(String),
    #[error("an ordinary tank cannot stand in the contaminated zone ({0})")]
    Zone(String),
    #[error("two tanks on {0}")]
    Twice(String),
    #[error("a side has more than one commander or more than {ARMY} tanks")]
    TooMany,
}

/// The tanks on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Position {
    cells: [Option<Tank>; CELLS],
    /// `listed[side]`: the squares of that side's tanks — the same facts as `cells`, kept so
    /// that listing an army (every choice list, every end check) visits its tanks, not the
    /// whole grid.
    listed: [FileSet; 2],
    /// Each tank's moves, ray by ray — derived from `cells` like `listed`, and not part of the
    /// text form: reading a position back rebuilds them square by square.
    counts: Counts,
}

impl Position {
    pub fn empty() -> Position {
        Position {
            cells: [None; CELLS],
            listed: [FileSet::default(); 2],
            counts: Counts::default(),
        }
    }

    /// Sets the tank on grid index `at`, keeping `listed` and `counts` in step; returns the one
    /// it replaces.
    fn put(&mut self, at: Index, tank: Option<Tank>) -> Option<Tank> {
        let old = std::mem::replace(&mut self.cells[at], tank);
        if let Some(old) = old {
            self.listed[usize::from(old.side.index())].remove(at);
            self.counts.clear(at, old.side);
        }
        if let Some(new) = tank {
            self.listed[usize::from(new.side.index())].insert(at);
        }
        self.counts.refresh_around(&self.cells, self.listed, at);
        old
    }

    /// Each side's fourteen tanks on its fourteen base squares, the commander in the corner.
    pub fn start() -> Position {
        let mut position = Position::empty();
        for side in Side::BOTH {
            for sq in board::base_squares(side.index()) {
                let commander = sq == board::commander_start(side.index());
                position.put(index(sq), Some(Tank { side, commander }));
            }
        }
        position
    }

    pub fn get(&self, sq: Square) -> Option<Tank> {
        self.cells[index(sq)]
    }

    /// The tank on the square with grid index `at`.
    pub fn at(&self, at: Index) -> Option<Tank> {
        self.cells[at]
    }

    /// Moves the tank on `from` to `to`, returning the tank that stood on `to` (captured).
    pub fn move_tank(&mut self, from: Square, to: Square) -> Option<Tank> {
        let tank = self.put(index(from), None);
        self.put(index(to), tank)
    }

    /// Every tank with its square, file by file (a1, a2, … a11, b1, …), the order in which a
    /// player finds a square name among buttons.
    pub fn tanks(&self) -> Tanks<'_> {
        let [white, black] = self.listed;
        Tanks { cells: &self.cells, order: white.union(black).iter() }
    }

    /// The tanks of one side, in the same order.
    pub fn army(&self, side: Side) -> Tanks<'_> {
        Tanks { cells: &self.cells, order: self.listed[usize::from(side.index())].iter() }
    }

    /// The squares of `side`'s tanks, as a set.
    pub fn army_set(&self, side: Side) -> FileSet {
        self.listed[usize::from(side.index())]
    }

    /// Each tank's moves, kept up to date.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The points `side` would score if the game ended now.
    pub fn points(&self, side: Side) -> i64 {
        self.army(side).map(|(sq, tank)| tank.points_at(sq)).sum()
    }

    /// Reads the text form, e.g. `Wk1 wg1 Ba11 bc3`; tokens may be separated by spaces or
    /// commas.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        let mut position = Position::empty();
        let tokens = text.split([' ', ',', '\n', '\t']).filter(|t| !t.is_empty());
        for token in tokens {
            let (sq, tank) = parse_token(token)?;
            position.place(sq, tank)?;
        }
        position.check_armies()?;
        Ok(position)
    }

    fn place(&mut self, sq: Square, tank: Tank) -> Result<(), PositionError> {
        if board::is_mine(sq) {
            return Err(PositionError::Mine(board::name(sq)));
        }
        if board::is_zone(sq) && !tank.commander {
            return Err(PositionError::Zone(board::name(sq)));
        }
        if self.cells[index(sq)].is_some() {
            return Err(PositionError::Twice(board::name(sq)));
        }
        self.put(index(sq), Some(tank));
        Ok(())
    }

    fn check_armies(&self) -> Result<(), PositionError> {
        for side in Side::BOTH {
            let commanders = self.army(side).filter(|(_, t)| t.commander).count();
            if commanders > 1 || self.army(side).count() > ARMY {
                return Err(PositionError::TooMany);
            }
        }
        Ok(())
    }
}

/// The tanks of a position, or of one side, file by file: move generation walks it for every
/// choice list.
#[derive(Debug, Clone)]
pub struct Tanks<'a> {
    cells: &'a [Option<Tank>; CELLS],
    order: FileSetIter,
}

impl Iterator for Tanks<'_> {
    type Item = (Square, Tank);

    fn next(&mut self) -> Option<(Square, Tank)> {
        let at = self.order.next()?;
        Some((square(at), self.cells[at].expect("a listed square holds a tank")))
    }
}

fn parse_token(token: &str) -> Result<(Square, Tank), PositionError> {
    let mut chars = token.chars();
    let tank = chars.next().and_then(Tank::from_letter);
    let sq = board::parse(chars.as_str());
    match (tank, sq) {
        (Some(tank), Some(sq)) => Ok((sq, tank)),
        _ => Err(PositionError::Token(token.to_string())),
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (sq, tank)) in self.tanks().enumerate() {
            let gap = if i == 0 { "" } else { " " };
            write!(f, "{gap}{}{}", tank.letter(), board::name(sq))?;
        }
        Ok(())
    }
}

impl From<Position> for String {
    fn from(position: Position) -> String {
        position.to_string()
    }
}

impl TryFrom<String> for Position {
    type Error = PositionError;
    fn try_from(text: String) -> Result<Position, PositionError> {
        Position::parse(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips() {
        let start = Position::start();
        assert_eq!(Position::parse(&start.to_string()).unwrap(), start);
        let small = Position::parse("Wf6, wa1 bc3").unwrap();
        assert_eq!(small.to_string(), "wa1 bc3 Wf6");
    }

    #[test]
    fn refuses_impossible_positions() {
        assert_eq!(Position::parse("wb5"), Err(PositionError::Mine("b5".into())));
        assert_eq!(Position::parse("wf6"), Err(PositionError::Zone("f6".into())));
        assert_eq!(Position::parse("wa1 ba1"), Err(PositionError::Twice("a1".into())));
        assert_eq!(Position::parse("Wa1 Wa2"), Err(PositionError::TooMany));
        assert!(matches!(Position::parse("xa1"), Err(PositionError::Token(_))));
        assert!(matches!(Position::parse("wz1"), Err(PositionError::Token(_))));
    }
}
