//! Every message id the game emits or shows, in one place, so a test can prove that both
//! locale files translate all of them.

/// Button labels.
pub const BTN_ROLL: &str = "btn-roll";
pub const BTN_STACK: &str = "btn-stack";
pub const BTN_NO_STACK: &str = "btn-no-stack";

/// Prompts above the buttons.
pub const PROMPT_ROLL: &str = "prompt-aero-roll";
pub const PROMPT_PLANE: &str = "prompt-aero-plane";

/// Events. Arguments: `player`/`victim` are seats; `plane` is a plane number (a stack's lowest);
/// `count` how many planes; `roll`, `step`, `cell`, `place` numbers; `colour` a `colour-N` id.
pub const EMPTY_CORNER: &str = "aero-empty-corner";
pub const SEAT_COLOUR: &str = "aero-seat-colour";
pub const ROLLED: &str = "aero-rolled";
pub const TOOK_OFF: &str = "aero-took-off";
pub const MOVED: &str = "aero-moved";
pub const MOVED_COLUMN: &str = "aero-moved-column";
pub const BOUNCED: &str = "aero-bounced";
pub const JUMPED: &str = "aero-jumped";
pub const FLEW: &str = "aero-flew";
pub const SENT_HOME: &str = "aero-sent-home";
pub const DANGER_CELL_HIT: &str = "aero-danger-cell";
pub const STACKED: &str = "aero-stacked";
pub const REACHED_CENTRE: &str = "aero-reached-centre";
pub const THREE_SIXES: &str = "aero-three-sixes";
pub const NO_MOVE: &str = "aero-no-move";
pub const EXTRA_ROLL: &str = "aero-extra-roll";
pub const FINISHED: &str = "aero-finished";
pub const RESIGNED: &str = "aero-resigned";

/// Every id above plus the names the lobby and /rules show.
#[cfg(test)]
pub const ALL: &[&str] = &[
    BTN_ROLL,
    BTN_STACK,
    BTN_NO_STACK,
    PROMPT_ROLL,
    PROMPT_PLANE,
    EMPTY_CORNER,
    SEAT_COLOUR,
    ROLLED,
    TOOK_OFF,
    MOVED,
    MOVED_COLUMN,
    BOUNCED,
    JUMPED,
    FLEW,
    SENT_HOME,
    DANGER_CELL_HIT,
    STACKED,
    REACHED_CENTRE,
    THREE_SIXES,
    NO_MOVE,
    EXTRA_ROLL,
    FINISHED,
    RESIGNED,
    "game-aeroplane",
    "rules-aeroplane",
    "colour-0",
    "colour-1",
    "colour-2",
    "colour-3",
];

/// The translated name of `corner`'s colour.
pub fn colour(corner: u8) -> String {
    format!("colour-{corner}")
}

#[cfg(test)]
mod tests {
    use super::ALL;
    use crate::games::aeroplane::SETTINGS;

    const LOCALES: &[(&str, &str)] = &[
        ("en", include_str!("../../../locales/en/aeroplane.ftl")),
        ("ru", include_str!("../../../locales/ru/aeroplane.ftl")),
    ];

    fn defines(source: &str, id: &str) -> bool {
        source.lines().any(|line| line.split_once('=').is_some_and(|(k, _)| k.trim() == id))
    }

    #[test]
    fn both_locales_translate_every_id_and_setting() {
        let settings = SETTINGS.iter().flat_map(|s| {
            std::iter::once(format!("setting-{}", s.key))
                .chain(s.values.iter().map(move |v| format!("setting-{}-{v}", s.key)))
        });
        let ids: Vec<String> = ALL.iter().map(|s| s.to_string()).chain(settings).collect();
        for (lang, source) in LOCALES {
            for id in &ids {
                assert!(defines(source, id), "{lang} lacks {id}");
            }
        }
    }
}
