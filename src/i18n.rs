//! All user-facing text, from Fluent files in `locales/` (one per language and topic),
//! embedded at build time. Every language is complete (the tests check it: same messages,
//! same placeables, plural categories covered); English is still the fallback for a message a
//! language lacks, and a missing message shows its id rather than failing. Every fallback is
//! recorded for the calling thread ([`take_misses`]), so tests can fail on any.

use std::cell::RefCell;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// Languages the bot speaks, the fallback first: English, Russian, Polish, Ukrainian,
/// Belarusian, Bulgarian and Chinese (Simplified).
pub const LANGUAGES: &[&str] = &["en", "ru", "pl", "uk", "be", "bg", "zh"];

/// The topics, one Fluent file each per language.
pub const TOPICS: &[&str] =
    &["core", "commands", "aeroplane", "air-battle", "tank-battle", "tanks", "thousand"];

macro_rules! sources {
    ($($lang:literal),*) => {
        &[$(
            ($lang, "core", include_str!(concat!("../locales/", $lang, "/core.ftl"))),
            ($lang, "commands", include_str!(concat!("../locales/", $lang, "/commands.ftl"))),
            ($lang, "aeroplane", include_str!(concat!("../locales/", $lang, "/aeroplane.ftl"))),
            ($lang, "air-battle", include_str!(concat!("../locales/", $lang, "/air-battle.ftl"))),
            ($lang, "tank-battle", include_str!(concat!("../locales/", $lang, "/tank-battle.ftl"))),
            ($lang, "tanks", include_str!(concat!("../locales/", $lang, "/tanks.ftl"))),
            ($lang, "thousand", include_str!(concat!("../locales/", $lang, "/thousand.ftl"))),
        )*]
    };
}

/// Every embedded file: `(language, topic, source)`.
pub const SOURCES: &[(&str, &str, &str)] = sources!("en", "ru", "pl", "uk", "be", "bg", "zh");

thread_local! {
    /// Messages this thread could not give in the language asked for (see [`take_misses`]).
    static MISSES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// The fallbacks recorded on this thread since the last call, as `lang:id` (a message the
/// language lacks) or `lang:id: error` (a message that formatted with errors, e.g. an
/// argument it names was not given). Tests play whole games and fail on any.
pub fn take_misses() -> Vec<String> {
    MISSES.with_borrow_mut(std::mem::take)
}

fn miss(entry: String) {
    MISSES.with_borrow_mut(|m| {
        // A runaway caller must not grow this without bound.
        if m.len() < 10_000 {
            m.push(entry);
        }
    });
}

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
                for (_, _, source) in SOURCES.iter().filter(|(l, _, _)| l == lang) {
                    let resource =
                        FluentResource::try_new(source.to_string()).unwrap_or_else(|(res, _)| res);
                    bundle.add_resource_overriding(resource);
                }
                (*lang, bundle)
            })
            .collect();
        I18n { bundles }
    }

    /// The supported language closest to a platform's hint, else English: Telegram's
    /// `language_code` (`"ru"`, `"pl"`, `"zh-hans"`, `"be"`), Discord's `locale` (`"zh-CN"`,
    /// `"uk"`, `"bg"`, `"en-US"`), or a `/lang` choice. Only the primary subtag counts, so
    /// `"zh-TW"` gets Simplified Chinese too (closer than English for its readers).
    pub fn pick(hint: Option<&str>) -> &'static str {
        let hint = hint.unwrap_or("").trim().to_ascii_lowercase().replace('_', "-");
        let primary = hint.split('-').next().unwrap_or_default();
        LANGUAGES.iter().copied().find(|l| *l == primary).unwrap_or(LANGUAGES[0])
    }

    /// "en (English), ru (русский), …": the choices `/lang` offers, each in its own language.
    pub fn language_list(&self) -> String {
        LANGUAGES
            .iter()
            .map(|l| format!("{l} ({})", self.plain(l, "lang-name")))
            .collect::<Vec<_>>()
            .join(", ")
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
        let asked = self.bundle(lang);
        for bundle in [asked, &self.bundles[0].1] {
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                if !std::ptr::eq(bundle, asked) {
                    miss(format!("{lang}:{id}"));
                }
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
                if let Some(error) = errors.first() {
                    miss(format!("{lang}:{id}: {error}"));
                }
                return text.into_owned();
            }
        }
        miss(format!("{lang}:{id}"));
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
            .filter(|(l, _, _)| *l == lang)
            .flat_map(|(_, _, source)| {
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
    fn every_language_has_the_same_messages() {
        let mut en = I18n::ids("en");
        en.sort();
        assert!(!en.is_empty());
        for lang in LANGUAGES {
            let mut ids = I18n::ids(lang);
            ids.sort();
            let missing: Vec<&String> = en.iter().filter(|id| !ids.contains(id)).collect();
            let extra: Vec<&String> = ids.iter().filter(|id| !en.contains(id)).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{lang}: lacks {missing:?}, extra {extra:?}"
            );
            let mut unique = ids.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique, ids, "{lang} defines a message twice");
        }
    }

    #[test]
    fn every_file_parses() {
        for (lang, _, source) in SOURCES {
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
        assert_eq!(I18n::pick(None), "en");
        assert_ne!(i18n.plain("ru", "help"), i18n.plain("en", "help"));
        take_misses();
        assert_eq!(i18n.plain("ru", "no-such-message"), "no-such-message");
        assert_eq!(take_misses(), vec!["ru:no-such-message".to_string()]);
        i18n.text("pl", "lobby-title", &[]);
        assert_eq!(take_misses().len(), 1, "a missing argument is a miss");
        i18n.text("pl", "lobby-title", &[("game", "x".into())]);
        assert!(take_misses().is_empty());
    }

    #[test]
    fn platform_hints_pick_the_language() {
        for (hint, lang) in [
            ("pl", "pl"),
            ("pl-PL", "pl"),
            ("uk", "uk"),
            ("be", "be"),
            ("be-tarask", "be"),
            ("bg", "bg"),
            ("zh-hans", "zh"),
            ("zh-CN", "zh"),
            ("zh_TW", "zh"),
            ("en-GB", "en"),
            ("ua", "en"),
            ("", "en"),
        ] {
            assert_eq!(I18n::pick(Some(hint)), lang, "{hint}");
        }
    }
}
