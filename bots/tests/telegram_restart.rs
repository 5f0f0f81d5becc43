//! `kill -9` at random points of 50 presses: right after a press (before the bot has handled
//! it, or after it saved the move but before the board was sent), right after its answer, or
//! right after the board showed it. After each restart every move the store holds is shown on
//! the live board (its picture is byte for byte what the stored table draws), no move was
//! applied twice, and the live board's buttons are never stale: every press on it applies or
//! heals the board, none is refused. The one message with buttons that may stay besides it is a
//! board the killed bot sent and had not recorded yet (`unrecorded_boards`).
//!
//! Eight Aeroplane Chess games run side by side, one per group, so fifty presses fit in well
//! under a minute while each group stays within Telegram's 20 messages a minute.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use support::oracle::{self, table_of};
use support::play::{self, REFRESHED, pings, to_move};
use support::{Emulator, Lcg, STEP, Sent, TestUser, spawn_bot};

const PRESSES: usize = 50;
const GAMES: usize = 8;
const KILLS: usize = 6;

/// When to kill the bot around a press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KillAfter {
    /// Right after the press is made, or `delay` ms later (the bot may have saved the move
    /// and not yet sent the board).
    Press { delay: u64 },
    /// As soon as the press is answered.
    Answer,
    /// As soon as the board shows the move.
    Board,
}

struct Game {
    chat: i64,
    players: Vec<TestUser>,
    table: u64,
    /// The press waiting for its answer: (query, the board pressed, when to stop waiting —
    /// set when the bot was killed around it: an update the bot had already confirmed to
    /// Telegram before it died is never delivered again).
    pressed: Option<(String, Sent, Option<Instant>)>,
    /// After an applied press: the board as pressed, until it shows the move.
    showing: Option<Sent>,
    presses: usize,
    /// Presses answered as applied (not healed).
    applied: usize,
    /// Presses that were in flight when the bot was killed.
    in_flight_at_kills: usize,
    /// Pings the bot sent but was killed before recording ([`unrecorded_pings`]), by id.
    unrecorded_pings: BTreeSet<String>,
    /// Boards the same way ([`unrecorded_boards`]): their buttons stay.
    unrecorded_boards: BTreeSet<i64>,
}

