//! Every registered game, played to its end through the conversation engine exactly as chat
//! users would: reading the latest keyboards (in the group and in private chats) and pressing
//! buttons, with the real store underneath. Nothing may be refused on the way.

mod common;

use std::collections::BTreeMap;

use common::{Chatroom, buttons_of, is_ping, start_game};
use igroteka::app::token::{Token, Version};
use igroteka::app::{Dest, Effect};
use igroteka::registry::GAMES;
use igroteka::rng;
use igroteka::store::Store;
use rand_core::RngCore;

const NAMES: [&str; 4] = ["Alice", "Bob", "Carol", "Dave"];

/// The latest keyboard each chat shows: `None` for the group, `Some(user id)` for a private one.
fn keyboards(room: &Chatroom) -> BTreeMap<Option<String>, Vec<(String, String)>> {
    let mut latest = BTreeMap::new();
    for delivered in &room.seen {
        let (to, message) = match &delivered.effect {
            Effect::Send { to, message } | Effect::Edit { to, message, .. }
                if !is_ping(message) =>
            {
                (to, message)
            }
            _ => continue,
        };
        let key = match to {
            Dest::Chat { .. } => None,
            Dest::User { user } => Some(user.clone()),
        };
        latest.insert(key, buttons_of(message));
    }
    latest
}

fn mover(text: &str) -> Option<String> {
    text.lines().find_map(|l| l.split_once(", your turn").map(|(name, _)| name.to_string()))
}

#[test]
fn every_game_can_be_played_to_the_end_by_pressing_buttons() {
    for info in GAMES {
        for seats in [info.seats.min(), info.seats.max()] {
            let mut room = Chatroom::temporary();
            let players = &NAMES[..seats];
            start_game(&mut room, info.id, players);
            let mut pick = rng::seeded(seats as u64);
            let mut presses = 0;
            while !room.latest_text().contains("Game over") {
                assert!(presses < 20_000, "{}: no end after {presses} presses", info.id);
                let boards = keyboards(&room);
                let mut candidates: Vec<(String, String)> = Vec::new();
                // A group button is pressed by the seat it was made for (two commanders of a
                // side share the board), a lobby-style one by the player named to move.
                if let Some(name) = mover(&room.latest_text()) {
                    for (_, token) in boards.get(&None).cloned().unwrap_or_default() {
                        let presser = match Token::parse(&token).map(|t| t.version) {
                            Some(Version::Keyboard(k)) => players[k.seat].to_string(),
                            _ => name.clone(),
                        };
                        candidates.push((presser, token));
                    }
                }
                for name in players {
                    let private =
                        boards.get(&Some(name.to_lowercase())).cloned().unwrap_or_default();
                    candidates
                        .extend(private.into_iter().map(|(_, token)| (name.to_string(), token)));
                }
                assert!(
                    !candidates.is_empty(),
                    "{}: nothing to press: {}",
                    info.id,
                    room.latest_text()
                );
                let (who, token) =
                    &candidates[(pick.next_u64() % candidates.len() as u64) as usize];
                let effects = room.press(who, token);
                let refused =
                    effects.iter().any(|e| matches!(e, Effect::Answer { alert: true, .. }));
                // A private keyboard may be out of date once its owner's set-up is done; a
                // group keyboard never is.
                assert!(!refused || boards.keys().any(Option::is_some), "{}: {effects:?}", info.id);
                presses += 1;
            }
            let text = room.latest_text();
            assert!(text.contains("1. "), "{}: {text}", info.id);
            assert!(room.store().unfinished().unwrap().is_empty(), "{} still unfinished", info.id);
        }
    }
}
