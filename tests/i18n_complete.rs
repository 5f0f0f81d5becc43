//! Every text a game can produce exists in every language: event ids (collected from random
//! games), prompts, button labels, setting names and values, game names and rules summaries.

use std::collections::BTreeSet;

use igroteka::choice::Label;
use igroteka::event::Arg;
use igroteka::game::{Actor, Setup};
use igroteka::harness;
use igroteka::i18n::{I18n, LANGUAGES};
use igroteka::registry::{DynGame, GAMES};
use igroteka::rng;
use igroteka::settings;

fn collect(game: &mut Box<dyn DynGame>, seed: u64, ids: &mut BTreeSet<String>) {
    let mut pick = rng::seeded(seed);
    while let Some((actor, action)) = harness::random_dyn_action(game.as_ref(), &mut pick).unwrap()
    {
        if let Actor::Seat(seat) = actor {
            let choices = game.choices(seat);
            ids.extend(choices.prompt.clone());
            for choice in &choices.options {
                for label in &choice.path {
                    match label {
                        Label::Msg(id) | Label::Described { id, .. } => {
                            ids.insert(id.clone());
                        }
                        Label::Text(_) => {}
                    }
                }
            }
        }
        for event in game.apply(actor, &action).unwrap() {
            ids.insert(event.id.clone());
            for (_, arg) in &event.args {
                if let Arg::Msg(id) = arg {
                    ids.insert(id.clone());
                }
            }
        }
    }
    for seat in 0..2 {
        ids.extend(game.resign(seat).into_iter().map(|e| e.id));
    }
}

#[test]
fn every_game_text_exists_in_every_language() {
    let i18n = I18n::new();
    let mut ids = BTreeSet::new();
    for info in GAMES {
        ids.insert(info.name_id());
        ids.insert(format!("rules-{}", info.id));
        for spec in info.settings {
            ids.insert(format!("setting-{}", spec.key));
            for value in spec.values {
                ids.insert(format!("setting-{}-{value}", spec.key));
            }
        }
        for seats in info.seats.iter() {
            for seed in 0..20 {
                let setup = Setup { seats, settings: settings::defaults(info.settings) };
                let mut game = (info.start)(&setup).unwrap();
                collect(&mut game, seed, &mut ids);
            }
        }
    }
    assert!(ids.len() > 20, "too few ids collected: {ids:?}");
    for lang in LANGUAGES {
        let missing: Vec<&String> = ids.iter().filter(|id| !i18n.has(lang, id)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
    }
}

// ---- The locale files themselves, read as Fluent syntax trees. ----

use std::collections::BTreeMap;

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use igroteka::i18n::SOURCES;

/// One message as the tests see it: the variables it uses, its text with placeables written
/// as `{$name}`, and the selects on a variable with their variant keys.
#[derive(Debug, Default)]
struct Shape {
    variables: BTreeSet<String>,
    text: String,
    selects: Vec<(String, Vec<String>, String)>,
}

fn walk_inline(e: &InlineExpression<&str>, shape: &mut Shape) {
    match e {
        InlineExpression::VariableReference { id } => {
            shape.variables.insert(id.name.to_string());
            shape.text.push_str(&format!("{{${}}}", id.name));
        }
        InlineExpression::Placeable { expression } => walk(expression, shape),
        InlineExpression::StringLiteral { value } | InlineExpression::NumberLiteral { value } => {
            shape.text.push_str(value)
        }
        other => shape.text.push_str(&format!("{other:?}")),
    }
}

fn walk(e: &Expression<&str>, shape: &mut Shape) {
    match e {
        Expression::Inline(inline) => walk_inline(inline, shape),
        Expression::Select { selector, variants } => {
            walk_inline(selector, shape);
            let mut keys = Vec::new();
            let mut default = String::new();
            for variant in variants {
                let key = match &variant.key {
                    VariantKey::Identifier { name } => name.to_string(),
                    VariantKey::NumberLiteral { value } => format!("={value}"),
                };
                if variant.default {
                    default = key.clone();
                }
                keys.push(key);
                shape.text.push('|');
                pattern(&variant.value, shape);
            }
            if let InlineExpression::VariableReference { id } = selector {
                shape.selects.push((id.name.to_string(), keys, default));
            }
        }
    }
}

fn pattern(p: &Pattern<&str>, shape: &mut Shape) {
    for element in &p.elements {
        match element {
            PatternElement::TextElement { value } => shape.text.push_str(value),
            PatternElement::Placeable { expression } => walk(expression, shape),
        }
    }
}

/// Every message of `lang`, by id.
fn shapes(lang: &str) -> BTreeMap<String, Shape> {
    let mut out = BTreeMap::new();
    for (l, topic, source) in SOURCES {
        if *l != lang {
            continue;
        }
        let resource = fluent_syntax::parser::parse(*source)
            .unwrap_or_else(|(_, errors)| panic!("{lang}/{topic}: {errors:?}"));
        for entry in resource.body {
            if let Entry::Message(message) = entry {
                let mut shape = Shape::default();
                if let Some(value) = &message.value {
                    pattern(value, &mut shape);
                }
                out.insert(message.id.name.to_string(), shape);
            }
        }
    }
    out
}

/// The plural categories a language's integers fall into (CLDR), which a select on a number
/// must cover, each as a key of its own or the default.
fn plural_categories(lang: &str) -> &'static [&'static str] {
    match lang {
        "en" | "bg" => &["one", "other"],
        "ru" | "uk" | "be" | "pl" => &["one", "few", "many"],
        "zh" => &["other"],
        _ => panic!("no plural rules listed for {lang}"),
    }
}

