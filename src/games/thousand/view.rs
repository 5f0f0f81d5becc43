//! What a viewer sees of a game of «Tysiąc na szachownicy»: plain data for the renderer and the
//! tests. The game has no secrets, so every viewer gets the same picture; only the highlights
//! (which pawns may be picked, where the picked pawn may go) follow the current selection.
//!
//! The fixed board — the start fields and their values, the lanes, the valued crossings and the
//! greyed squares — is not repeated here: it never changes, and [`super::board`] is the one place
//! that holds it, for the rules and the renderer alike.

use serde::{Deserialize, Serialize};

use crate::game::Seat;

/// A square as (file, rank), both 0-based: a1 = (0, 0), k11 = (10, 10). The spec's x is the
/// file and its y the rank.
pub type Square = (u8, u8);

/// A colour is the corner its pawns start in, numbered in turn order: 0 S (bottom-left, a1),
/// 1 E (bottom-right, k1), 2 N (top-right, k11), 3 W (top-left, a11). A colour heads for the
/// corner diagonally opposite, `(colour + 2) % 4`.
pub type Colour = u8;

/// Who plays which colours: a lobby setting when two play, four players otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// Four players, one colour each: seats 0, 1, 2, 3 play S, E, N, W.
    Four,
    /// Two players on one diagonal: seat 0 plays S, seat 1 plays N; E and W stay empty.
    Diagonal,
    /// Two players with two neighbouring colours each: seat 0 plays S and E, seat 1 N and W.
    Pairs,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PawnView {
    pub square: Square,
    pub colour: Colour,
    /// The seat commanding this pawn's colour.
    pub seat: Seat,
    /// The label of this pawn when it may be picked now (its square's name, e.g. "c3"), the
    /// same text as its button.
    pub label: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourView {
    pub colour: Colour,
    /// The seat commanding this colour; none for the empty corners of the diagonal form.
    pub seat: Option<Seat>,
    /// Pawns of this colour standing on the opponent's start field.
    pub home: u8,
    /// This colour ended the game by reaching the opponent's field and earned the bonus.
    pub finished: bool,
}

/// A final score broken down as the seed counts it (or the score if the game ended now).
/// Every part is signed as it counts: `own_field` and `middle` are zero or negative.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    /// The values of the opponent's field squares the seat's pawns stand on.
    pub opponent_field: i64,
    /// Minus the values of the seat's own field squares its pawns still stand on.
    pub own_field: i64,
    /// −5 for every pawn standing on neither of those fields.
    pub middle: i64,
    /// The pad: valued crossings entered and charges for missed jumps.
    pub pad: i64,
    /// +50 for the player who ended the game by reaching the opponent's field.
    pub bonus: i64,
    pub total: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    /// The colours this seat commands, in turn order.
    pub colours: Vec<Colour>,
    /// The score if the game ended now; the final score once it is over.
    pub score: Breakdown,
    /// The final place (1 = first) once the game is over.
    pub place: Option<u8>,
    pub resigned: bool,
}

/// The move on the board most recently made (or still being made: a jump chain in progress).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    pub colour: Colour,
    pub seat: Seat,
    /// Where the pawn started, then every square it landed on: two squares for a step, one
    /// more for each hop of a jump.
    pub path: Vec<Square>,
    pub jump: bool,
    /// What a step cost on the pad for missed jumps (zero or negative; always zero for a jump).
    pub charge: i64,
}

/// A square the picked pawn may go to now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub square: Square,
    /// The square's name as on its button, e.g. "d4".
    pub label: String,
    /// A hop over a pawn (otherwise a one-square step).
    pub jump: bool,
    /// What taking this step would cost on the pad (zero or negative; zero for a jump).
    pub charge: i64,
}

/// One line of the score pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PadEntry {
    /// The turn it was written in, 1 for the game's first turn (every colour's move or pass is
    /// one turn).
    pub turn: u32,
    pub seat: Seat,
    pub colour: Colour,
    /// The valued crossing entered; none for a charge.
    pub square: Option<Square>,
    /// For a charge, how many pawns could have jumped; zero for a crossing.
    pub could_jump: u8,
    pub points: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub form: Form,
    /// Every pawn, file by file (a1, a2, … k11).
    pub pawns: Vec<PawnView>,
    /// The four colours, by colour number.
    pub colours: Vec<ColourView>,
    /// Every seat, by seat number.
    pub seats: Vec<SeatView>,
    /// The colour to move; none once the game is over.
    pub to_move: Option<Colour>,
    /// The turn being played (1-based), or the number played once over.
    pub turn: u32,
    /// The round being played (1-based; every colour in play has one turn a round), or the
    /// number played once over.
    pub round: u32,
    /// The round limit that ends an ordinary game.
    pub rounds: u32,
    /// A jump chain is in progress: the pawn on `selected` may hop again or stop.
    pub chain: bool,
    pub last_move: Option<MoveView>,
    /// The picked pawn (or the pawn of a chain in progress), if any.
    pub selected: Option<Square>,
    /// Where the picked pawn may go, with the button label of each.
    pub destinations: Vec<Target>,
    /// The pawns of the colour to move that could jump now: a step now costs 5 for each.
    pub jumpers: Vec<Square>,
    /// The pad, oldest entry first.
    pub pad: Vec<PadEntry>,
}

impl View {
    /// The board without what only a player choosing a move needs: the marks of what may be
    /// picked now and of where a pick may go ([`crate::view::AnyView::settled`]).
    pub fn settle(&mut self) {
        for pawn in &mut self.pawns {
            pawn.label = None;
        }
        self.selected = None;
        self.destinations.clear();
        self.jumpers.clear();
    }
}
