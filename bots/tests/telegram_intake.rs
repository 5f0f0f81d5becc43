//! Nothing Telegram was told is taken is lost, and nothing is handled twice: the real binary
//! killed (`kill -9`) at the worst moments of the protocol — right after it answered a press,
//! right after its `getUpdates` confirmed a burst of presses, right after its webhook answered
//! 200 — and stopped with SIGTERM right after a burst; updates delivered twice, in both modes.
//!
//! Each round reads the store while the bot is down: an answered or confirmed press is in it
//! (its table's sequence number moved on by exactly one), and after the restart the live board
//! shows it. Several groups play side by side so that each stays within Telegram's 20
//! messages a minute.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use support::oracle::{self, table_of};
use support::play::{self, REFRESHED};
use support::{
    BotProcess, Emulator, KillOn, STEP, Sent, TestUser, free_port, spawn_bot, spawn_webhook_bot,
};

/// One game in a group of its own.
struct Game {
    chat: i64,
    players: Vec<TestUser>,
    table: u64,
    /// The table's sequence number as last read from the store.
    seq: u64,
}

/// Opens `n` Aeroplane Chess games, one per group.
fn open_games(emulator: &Emulator, n: usize, first_chat: i64) -> Vec<Game> {
    (0..n)
        .map(|i| {
            let chat = first_chat - i as i64;
            emulator.group(chat, &format!("Intake {i}"), false);
            let base = 20_000 + 2 * i as i64;
            let players = vec![TestUser::new(base, "Alice"), TestUser::new(base + 1, "Boris")];
            let board = play::start_game(emulator, chat, &players, "aeroplane");
            let table = table_of(&board.tokens()[0].1);
            Game { chat, players, table, seq: 0 }
        })
        .collect()
}

/// Stops the bot at once and reads every game's sequence number.
fn read_all(bot: &mut BotProcess, data: &Path, games: &mut [Game]) {
    bot.kill();
    for game in games {
        game.seq = oracle::read(data, game.table).table.seq;
    }
}

/// A data folder, the emulator, and how the bot is started (long polling, or a webhook on a
/// fixed port).
struct Run {
    _dir: tempfile::TempDir,
    data: std::path::PathBuf,
    emulator: Emulator,
    webhook: Option<u16>,
}

impl Run {
    fn new(webhook: bool) -> Run {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        Run { _dir: dir, data, emulator: Emulator::start(), webhook: webhook.then(free_port) }
    }

    fn spawn(&self) -> BotProcess {
        match self.webhook {
            Some(port) => spawn_webhook_bot(&self.emulator, &self.data, port),
            None => spawn_bot(&self.emulator, &self.data),
        }
    }

    /// `n` games opened and settled, their sequence numbers read, and the bot running again.
    fn with_games(webhook: bool, n: usize, first_chat: i64) -> (Run, BotProcess, Vec<Game>) {
        let run = Run::new(webhook);
        let mut bot = run.spawn();
        let mut games = open_games(&run.emulator, n, first_chat);
        run.emulator.settle();
        read_all(&mut bot, &run.data, &mut games);
        let bot = run.spawn();
        (run, bot, games)
    }
}

/// Waits until the group's live board is the stored table's picture (read while the bot was
/// down).
fn wait_shows_stored(emulator: &Emulator, game: &Game, data_png: &[u8]) {
    emulator.wait(
        &format!("the board of group {} to show the stored game", game.chat),
        STEP,
        |s| {
            s.latest(game.chat, |m| m.photo.is_some() && !m.tokens().is_empty())
                .filter(|board| board.photo.as_deref() == Some(data_png))
        },
    );
}

/// What the store must hold of a press after a kill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Applied once: it was answered as accepted, or confirmed to Telegram.
    Applied,
    /// Not applied: it was refused, or found the board behind.
    Unchanged,
}

impl Expect {
    fn from_answer(answer: &support::Answer) -> Expect {
        if answer.alert || answer.text.starts_with(REFRESHED) {
            Expect::Unchanged
        } else {
            Expect::Applied
        }
    }
}

/// After a kill: checks what the store holds of `game` against what the press was told,
/// restarts the bot and waits for the board to show the stored game. Returns the new process.
fn check_and_restart(
    emulator: &Emulator,
    data: &Path,
    game: &mut Game,
    expect: Expect,
    restart: &dyn Fn() -> BotProcess,
) -> BotProcess {
    let mut truth = oracle::read(data, game.table);
    let wanted = match expect {
        Expect::Applied => game.seq + 1,
        Expect::Unchanged => game.seq,
    };
    assert_eq!(
        truth.table.seq,
        wanted,
        "{expect:?} is not what is stored\n{}",
        emulator.transcript()
    );
    game.seq = truth.table.seq;
    let png = truth.public_png();
    let bot = restart();
    wait_shows_stored(emulator, game, &png);
    bot
}

