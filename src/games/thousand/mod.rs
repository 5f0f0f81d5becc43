//! «Tysiąc na szachownicy» — A Thousand on the Chessboard: four colours of nine pawns race
//! along diagonal lanes from their corners to the opposite corner, jumping but never capturing,
//! with a score pad for the valued crossings in the middle (`shared/rules/thousand.md`,
//! `docs/rules/thousand.md`).

pub mod board;
mod view;

pub use view::*;
