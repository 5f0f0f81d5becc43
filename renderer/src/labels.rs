//! The words a board picture shows, in the chat's language: the letter on each Aeroplane
//! Chess hangar and the corner letter on each «Tysiąc na szachownicy» pawn. They come from the
//! locales once per language and are kept; a render names its language with [`with`], and the
//! drawing code reads [`current`] (a thread-local index, so nothing is threaded through every
//! drawing function). Backgrounds and sprites that carry words are cached per language.

use std::cell::Cell;
use std::sync::OnceLock;

use igroteka::i18n::{I18n, LANGUAGES};

/// How many languages a cache keeps pictures for.
pub const COUNT: usize = LANGUAGES.len();

/// One language's words.
#[derive(Debug)]
pub struct Labels {
    /// Aeroplane Chess hangar letters, by corner (red, yellow, blue, green).
    pub aero: [String; 4],
    /// «Tysiąc na szachownicy» corner letters, by colour (S, E, N, W).
    pub thousand: [String; 4],
}

thread_local! {
    static CURRENT: Cell<usize> = const { Cell::new(0) };
}

/// The index of the supported language closest to `lang` (English for anything unknown).
pub fn index(lang: &str) -> usize {
    let lang = I18n::pick(Some(lang));
    LANGUAGES.iter().position(|l| *l == lang).unwrap_or(0)
}

fn all() -> &'static [Labels] {
    static ALL: OnceLock<Vec<Labels>> = OnceLock::new();
    ALL.get_or_init(|| {
        let i18n = I18n::new();
        LANGUAGES
            .iter()
            .map(|lang| Labels {
                aero: std::array::from_fn(|c| i18n.plain(lang, &format!("aero-letter-{c}"))),
                thousand: std::array::from_fn(|c| {
                    i18n.plain(lang, &format!("thousand-colour-{c}"))
                }),
            })
            .collect()
    })
}

/// The language index of the render under way.
pub fn current_index() -> usize {
    CURRENT.get()
}

/// The words of the render under way.
pub fn current() -> &'static Labels {
    &all()[current_index()]
}

/// Runs `draw` with `lang` as the current language.
pub fn with<R>(lang: &str, draw: impl FnOnce() -> R) -> R {
    let previous = CURRENT.replace(index(lang));
    let out = draw();
    CURRENT.set(previous);
    out
}
