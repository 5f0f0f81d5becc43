//! The conversation engine through its real store: lobby, turns, and every kind of bad press
//! (stale, forged, malformed, outsider, not one's turn, racing), each answered politely and
//! changing nothing.

mod common;

use common::{Chatroom, answer, start_game};
use igroteka::app::{Action, App, AppConfig, Effect, Input};
use igroteka::store::{SledStore, Store};
use igroteka::table::Status;

fn table_seq(room: &Chatroom) -> (u64, u64) {
    let store = room.store();
    let chat = igroteka::table::ChatId {
        platform: igroteka::table::Platform::Console,
        chat: room.chat.id.clone(),
        thread: None,
    };
    let id = store.chat_table(&chat).unwrap().expect("an active table");
    (id, store.load(id).unwrap().unwrap().seq)
}

#[test]
fn play_opens_a_lobby_that_players_join_and_start() {
    let mut room = Chatroom::temporary();
    let effects = room.send("Alice", "/play aeroplane");
    let texts: Vec<_> = room.latest_buttons().into_iter().map(|(t, _)| t).collect();
    assert!(
        texts.contains(&"Join".to_string()) && texts.contains(&"Start".to_string()),
        "{texts:?}"
    );
    assert!(matches!(effects.as_slice(), [Effect::Send { .. }]));
    let join = room.button("Join").unwrap();
    room.press("Bob", &join);
    assert!(room.latest_text().contains("Alice, Bob"), "{}", room.latest_text());
    let again = room.press("Bob", &room.button("Join").unwrap());
    assert_eq!(answer(&again).unwrap().0, "You are already at this table.");
    start_game_after_lobby(&mut room);
    let text = room.latest_text();
    assert!(text.contains("Alice, your turn"), "{text}");
    assert!(room.button("Roll").is_some());
}

/// The lobby, `/games` and a refused start say how many players a game takes in words: a
/// range with a dash, two counts with "or" (never "Players (1, 2, 4)", which reads as three
/// numbers of one kind).
#[test]
fn the_player_counts_a_game_takes_read_as_words() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play air-battle");
    let lobby = room.latest_text();
    assert!(lobby.contains("Players (1 of 2 or 4): Alice"), "{lobby}");
    let refused = room.press("Alice", &room.button("Start").unwrap());
    assert_eq!(answer(&refused).unwrap().0, "This game needs 2 or 4 players.");
    let games = room.send("Bob", "/games");
    let Effect::Send { message, .. } = &games[0] else { panic!("{games:?}") };
    assert!(message.text.contains("(2–4 players)"), "{}", message.text);
    assert!(message.text.contains("(2 or 4 players)"), "{}", message.text);
    assert!(
        message.text.contains("Tank Battle (Битка на танкове) (2 players)"),
        "{}",
        message.text
    );
}

/// A setting for one player count says which: a lobby of «Tysiąc» with four players must not
/// read as if its two-player form applied to them.
#[test]
fn the_two_player_setting_of_tysiac_says_it_is_for_two_players() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play thousand");
    for name in ["Bob", "Carol", "Dave"] {
        room.press(name, &room.button("Join").unwrap());
    }
    let lobby = room.latest_text();
    assert!(lobby.contains("Players (4 of 2 or 4)"), "{lobby}");
    assert!(lobby.contains("With two players: one diagonal (S v N)"), "{lobby}");
    assert!(room.button("With two players: one diagonal (S v N)").is_some(), "{lobby}");
    room.send("Alice", "/lang ru");
    room.send("Alice", "/board");
    let lobby = room.latest_text();
    assert!(lobby.contains("Если игроков двое: одна диагональ"), "{lobby}");
}

fn start_game_after_lobby(room: &mut Chatroom) {
    let start = room.button("Start").unwrap();
    room.press("Alice", &start);
}

#[test]
fn a_second_play_in_the_same_chat_is_refused_politely() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    let effects = room.send("Bob", "/play tank-battle");
    let Effect::Send { message, .. } = &effects[0] else { panic!("{effects:?}") };
    assert!(message.text.contains("already running"), "{}", message.text);
}

