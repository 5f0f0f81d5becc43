//! What a viewer sees of a Tank Battle game. No hidden information: every viewer sees the same
//! board; the seat to move also sees its choice labels and, once a tank is picked, its
//! destinations.

use serde::{Deserialize, Serialize};

/// A square as (file, rank), both 0-based: a1 = (0, 0), k11 = (10, 10).
pub type Square = (u8, u8);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TankView {
    /// 0 = White, 1 = Black.
    pub side: u8,
    pub commander: bool,
    pub square: Square,
    /// The label of this tank when it may be picked now (its square's name, e.g. "g1").
    pub label: Option<String>,
}

/// `Default` is an empty board, for a view that only has to exist (the toy games of the tests).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub tanks: Vec<TankView>,
    /// The side to move, if the game is not over.
    pub to_move: Option<u8>,
    /// The tank picked in the current choice, if any.
    pub selected: Option<Square>,
    /// Where the picked tank may go, with the button label of each destination.
    pub destinations: Vec<(Square, String)>,
    pub last_move: Option<(Square, Square)>,
    /// Points each side would score if the game ended now: [White, Black].
    pub scores: [i64; 2],
    /// Single moves since the last capture or base entry (the 100-move rule).
    pub quiet_moves: u32,
}

impl View {
    /// The board without what only a player choosing a move needs: the marks of what may be
    /// picked now and of where a pick may go ([`crate::view::AnyView::settled`]).
    pub fn settle(&mut self) {
        for tank in &mut self.tanks {
            tank.label = None;
        }
        self.selected = None;
        self.destinations.clear();
    }
}