#[test]
fn kill_9_at_random_points_loses_no_move_and_leaves_no_stale_button() {
    let started = Instant::now();
    // RESTART_SEED=<n> replays a run's kill points.
    let seed =
        std::env::var("RESTART_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(7)
        });
    eprintln!("restart seed {seed} (RESTART_SEED={seed} replays it)");
    let mut rng = Lcg(seed);
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let emulator = Emulator::start();
    let mut bot = spawn_bot(&emulator, &data);

    let mut games: Vec<Game> = (0..GAMES)
        .map(|i| {
            let chat = -300_000 - i as i64;
            emulator.group(chat, &format!("Restarts {i}"), false);
            let players = vec![
                TestUser::new(7_000 + 2 * i as i64, "Alice"),
                TestUser::new(7_001 + 2 * i as i64, "Boris"),
            ];
            Game {
                chat,
                players,
                table: 0,
                pressed: None,
                showing: None,
                presses: 0,
                applied: 0,
                in_flight_at_kills: 0,
                unrecorded_pings: BTreeSet::new(),
                unrecorded_boards: BTreeSet::new(),
            }
        })
        .collect();
    // The games open side by side: /play in every group, then the joins, then the starts.
    for game in &games {
        emulator.say(game.chat, None, &game.players[0], "/play aeroplane");
    }
    for game in &mut games {
        let lobby = emulator.expect(game.chat, 0, "New game");
        game.table = table_of(&lobby.tokens()[0].1);
        let join = lobby.key("Join").and_then(|k| k.data.clone()).unwrap();
        game.pressed = Some((emulator.press(&game.players[1], &lobby, &join), lobby, None));
    }
    for game in &mut games {
        let (query, lobby, _) = game.pressed.take().unwrap();
        assert!(!emulator.answer(&query).alert);
        let lobby = emulator.wait("the lobby with Boris", STEP, |s| {
            s.messages.iter().find(|m| m.id == lobby.id && m.plain().contains("Boris")).cloned()
        });
        let start = lobby.key("Start").and_then(|k| k.data.clone()).unwrap();
        assert!(!play::press(&emulator, &game.players[0], &lobby, &start).alert);
    }
    for game in &games {
        emulator.wait("the first board", STEP, |s| {
            s.latest(game.chat, |m| m.photo.is_some() && !m.tokens().is_empty())
        });
    }
    eprintln!("{GAMES} games started after {:?}", started.elapsed());

    // Which presses the bot dies around, and how.
    let mut kills: BTreeMap<usize, KillAfter> = BTreeMap::new();
    while kills.len() < KILLS {
        let at = 1 + rng.below(PRESSES as u64) as usize;
        let kill = match rng.below(4) {
            0 => KillAfter::Press { delay: 0 },
            1 => KillAfter::Press { delay: 5 + rng.below(60) },
            2 => KillAfter::Answer,
            _ => KillAfter::Board,
        };
        kills.insert(at, kill);
    }
    eprintln!("kills: {kills:?}");

    let mut made = 0;
    // A kill waiting for its moment: (game, how).
    let mut armed: Option<(usize, KillAfter)> = None;
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        assert!(Instant::now() < deadline, "the presses never ended\n{}", emulator.transcript());
        let mut die = false;
        for (g, game) in games.iter_mut().enumerate() {
            if let Some((query, board, give_up)) = game.pressed.clone() {
                let answer =
                    emulator.with(|s| s.answers.iter().find(|a| a.query == query).cloned());
                let Some(answer) = answer else {
                    if give_up.is_some_and(|at| Instant::now() > at) {
                        // Lost with the killed bot, as a press can be on Telegram: pressed again.
                        game.pressed = None;
                        die |= armed.is_some_and(|(a, _)| a == g);
                    }
                    continue;
                };
                assert!(!answer.alert, "a press on the live board was refused: {answer:?}");
                game.pressed = None;
                if answer.text.starts_with(REFRESHED) {
                    // The board was behind: it is brought up to date (or was already), and
                    // the next press goes to it as it stands.
                    die |= armed == Some((g, KillAfter::Board));
                } else {
                    game.applied += 1;
                    game.showing = Some(board);
                }
                die |= armed == Some((g, KillAfter::Answer));
            }
            if let Some(board) = game.showing.clone() {
                let now = emulator.with(|s| {
                    s.messages.iter().find(|m| m.chat == board.chat && m.id == board.id).cloned()
                });
                if now.is_some_and(|m| m.edits == board.edits) {
                    continue;
                }
                game.showing = None;
                die |= armed == Some((g, KillAfter::Board));
            }
            if die || made >= PRESSES || play::finished(&emulator, game.chat).is_some() {
                continue;
            }
            let Some(board) = play::live_board(&emulator, game.chat) else { continue };
            let Some(mover) = to_move(&board, &game.players) else { continue };
            let (_, data) = board.tokens()[0].clone();
            let query = emulator.press(mover, &board, &data);
            game.pressed = Some((query, board, None));
            game.presses += 1;
            made += 1;
            if let Some(kill) = kills.get(&made) {
                match kill {
                    KillAfter::Press { delay } => {
                        std::thread::sleep(Duration::from_millis(*delay));
                        die = true;
                    }
                    other => armed = Some((g, *other)),
                }
            }
            if die {
                break;
            }
        }
        if die {
            armed = None;
            let give_up = Instant::now() + Duration::from_secs(10);
            for game in &mut games {
                if let Some((_, _, at)) = &mut game.pressed {
                    game.in_flight_at_kills += usize::from(at.is_none());
                    at.get_or_insert(give_up);
                }
            }
            bot.kill();
            bot = restart(&emulator, &data, &mut games, bot);
            // Boards that were waited for may have been edited meanwhile or not at all: ask
            // for them afresh.
            for game in &mut games {
                game.showing = None;
            }
            continue;
        }
        if made >= PRESSES && games.iter().all(|g| g.pressed.is_none()) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }

    // The end: one more restart, after which every board shows the store; and the store
    // holds each applied move once.
    bot = restart(&emulator, &data, &mut games, bot);
    bot.kill();
    for game in &games {
        let truth = oracle::read(&data, game.table);
        // Each applied move is in the log once: at least every press answered as applied,
        // at most those plus the presses the bot was killed around.
        assert!(
            game.applied <= truth.moves && truth.moves <= game.applied + game.in_flight_at_kills,
            "{}: {} moves stored for {} applied presses ({} in flight at kills)",
            game.chat,
            truth.moves,
            game.applied,
            game.in_flight_at_kills
        );
        let buttons = emulator
            .bot_messages(game.chat)
            .iter()
            .filter(|m| !m.tokens().is_empty() && !game.unrecorded_boards.contains(&m.id))
            .count();
        assert!(
            buttons <= 1,
            "{}: {buttons} messages with buttons, besides {} boards sent unrecorded at kills",
            game.chat,
            game.unrecorded_boards.len()
        );
        // One ping, and besides it only those a kill left unrecorded.
        let pinged = pings(&emulator, game.chat).len();
        assert!(
            pinged <= 1 + game.unrecorded_pings.len(),
            "{}: pings pile up: {pinged}, {} sent unrecorded at kills",
            game.chat,
            game.unrecorded_pings.len()
        );
    }
    let presses: usize = games.iter().map(|g| g.presses).sum();
    let applied: usize = games.iter().map(|g| g.applied).sum();
    eprintln!(
        "{presses} presses ({applied} applied), {KILLS} kills, in {:?}; slowest answer {:?}; \
         {} 429s",
        started.elapsed(),
        emulator.slowest_answer(),
        emulator.limited()
    );
}

