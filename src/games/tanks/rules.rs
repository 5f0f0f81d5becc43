//! The table settings of «Идут танки», read once from the lobby's choice into plain values so
//! the rules never look strings up while playing.

use serde::{Deserialize, Serialize};

use crate::game::SetupError;
use crate::settings::{self, SettingSpec, Settings};

/// The lobby settings; the first value of each is the seed's own rule.
pub const SETTINGS: &[SettingSpec] = &[
    SettingSpec { key: "dice", values: &["die", "no-die"] },
    SettingSpec { key: "rockets", values: &["one-hit", "two-hits"] },
];

/// A rocket stand's label: «Ц-П» (target hit: the plane is shot down) or «П» (miss).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RocketLabel {
    Hit,
    Miss,
}

/// The chosen rules of one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// The "1:3" die is rolled; `false` is the dice-free variant (distances 1–4).
    pub dice: bool,
    /// Two «Ц-П» and one «П» instead of one «Ц-П» and two «П».
    pub two_hits: bool,
}

impl Rules {
    /// Reads and validates the table settings (missing keys take their defaults).
    pub fn from_settings(chosen: &Settings) -> Result<Rules, SetupError> {
        Ok(Rules {
            dice: value(chosen, "dice")? == "die",
            two_hits: value(chosen, "rockets")? == "two-hits",
        })
    }

    /// The label only one of the three rockets carries; the set-up places it.
    pub fn odd_label(self) -> RocketLabel {
        if self.two_hits { RocketLabel::Miss } else { RocketLabel::Hit }
    }

    /// The three labels with the odd one on rocket `odd`.
    pub fn rocket_labels(self, odd: u8) -> [RocketLabel; 3] {
        let (odd_label, other) = match self.odd_label() {
            RocketLabel::Hit => (RocketLabel::Hit, RocketLabel::Miss),
            RocketLabel::Miss => (RocketLabel::Miss, RocketLabel::Hit),
        };
        std::array::from_fn(|k| if k == usize::from(odd) { odd_label } else { other })
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
        assert_eq!(rules, Rules { dice: true, two_hits: false });
        use RocketLabel::{Hit, Miss};
        assert_eq!(rules.rocket_labels(1), [Miss, Hit, Miss]);
        let two = Rules { dice: true, two_hits: true };
        assert_eq!(two.rocket_labels(0), [Miss, Hit, Hit]);
    }

    #[test]
    fn bad_values_are_refused() {
        let mut chosen = settings::defaults(SETTINGS);
        chosen.insert("dice".into(), "d6".into());
        assert!(matches!(Rules::from_settings(&chosen), Err(SetupError::Setting(..))));
    }
}
