//! `/top`, `/stats` and `/history` through the Telegram emulator (issue 41): a game finished in
//! a group shows in its top table and history; `/stats` in reply to a player's message gives
//! that player's record (Telegram names no user in a command but by @username, which the bot
//! cannot look up); the menu lists the three commands.

mod support;

use support::play::start_game;
use support::{Emulator, STEP, TestUser, spawn_bot};

#[test]
fn a_finished_game_shows_in_top_history_and_a_replied_stats() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_941;
    emulator.group(chat, "Friends", false);
    let (alice, bob, carol) =
        (TestUser::new(4101, "Alice"), TestUser::new(4102, "Bob"), TestUser::new(4103, "Carol"));
    for user in [&alice, &bob, &carol] {
        emulator.user(user);
    }
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    emulator.with(|s| {
        let menu = s.menu(chat, "en");
        for command in ["top", "stats", "history"] {
            assert!(menu.contains(&command.to_string()), "{menu:?}");
        }
    });

    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &carol, "/top");
    emulator.expect(chat, mark, "No game has been finished in this chat yet");

    start_game(&emulator, chat, &[alice.clone(), bob.clone()], "aeroplane");
    emulator.say(chat, None, &bob, "/resign");
    emulator.wait("the final board", STEP, |s| {
        s.latest(chat, |m| m.photo.is_some() && m.plain().contains("Game over"))
    });

    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &carol, "/top");
    let top = emulator.expect(chat, mark, "the best players here").plain();
    assert!(top.contains("1. Alice — 1105 (1 game, 1 win)"), "{top}");
    assert!(top.contains("2. Bob — 895 (1 game, 0 wins)"), "{top}");

    let said = emulator.say(chat, None, &alice, "gg");
    let mark = emulator.with(|s| s.next_message);
    emulator.say_replying(chat, None, &carol, "/stats", Some(said));
    let stats = emulator.expect(chat, mark, "in this chat").plain();
    assert!(stats.starts_with("📊 Alice in this chat"), "{stats}");
    assert!(stats.contains("1 played, 1 won"), "{stats}");
    // Without a reply, the caller's own.
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &bob, "/stats");
    let own = emulator.expect(chat, mark, "in this chat").plain();
    assert!(own.contains("Bob in this chat") && own.contains("1 played, 0 won"), "{own}");

    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &carol, "/history");
    let history = emulator.expect(chat, mark, "The last games").plain();
    assert!(history.contains("Aeroplane Chess · 1. Alice · 2. Bob"), "{history}");
}