/// Pings in the game's chat that the stopped bot's store does not name as its ping: sent by a
/// bot killed after Telegram took the message and before the bot recorded the id Telegram
/// returned (one store write and flush, `outbox::deliver`). Telegram gives a message's id only
/// in the reply to its sending, so nothing the restarted bot can read names them: each may stay
/// in the chat. Any other extra ping is the bot's fault.
fn unrecorded_pings(emulator: &Emulator, data: &std::path::Path, game: &Game) -> Vec<String> {
    let recorded = oracle::ping_message(data, game.table);
    pings(emulator, game.chat)
        .iter()
        .map(|p| p.id.to_string())
        .filter(|id| Some(id) != recorded.as_ref())
        .collect()
}

/// Messages with buttons in the game's chat that the stopped bot's store does not name as its
/// board: sent by a bot killed after Telegram took the message and before the bot recorded its
/// id, as [`unrecorded_pings`] are (a kill during the game's first board, sent in place of the
/// lobby, is one), so newer than the board recorded. The restarted bot cannot know them, so
/// their buttons stay; a press on them is answered as a press on an old board. Any other second
/// message with buttons is the bot's fault.
fn unrecorded_boards(emulator: &Emulator, data: &std::path::Path, game: &Game) -> Vec<i64> {
    // Only newer than the board recorded: an older one with buttons is one the bot failed to
    // strip.
    let recorded = oracle::board_message(data, game.table).and_then(|id| id.parse::<i64>().ok());
    emulator
        .bot_messages(game.chat)
        .iter()
        .filter(|m| !m.tokens().is_empty() && recorded.is_none_or(|board| m.id > board))
        .map(|m| m.id)
        .collect()
}

/// After a kill: reads what the store holds, starts the bot again with updates held back,
/// and waits until every live board shows the stored state; then lets the updates through.
fn restart(
    emulator: &Emulator,
    data: &std::path::Path,
    games: &mut [Game],
    old: support::BotProcess,
) -> support::BotProcess {
    drop(old);
    for game in games.iter_mut() {
        let unrecorded = unrecorded_pings(emulator, data, game);
        game.unrecorded_pings.extend(unrecorded);
        let unrecorded = unrecorded_boards(emulator, data, game);
        game.unrecorded_boards.extend(unrecorded);
    }
    let expected: Vec<(i64, Vec<u8>, BTreeSet<i64>)> = games
        .iter()
        .map(|g| (g.chat, oracle::read(data, g.table).public_png(), g.unrecorded_boards.clone()))
        .collect();
    emulator.hold_updates(true);
    let bot = spawn_bot(emulator, data);
    for (chat, png, orphans) in &expected {
        let what = format!(
            "the live board of {chat} after the restart ({} paced calls to it, {} 429s)",
            emulator.with(|s| s.paced_calls(*chat).len()),
            emulator.limited()
        );
        let calls: Vec<String> = emulator.with(|s| {
            s.call_log
                .iter()
                .filter(|c| c.chat == Some(*chat))
                .map(|c| format!("{} {} {:?}", c.method, c.status, c.at.elapsed()))
                .collect()
        });
        let what = format!("{what}\ncalls: {calls:#?}");
        emulator.wait(&what, STEP, |s| {
            let board = s
                .latest(*chat, |m| !m.tokens().is_empty() && !orphans.contains(&m.id))
                .or_else(|| s.latest(*chat, |m| m.plain().contains("Game over")))?;
            let buttons = s
                .messages
                .iter()
                .filter(|m| m.chat == *chat && !m.tokens().is_empty() && !orphans.contains(&m.id));
            (buttons.count() <= 1 && board.photo.as_deref() == Some(png.as_slice())).then_some(())
        });
    }
    emulator.hold_updates(false);
    bot
}
