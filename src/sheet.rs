//! A game's score sheet: the table of points some games keep as they go (the score pad of
//! «Tysiąc na szachownicy»), shown by `/score`. A game fills the cells with the same arguments
//! its events carry — a seat becomes the player's name, a message id its translation — so it
//! never writes prose or knows who sits where; the conversation engine lays the table out in
//! fixed-width columns.

use serde::{Deserialize, Serialize};

use crate::event::Arg;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Column headings, as message ids.
    pub columns: Vec<String>,
    /// The entries, oldest first, one cell per column.
    pub rows: Vec<Vec<Arg>>,
    /// The closing rows (the totals), set off from the entries by a rule.
    pub totals: Vec<Vec<Arg>>,
}
