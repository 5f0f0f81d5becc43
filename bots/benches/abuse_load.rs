//! Load: does one abusive user change how fast the bot answers everyone else?
//!
//! The real binary against the Telegram emulator (`bots/tests/support`), in three runs of the
//! same load, each on a fresh data folder:
//!
//! 1. **quiet**: players in several chats press their boards' buttons at a human pace (each
//!    player about once a second);
//! 2. **abuser, limits on**: the same, while one user presses Join in ten lobbies fifty times a
//!    second each (500 presses a second), with the default abuse limits;
//! 3. **abuser, limits off** (`IGROTEKA_LIMITS=off`): the same abuse with nothing at the door,
//!    for comparison.
//!
//! For each run it prints the quiet players' press → answer times (p50, p99, max: from the
//! press's update being queued at the emulator to `answerCallbackQuery` arriving there, as
//! `Emulator::answer` measures them) and what the abuser got. Timing belongs here, never in a
//! test: the end-to-end tests (`telegram_limits`, `discord_limits`) assert counts and order.
//!
//! ```sh
//! cargo bench -p igroteka-bots --bench abuse_load                           # 20 s a run
//! cargo bench -p igroteka-bots --bench abuse_load --profile dev -- --quick  # CI: 3 s a run
//! ```
//!
//! Besides the table it checks one count, which holds on any machine: with the limits on the
//! abuser got exactly one notice per lobby, and none with them off.

#[path = "../tests/support/mod.rs"]
#[allow(unused)]
mod support;

use std::time::{Duration, Instant};

use support::play::{self, start_game};
use support::{Answer, BotProcess, Emulator, Sent, TestUser, spawn_bot_with};

/// The load's size: chats of quiet players, lobbies the abuser hammers, seconds of load.
struct Size {
    quiet_chats: i64,
    hammered: i64,
    seconds: u64,
}

const FULL: Size = Size { quiet_chats: 8, hammered: 10, seconds: 20 };
const QUICK: Size = Size { quiet_chats: 2, hammered: 3, seconds: 3 };

/// What one run measured.
struct Run {
    name: &'static str,
    quiet: Vec<Duration>,
    abuser_presses: usize,
    abuser_notices: usize,
    abuser_silent: usize,
    /// 429s the emulator answered (Telegram's flood limits).
    limited: usize,
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let size = if quick { QUICK } else { FULL };
    let runs = [
        run("quiet", &size, None),
        run("abuser, limits on", &size, Some("on")),
        run("abuser, limits off", &size, Some("off")),
    ];
    println!(
        "abuse_load: {} quiet chats (two players each, each pressing about once a second), \
         {} lobbies hammered 50 times a second each, {} s a run",
        size.quiet_chats, size.hammered, size.seconds
    );
    println!(
        "{:<20} {:>8} {:>9} {:>9} {:>9} {:>5}   abuser: presses, notices, silent",
        "run", "presses", "p50 ms", "p99 ms", "max ms", "429s"
    );
    // Not timing (benchmarks print that) but what must hold however fast the machine is: the
    // abuser got one notice per lobby with the limits on, none with them off.
    assert_eq!(runs[1].abuser_notices, size.hammered as usize, "one notice per hammered chat");
    assert_eq!(runs[2].abuser_notices, 0, "no notice with the limits off");
    for r in &runs {
        let mut times = r.quiet.clone();
        times.sort();
        let at = |q: f64| {
            let i = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1;
            times[i].as_secs_f64() * 1000.0
        };
        println!(
            "{:<20} {:>8} {:>9.1} {:>9.1} {:>9.1} {:>5}   {}, {}, {}",
            r.name,
            times.len(),
            at(0.50),
            at(0.99),
            at(1.0),
            r.limited,
            r.abuser_presses,
            r.abuser_notices,
            r.abuser_silent
        );
    }
}

/// One run: `limits` is `None` for no abuser (limits on), else the abuser with the limits
/// `on` or `off`.
fn run(name: &'static str, size: &Size, limits: Option<&str>) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let switch = limits.unwrap_or("on");
    let _bot: BotProcess =
        spawn_bot_with(&emulator, &dir.path().join("data"), &[("IGROTEKA_LIMITS", switch)]);
    let quiet: Vec<(i64, Vec<TestUser>)> = (0..size.quiet_chats)
        .map(|i| {
            let chat = -200_000 - i;
            emulator.group(chat, &format!("Quiet {i}"), false);
            let players = vec![
                TestUser::new(20_000 + 2 * i, &format!("Ann{i}")),
                TestUser::new(20_001 + 2 * i, &format!("Bob{i}")),
            ];
            (chat, players)
        })
        .collect();
    let mallory = TestUser::new(66_666, "Mallory");
    let hammered: Vec<i64> = (0..size.hammered).map(|i| -300_000 - i).collect();
    // Set-up, a thread a chat.
    let lobbies: Vec<Sent> = std::thread::scope(|scope| {
        for (chat, players) in &quiet {
            let emulator = &emulator;
            scope.spawn(move || start_game(emulator, *chat, players, "aeroplane"));
        }
        let lobbies: Vec<_> = hammered
            .iter()
            .filter(|_| limits.is_some())
            .enumerate()
            .map(|(i, chat)| {
                let (emulator, mallory) = (&emulator, &mallory);
                scope.spawn(move || {
                    emulator.group(*chat, &format!("Hammered {i}"), false);
                    let opener = TestUser::new(30_000 + i as i64, &format!("Opener{i}"));
                    let mark = emulator.with(|s| s.next_message);
                    emulator.say(*chat, None, &opener, "/play aeroplane");
                    let lobby = emulator.expect(*chat, mark, "New game");
                    let join = lobby.key("Join").and_then(|k| k.data.clone()).unwrap();
                    play::press(emulator, mallory, &lobby, &join);
                    play::wait_edit(emulator, &lobby).expect("the lobby")
                })
            })
            .collect();
        lobbies.into_iter().map(|l| l.join().unwrap()).collect()
    });
    emulator.settle();

    let until = Instant::now() + Duration::from_secs(size.seconds);
    let (quiet_answers, abuser) = std::thread::scope(|scope| {
        let players: Vec<_> = quiet
            .iter()
            .map(|(chat, players)| {
                let emulator = &emulator;
                scope.spawn(move || {
                    let mut answers = Vec::new();
                    let mut turn = 0;
                    while Instant::now() < until {
                        let board = play::live_board(emulator, *chat).expect("a board");
                        let (_, data) = board.tokens()[0].clone();
                        answers.push(play::press(emulator, &players[turn % 2], &board, &data));
                        turn += 1;
                        std::thread::sleep(Duration::from_millis(500));
                    }
                    answers
                })
            })
            .collect();
        let mut abuser = Vec::new();
        while !lobbies.is_empty() && Instant::now() < until {
            for lobby in &lobbies {
                let join = lobby.key("Join").and_then(|k| k.data.clone()).unwrap();
                abuser.push(emulator.press(&mallory, lobby, &join));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let quiet: Vec<Answer> = players.into_iter().flat_map(|p| p.join().unwrap()).collect();
        (quiet, abuser)
    });
    let abuser: Vec<Answer> = abuser.iter().map(|q| emulator.answer(q)).collect();
    let notices = abuser.iter().filter(|a| a.text.starts_with("You're going faster")).count();
    let silent = abuser.iter().filter(|a| a.text.is_empty()).count();
    Run {
        name,
        quiet: quiet_answers.iter().map(|a| a.latency).collect(),
        abuser_presses: abuser.len(),
        abuser_notices: notices,
        abuser_silent: silent,
        limited: emulator.limited(),
    }
}
