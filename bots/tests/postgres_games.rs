//! Every registered game, whole, through three bot processes on one PostgreSQL schema: the
//! deployment several processes make (issue 38), with Telegram's emulator POSTing the updates
//! to one webhook URL and a round-robin balancer handing them to the processes in turn.
//!
//! The games come from the registry (`igroteka::registry::GAMES`), so a new game is played here
//! without a change to this file: each at the fewest players it seats and, when it seats more,
//! again at the most (four-player Thousand, Air Battle two against two, Aeroplane Chess for
//! four), with its private set-up when it has one — each table in its own group, all at once
//! (Telegram's limits are a group's and the bot's, and eight groups stay well within the bot's
//! 30 calls a second). Each is played as `telegram_game.rs` plays them under the real limits —
//! a budget of the group's calls, then the player to move resigns (again, until the game is
//! over, when a resignation leaves the others playing) — and its end gets the same checks
//! (`support/whole_game.rs`): one board, byte for byte what the stored table draws, every
//! player in the ranking, no buttons left, no ping, no 429, every press answered within a
//! second. Beyond those: each process handled some of the updates, and no message was sent
//! twice (two processes delivering one outbox entry would send it twice).
//!
//! Needs the PostgreSQL server the project's machines run (see `support/pg_schema.rs`).

#[path = "support/pg_schema.rs"]
mod pg_schema;
mod support;

use std::time::Instant;

use igroteka::registry::{GAMES, GameInfo};
use pg_schema::Schema;
use support::balancer::Fleet;
use support::oracle::{self, table_of};
use support::play::{self, open_and_start, set_up};
use support::whole_game::{self, players};
use support::{Emulator, STEP};

/// The group's calls each game is played for before its resignations.
const MOVES: usize = 5;

#[test]
fn every_registered_game_at_its_fewest_and_most_players_through_three_processes() {
    let Some(schema) = Schema::new("games") else { return };
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let fleet = Fleet::start(&emulator, dir.path(), &schema.bot_url(), 3, &[]);
    assert!(!GAMES.is_empty(), "no game registered");
    let tables = tables();
    let chats: Vec<i64> = std::thread::scope(|scope| {
        let games: Vec<_> = tables
            .iter()
            .enumerate()
            .map(|(n, &(info, seats))| {
                scope.spawn({
                    let (emulator, schema) = (&emulator, &schema);
                    move || play_whole(emulator, schema, info, seats, n)
                })
            })
            .collect();
        games
            .into_iter()
            .flat_map(|game| {
                game.join().unwrap_or_else(|e| {
                    eprintln!("{}", fleet.logs());
                    std::panic::resume_unwind(e)
                })
            })
            .collect()
    });
    let shares = fleet.shares();
    assert!(shares.iter().all(|n| *n > 0), "a process took no update: {shares:?}");
    emulator.assert_nothing_sent_twice(&chats);
    assert_eq!(emulator.limited(), 0, "the processes provoked 429s: {}", emulator.limited_report());
    let undelivered = emulator.with(|s| s.undelivered.clone());
    assert!(undelivered.is_empty(), "updates given up: {undelivered:?}");
    eprintln!(
        "{} games of {} through three processes in {:?}; updates per process {shares:?}",
        tables.len(),
        GAMES.len(),
        started.elapsed()
    );
}

/// The tables played: every registered game at the fewest players it seats, and at the most
/// when that is another count (where four play two against two, that is the team game).
fn tables() -> Vec<(&'static GameInfo, usize)> {
    let counts = |info: &GameInfo| {
        let (fewest, most) = (info.seats.min(), info.seats.max());
        std::iter::once(fewest).chain((most > fewest).then_some(most))
    };
    GAMES.iter().flat_map(|&info| counts(info).map(move |seats| (info, seats))).collect()
}

/// One game of `info` for `seats` players in a group of its own (the `n`th table played), from
/// `/play` to the checked end; returns the game's chats (the group, the players' private chats).
fn play_whole(
    emulator: &Emulator,
    schema: &Schema,
    info: &GameInfo,
    seats: usize,
    n: usize,
) -> Vec<i64> {
    let started = Instant::now();
    let chat = -100_800 - n as i64;
    emulator.group(chat, info.id, false);
    let players = players(seats, 8000 + 10 * n as i64);
    players.iter().for_each(|p| emulator.user(p));
    let lobby = open_and_start(emulator, chat, &players, info.id);
    let table = table_of(&lobby.tokens()[0].1);
    if info.private_setup {
        for p in &players {
            set_up(emulator, p);
        }
    }
    emulator.wait("the first board", STEP, |s| play::board_in(s, chat));
    // The budget counts from the first board (a private set-up's notes and a bigger lobby take
    // some of the group's calls first), and is smaller than `telegram_game`'s: the group's pace,
    // not the machine, sets the time a game takes (about three seconds a call), and the whole
    // test should stay under a minute or so (four players' resignations take more calls).
    let budget = whole_game::paced(emulator, chat) + MOVES;
    let played = whole_game::play_budget(emulator, chat, &players, budget);
    let what = format!("{} for {seats}", info.id);
    assert!(played.presses >= 2, "{what}: only {} presses", played.presses);
    let gone = whole_game::resign_until_over(emulator, chat, &players);
    whole_game::check_the_end(emulator, chat, &players, || oracle::of(&schema.open(), table));
    eprintln!(
        "{what}: {} presses, {} resigned, in {:?}",
        played.presses,
        gone.len(),
        started.elapsed()
    );
    std::iter::once(chat).chain(players.iter().map(|p| p.id)).collect()
}

/// The check for a message sent twice can fail: a send repeating a standing message is seen;
/// the same text again once the first was edited, or in another chat, is not.
#[test]
fn the_emulator_sees_a_message_sent_twice() {
    let emulator = Emulator::start();
    emulator.with(|s| s.limits = false);
    let (chat, other) = (-100_900, -100_901);
    emulator.group(chat, "Twice", false);
    emulator.group(other, "Once", false);
    let send = |chat: i64, text: &str| {
        let body = serde_json::json!({"chat_id": chat, "text": text});
        assert_eq!(emulator.raw_call("sendMessage", &body), 200);
    };
    send(chat, "🔔 Alice: your move");
    send(other, "🔔 Alice: your move");
    emulator.assert_nothing_sent_twice(&[chat, other]);
    let first = emulator.latest(chat, |_| true).unwrap();
    let edit = serde_json::json!({"chat_id": chat, "message_id": first.id, "text": "edited"});
    assert_eq!(emulator.raw_call("editMessageText", &edit), 200);
    send(chat, "🔔 Alice: your move");
    emulator.assert_nothing_sent_twice(&[chat, other]);
    send(chat, "🔔 Alice: your move");
    let caught = std::panic::catch_unwind(|| emulator.assert_nothing_sent_twice(&[chat]));
    assert!(caught.is_err(), "a message sent twice went unseen");
    emulator.assert_nothing_sent_twice(&[other]);
}