#[test]
fn wrong_arguments_get_an_explanation() {
    let mut room = Chatroom::temporary();
    for (line, expected) in [
        ("/play chess", "I don't know a game called"),
        ("/play aeroplane takeoff=seven", "That setting is not right"),
        ("/frobnicate", "I don't know /frobnicate"),
        ("/move", "There is no game in this chat"),
        ("/lang xx", "Choose a language"),
    ] {
        let effects = room.send("Alice", line);
        let Effect::Send { message, .. } = &effects[0] else { panic!("{line}: {effects:?}") };
        assert!(message.text.contains(expected), "{line}: {}", message.text);
    }
    assert!(room.store().unfinished().unwrap().is_empty());
}

/// The player named in the latest "X, your turn" line.
fn player_to_move(room: &Chatroom) -> String {
    let text = room.latest_text();
    text.lines()
        .find_map(|l| l.split_once(", your turn").map(|(name, _)| name.to_string()))
        .unwrap_or_else(|| panic!("whose turn? {text}"))
}

/// The first button a player can press after the start, who may press it, and another
/// seated player: the group keyboard of the player to move, or (a secret set-up) Alice's
/// private keyboard.
fn first_button(room: &Chatroom, seated: &[&str]) -> (String, String, String) {
    match room.latest_buttons().into_iter().next() {
        Some((_, token)) if room.latest_text().contains("your turn") => {
            let mover = player_to_move(room);
            let other = seated.iter().find(|n| **n != mover).unwrap().to_string();
            (token, mover, other)
        }
        _ => {
            let (_, token) = room.private_buttons("Alice").into_iter().next().expect("a keyboard");
            (token, "Alice".into(), "Bob".into())
        }
    }
}

#[test]
fn bad_presses_are_refused_and_change_nothing_in_every_game() {
    for info in igroteka::registry::GAMES {
        let names = ["Alice", "Bob", "Carol", "Dave"];
        let seated = &names[..info.seats.min()];
        let mut room = Chatroom::temporary();
        start_game(&mut room, info.id, seated);
        let (first, mover, other) = first_button(&room, seated);
        let (id, _) = table_seq(&room);
        let before = room.store().load(id).unwrap().unwrap();
        // The real token is t<table>:<seat>.<acted>.<picks>.<step>:c0; forge its parts.
        let (prefix, _) = first.rsplit_once(':').unwrap();
        let version = prefix.split(':').nth(1).unwrap().to_string();
        let parts: Vec<&str> = version.split('.').collect();
        let [seat, acted, picks, step] = parts.as_slice() else { panic!("{first}") };
        let more_picks = picks.parse::<u64>().unwrap() + 1;
        let forged = "That button is not one I recognise. Nothing changed.";
        let stale = "This button is out of date. Use the newest board message (or /board).";
        let not_other = if info.private_setup {
            "That button belongs to another player."
        } else {
            "It is not your turn."
        };
        let cases = [
            ("Eve", first.clone(), "You are not playing in this game."),
            (other.as_str(), first.clone(), not_other),
            (&mover, "garbage".to_string(), forged),
            (&mover, format!("{prefix}:c9999"), forged),
            (&mover, format!("{prefix}:p77"), forged),
            (&mover, format!("{prefix}:g1"), forged),
            (&mover, format!("t{}:{version}:c0", id + 1000), "That game no longer exists."),
            (&mover, format!("t{id}:{acted}:c0"), stale),
            (&mover, format!("t{id}:{seat}.{acted}.{more_picks}.{step}:c0"), stale),
            (&mover, format!("t{id}:{seat}.{acted}.{picks}.00000000:c0"), stale),
        ];
        for (who, token, expected) in cases {
            let effects = room.press(who, &token);
            let (text, alert) =
                answer(&effects).unwrap_or_else(|| panic!("{who} {token}: {effects:?}"));
            assert_eq!(text, expected, "{}: {who} pressing {token}", info.id);
            assert!(alert);
            assert_eq!(effects.len(), 1, "a refusal sends nothing else: {effects:?}");
            assert_eq!(
                room.store().load(id).unwrap().unwrap(),
                before,
                "{who} {token} changed the table"
            );
        }
        // A real press, then the same button again. On the live board the press heals it: the
        // board is shown as it stands (a client that had not caught up yet), nothing applies.
        let effects = room.press(&mover, &first);
        assert!(answer(&effects).is_some_and(|(_, alert)| !alert), "{}: {effects:?}", info.id);
        let after = room.store().load(id).unwrap().unwrap();
        let effects = room.press(&mover, &first);
        let (text, alert) = answer(&effects).unwrap();
        assert!(text.contains("as it stands now") && !alert, "{}: {text}", info.id);
        assert!(
            effects.iter().any(|e| matches!(e, Effect::Edit { .. })),
            "{}: the live board is shown again: {effects:?}",
            info.id
        );
        assert_eq!(
            room.store().load(id).unwrap().unwrap(),
            after,
            "{}: a heal changes nothing",
            info.id
        );
        // Without the message (a platform that does not say), it is plainly out of date.
        let input = Input {
            platform: igroteka::table::Platform::Console,
            chat: room.chat.clone(),
            user: common::user(&mover),
            now: room.now + 1,
            action: Action::Press { token: first.clone(), message_id: None },
        };
        let effects = room.run(&input);
        assert!(answer(&effects).unwrap().0.contains("out of date"), "{}", info.id);
        // On a message that is no longer the live board, the buttons go.
        let input = Input {
            action: Action::Press { token: first.clone(), message_id: Some("m-old".into()) },
            ..input
        };
        let effects = room.run(&input);
        assert!(answer(&effects).unwrap().0.contains("out of date"), "{}", info.id);
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Strip { message_id, .. } if message_id == "m-old")),
            "{}: {effects:?}",
            info.id
        );
    }
}

