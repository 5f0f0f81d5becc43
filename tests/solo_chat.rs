//! One person against computer players in a private chat with the bot (issue 16): every game
//! opens there, plays to its end through the engine and the real store, with one board in the
//! chat that shows the person's own view — their private choices on it, their secrets drawn,
//! the computers' never — and no pings or private prompts beside it.

mod common;

use common::{Chatroom, answer, buttons_of, group_message, is_ping, table};
use igroteka::app::local::LocalPlatform;
use igroteka::app::{Action, App, AppConfig, Chat, Dest, Effect, Input};
use igroteka::game::Actor;
use igroteka::store::{SledStore, Store};
use igroteka::table::{LogEntry, Platform, Status};

/// A chat room that is Alice's private chat with the bot.
fn private_room() -> Chatroom {
    let mut room = Chatroom::temporary();
    room.chat = Chat { id: "private-alice".into(), private: true, thread: None, server: None };
    room
}

/// Opens `game` (with `settings`) in Alice's private chat, seats `computers` easy computers
/// and starts it.
fn solo_game(room: &mut Chatroom, game: &str, computers: usize) {
    room.send("Alice", &format!("/play {game}"));
    let lobby = room.latest_text();
    assert!(lobby.contains("🤖 +") && lobby.contains("Start"), "{lobby}");
    assert!(room.button("Join").is_none(), "nobody else can join a private chat");
    for _ in 0..computers {
        let add = room.button("🤖 + easy").expect("an add-computer button");
        room.press("Alice", &add);
    }
    let started = room.press("Alice", &room.button("Start").expect("a Start button"));
    assert!(answer(&started).is_some_and(|(_, alert)| !alert), "{started:?}");
    assert!(table(room).solo, "a table opened in a private chat is solo");
}

/// A small deterministic generator, so a failing game can be replayed.
struct Picker(u64);