/// Every callback query was answered at most once.
fn assert_answered_at_most_once(emulator: &Emulator) {
    let twice = emulator.with(|s| {
        let mut queries: Vec<&str> = s.answers.iter().map(|a| a.query.as_str()).collect();
        queries.sort_unstable();
        let mut twice: Vec<String> =
            queries.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0].to_string()).collect();
        twice.dedup();
        twice
    });
    assert!(twice.is_empty(), "queries answered twice (a press handled twice): {twice:?}");
}

#[test]
fn every_answered_press_survives_a_kill_right_after_its_answer() {
    const KILLS: usize = 30;
    let (run, mut bot, mut games) = Run::with_games(false, 6, -410_000);
    let (emulator, data) = (&run.emulator, &run.data);
    let restart = || run.spawn();
    for round in 0..KILLS {
        let game = &mut games[round % 6];
        let (board, player, press) = play::next_press(emulator, game.chat, &game.players);
        emulator.kill_on(KillOn::Answer, &bot);
        let query = emulator.press(&player, &board, &press);
        let answer = emulator.answer(&query);
        assert!(bot.wait_exit(STEP).is_some(), "the bot was not killed at its answer");
        bot.kill();
        bot = check_and_restart(emulator, data, game, Expect::from_answer(&answer), &restart);
    }
    emulator.settle();
    assert_eq!(emulator.with(|s| s.kills.len()), KILLS);
    assert_answered_at_most_once(emulator);
    assert_eq!(emulator.limited(), 0, "calls over Telegram's limits");
}

/// Presses, one per game, queued while the bot cannot see them and released together.
fn burst(emulator: &Emulator, games: &[Game]) -> Vec<(String, i64)> {
    emulator.hold_updates(true);
    games
        .iter()
        .map(|game| {
            let (board, player, press) = play::next_press(emulator, game.chat, &game.players);
            let query = emulator.press(&player, &board, &press);
            (query, emulator.last_update())
        })
        .collect()
}

/// Waits until the bot confirmed (so took) every update of the burst.
fn wait_confirmed(emulator: &Emulator, presses: &[(String, i64)]) {
    emulator.wait("the burst to be confirmed", STEP, |s| {
        presses.iter().all(|(_, update)| s.confirmed.contains(update)).then_some(())
    });
}

/// Once the restarted bot took what was left of the burst: each press of the burst is applied exactly once, and the
/// boards show the stored games. Returns the bot running again.
fn after_the_burst(
    emulator: &Emulator,
    data: &Path,
    games: &mut [Game],
    presses: &[(String, i64)],
    mut bot: BotProcess,
) -> BotProcess {
    bot.kill();
    let mut pictures = Vec::new();
    for (game, (query, _)) in games.iter_mut().zip(presses) {
        let mut truth = oracle::read(data, game.table);
        assert_eq!(truth.table.seq, game.seq + 1, "press {query} not applied exactly once");
        game.seq = truth.table.seq;
        pictures.push(truth.public_png());
    }
    let bot = spawn_bot(emulator, data);
    for (game, png) in games.iter().zip(&pictures) {
        wait_shows_stored(emulator, game, png);
    }
    bot
}

#[test]
fn a_burst_of_presses_confirmed_or_not_is_applied_exactly_once_across_a_kill() {
    const ROUNDS: usize = 10;
    let (run, mut bot, mut games) = Run::with_games(false, 3, -420_000);
    let (emulator, data) = (&run.emulator, &run.data);
    for round in 0..ROUNDS {
        let presses = burst(emulator, &games);
        // Every other round the kill comes as the bot confirms the burst; else a few
        // milliseconds after it is released, wherever the bot then is.
        let on_confirm = round % 2 == 0;
        if on_confirm {
            emulator.kill_on(KillOn::Confirm, &bot);
        }
        emulator.hold_updates(false);
        if !on_confirm {
            std::thread::sleep(Duration::from_millis(1 + 3 * round as u64));
            bot.kill();
        }
        assert!(bot.wait_exit(STEP).is_some());
        bot.kill();
        let confirmed = emulator.with(|s| s.confirmed.clone());
        for (game, (query, update)) in games.iter_mut().zip(&presses) {
            let truth = oracle::read(data, game.table);
            let applied = truth.table.seq - game.seq;
            assert!(applied <= 1, "a press applied {applied} times");
            if confirmed.contains(update) {
                assert_eq!(
                    applied, 1,
                    "press {query} (update {update}) was confirmed, not applied"
                );
            }
        }
        // After the restart, what was not confirmed comes again and is taken once.
        bot = run.spawn();
        wait_confirmed(emulator, &presses);
        bot = after_the_burst(emulator, data, &mut games, &presses, bot);
    }
    assert_answered_at_most_once(emulator);
    drop(bot);
}

