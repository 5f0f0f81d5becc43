//! Every character the locales use has a glyph in the embedded fonts (DejaVu Sans, then the
//! CJK subset), and boards drawn in every language draw no `.notdef` box.

use igroteka::game::{Setup, Viewer};
use igroteka::harness;
use igroteka::i18n::{LANGUAGES, SOURCES};
use igroteka::registry::GAMES;
use igroteka::rng;
use igroteka::settings;
use igroteka_renderer::{IndexedImage, render_into_lang, text};

/// Symbols that appear only in chat text (buttons, notices), never in a board picture, and
/// that the platforms draw with their own emoji fonts.
fn chat_only(c: char) -> bool {
    let o = c as u32;
    o >= 0x1F000
        || (0x2300..=0x23FF).contains(&o)
        || (0x2600..=0x27BF).contains(&o)
        || c == '\u{FE0F}'
}

#[test]
fn every_locale_character_has_a_glyph() {
    let mut missing = std::collections::BTreeSet::new();
    for (lang, topic, source) in SOURCES {
        for line in source.lines().filter(|l| !l.trim_start().starts_with('#')) {
            for c in line.chars().filter(|c| !c.is_control() && !chat_only(*c)) {
                if !text::has_glyph(c) {
                    missing.insert(format!("{lang}/{topic}: {c} (U+{:04X})", c as u32));
                }
            }
        }
    }
    assert!(missing.is_empty(), "no glyph (run fonts/subset.py?): {missing:#?}");
}

#[test]
fn every_board_in_every_language_draws_every_glyph() {
    let mut frame = IndexedImage::default();
    for lang in LANGUAGES {
        text::take_missing();
        for info in GAMES {
            for seats in [info.seats.min(), info.seats.max()] {
                let setup = Setup { seats, settings: settings::defaults(info.settings) };
                let mut game = (info.start)(&setup).unwrap();
                let mut pick = rng::seeded(seats as u64);
                let mut step = 0;
                loop {
                    // Every few steps, each seat's view and the public one.
                    if step % 50 == 0 {
                        for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Public]) {
                            render_into_lang(&game.view(viewer, &[]), &mut frame, lang);
                        }
                    }
                    let Some((actor, action)) =
                        harness::random_dyn_action(game.as_ref(), &mut pick).unwrap()
                    else {
                        break;
                    };
                    game.apply(actor, &action).unwrap();
                    step += 1;
                }
                render_into_lang(&game.view(Viewer::Public, &[]), &mut frame, lang);
            }
        }
        let missing = text::take_missing();
        assert!(missing.is_empty(), "{lang}: .notdef for {missing:?}");
    }
}

#[test]
fn the_boards_words_follow_the_language() {
    let info = GAMES.iter().find(|g| g.id == "aeroplane").unwrap();
    let setup = Setup { seats: 4, settings: settings::defaults(info.settings) };
    let game = (info.start)(&setup).unwrap();
    let view = game.view(Viewer::Public, &[]);
    let draw = |lang: &str| {
        let mut frame = IndexedImage::default();
        render_into_lang(&view, &mut frame, lang);
        frame
    };
    let (en, zh, pl) = (draw("en"), draw("zh"), draw("pl"));
    assert!(en != zh && en != pl && zh != pl, "the hangar letters differ by language");
    assert!(en == draw("de"), "an unknown language draws English");
    assert!(text::take_missing().is_empty());
}