impl Picker {
    fn pick(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Alice presses a random one of her choice buttons on the board (never Back or a page
/// button, so every press moves the game on) until the game ends; returns her presses.
fn play_to_the_end(room: &mut Chatroom, seed: u64) -> usize {
    let mut picker = Picker(seed);
    let mut presses = 0;
    while !table(room).status.is_over() {
        let buttons: Vec<(String, String)> = room
            .latest_buttons()
            .into_iter()
            .filter(|(text, _)| !["◀", "▶", "Back"].iter().any(|nav| text.contains(nav)))
            .collect();
        assert!(!buttons.is_empty(), "no buttons for Alice: {}", room.latest_text());
        let (_, token) = buttons[picker.pick(buttons.len())].clone();
        let effects = room.press("Alice", &token);
        if let Some((text, true)) = answer(&effects) {
            panic!("Alice's press on her own board was refused: {text}");
        }
        presses += 1;
        assert!(presses < 5_000, "the game never ended");
    }
    presses
}

/// What every solo game must keep to: everything is in the one chat, no ping, no private
/// message (the board carries the person's choices), and no computer is ever addressed.
fn assert_one_chat_only(room: &Chatroom) {
    for d in &room.seen {
        match &d.effect {
            Effect::Send { to: Dest::User { user }, message } => {
                panic!("a private message to {user} beside the solo board: {}", message.text)
            }
            Effect::Send { to: Dest::Chat { chat, .. }, message } => {
                assert_eq!(chat, "private-alice");
                assert!(!is_ping(message), "a ping in a solo game: {}", message.text);
            }
            _ => {}
        }
    }
}

#[test]
fn alice_plays_every_game_to_its_end_against_computers_in_her_private_chat() {
    // (game, computers): each game with as few computers as it takes to start.
    for (n, (game, computers)) in
        [("aeroplane", 3), ("tank-battle", 1), ("tanks", 1), ("thousand", 3), ("air-battle", 1)]
            .into_iter()
            .enumerate()
    {
        let mut room = private_room();
        solo_game(&mut room, game, computers);
        play_to_the_end(&mut room, 0x9E37_79B9 + n as u64);
        let stored = table(&room);
        assert_eq!(stored.status, Status::Finished, "{game}");
        let log = room.store().log(stored.id).unwrap();
        for seat in 0..=computers {
            let acted = log
                .iter()
                .any(|e| matches!(e, LogEntry::Act { actor: Actor::Seat(s), .. } if *s == seat));
            assert!(acted, "{game}: seat {seat} never moved");
        }
        let end = room.latest_text();
        assert!(end.contains("Game over"), "{game}: {end}");
        assert_one_chat_only(&room);
    }
}

#[test]
fn the_solo_board_shows_alice_her_own_secrets_and_none_of_the_computers() {
    let mut room = private_room();
    solo_game(&mut room, "tanks", 1);
    // Her secret set-up is chosen on the board itself.
    let setup = room.latest_buttons();
    assert!(setup.iter().any(|(t, _)| t.to_lowercase().contains("random set-up")), "{setup:?}");
    play_to_the_end(&mut room, 7);
    let alice = 0;
    let mut own_labels = 0;
    for d in &room.seen {
        let Some(board) = group_message(&d.effect).and_then(|m| m.board.as_ref()) else {
            continue;
        };
        let json = serde_json::to_value(board).unwrap();
        for rocket in json["rockets"].as_array().into_iter().flatten() {
            if rocket["revealed"] == false && rocket["side"] != alice {
                assert!(rocket["label"].is_null(), "a computer's secret label shown: {rocket}");
            }
            if rocket["side"] == alice && !rocket["label"].is_null() {
                own_labels += 1;
            }
        }
        for mine in json["mines"].as_array().into_iter().flatten() {
            assert_eq!(mine["side"], alice, "a computer's mine shown: {mine}");
        }
    }
    assert!(own_labels > 0, "Alice's board never showed her own rocket labels");
    assert_one_chat_only(&room);
}

#[test]
fn board_in_the_private_chat_brings_the_solo_board_down_and_a_behind_press_heals_it() {
    let mut room = private_room();
    solo_game(&mut room, "tank-battle", 1);
    let old = room.latest_buttons();
    let effects = room.send("Alice", "/board");
    let fresh = effects.iter().filter_map(group_message).find(|m| !m.buttons.is_empty());
    let fresh = fresh.expect("the board again, with Alice's buttons");
    assert_eq!(buttons_of(fresh), old, "the same choices on the new board");
    // Alice moves on the new board; a press of a button from before lands on the live board,
    // which was only behind: it is shown as it stands, and nothing changes.
    let before = table(&room).log_len();
    play_one_move(&mut room);
    let after = table(&room);
    assert!(after.log_len() > before);
    let behind = room.press("Alice", &old[0].1);
    assert!(answer(&behind).is_some_and(|(t, _)| t.contains("behind")), "{behind:?}");
    let healed = behind.iter().filter_map(group_message).next().expect("the board redrawn");
    assert_eq!(buttons_of(healed), room.latest_buttons());
    assert_eq!(table(&room), after, "a press from before changed nothing");
}

/// Alice presses the first choice until her turn has passed.
fn play_one_move(room: &mut Chatroom) {
    let before = table(room).log_len();
    for _ in 0..5 {
        let (_, token) = room.latest_buttons().first().cloned().expect("Alice's buttons");
        room.press("Alice", &token);
        if table(room).log_len() > before {
            return;
        }
    }
    panic!("Alice's move never went through");
}

#[test]
fn when_the_last_person_resigns_the_computers_do_not_play_on() {
    let mut room = private_room();
    solo_game(&mut room, "aeroplane", 3);
    room.send("Alice", "/resign");
    let stored = table(&room);
    assert_eq!(stored.status, Status::Aborted);
    let end = room.latest_text();
    assert!(end.contains("Only computer players are left"), "{end}");
    let board = room.seen.iter().rev().find_map(|d| group_message(&d.effect));
    let board = board.expect("the last board").clone();
    assert!(board.buttons.is_empty(), "the ended game's board keeps buttons: {board:?}");
    // Nothing is waiting: no tick hands a computer a turn of the ended game.
    assert_eq!(stored.due(), None);
    let log = stored.log_len();
    room.tick(room.now + 60_000);
    assert_eq!(table(&room).log_len(), log, "nobody moved after the end");
}

#[test]
fn in_a_group_a_person_who_resigns_leaves_the_others_playing() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    room.press("Bob", &room.button("Join").unwrap());
    for _ in 0..2 {
        room.press("Alice", &room.button("🤖 + easy").unwrap());
    }
    room.press("Alice", &room.button("Start").unwrap());
    room.send("Alice", "/resign");
    assert!(!table(&room).status.is_over(), "Bob still plays against the computers");
    room.send("Bob", "/resign");
    assert_eq!(table(&room).status, Status::Aborted, "then only computers are left");
    assert!(room.latest_text().contains("Only computer players are left"));
}

/// The process dies after Alice's move against a computer is saved and before the board is
/// delivered: the restarted bot delivers it to her private chat, the computer then takes its
/// turn as if nothing had happened, and nothing ever goes anywhere else.
#[test]
fn a_solo_move_saved_before_a_crash_is_delivered_after_the_restart_and_the_computer_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut room = Chatroom::new(SledStore::open(dir.path(), 8 << 20).unwrap());
    room.chat = Chat { id: "private-alice".into(), private: true, thread: None, server: None };
    solo_game(&mut room, "aeroplane", 1);
    let roll = room.button("Roll").expect("Alice rolls first");
    let board = room.message_with(&roll).unwrap().0;
    let before = table(&room);
    // Handled and flushed, never delivered.
    let input = Input {
        platform: Platform::Console,
        chat: room.chat.clone(),
        user: common::user("Alice"),
        now: room.now + 1_000,
        action: Action::Press { token: roll, message_id: Some(board.clone()) },
    };
    let effects = room.platform.app.handle(&input);
    assert!(answer(&effects).is_some_and(|(_, alert)| !alert), "{effects:?}");
    let saved = table(&room);
    assert!(saved.log_len() > before.log_len(), "the roll is saved");
    let computer_moves = |store: &SledStore| {
        let log = store.log(saved.id).unwrap();
        log.iter().filter(|e| matches!(e, LogEntry::Act { actor: Actor::Seat(1), .. })).count()
    };
    let computer_before = computer_moves(room.store());
    drop(room);

    let store = SledStore::open(dir.path(), 8 << 20).unwrap();
    let mut platform = LocalPlatform::new(App::new(store.clone(), AppConfig::default()));
    let resumed = platform.resume(Platform::Console);
    let shown = resumed.iter().find_map(|d| match &d.effect {
        Effect::Edit { message_id, message, .. } if *message_id == board => Some(message),
        _ => None,
    });
    let shown = shown.expect("the roll's board is delivered after the restart");
    assert!(shown.text.contains("Alice rolled"), "{}", shown.text);
    assert!(platform.resume(Platform::Console).is_empty(), "delivered once");

    // The game goes on from there: the clock's tick takes up a computer's turn left pending,
    // Alice plays and the computer answers, all in her chat.
    let mut seen = resumed;
    let mut now = input.now + 1_000;
    seen.extend(platform.run(&Input { now, action: Action::Tick, ..input.clone() }));
    for _ in 0..20 {
        let Some(board) = platform.app.current_board(saved.id).unwrap() else { break };
        let Some((_, token)) = buttons_of(&board).into_iter().next() else { break };
        now += 1_000;
        let press =
            Input { now, action: Action::Press { token, message_id: None }, ..input.clone() };
        seen.extend(platform.run(&press));
    }
    assert!(computer_moves(&store) > computer_before, "the computer moved after the restart");
    for d in &seen {
        match &d.effect {
            Effect::Send { to, .. } | Effect::Show { to, .. } | Effect::Edit { to, .. } => {
                assert!(matches!(to, Dest::Chat { chat, .. } if chat == "private-alice"), "{to:?}")
            }
            _ => {}
        }
    }
}
