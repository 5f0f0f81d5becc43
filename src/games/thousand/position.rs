//! Where the pawns stand.
//!
//! Pawns of one colour are interchangeable, so a position is a 121-cell grid of colours: move
//! generation asks "whose pawn is here?" thousands of times per game and a grid answers in one
//! index. Its text form, a list such as `Sa1 Sc3 Ed4 Nk11` (the colour's letter S, E, N or W,
//! then the square), is what a saved state stores and what tests write, so a position reads at a
//! glance and a hand-made one cannot put a pawn where its colour may never stand.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{self, COLOURS, LETTERS, PAWNS};
use super::geometry::{CELLS, GEOMETRY, Ground, Index, index, square};
use super::view::{Colour, Square};
use crate::grid::FileSet;

/// Why a position text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("`{0}` is not a colour letter (S, E, N, W) followed by a square")]
    Token(String),
    #[error("a pawn of {0} can never stand on {1}")]
    Ground(char, String),
    #[error("two pawns on {0}")]
    Twice(String),
    #[error("{0} has more than {PAWNS} pawns")]
    TooMany(char),
}

/// The pawns on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Position {
    cells: [Option<Colour>; CELLS],
    /// `listed[colour]`: the squares of that colour's pawns — the same facts as `cells`, kept
    /// so that listing one colour's pawns (which move generation, the end check and the charge
    /// for a missed jump do after every action) visits its nine pawns, not the whole grid.
    listed: [FileSet; COLOURS as usize],
}

impl Position {
    pub fn empty() -> Position {
        Position { cells: [None; CELLS], listed: [FileSet::default(); COLOURS as usize] }
    }

    /// Sets the pawn on grid index `at`, keeping `listed` in step.
    fn put(&mut self, at: Index, colour: Option<Colour>) {
        if let Some(old) = self.cells[at] {
            self.listed[usize::from(old)].remove(at);
        }
        if let Some(new) = colour {
            self.listed[usize::from(new)].insert(at);
        }
        self.cells[at] = colour;
    }

    /// Nine pawns of each of `colours` on their start fields.
    pub fn start(colours: &[Colour]) -> Position {
        let mut position = Position::empty();
        for &colour in colours {
            for sq in board::field_squares(colour) {
                position.put(index(sq), Some(colour));
            }
        }
        position
    }

    pub fn get(&self, sq: Square) -> Option<Colour> {
        self.cells[index(sq)]
    }

    /// The pawn on the square with grid index `at`.
    pub fn at(&self, at: Index) -> Option<Colour> {
        self.cells[at]
    }

    /// Moves the pawn on `from` to the free square `to`.
    pub fn move_pawn(&mut self, from: Square, to: Square) {
        debug_assert!(self.get(to).is_none(), "pawns never capture");
        let colour = self.cells[index(from)];
        self.put(index(from), None);
        self.put(index(to), colour);
    }

    /// Every pawn with its square, file by file (a1, a2, … a11, b1, …): the order in which a
    /// player finds a square name among buttons.
    pub fn pawns(&self) -> impl Iterator<Item = (Square, Colour)> + '_ {
        self.occupied().iter().filter_map(|at| self.cells[at].map(|colour| (square(at), colour)))
    }

    /// The squares of one colour's pawns, as a set.
    pub fn pawn_set(&self, colour: Colour) -> FileSet {
        self.listed.get(usize::from(colour)).copied().unwrap_or_default()
    }

    /// The squares of every pawn, as a set.
    pub fn occupied(&self) -> FileSet {
        self.listed.iter().fold(FileSet::default(), |all, set| all.union(*set))
    }

    /// The squares of one colour's pawns, in the same order.
    pub fn pawns_of(&self, colour: Colour) -> impl Iterator<Item = Square> + use<> {
        self.pawn_set(colour).iter().map(square)
    }

    /// How many pawns of `colour` stand on ground `ground` (as that colour sees it).
    pub fn count_on(&self, colour: Colour, ground: Ground) -> usize {
        self.pawns_of(colour).filter(|sq| GEOMETRY.ground(colour, index(*sq)) == ground).count()
    }

    /// Reads the text form, e.g. `Sa1 Sc3 Nk11`; tokens may be separated by spaces or commas.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        let mut position = Position::empty();
        let mut counts = [0usize; LETTERS.len()];
        for token in text.split([' ', ',', '\n', '\t']).filter(|t| !t.is_empty()) {
            let mut chars = token.chars();
            let letter = chars.next().map(|c| c.to_ascii_uppercase());
            let colour = LETTERS.iter().position(|l| Some(*l) == letter);
            let (Some(colour), Some(sq)) = (colour, board::parse(chars.as_str())) else {
                return Err(PositionError::Token(token.to_string()));
            };
            let letter = LETTERS[colour];
            if GEOMETRY.ground(colour as Colour, index(sq)) == Ground::Off {
                return Err(PositionError::Ground(letter, board::name(sq)));
            }
            if position.get(sq).is_some() {
                return Err(PositionError::Twice(board::name(sq)));
            }
            counts[colour] += 1;
            if counts[colour] > PAWNS {
                return Err(PositionError::TooMany(letter));
            }
            position.put(index(sq), Some(colour as Colour));
        }
        Ok(position)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (sq, colour)) in self.pawns().enumerate() {
            let gap = if i == 0 { "" } else { " " };
            write!(f, "{gap}{}{}", LETTERS[usize::from(colour)], board::name(sq))?;
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
        let start = Position::start(&[0, 1, 2, 3]);
        assert_eq!(Position::parse(&start.to_string()).unwrap(), start);
        assert_eq!(start.pawns().count(), 36);
        let small = Position::parse("Nk11, sa1 Ee5").unwrap();
        assert_eq!(small.to_string(), "Sa1 Ee5 Nk11");
    }

    #[test]
    fn the_pawn_lists_follow_the_grid() {
        let mut position = Position::start(&[0, 2]);
        position.move_pawn((2, 2), (3, 3));
        for colour in 0..COLOURS {
            let scanned: Vec<Square> = (0..CELLS)
                .map(crate::grid::file_place)
                .filter(|at| position.at(*at) == Some(colour))
                .map(square)
                .collect();
            assert_eq!(position.pawns_of(colour).collect::<Vec<_>>(), scanned);
        }
    }

    #[test]
    fn refuses_impossible_positions() {
        assert_eq!(Position::parse("Se1"), Err(PositionError::Ground('S', "e1".into())));
        // d4 is on a lane of S and N only; e5, where two lanes cross, serves every colour.
        assert_eq!(Position::parse("Wd4"), Err(PositionError::Ground('W', "d4".into())));
        assert!(Position::parse("Se5 Ee5").is_err() && Position::parse("Ee5").is_ok());
        assert_eq!(Position::parse("Sa1 Na1"), Err(PositionError::Twice("a1".into())));
        assert_eq!(Position::parse("Sk1"), Err(PositionError::Ground('S', "k1".into())));
        assert!(matches!(Position::parse("Xa1"), Err(PositionError::Token(_))));
        let ten = "Sa1 Sa2 Sa3 Sb1 Sb2 Sb3 Sc1 Sc2 Sc3 Sd4";
        assert_eq!(Position::parse(ten), Err(PositionError::TooMany('S')));
    }
}
