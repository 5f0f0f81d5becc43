//! Table settings (variants, editions, house rules): declared by each game with defaults,
//! chosen in the lobby, validated once, and stored with the table.

use std::collections::BTreeMap;

/// Chosen values by setting key, e.g. `takeoff = "six"`.
pub type Settings = BTreeMap<String, String>;

/// One setting a game offers in the lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettingSpec {
    /// Key in [`Settings`] and in `/play game key=value`.
    pub key: &'static str,
    /// Allowed values; the first is the default. Each value's translated name is
    /// `setting-{key}-{value}`, the setting's own name `setting-{key}`.
    pub values: &'static [&'static str],
}

impl SettingSpec {
    pub fn default_value(&self) -> &'static str {
        self.values[0]
    }
    /// The value after `current`, wrapping (the lobby's settings buttons cycle through values).
    pub fn next_value(&self, current: &str) -> &'static str {
        let i = self.values.iter().position(|v| *v == current).unwrap_or(0);
        self.values[(i + 1) % self.values.len()]
    }
}

/// Every setting at its default value.
pub fn defaults(specs: &[SettingSpec]) -> Settings {
    specs.iter().map(|s| (s.key.to_string(), s.default_value().to_string())).collect()
}

/// Why a setting was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    #[error("unknown setting {0}")]
    UnknownKey(String),
    #[error("setting {key} cannot be {value}")]
    BadValue { key: String, value: String },
    #[error("{0} does not name a setting value")]
    UnknownWord(String),
}

/// Applies `key=value` words (or bare values that belong to exactly one setting) on top of
/// the defaults.
pub fn parse(specs: &[SettingSpec], words: &[&str]) -> Result<Settings, SettingError> {
    let mut settings = defaults(specs);
    for word in words {
        let (key, value) = match word.split_once('=') {
            Some((k, v)) => {
                let spec = specs
                    .iter()
                    .find(|s| s.key == k)
                    .ok_or_else(|| SettingError::UnknownKey(k.to_string()))?;
                if !spec.values.contains(&v) {
                    return Err(SettingError::BadValue { key: k.into(), value: v.into() });
                }
                (spec.key, v)
            }
            None => {
                let owners: Vec<&SettingSpec> =
                    specs.iter().filter(|s| s.values.contains(word)).collect();
                match owners.as_slice() {
                    [one] => (one.key, *word),
                    _ => return Err(SettingError::UnknownWord(word.to_string())),
                }
            }
        };
        settings.insert(key.to_string(), value.to_string());
    }
    Ok(settings)
}

/// The value of setting `key` of `specs` in `chosen`, checked against the values it allows: a
/// game's `new` reads its settings through this, so a forged or outdated record cannot start a
/// game with a value it does not know.
pub fn checked(
    specs: &'static [SettingSpec],
    chosen: &Settings,
    key: &str,
) -> Result<&'static str, crate::game::SetupError> {
    let spec = specs.iter().find(|s| s.key == key).expect("a declared setting");
    let value = get(chosen, spec);
    spec.values
        .iter()
        .copied()
        .find(|allowed| *allowed == value)
        .ok_or_else(|| crate::game::SetupError::Setting(key.to_string(), value.to_string()))
}

/// Reads a setting, falling back to the default for records made before it existed.
pub fn get<'a>(settings: &'a Settings, spec: &'a SettingSpec) -> &'a str {
    settings.get(spec.key).map(String::as_str).unwrap_or(spec.default_value())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[SettingSpec] = &[
        SettingSpec { key: "takeoff", values: &["even", "six", "five-six"] },
        SettingSpec { key: "stacking", values: &["on", "off"] },
    ];

    #[test]
    fn parses_pairs_and_bare_values() {
        let s = parse(SPECS, &["takeoff=six"]).unwrap();
        assert_eq!(s["takeoff"], "six");
        assert_eq!(s["stacking"], "on");
        assert_eq!(parse(SPECS, &["five-six"]).unwrap()["takeoff"], "five-six");
        assert!(matches!(parse(SPECS, &["takeoff=7"]), Err(SettingError::BadValue { .. })));
        assert!(matches!(parse(SPECS, &["nope=1"]), Err(SettingError::UnknownKey(_))));
        assert!(matches!(parse(SPECS, &["banana"]), Err(SettingError::UnknownWord(_))));
    }

    #[test]
    fn cycling_wraps() {
        assert_eq!(SPECS[0].next_value("five-six"), "even");
        assert_eq!(SPECS[1].next_value("on"), "off");
    }
}