#[test]
fn in_a_secret_set_up_one_players_presses_leave_the_others_buttons_working() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tanks", &["Alice", "Bob"]);
    let group = room.latest_text();
    assert!(
        group.contains("Waiting for") && group.contains("Alice") && group.contains("Bob"),
        "{group}"
    );
    let (_, bobs) = room.private_buttons("Bob").into_iter().next().expect("Bob's keyboard");
    for _ in 0..3 {
        let (_, alices) =
            room.private_buttons("Alice").into_iter().next().expect("Alice's keyboard");
        let effects = room.press("Alice", &alices);
        assert!(answer(&effects).is_some_and(|(_, alert)| !alert), "{effects:?}");
    }
    let effects = room.press("Bob", &bobs);
    assert!(
        answer(&effects).is_some_and(|(_, alert)| !alert),
        "Bob's button went stale: {effects:?}"
    );
}

#[test]
fn a_button_from_another_chat_is_refused() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let roll = room.button("Roll").unwrap();
    room.chat.id = "other-group".into();
    let effects = room.press("Alice", &roll);
    assert_eq!(answer(&effects).unwrap().0, "That button is not one I recognise. Nothing changed.");
}

#[test]
fn of_twenty_racing_presses_exactly_one_applies() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), 8 << 20).unwrap();
    let mut room = Chatroom::new(store.clone());
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let roll = room.button("Roll").unwrap();
    let (id, seq) = table_seq(&room);
    let input = igroteka::app::Input {
        platform: igroteka::table::Platform::Console,
        chat: room.chat.clone(),
        user: common::user("Alice"),
        now: room.now + 10_000,
        action: igroteka::app::Action::Press { token: roll.clone(), message_id: None },
    };
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(20));
    let handles: Vec<_> = (0..20)
        .map(|_| {
            let store = store.clone();
            let input = input.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let mut app = App::new(store, AppConfig::default());
                barrier.wait();
                let effects = app.handle(&input);
                (effects, app.take_dirty())
            })
        })
        .collect();
    let results: Vec<(Vec<Effect>, Vec<u64>)> =
        handles.into_iter().map(|h| h.join().unwrap()).collect();
    let applied = results.iter().filter(|(_, queued)| !queued.is_empty()).count();
    assert_eq!(applied, 1, "exactly one press applies (and queues its messages)");
    for (effects, _) in results.iter().filter(|(_, queued)| queued.is_empty()) {
        assert_eq!(effects.len(), 1, "a refusal sends nothing else: {effects:?}");
        let (text, alert) = answer(effects).unwrap();
        assert!(alert && (text.contains("out of date") || text.contains("faster")), "{text}");
    }
    let table = store.load(id).unwrap().unwrap();
    assert_eq!(table.seq, seq + 1, "one move, one sequence step");
}