#[test]
fn a_webhook_update_answered_200_survives_a_kill_and_a_resent_one_is_taken_once() {
    const KILLS: usize = 10;
    let (run, mut bot, mut games) = Run::with_games(true, 3, -430_000);
    let (emulator, data) = (&run.emulator, &run.data);
    let restart = || run.spawn();
    for round in 0..KILLS {
        let game = &mut games[round % 3];
        let (board, player, press) = play::next_press(emulator, game.chat, &game.players);
        emulator.kill_on(KillOn::WebhookOk, &bot);
        let query = emulator.press(&player, &board, &press);
        let update = emulator.last_update();
        assert!(bot.wait_exit(STEP).is_some(), "the bot was not killed at its 200");
        bot.kill();
        assert!(emulator.with(|s| s.delivered.contains(&update)));
        // The bot said 200: the update is taken, answered or not.
        bot = check_and_restart(emulator, data, game, Expect::Applied, &restart);
        drop(query);
        // Telegram sends it again (as after a timeout): nothing changes.
        emulator.redeliver(update);
        emulator.settle();
    }
    bot.kill();
    for game in &games {
        assert_eq!(oracle::read(data, game.table).table.seq, game.seq, "a resent press applied");
    }
    assert_answered_at_most_once(emulator);
}

/// The bot's messages in `chat` whose text contains `needle`.
fn messages_with(emulator: &Emulator, chat: i64, needle: &str) -> Vec<Sent> {
    emulator.with(|s| {
        s.messages
            .iter()
            .filter(|m| m.chat == chat && m.from.is_none() && m.plain().contains(needle))
            .cloned()
            .collect()
    })
}

/// Telegram resends a webhook update it got no 2xx for in time (a timeout, a 5xx), possibly
/// after the bot handled it. (In long polling an update comes again only when its receipt was
/// not confirmed: the burst tests above.)
#[test]
fn a_webhook_update_delivered_twice_is_handled_once() {
    let run = Run::new(true);
    let (emulator, bot) = (&run.emulator, run.spawn());
    let chat = -440_000;
    emulator.group(chat, "Twice", false);
    let alice = TestUser::new(44_001, "Alice");
    emulator.say(chat, None, &alice, "/play aeroplane");
    let play_update = emulator.last_update();
    let lobby = emulator.expect(chat, 0, "New game");
    emulator.redeliver(play_update);
    emulator.wait("the /play delivered again", STEP, |s| {
        (s.delivered.iter().filter(|id| **id == play_update).count() == 2).then_some(())
    });
    emulator.settle();
    let lobbies = messages_with(emulator, chat, "New game");
    assert_eq!(lobbies.len(), 1, "a resent /play opened the lobby again: {}", bot.stderr());

    let join = lobby.key("Join").and_then(|k| k.data.clone()).unwrap();
    let boris = TestUser::new(44_002, "Boris");
    let query = emulator.press(&boris, &lobby, &join);
    let press_update = emulator.last_update();
    assert!(!emulator.answer(&query).alert);
    emulator.settle();
    let calls = emulator.with(|s| s.calls.len());
    emulator.redeliver(press_update);
    emulator.wait("the press delivered again", STEP, |s| {
        (s.delivered.iter().filter(|id| **id == press_update).count() == 2).then_some(())
    });
    emulator.settle();
    assert_answered_at_most_once(emulator);
    let extra: Vec<String> = emulator.with(|s| s.calls[calls..].to_vec());
    assert!(extra.is_empty(), "a resent press made calls: {extra:?}");
    drop(bot);
}

#[test]
fn sigterm_right_after_a_burst_finishes_what_was_taken_within_five_seconds() {
    const ROUNDS: usize = 20;
    let (run, mut bot, mut games) = Run::with_games(false, 3, -450_000);
    let (emulator, data) = (&run.emulator, &run.data);
    let mut slowest = Duration::ZERO;
    for round in 0..ROUNDS {
        let presses = burst(emulator, &games);
        emulator.hold_updates(false);
        std::thread::sleep(Duration::from_millis((round % 5) as u64 * 2));
        let stopping = Instant::now();
        bot.terminate();
        let status = bot.wait_exit(Duration::from_secs(10)).expect("the bot exits");
        let took = stopping.elapsed();
        slowest = slowest.max(took);
        assert!(took <= Duration::from_secs(5), "the stop took {took:?}: {}", bot.stderr());
        assert!(status.success(), "the bot exited with {status}: {}", bot.stderr());
        // Whatever it confirmed, it applied and answered; the rest comes again after the start.
        let confirmed = emulator.with(|s| s.confirmed.clone());
        for (game, (query, update)) in games.iter().zip(&presses) {
            let applied = oracle::read(data, game.table).table.seq - game.seq;
            assert!(applied <= 1, "a press applied {applied} times");
            if confirmed.contains(update) {
                assert_eq!(applied, 1, "press {query} was confirmed, not applied");
                let answered = emulator.with(|s| s.answers.iter().any(|a| &a.query == query));
                assert!(answered, "press {query} was taken but not answered before the stop");
            }
        }
        bot = run.spawn();
        wait_confirmed(emulator, &presses);
        bot = after_the_burst(emulator, data, &mut games, &presses, bot);
    }
    eprintln!("the slowest stop took {slowest:?}");
    assert_answered_at_most_once(emulator);
    drop(bot);
}
