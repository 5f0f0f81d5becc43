//! Turn clocks through the Telegram emulator and the real binary, with the process's clock
//! running 3,600 times faster (`IGROTEKA_CLOCK_SPEED`: a 12-hour turn passes in 12 seconds)
//! and a tick every 100 ms: the player to move gets a private reminder at half time, and at the
//! deadline their turn is played for them and the group's board says so.

mod support;

use std::time::Duration;

use support::play::start_game;
use support::{Emulator, TestUser, png_size, spawn_bot_with};

#[test]
fn a_reminder_arrives_privately_and_a_deadline_plays_the_turn_and_the_board_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_201;
    emulator.group(chat, "Game night", false);
    let fast = [("IGROTEKA_CLOCK_SPEED", "3600"), ("IGROTEKA_TICK_MS", "100")];
    let _bot = spawn_bot_with(&emulator, &dir.path().join("data"), &fast);
    let players = [TestUser::new(1801, "Alice"), TestUser::new(1802, "Boris")];
    let first = start_game(&emulator, chat, &players, "tank-battle turn=12h");
    assert!(first.plain().contains("Alice, your turn"), "{}", first.plain());
    assert!(first.plain().contains("12 h to move"), "{}", first.plain());

    let reminder = emulator.wait("Alice's private reminder", Duration::from_secs(30), |s| {
        s.latest(players[0].id, |m| m.plain().contains("it is your move"))
    });
    assert!(reminder.plain().contains("Tank Battle"), "{}", reminder.plain());
    // With a link to the board: the supergroup's id without -100, then the message.
    let board = emulator.latest(chat, |m| m.photo.is_some()).expect("the board");
    let link = format!("https://t.me/c/201/{}", board.id);
    assert!(reminder.plain().contains(&link), "{link} in {}", reminder.plain());
    // Nothing of it in the group, and Boris (not to move) got nothing.
    let group_reminders = emulator.with(|s| {
        s.messages
            .iter()
            .filter(|m| m.chat == chat && m.plain().contains("it is your move"))
            .count()
    });
    assert_eq!(group_reminders, 0);
    assert!(emulator.latest(players[1].id, |m| m.plain().contains("⏰")).is_none());

    let board = emulator.wait("the board after the deadline", Duration::from_secs(30), |s| {
        s.latest(chat, |m| m.photo.is_some() && m.plain().contains("ran out of time"))
    });
    let text = board.plain();
    assert!(text.contains("Alice ran out of time: the turn was played for them"), "{text}");
    assert!(text.contains("Boris, your turn"), "{text}");
    let (w, h) = png_size(board.photo.as_deref().unwrap());
    assert!(w >= 100 && h >= 100);
    assert_eq!(emulator.limited(), 0, "the bot provoked 429s");
}
