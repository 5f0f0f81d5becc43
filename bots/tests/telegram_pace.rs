//! A group's pace under Telegram's real limits (the emulator answers 429 to a second message
//! or edit within a second in a chat, a 21st within a minute in a group), as the players feel
//! it and as Telegram counts it:
//!
//! - players who press as soon as the board shows the last move see each press on the board
//!   within 6 s (the 99th percentile), because a group's 20 calls a minute are spread evenly
//!   instead of going out in its first 20 seconds and then leaving it silent for 40;
//! - a bot killed (`kill -9`) and started again every few seconds never sends a group more
//!   than 20 calls within a minute, because the limiter keeps each group's last minute in the
//!   store.
//!
//! Both run in real time (the limits are Telegram's; there is no faster clock for them), about
//! a minute and a half each, side by side.

mod support;

use std::time::{Duration, Instant};

use support::play::{self, start_game};
use support::state::GROUP_WINDOW;
use support::{BotProcess, Emulator, TestUser, spawn_bot};

/// Telegram's limit for a group, and the players' bound for press → board.
const GROUP_MAX: usize = 20;
const BOARD_WITHIN: Duration = Duration::from_secs(6);

fn players(first_id: i64) -> Vec<TestUser> {
    vec![TestUser::new(first_id, "Alice"), TestUser::new(first_id + 1, "Boris")]
}

/// The nearest-rank percentile `q` (0–1) of `sorted`.
fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let rank = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The calls each group got within its busiest minute (429s included), checked against the
/// limit, with the 429s the bot provoked.
fn check_the_limits(emulator: &Emulator, chats: &[i64]) -> Vec<usize> {
    let busiest: Vec<usize> =
        chats.iter().map(|chat| emulator.with(|s| s.most_within(*chat, GROUP_WINDOW))).collect();
    eprintln!("calls in each group's busiest minute: {busiest:?}; 429s: {}", emulator.limited());
    assert_eq!(emulator.limited(), 0, "the bot went over a limit\n{}", emulator.transcript());
    assert!(busiest.iter().all(|n| *n <= GROUP_MAX), "{busiest:?}");
    busiest
}

/// Four groups, two players in each pressing the first button of the board as soon as it
/// shows the last move (18 presses: more than a group's first minute holds).
#[test]
fn pressing_as_fast_as_the_board_allows_shows_each_press_within_six_seconds() {
    const GROUPS: i64 = 4;
    const PRESSES: usize = 18;
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chats: Vec<i64> = (0..GROUPS).map(|i| -400_000 - i).collect();
    for chat in &chats {
        emulator.group(*chat, "Blitz", false);
    }
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let mut delays: Vec<Duration> = std::thread::scope(|scope| {
        let games: Vec<_> = chats
            .iter()
            .enumerate()
            .map(|(i, chat)| {
                let emulator = &emulator;
                scope.spawn(move || {
                    let players = players(8_000 + 10 * i as i64);
                    start_game(emulator, *chat, &players, "aeroplane");
                    play::play(emulator, *chat, &players, |_, presses| presses >= PRESSES).delays
                })
            })
            .collect();
        games.into_iter().flat_map(|game| game.join().unwrap()).collect()
    });
    delays.sort();
    let (p50, p95, p99) =
        (percentile(&delays, 0.5), percentile(&delays, 0.95), percentile(&delays, 0.99));
    eprintln!(
        "{} presses, press → board p50 {p50:?}, p95 {p95:?}, p99 {p99:?}, slowest {:?}; {:?}",
        delays.len(),
        delays[delays.len() - 1],
        started.elapsed()
    );
    check_the_limits(&emulator, &chats);
    assert!(p99 <= BOARD_WITHIN, "press → board p99 {p99:?}: {delays:?}");
}

/// One group playing briskly while the bot is killed every ten seconds or so (at a varying
/// moment after a board edit: the edit's record may not have reached the disk) and started
/// again at once, seven times.
#[test]
fn a_bot_killed_every_few_seconds_never_sends_a_group_more_than_twenty_calls_a_minute() {
    const KILLS: usize = 7;
    const RUN: Duration = Duration::from_secs(10);
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let emulator = Emulator::start();
    let chat = -410_000;
    emulator.group(chat, "Crash loop", false);
    let players = players(8_100);
    let mut bot: BotProcess = spawn_bot(&emulator, &data);
    start_game(&emulator, chat, &players, "aeroplane");
    let (mut kills, mut presses, mut since) = (0, 0, Instant::now());
    while kills < KILLS {
        play::step(&emulator, chat, &players);
        presses += 1;
        if since.elapsed() >= RUN {
            // 0 to 0.9 s after the edit arrived.
            std::thread::sleep(Duration::from_millis(150 * (kills as u64 % 7)));
            bot.kill();
            bot = spawn_bot(&emulator, &data);
            kills += 1;
            since = Instant::now();
        }
    }
    eprintln!("{presses} presses, {kills} kills in {:?}", started.elapsed());
    check_the_limits(&emulator, &[chat]);
    drop(bot);
}