#[test]
fn only_the_creator_or_an_admin_cancels() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let effects = room.send("Bob", "/cancel");
    let Effect::Send { message, .. } = &effects[0] else { panic!() };
    assert!(message.text.contains("Only the player who started"));
    room.send("Alice", "/cancel");
    assert!(room.latest_text().contains("cancelled by Alice"));
    assert!(room.store().unfinished().unwrap().is_empty());
    let effects = room.send("Bob", "/play aeroplane");
    assert!(
        matches!(&effects[0], Effect::Send { message, .. } if message.text.contains("New game"))
    );
}

#[test]
fn leaving_the_lobby_and_resigning() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    room.send("Bob", "/join");
    room.send("Alice", "/leave");
    assert!(room.latest_text().contains("Bob"), "{}", room.latest_text());
    assert!(!room.latest_text().contains("Alice,"), "{}", room.latest_text());
    room.send("Carol", "/join");
    room.send("Bob", "/startgame");
    let (id, _) = table_seq(&room);
    room.send("Carol", "/resign");
    let text = room.latest_text();
    assert!(text.contains("Game over") && text.contains("1. Bob"), "{text}");
    assert!(room.store().unfinished().unwrap().is_empty());
    assert_eq!(room.store().load(id).unwrap().unwrap().status, Status::Finished);
}

#[test]
fn sitting_down_at_a_secret_set_up_game_opens_the_private_chat() {
    let private_to = |effects: &[Effect]| -> Vec<String> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Send { to: igroteka::app::Dest::User { user }, .. } => Some(user.clone()),
                _ => None,
            })
            .collect()
    };
    let mut room = Chatroom::temporary();
    assert_eq!(private_to(&room.send("Alice", "/play tanks")), ["alice"]);
    assert_eq!(private_to(&room.send("Bob", "/join")), ["bob"]);
    let mut other = Chatroom::temporary();
    assert!(private_to(&other.send("Alice", "/play aeroplane")).is_empty());
    assert!(private_to(&other.send("Bob", "/join")).is_empty());
}

#[test]
fn my_board_shows_a_player_their_own_picture_privately() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tanks", &["Alice", "Bob"]);
    let mine = room.button("My board").expect("a My board button during the set-up");
    let effects = room.press("Alice", &mine);
    let private: Vec<_> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send { to: igroteka::app::Dest::User { user }, message } => {
                Some((user, message))
            }
            _ => None,
        })
        .collect();
    assert_eq!(private.len(), 1, "{effects:?}");
    assert_eq!(private[0].0, "alice");
    assert!(!private[0].1.buttons.is_empty(), "her pending set-up keyboard comes with it");
    let effects = room.press("Eve", &mine);
    assert_eq!(answer(&effects).unwrap().0, "You are not playing in this game.");
    // Games without hidden information have no such button.
    let mut other = Chatroom::temporary();
    start_game(&mut other, "aeroplane", &["Alice", "Bob"]);
    assert!(other.button("My board").is_none());
}

/// Each refused press is named by its text's id (the adapters count refusals by it); a press
/// that is not refused, and a refusal of a command, name nothing.
#[test]
fn refused_presses_are_named_by_their_reason() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    room.send("Alice", "/play aeroplane");
    assert!(room.platform.app.take_refusals().is_empty(), "a command's refusal is no press");
    room.press("Bob", &room.button("Join").unwrap());
    assert!(room.platform.app.take_refusals().is_empty(), "joining is no refusal");
    room.press("Bob", &room.button("Join").unwrap());
    room.press("Carol", "t999999:0:zz");
    let refusals = room.platform.app.take_refusals();
    let reasons: Vec<&str> = refusals.iter().map(|(_, reason)| reason.as_str()).collect();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert!(reasons.iter().all(|r| !r.is_empty() && !r.contains(' ')), "{reasons:?}");
    assert!(refusals.iter().all(|(p, _)| *p == igroteka::table::Platform::Console));
    assert!(room.platform.app.take_refusals().is_empty(), "taken once");
}
