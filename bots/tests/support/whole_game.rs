//! A whole game under Telegram's real limits, the part every such test shares (one process on
//! a data folder, or three over PostgreSQL): play a budget of the group's calls, let the
//! players resign until the game is over, and check the end — as a player sees it, then against
//! the stored table.
//!
//! A group allows 20 messages and edits a minute and every move edits the board, so a test
//! that must stay under a minute plays as many moves as that minute allows (pressed as fast as
//! the bot shows them) and then lets the player to move resign; the game over is the same
//! final board.

use std::time::{Duration, Instant};

use super::oracle::Truth;
use super::play::{self, Played, finished, live_board, pings};
use super::{Emulator, STEP, Sent, TestUser, png_size};

/// Paced calls a test lets the group have before the resignation (a group gets 20 a minute).
pub const BUDGET: usize = 14;

/// Names enough for any table a game seats today, and some to spare (no name is part of
/// another: boards and pings are searched for "<name>, your turn").
const NAMES: [&str; 8] = ["Alice", "Boris", "Chen", "Dana", "Emil", "Farida", "Goran", "Hana"];

/// `n` players (Alice, Boris, Chen, Dana, …) with ids from `first_id`.
pub fn players(n: usize, first_id: i64) -> Vec<TestUser> {
    assert!(n <= NAMES.len(), "{n} players: name more in whole_game::NAMES");
    NAMES[..n]
        .iter()
        .enumerate()
        .map(|(i, name)| TestUser::new(first_id + i as i64, name))
        .collect()
}

/// The group's paced calls so far (messages and edits).
pub fn paced(emulator: &Emulator, chat: i64) -> usize {
    emulator.with(|s| s.paced_calls(chat).len())
}

/// Plays until the group has used `budget` paced calls (or the game ends), checking after
/// each press that pings do not pile up.
pub fn play_budget(emulator: &Emulator, chat: i64, players: &[TestUser], budget: usize) -> Played {
    play::play(emulator, chat, players, |emulator, _| {
        let deadline = Instant::now() + STEP;
        while pings(emulator, chat).len() > 1 {
            assert!(Instant::now() < deadline, "pings pile up\n{}", emulator.transcript());
            std::thread::sleep(Duration::from_millis(20));
        }
        paced(emulator, chat) >= budget
    })
}

/// The player the live board names resigns, again and again, until the game is over (with two
/// players, or two sides, once; with four, a resignation leaves the others playing). Returns
/// who resigned, in order.
pub fn resign_until_over(emulator: &Emulator, chat: i64, players: &[TestUser]) -> Vec<String> {
    let mut gone: Vec<String> = Vec::new();
    let deadline = Instant::now() + 10 * STEP;
    while finished(emulator, chat).is_none() {
        assert!(Instant::now() < deadline, "no end\n{}", emulator.transcript());
        let board = live_board(emulator, chat);
        let mover = board.as_ref().and_then(|b| play::to_move(b, players));
        match mover {
            // A board still naming a player who resigned is about to be edited.
            Some(mover) if !gone.contains(&mover.name) => {
                assert!(gone.len() + 1 < players.len(), "{gone:?} resigned, and no end");
                emulator.say(chat, None, mover, "/resign");
                gone.push(mover.name.clone());
            }
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    gone
}

/// The end of the game in `chat` as the players see it, then the store's truth, read by
/// `stored` (which may first stop the bot that holds the data folder): the group ends with
/// exactly one board message — a photo showing the final state, byte for byte what the stored
/// table draws — and no ping; no message of the game, in the group or a player's private chat,
/// still shows buttons, and no edit was refused as "not modified"; every press so far was
/// answered within a second; no 429 was provoked; nothing more is sent after the end.
pub fn check_the_end(
    emulator: &Emulator,
    chat: i64,
    players: &[TestUser],
    stored: impl FnOnce() -> Truth,
) {
    let end = emulator.wait("the final board", STEP, |s| {
        s.latest(chat, |m| m.photo.is_some() && m.plain().contains("Game over"))
    });
    emulator.wait("the last ping deleted", STEP, |s| {
        let standing = s
            .messages
            .iter()
            .any(|m| m.chat == chat && m.from.is_none() && m.plain().starts_with("🔔"));
        (!standing).then_some(())
    });
    let text = end.plain();
    for p in players {
        assert!(text.contains(&p.name), "the ranking lacks {}: {text}", p.name);
    }
    let group = emulator.bot_messages(chat);
    let boards: Vec<_> = group.iter().filter(|m| m.photo.is_some()).collect();
    assert_eq!(boards.len(), 1, "{}", emulator.transcript());
    assert_eq!(boards[0].id, end.id);
    assert!(group.iter().all(|m| m.tokens().is_empty()), "buttons left after the end");
    assert!(end.key("Rematch").is_some(), "the final board offers a rematch: {end:?}");
    assert!(end.key("Replay").is_some(), "the final board offers a replay: {end:?}");
    // Nor anywhere else: no message of the game, in the group or a player's private chat,
    // shows a game's buttons, and no edit changed nothing.
    let chats: Vec<i64> = std::iter::once(chat).chain(players.iter().map(|p| p.id)).collect();
    emulator.assert_no_buttons_left(&chats);
    let (w, h) = png_size(end.photo.as_deref().unwrap());
    assert!(w >= 100 && h >= 100, "a tiny board: {w}×{h}");
    assert_eq!(emulator.limited(), 0, "the bot provoked 429s: {}", emulator.limited_report());
    let slowest = emulator.slowest_answer();
    assert!(slowest < Duration::from_secs(1), "a press waited {slowest:?} for its answer");
    // Nothing more is on its way: the end stays as it is.
    std::thread::sleep(Duration::from_millis(1500));
    let after = message(emulator, chat, end.id);
    assert_eq!((after.edits, after.text.clone()), (end.edits, end.text.clone()));
    let mut truth = stored();
    assert!(truth.is_over());
    assert!(after.photo.as_deref() == Some(truth.public_png().as_slice()), "a stale final board");
    eprintln!(
        "{chat}: {} paced calls to the group, slowest answer {slowest:?}",
        paced(emulator, chat)
    );
}

fn message(emulator: &Emulator, chat: i64, id: i64) -> Sent {
    emulator.with(|s| s.messages.iter().find(|m| m.chat == chat && m.id == id).cloned()).unwrap()
}
