//! The table settings of Aeroplane Chess, read once from the lobby's choice into plain values,
//! so the rules never look strings up while playing.

use serde::{Deserialize, Serialize};

use crate::game::SetupError;
use crate::settings::{self, SettingSpec, Settings};

/// The lobby settings; the first value of each is the seed's own rule.
pub const SETTINGS: &[SettingSpec] = &[
    SettingSpec { key: "takeoff", values: &["even", "six", "five-six"] },
    SettingSpec { key: "centre", values: &["exact", "bounce"] },
    SettingSpec { key: "fly-then-jump", values: &["off", "on"] },
    SettingSpec { key: "stacking", values: &["on", "off"] },
];

/// Which rolls let a plane leave the hangar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TakeOff {
    Even,
    Six,
    FiveSix,
}

impl TakeOff {
    pub fn allows(self, roll: u8) -> bool {
        match self {
            TakeOff::Even => roll % 2 == 0,
            TakeOff::Six => roll == 6,
            TakeOff::FiveSix => roll >= 5,
        }
    }
}

/// The chosen house rules of one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub take_off: TakeOff,
    /// An overshooting roll bounces back from the centre instead of being illegal.
    pub bounce: bool,
    /// A plane that lands on the shortcut directly jumps on after the flight (18 → 30 → 34).
    pub fly_then_jump: bool,
    pub stacking: bool,
}

impl Rules {
    /// Reads and validates the table settings (missing keys take their defaults).
    pub fn from_settings(chosen: &Settings) -> Result<Rules, SetupError> {
        let take_off = match value(chosen, "takeoff")? {
            "six" => TakeOff::Six,
            "five-six" => TakeOff::FiveSix,
            _ => TakeOff::Even,
        };
        Ok(Rules {
            take_off,
            bounce: value(chosen, "centre")? == "bounce",
            fly_then_jump: value(chosen, "fly-then-jump")? == "on",
            stacking: value(chosen, "stacking")? == "on",
        })
    }
}

/// The chosen value of setting `key`, checked against the values it allows.
fn value(chosen: &Settings, key: &str) -> Result<&'static str, SetupError> {
    settings::checked(SETTINGS, chosen, key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_seed_rules() {
        let rules = Rules::from_settings(&settings::defaults(SETTINGS)).unwrap();
        assert_eq!(
            rules,
            Rules { take_off: TakeOff::Even, bounce: false, fly_then_jump: false, stacking: true }
        );
    }

    #[test]
    fn bad_values_are_refused() {
        let mut chosen = settings::defaults(SETTINGS);
        chosen.insert("centre".into(), "wobble".into());
        assert!(matches!(Rules::from_settings(&chosen), Err(SetupError::Setting(..))));
    }

    #[test]
    fn take_off_rolls_follow_the_setting() {
        let allowed = |t: TakeOff| (1..=6).filter(|r| t.allows(*r)).collect::<Vec<_>>();
        assert_eq!(allowed(TakeOff::Even), [2, 4, 6]);
        assert_eq!(allowed(TakeOff::Six), [6]);
        assert_eq!(allowed(TakeOff::FiveSix), [5, 6]);
    }
}
