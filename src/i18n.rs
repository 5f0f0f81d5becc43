//! All user-facing text, from Fluent files in `locales/` (one per language and topic),
//! embedded at build time. Russian and English are complete; English is the fallback for a
//! message a language lacks, and a missing message shows its id rather than failing.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// Languages the bot speaks, the fallback first.
pub const LANGUAGES: &[&str] = &["en", "ru"];

const SOURCES: &[(&str, &str)] = &[
    ("en", include_str!("../locales/en/core.ftl")),
    ("en", include_str!("../locales/en/aeroplane.ftl")),
    ("en", include_str!("../locales/en/air-battle.ftl")),
    ("en", include_str!("../locales/en/tank-battle.ftl")),
    ("en", include_str!("../locales/en/tanks.ftl")),
    ("en", include_str!("../locales/en/thousand.ftl")),
    ("ru", include_str!("../locales/ru/core.ftl")),
    ("ru", include_str!("../locales/ru/aeroplane.ftl")),
    ("ru", include_str!("../locales/ru/air-battle.ftl")),
    ("ru", include_str!("../locales/ru/tank-battle.ftl")),
    ("ru", include_str!("../locales/ru/tanks.ftl")),
    ("ru", include_str!("../locales/ru/thousand.ftl")),
];

/// A value for a message argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Text(String),
    Number(i64),
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Text(s.to_string())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Text(s)
    }
}
impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Number(n)
    }
}
impl From<usize> for Value {
    fn from(n: usize) -> Value {
        Value::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

pub struct I18n {
    bundles: Vec<(&'static str, FluentBundle<FluentResource>)>,
}

impl std::fmt::Debug for I18n {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("I18n").field("languages", &LANGUAGES).finish()
    }
}

impl Default for I18n {
    fn default() -> Self {
        Self::new()
    }
}

impl I18n {
    /// Loads every embedded file. A syntax error in a shipped file is a bug caught by the tests.
    pub fn new() -> I18n {
        let bundles = LANGUAGES
            .iter()
            .map(|lang| {
                let id: LanguageIdentifier = lang.parse().expect("valid language id");
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                bundle.set_use_isolating(false);
                for (_, source) in SOURCES.iter().filter(|(l, _)| l == lang) {
                    let resource =
                        FluentResource::try_new(source.to_string()).unwrap_or_else(|(res, _)| res);
                    bundle.add_resource_overriding(resource);
                }
                (*lang, bundle)
            })
            .collect();
        I18n { bundles }
    }

    /// The supported language closest to `hint` (`"ru-RU"` → `"ru"`), else English.
    pub fn pick(hint: Option<&str>) -> &'static str {
        let hint = hint.unwrap_or("").to_lowercase();
        LANGUAGES.iter().copied().find(|l| hint.starts_with(l)).unwrap_or(LANGUAGES[0])
    }

    fn bundle(&self, lang: &str) -> &FluentBundle<FluentResource> {
        self.bundles.iter().find(|(l, _)| *l == lang).map(|(_, b)| b).unwrap_or(&self.bundles[0].1)
    }

    /// Whether `lang` has message `id` (tests check completeness with it).
    pub fn has(&self, lang: &str, id: &str) -> bool {
        self.bundle(lang).has_message(id)
    }

    /// The message `id` in `lang` with `args`, falling back to English, then to the id.
    pub fn text(&self, lang: &str, id: &str, args: &[(&str, Value)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Value::Text(s) => fluent_args.set(*name, FluentValue::from(s.clone())),
                Value::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        for bundle in [self.bundle(lang), &self.bundles[0].1] {
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle
                    .format_pattern(pattern, Some(&fluent_args), &mut errors)
                    .into_owned();
            }
        }
        id.to_string()
    }

    /// A message without arguments.
    pub fn plain(&self, lang: &str, id: &str) -> String {
        self.text(lang, id, &[])
    }

    /// Every message id of `lang`, for completeness tests.
    pub fn ids(lang: &str) -> Vec<String> {
        SOURCES
            .iter()
            .filter(|(l, _)| *l == lang)
            .flat_map(|(_, source)| {
                source.lines().filter_map(|line| {
                    let (id, _) = line.split_once('=')?;
                    let id = id.trim();
                    let starts_ok = line.starts_with(|c: char| c.is_ascii_alphabetic());
                    (starts_ok && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
                        .then(|| id.to_string())
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_the_same_messages() {
        let mut en = I18n::ids("en");
        let mut ru = I18n::ids("ru");
        en.sort();
        ru.sort();
        assert!(!en.is_empty());
        assert_eq!(en, ru, "en and ru differ");
    }

    #[test]
    fn every_file_parses() {
        for (lang, source) in SOURCES {
            if let Err((_, errors)) = FluentResource::try_new(source.to_string()) {
                panic!("{lang}: {errors:?}");
            }
        }
    }

    #[test]
    fn falls_back_to_english_then_to_the_id() {
        let i18n = I18n::new();
        assert_eq!(I18n::pick(Some("ru-RU")), "ru");
        assert_eq!(I18n::pick(Some("de")), "en");
        assert_ne!(i18n.plain("ru", "help"), i18n.plain("en", "help"));
        assert_eq!(i18n.plain("ru", "no-such-message"), "no-such-message");
    }
}
