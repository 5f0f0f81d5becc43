//! Spectators through the Telegram emulator (issue 41): `/watch` in the group brings the
//! public board into the spectator's private chat at once and after every move, as a photo
//! with a "Stop watching" button; the button stops it; someone who never opened the bot's
//! private chat is told in the group (a 403 from Telegram) and not kept; `/board` by a
//! non-player shows the board; the menu lists `/watch` and `/unwatch`.

mod support;

use support::play::{finished, start_game, step};
use support::{Emulator, STEP, TestUser, spawn_bot};

/// The photos in `user`'s private chat.
fn boards_of(emulator: &Emulator, user: &TestUser) -> Vec<support::Sent> {
    emulator.with(|s| {
        s.messages.iter().filter(|m| m.chat == user.id && m.photo.is_some()).cloned().collect()
    })
}

#[test]
fn a_spectator_follows_a_game_privately_and_stops_with_a_press() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_971;
    emulator.group(chat, "Friends", false);
    let (alice, bob, carol, dave) = (
        TestUser::new(4401, "Alice"),
        TestUser::new(4402, "Bob"),
        TestUser::new(4403, "Carol"),
        TestUser::new(4404, "Dave"),
    );
    for user in [&alice, &bob, &carol] {
        emulator.user(user);
    }
    emulator.never_started(&dave);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    emulator.with(|s| {
        let menu = s.menu(chat, "en");
        assert!(menu.contains(&"watch".to_string()) && menu.contains(&"unwatch".to_string()));
    });
    let players = [alice.clone(), bob.clone()];
    start_game(&emulator, chat, &players, "aeroplane");

    // Carol watches: said in the group, and the board comes to her at once.
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &carol, "/watch");
    emulator.expect(chat, mark, "Carol is watching");
    let first =
        emulator.wait("Carol's first board", STEP, |s| s.latest(carol.id, |m| m.photo.is_some()));
    assert!(first.plain().starts_with("👁 Aeroplane Chess"), "{}", first.plain());
    let stop = first.key("Stop watching").and_then(|k| k.data.clone()).expect("Stop watching");
    assert_eq!(first.keyboard.iter().flatten().count(), 1, "no move buttons for a spectator");

    // Every move brings her one more board (a roll is a move everyone sees).
    for n in 1..=4 {
        let before = boards_of(&emulator, &carol).len();
        step(&emulator, chat, &players);
        emulator.wait(&format!("Carol's board after move {n}"), STEP, |s| {
            let now = s.messages.iter().filter(|m| m.chat == carol.id && m.photo.is_some());
            (now.count() > before).then_some(())
        });
    }
    emulator.settle();
    let seen = boards_of(&emulator, &carol);
    assert!(seen.len() >= 5, "{} boards", seen.len());
    for board in &seen {
        assert_eq!(board.plain().lines().next(), Some("👁 Aeroplane Chess"), "{}", board.plain());
    }

    // Dave never opened the bot's private chat: Telegram refuses, the group is told.
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &dave, "/watch");
    let note = emulator.expect(chat, mark, "can't message you privately");
    assert!(note.plain().contains("Dave"), "{}", note.plain());
    step(&emulator, chat, &players);
    emulator.settle();
    assert!(boards_of(&emulator, &dave).is_empty());

    // Anyone may bring the board down with /board.
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &dave, "/board");
    emulator.wait("the board again", STEP, |s| {
        s.messages.iter().find(|m| m.chat == chat && m.id >= mark && m.photo.is_some()).cloned()
    });

    // Stop watching: answered, the button goes, and the next moves bring nothing.
    let query = emulator.press(&carol, &first, &stop);
    let answer = emulator.answer(&query);
    assert!(answer.text.contains("no longer get the boards"), "{answer:?}");
    emulator.settle();
    let count = boards_of(&emulator, &carol).len();
    for _ in 0..3 {
        if finished(&emulator, chat).is_some() {
            break;
        }
        step(&emulator, chat, &players);
    }
    emulator.settle();
    assert_eq!(boards_of(&emulator, &carol).len(), count, "nothing after Stop watching");
    assert_eq!(emulator.limited(), 0, "{}", emulator.limited_report());
}
