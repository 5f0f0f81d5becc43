//! End to end through the emulator: private messages the bot may not send (403) never stop
//! it, and a player who never started the bot can still play in the group.
//!
//! The secret set-up with its deep link is in `telegram_setup.rs`.

mod support;

use support::play::{current_board, start_game, step};
use support::{Emulator, TestUser, spawn_bot};

#[test]
fn unreachable_users_never_stop_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_444;
    emulator.group(chat, "Private", false);
    let bot = spawn_bot(&emulator, &dir.path().join("data"));

    // A user who blocked the bot writes to it: the reply fails with 403, nothing breaks.
    let blocked = TestUser::new(3001, "Blocked");
    emulator.block(&blocked);
    let before = emulator.calls("sendMessage");
    emulator.say(blocked.id, None, &blocked, "/board");
    emulator.wait("the refused reply", support::STEP, |s| {
        (s.calls.iter().filter(|c| *c == "sendmessage").count() > before).then_some(())
    });
    assert!(emulator.bot_messages(blocked.id).is_empty());

    // A private chat that works gets its answer (the deep-link continuation with nothing
    // pending says so).
    let friend = TestUser::new(3002, "Friend");
    emulator.say(friend.id, None, &friend, "/start t1");
    emulator.expect(friend.id, 0, "no running games");

    // A player who never started the bot plays in the group as usual.
    let shy = TestUser::new(3003, "Shy");
    emulator.never_started(&shy);
    let players = vec![friend.clone(), shy.clone()];
    start_game(&emulator, chat, &players, "aeroplane");
    step(&emulator, chat, &players);
    assert!(current_board(&emulator, chat).is_some());
    assert!(!bot.stderr().contains(support::TOKEN), "the token leaked: {}", bot.stderr());
}
