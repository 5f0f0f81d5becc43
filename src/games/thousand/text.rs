//! Every message id the game emits or shows, in one place, so a test can prove that both
//! locale files translate all of them.

/// Buttons: "stop here" in a jump chain, and a charged step (`$square`, `$points` negative,
/// `$pawns`).
pub const BTN_STOP: &str = "btn-thousand-stop";
pub const BTN_CHARGED: &str = "btn-thousand-charged";

/// Prompts above the buttons: an ordinary turn, a turn in which a jump is possible (so steps
/// are charged), a jump chain in progress.
pub const PROMPT_MOVE: &str = "prompt-thousand-move";
pub const PROMPT_JUMP: &str = "prompt-thousand-jump";
pub const PROMPT_CHAIN: &str = "prompt-thousand-chain";

/// Events. Arguments: `player` a seat; `colour` a [`colour`] id; `from`, `over`, `to`, `square`
/// square names; `points`, `pawns`, `count`, `bonus`, `rounds`, `place` and the final parts
/// numbers.
pub const SEAT_COLOUR: &str = "thousand-seat-colour";
pub const STEPPED: &str = "thousand-stepped";
pub const CHARGED: &str = "thousand-charged";
pub const HOPPED: &str = "thousand-hopped";
pub const STOPPED: &str = "thousand-stopped";
pub const CROSSING: &str = "thousand-crossing";
pub const ENTERED: &str = "thousand-entered";
pub const PASSED: &str = "thousand-passed";
pub const FINISHED: &str = "thousand-finished";
pub const JAMMED: &str = "thousand-finished-jammed";
pub const OVER_NO_MOVE: &str = "thousand-over-no-move";
pub const OVER_ROUNDS: &str = "thousand-over-rounds";
pub const RESIGNED: &str = "thousand-resigned";
pub const FINAL_TITLE: &str = "thousand-final-title";
pub const FINAL_LINE: &str = "thousand-final-line";

/// The score sheet's column headings and its rows' words.
pub const SHEET_TURN: &str = "thousand-sheet-turn";
pub const SHEET_WHO: &str = "thousand-sheet-who";
pub const SHEET_SQUARE: &str = "thousand-sheet-square";
pub const SHEET_POINTS: &str = "thousand-sheet-points";
pub const SHEET_CHARGE: &str = "thousand-sheet-charge";
pub const SHEET_TOTAL: &str = "thousand-sheet-total";

/// The corner names, by colour.
const COLOURS: [&str; 4] =
    ["thousand-colour-0", "thousand-colour-1", "thousand-colour-2", "thousand-colour-3"];

/// Points with their sign, as the pad writes them: "+20", "−10" (a real minus sign), "+0".
pub fn signed(points: i64) -> String {
    if points < 0 { format!("−{}", points.unsigned_abs()) } else { format!("+{points}") }
}

/// A total as the final scoring writes it: "1050", "−385" (a real minus sign, no plus).
pub fn total(points: i64) -> String {
    if points < 0 { signed(points) } else { points.to_string() }
}

/// The translated name of `colour`'s corner.
pub fn colour(colour: u8) -> &'static str {
    COLOURS[usize::from(colour)]
}

/// Every id above plus the names the lobby and /rules show.
#[cfg(test)]
pub const ALL: &[&str] = &[
    BTN_STOP,
    BTN_CHARGED,
    PROMPT_MOVE,
    PROMPT_JUMP,
    PROMPT_CHAIN,
    SEAT_COLOUR,
    STEPPED,
    CHARGED,
    HOPPED,
    STOPPED,
    CROSSING,
    ENTERED,
    PASSED,
    FINISHED,
    JAMMED,
    OVER_NO_MOVE,
    OVER_ROUNDS,
    RESIGNED,
    FINAL_TITLE,
    FINAL_LINE,
    SHEET_TURN,
    SHEET_WHO,
    SHEET_SQUARE,
    SHEET_POINTS,
    SHEET_CHARGE,
    SHEET_TOTAL,
    COLOURS[0],
    COLOURS[1],
    COLOURS[2],
    COLOURS[3],
    "game-thousand",
    "rules-thousand",
];

#[cfg(test)]
mod tests {
    use crate::i18n::{I18n, LANGUAGES};

    /// The random games of `tests/i18n_complete.rs` never meet some ends; this list has them all.
    #[test]
    fn every_language_translates_every_id() {
        let i18n = I18n::new();
        for lang in LANGUAGES {
            for id in super::ALL {
                assert!(i18n.has(lang, id), "{lang} lacks {id}");
            }
        }
    }
}
