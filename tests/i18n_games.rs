//! Every language plays a whole game of every registered game through the engine, by pressing
//! the buttons it shows, with the chat in that language — and not one message may fall back
//! to English or to its id on the way ([`igroteka::i18n::take_misses`]).

mod common;

use common::{Chatroom, buttons_of, is_ping};
use igroteka::app::token::{Op, Token, Version};
use igroteka::app::{Action, Dest, Effect, Input, User};
use igroteka::i18n::{LANGUAGES, take_misses};
use igroteka::registry::GAMES;
use igroteka::rng;
use igroteka::store::Store;
use igroteka::table::Platform;
use rand_core::RngCore;

const NAMES: [&str; 4] = ["Alice", "Bob", "Carol", "Dave"];

fn speaker(name: &str, lang: &str) -> User {
    User { id: name.to_lowercase(), name: name.to_string(), admin: false, lang: Some(lang.into()) }
}

fn act(room: &mut Chatroom, name: &str, lang: &str, action: Action) -> Vec<Effect> {
    room.now += 1000;
    let input = Input {
        platform: Platform::Console,
        chat: room.chat.clone(),
        user: speaker(name, lang),
        now: room.now,
        action,
    };
    room.run(&input)
}

fn press(room: &mut Chatroom, name: &str, lang: &str, token: &str) -> Vec<Effect> {
    let message_id = room.message_with(token).map(|(id, _)| id);
    act(room, name, lang, Action::Press { token: token.to_string(), message_id })
}

fn refused(effects: &[Effect]) -> bool {
    effects.iter().any(|e| matches!(e, Effect::Answer { alert: true, .. }))
}

/// A chat's latest keyboard: the chat (`None` for the group, else the user's id) and its
/// buttons (text, token).
type Keyboard = (Option<String>, Vec<(String, String)>);

/// The latest keyboard of the group and of each private chat.
fn keyboards(room: &Chatroom) -> Vec<Keyboard> {
    let mut latest: Vec<Keyboard> = Vec::new();
    for delivered in &room.seen {
        let (to, message) = match &delivered.effect {
            Effect::Send { to, message } | Effect::Edit { to, message, .. } => (to, message),
            _ => continue,
        };
        if is_ping(message) {
            continue;
        }
        let key = match to {
            Dest::Chat { .. } => None,
            Dest::User { user } => Some(user.clone()),
        };
        latest.retain(|(k, _)| *k != key);
        latest.push((key, buttons_of(message)));
    }
    latest
}

fn play(lang: &str, game: &str, seats: usize) {
    let mut room = Chatroom::temporary();
    let players = &NAMES[..seats];
    take_misses();
    act(
        &mut room,
        players[0],
        lang,
        Action::Command { name: "play".into(), args: vec![game.into()] },
    );
    let lobby_button = |room: &Chatroom, op: Op| {
        room.latest_buttons()
            .into_iter()
            .map(|(_, token)| token)
            .find(|t| Token::parse(t).is_some_and(|t| t.op == op))
            .unwrap_or_else(|| panic!("{lang} {game}: no {op:?} button"))
    };
    for p in &players[1..] {
        let join = lobby_button(&room, Op::Join);
        assert!(!refused(&press(&mut room, p, lang, &join)), "{lang} {game}: join refused");
    }
    let start = lobby_button(&room, Op::Start);
    assert!(!refused(&press(&mut room, players[0], lang, &start)), "{lang} {game}: start refused");
    let mut pick = rng::seeded(seats as u64 + 7);
    let mut presses = 0;
    while !room.store().unfinished().unwrap().is_empty() {
        assert!(presses < 30_000, "{lang} {game}: no end after {presses} presses");
        let mut candidates: Vec<(String, String)> = Vec::new();
        for (chat, buttons) in keyboards(&room) {
            for (_, token) in buttons {
                match &chat {
                    Some(user) => {
                        let name = players.iter().find(|p| p.to_lowercase() == *user).unwrap();
                        candidates.push((name.to_string(), token));
                    }
                    None => match Token::parse(&token).map(|t| t.version) {
                        Some(Version::Keyboard(k)) => {
                            candidates.push((players[k.seat].to_string(), token))
                        }
                        _ => candidates
                            .extend(players.iter().map(|p| (p.to_string(), token.clone()))),
                    },
                }
            }
        }
        assert!(!candidates.is_empty(), "{lang} {game}: nothing to press");
        let (who, token) = &candidates[(pick.next_u64() % candidates.len() as u64) as usize];
        press(&mut room, who, lang, token);
        presses += 1;
        let misses = take_misses();
        assert!(misses.is_empty(), "{lang} {game}: fell back for {misses:?}");
    }
    // The end: results, the score sheet, the help and the rules, all in the language.
    for (name, args) in [("score", vec![]), ("help", vec![]), ("rules", vec![game.to_string()])] {
        act(&mut room, players[0], lang, Action::Command { name: name.into(), args });
    }
    let misses = take_misses();
    assert!(misses.is_empty(), "{lang} {game}: fell back for {misses:?}");
}

fn every_game_in(lang: &str) {
    assert!(LANGUAGES.contains(&lang));
    for info in GAMES {
        for seats in [info.seats.min(), info.seats.max()] {
            play(lang, info.id, seats);
        }
    }
}

// One test per language, so that they run side by side.
#[test]
fn english_plays_every_game_without_a_fallback() {
    every_game_in("en");
}
#[test]
fn russian_plays_every_game_without_a_fallback() {
    every_game_in("ru");
}
#[test]
fn polish_plays_every_game_without_a_fallback() {
    every_game_in("pl");
}
#[test]
fn ukrainian_plays_every_game_without_a_fallback() {
    every_game_in("uk");
}
#[test]
fn belarusian_plays_every_game_without_a_fallback() {
    every_game_in("be");
}
#[test]
fn bulgarian_plays_every_game_without_a_fallback() {
    every_game_in("bg");
}
#[test]
fn chinese_plays_every_game_without_a_fallback() {
    every_game_in("zh");
}

#[test]
fn every_language_has_its_test() {
    let source = include_str!("i18n_games.rs");
    for lang in LANGUAGES {
        assert!(source.contains(&format!("every_game_in(\"{lang}\")")), "{lang}");
    }
}
