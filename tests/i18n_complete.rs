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
