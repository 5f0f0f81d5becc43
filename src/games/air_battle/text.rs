//! Every message id the game emits or shows, in one place, so a test can prove that both
//! locale files translate all of them.

use super::board::AaKind;
use super::view::{Edition, Kind, Side};

/// Buttons: an «Игрушка» operation (`$arrows`), one «Аэрофото» motion (`$arrow`), "confirm"
/// after an operation, "done" after the motions, a «Аэрофото» pass of one kind.
pub const BTN_OPERATION: &str = "btn-air-operation";
pub const BTN_MOTION: &str = "btn-air-motion";
pub const BTN_CONFIRM: &str = "btn-air-confirm";
pub const BTN_DONE: &str = "btn-air-done";
pub const BTN_PASS_BOMBER: &str = "btn-air-pass-bomber";
pub const BTN_PASS_FIGHTER: &str = "btn-air-pass-fighter";

/// Prompts: «Игрушка» (pick an aircraft and an operation), «Аэрофото» (an aircraft and its
/// motions, or pass); for a commander of one kind (two against two) they name the kind.
pub const PROMPT_TOY: &str = "prompt-air-toy";
pub const PROMPT_PHOTO: &str = "prompt-air-photo";
pub const PROMPT_TOY_BOMBER: &str = "prompt-air-toy-bomber";
pub const PROMPT_TOY_FIGHTER: &str = "prompt-air-toy-fighter";
pub const PROMPT_PHOTO_BOMBER: &str = "prompt-air-photo-bomber";
pub const PROMPT_PHOTO_FIGHTER: &str = "prompt-air-photo-fighter";

/// The prompt of a seat that may move aircraft of `kinds` now.
pub fn prompt(edition: Edition, kinds: &[Kind]) -> &'static str {
    match (edition, kinds) {
        (Edition::Toy, [Kind::Bomber]) => PROMPT_TOY_BOMBER,
        (Edition::Toy, [Kind::Fighter]) => PROMPT_TOY_FIGHTER,
        (Edition::Toy, _) => PROMPT_TOY,
        (Edition::Photo, [Kind::Bomber]) => PROMPT_PHOTO_BOMBER,
        (Edition::Photo, [Kind::Fighter]) => PROMPT_PHOTO_FIGHTER,
        (Edition::Photo, _) => PROMPT_PHOTO,
    }
}

/// Events. Arguments: `player` a seat; `side` a [`side`] id, `kind` a [`kind`] id, `aa` an
/// [`aa`] id; `plane`, `target` aircraft labels (B1, F7); `from`, `to`, `node` node names;
/// `arrows` the motions as arrows; `turns` a number.
pub const FLEW: &str = "air-flew";
pub const TURNED: &str = "air-turned";
pub const SHOT_DOWN: &str = "air-shot-down";
pub const AA_HIT: &str = "air-aa-hit";
pub const BOMBED: &str = "air-bombed";
pub const PASSED: &str = "air-passed";
pub const CANNOT_MOVE: &str = "air-cannot-move";
pub const OVER_AIR_FORCE: &str = "air-over-air-force";
pub const OVER_BOTH: &str = "air-over-both";
pub const OVER_DRAW: &str = "air-over-draw";
pub const RESIGNED: &str = "air-resigned";

pub fn side(side: Side) -> &'static str {
    match side {
        Side::South => "air-side-south",
        Side::North => "air-side-north",
    }
}

pub fn kind(kind: Kind) -> &'static str {
    match kind {
        Kind::Bomber => "air-kind-bomber",
        Kind::Fighter => "air-kind-fighter",
    }
}

pub fn aa(kind: AaKind) -> &'static str {
    match kind {
        AaKind::Rocket => "air-aa-rocket",
        AaKind::Gun => "air-aa-gun",
    }
}

/// Every id above plus the names the lobby and /rules show.
#[cfg(test)]
pub const ALL: &[&str] = &[
    BTN_OPERATION,
    BTN_MOTION,
    BTN_CONFIRM,
    BTN_DONE,
    BTN_PASS_BOMBER,
    BTN_PASS_FIGHTER,
    PROMPT_TOY,
    PROMPT_PHOTO,
    PROMPT_TOY_BOMBER,
    PROMPT_TOY_FIGHTER,
    PROMPT_PHOTO_BOMBER,
    PROMPT_PHOTO_FIGHTER,
    FLEW,
    TURNED,
    SHOT_DOWN,
    AA_HIT,
    BOMBED,
    PASSED,
    CANNOT_MOVE,
    OVER_AIR_FORCE,
    OVER_BOTH,
    OVER_DRAW,
    RESIGNED,
    "air-side-south",
    "air-side-north",
    "air-kind-bomber",
    "air-kind-fighter",
    "air-aa-rocket",
    "air-aa-gun",
    "game-air-battle",
    "rules-air-battle",
    "setting-edition",
    "setting-edition-toy",
    "setting-edition-photo",
];

#[cfg(test)]
mod tests {
    use crate::i18n::{I18n, LANGUAGES};

    /// Random games never meet some texts; this list has them all.
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