const CATEGORIES: &[&str] = &["zero", "one", "two", "few", "many", "other"];

#[test]
fn every_placeable_of_the_english_text_is_used_in_each_translation() {
    let en = shapes("en");
    for lang in LANGUAGES {
        let shapes = shapes(lang);
        for (id, english) in &en {
            let Some(shape) = shapes.get(id) else { panic!("{lang} lacks {id}") };
            assert_eq!(shape.variables, english.variables, "{lang}: {id} uses other variables");
        }
    }
}

#[test]
fn each_language_covers_its_plural_categories() {
    for lang in LANGUAGES {
        let wanted = plural_categories(lang);
        for (id, shape) in shapes(lang) {
            for (variable, keys, default) in &shape.selects {
                let plural: Vec<&String> =
                    keys.iter().filter(|k| CATEGORIES.contains(&k.as_str())).collect();
                if plural.is_empty() && default != "other" {
                    // A select on a word ($kind), or on exact numbers with a word default.
                    continue;
                }
                for key in &plural {
                    assert!(
                        wanted.contains(&key.as_str()),
                        "{lang}: {id} selects ${variable} on [{key}], not a category of {lang}"
                    );
                }
                for category in wanted {
                    assert!(
                        keys.iter().any(|k| k == category),
                        "{lang}: {id} selects ${variable} without [{category}] ({keys:?})"
                    );
                }
            }
        }
    }
}

/// Messages that may read the same as English: names, codes and symbols the languages share.
fn may_equal_english(lang: &str, id: &str) -> bool {
    // Words and units that happen to be spelt the same ("Start", "5 min").
    const SAME: &[(&str, &str)] = &[
        ("pl", "btn-start"),
        ("pl", "setting-turn-5m"),
        ("pl", "setting-turn-15m"),
        ("pl", "duration-minutes"),
    ];
    SAME.contains(&(lang, id))
}

#[test]
fn no_translation_is_left_in_english_by_accident() {
    let en = shapes("en");
    let mut same = Vec::new();
    for lang in LANGUAGES.iter().filter(|l| **l != "en") {
        let shapes = shapes(lang);
        for (id, english) in &en {
            // Texts with no words (placeables, arrows, emoji, numbers) need no translation.
            let words = english.text.replace('$', "");
            let has_words = {
                let mut t = words.clone();
                for v in &english.variables {
                    t = t.replace(&format!("{{{v}}}"), "");
                }
                t.chars().any(char::is_alphabetic)
            };
            if has_words && shapes[id].text == english.text && !may_equal_english(lang, id) {
                same.push(format!("{lang}: {id}"));
            }
        }
    }
    assert!(same.is_empty(), "left as in English: {same:#?}");
}
