//! Every message id the game emits or shows, in one place, so a test can prove that both
//! locale files translate all of them.

/// Button labels.
pub const BTN_ROLL: &str = "btn-roll";
pub const BTN_MINE: &str = "btn-tanks-mine";
pub const BTN_REMOVE: &str = "btn-tanks-remove";
pub const BTN_HIT_ON: &str = "btn-tanks-hit-on";
pub const BTN_MISS_ON: &str = "btn-tanks-miss-on";
pub const BTN_RANDOM: &str = "btn-tanks-random";
pub const BTN_CONFIRM: &str = "btn-tanks-confirm";
pub const BTN_TURN: &str = "btn-tanks-turn";
pub const BTN_PLANE: &str = "btn-tanks-plane";
pub const BTN_FROM: [&str; 2] = ["btn-tanks-from-left", "btn-tanks-from-right"];
pub const BTN_PASS: &str = "btn-tanks-pass";
pub const BTN_BRING_BACK: &str = "btn-tanks-bring-back";
pub const BTN_NO_BRING_BACK: &str = "btn-tanks-no-bring-back";
pub const BTN_KEEP: &str = "btn-tanks-keep";

/// Prompts above the buttons.
pub const PROMPT_SETUP: &str = "prompt-tanks-setup";
pub const PROMPT_TURN: &str = "prompt-tanks-turn";
pub const PROMPT_PICK: &str = "prompt-tanks-pick";
pub const PROMPT_MOVE: &str = "prompt-tanks-move";
pub const PROMPT_BRING_BACK: &str = "prompt-tanks-bring-back";
pub const PROMPT_REARRANGE: &str = "prompt-tanks-rearrange";

/// Labels named inside events (`label` arguments).
pub const LABEL_HIT: &str = "tanks-label-hit";
pub const LABEL_MISS: &str = "tanks-label-miss";

/// Airfields named inside events (`from`, `airfield` arguments): screen left, screen right.
pub const AIRFIELDS: [&str; 2] = ["tanks-airfield-left", "tanks-airfield-right"];

/// Events. Arguments: `player`/`opponent`/`owner` are seats; `from`, `to`, `node`, `target`
/// circle names; `mine` an own mine's circle (private events only); `rocket1`…`rocket3` with
/// `label1`…`label3` the own rocket labels (private events only); `rocket` a rocket name;
/// `label` one of the label ids above.
pub const MINE_LAID: &str = "tanks-mine-laid";
pub const MINE_LIFTED: &str = "tanks-mine-lifted";
pub const ROCKETS_SET: &str = "tanks-rockets-set";
pub const READY: &str = "tanks-ready";
pub const LABELS_DEALT: &str = "tanks-labels-dealt";
pub const ROLLED: &str = "tanks-rolled";
pub const ROLL_LOST: &str = "tanks-roll-lost";
pub const MOVED: &str = "tanks-moved";
pub const MOVED_TURNING: &str = "tanks-moved-turning";
pub const TURNED_AROUND: &str = "tanks-turned-around";
pub const CAPTURED: &str = "tanks-captured";
pub const BOTH_OUT: &str = "tanks-both-out";
pub const IN_RIVER: &str = "tanks-in-river";
pub const MINE_KILL: &str = "tanks-mine-kill";
pub const MINE_STALL: &str = "tanks-mine-stall";
pub const MINE_DUD: &str = "tanks-mine-dud";
pub const ARRIVED: &str = "tanks-arrived";
pub const BROUGHT_BACK: &str = "tanks-brought-back";
pub const NOT_BROUGHT_BACK: &str = "tanks-not-brought-back";
pub const TURN_PASSES: &str = "tanks-turn-passes";
pub const FLIGHT: &str = "tanks-flight";
pub const ROCKET_REVEALED: &str = "tanks-rocket-revealed";
pub const SHOT_DOWN: &str = "tanks-shot-down";
pub const LANDED: &str = "tanks-landed";
pub const BOMBED: &str = "tanks-bombed";
pub const SPARED: &str = "tanks-spared";
pub const ROCKETS_READY: &str = "tanks-rockets-ready";
pub const OVER_WIPEOUT: &str = "tanks-over-wipeout";
pub const OVER_NO_TANKS: &str = "tanks-over-no-tanks";
pub const OVER_GUARD: &str = "tanks-over-guard";
pub const RESIGNED: &str = "tanks-resigned";
pub const FINAL: &str = "tanks-final";
pub const WINNER: &str = "tanks-winner";
pub const DRAW: &str = "tanks-draw";

/// Every id above plus the names the lobby and /rules show.
#[cfg(test)]
pub const ALL: &[&str] = &[
    BTN_ROLL,
    BTN_MINE,
    BTN_REMOVE,
    BTN_HIT_ON,
    BTN_MISS_ON,
    BTN_RANDOM,
    BTN_CONFIRM,
    BTN_TURN,
    BTN_PLANE,
    BTN_FROM[0],
    BTN_FROM[1],
    BTN_PASS,
    BTN_BRING_BACK,
    BTN_NO_BRING_BACK,
    BTN_KEEP,
    PROMPT_SETUP,
    PROMPT_TURN,
    PROMPT_PICK,
    PROMPT_MOVE,
    PROMPT_BRING_BACK,
    PROMPT_REARRANGE,
    LABEL_HIT,
    LABEL_MISS,
    AIRFIELDS[0],
    AIRFIELDS[1],
    MINE_LAID,
    MINE_LIFTED,
    ROCKETS_SET,
    READY,
    LABELS_DEALT,
    ROLLED,
    ROLL_LOST,
    MOVED,
    MOVED_TURNING,
    TURNED_AROUND,
    CAPTURED,
    BOTH_OUT,
    IN_RIVER,
    MINE_KILL,
    MINE_STALL,
    MINE_DUD,
    ARRIVED,
    BROUGHT_BACK,
    NOT_BROUGHT_BACK,
    TURN_PASSES,
    FLIGHT,
    ROCKET_REVEALED,
    SHOT_DOWN,
    LANDED,
    BOMBED,
    SPARED,
    ROCKETS_READY,
    OVER_WIPEOUT,
    OVER_NO_TANKS,
    OVER_GUARD,
    RESIGNED,
    FINAL,
    WINNER,
    DRAW,
    "game-tanks",
    "rules-tanks",
    "setting-dice",
    "setting-dice-die",
    "setting-dice-no-die",
    "setting-rockets",
    "setting-rockets-one-hit",
    "setting-rockets-two-hits",
];
