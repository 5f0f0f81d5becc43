//! The VPS budget (issue 39): the whole bot in one process, held to one core and 512 MB, with
//! 1,000 active games through the Telegram emulator (`bots/tests/support`).
//!
//! One data folder, three starts of the real binary against one emulator:
//!
//! 1. **Set-up** (not measured): 1,000 two-player Aeroplane Chess games, a group each, opened,
//!    joined and started as players do. To save minutes it runs with the overall cap raised
//!    (below); the bot is then stopped.
//! 2. **The budget**: the bot started again with Telegram's limits as they are (30 calls a
//!    second overall, enforced by the emulator and paced by the bot), and presses at a steady
//!    8 moves a second across the games for the window — each move's board drawn and uploaded
//!    (`editMessageMedia`, a PNG, as in production) and its ping sent. Reported: the bot's CPU
//!    (% of one core), its peak RSS since the start, press → answer and move → edited board
//!    (p50 / p99 / max), calls a second and 429s.
//! 3. **The ceiling**: the bot started again with the benchmark-only overall cap
//!    (`IGROTEKA_BENCH_TELEGRAM_OVERALL`, bots/src/telegram/limiter.rs) and the emulator's
//!    raised to match; the rate doubles from 8 moves a second, one step at a time, until p99
//!    press → answer exceeds 100 ms, the bot uses its whole core, its memory passes 512 MB (or
//!    it is killed), or no game is ready for the next press (each group's own pace, which is
//!    not raised, binds). Each step reports what the budget does, and where a move's CPU went:
//!    the bot's threads by role (the engine thread: rules and the store's writes; the async
//!    runtime: Bot API calls, uploads, and drawing and encoding the boards; sled's threads),
//!    their run-queue wait (the quota, or the machine's other work), and the mean wall time of
//!    a board picture from the bot's `/metrics`.
//!
//! ```sh
//! scripts/vps-budget.sh                # as root: the limits set, then the full run (release)
//! scripts/vps-budget.sh --quick        # 50 games, a 10 s window, two 4 s ceiling steps
//! cargo bench -p igroteka-bots --bench vps_budget --profile dev -- --quick   # CI, no limits
//! ```
//!
//! **The limits.** The bot is moved into the cgroups that `VPS_CGROUPS` names (directories,
//! separated by `:`) as soon as it is spawned; scripts/vps-budget.sh makes them (a CPU quota of
//! one core, a memory limit of 512 MB). Only the bot goes in: the emulator and this driver run
//! beside it, on the machine's other core. Without `VPS_CGROUPS`, or when a move fails, the
//! run says so at the top and marks every figure UNLIMITED.
//!
//! **The load.** Presses are open-loop: one every 1/rate seconds, each to the next game (in
//! rotation) whose previous move's board edit has arrived, by the player the board names, on
//! its first button. Press → answer runs from the press queued at the emulator to its
//! `answerCallbackQuery` arriving there (as `Emulator::answer` measures it); move → edited
//! board from the press to the emulator holding the board's edit (seen within 10 ms).
//!
//! It fails only on what holds on any machine, never on time: a call Telegram would refuse
//! (any 429 from the emulator, which enforces 1 a second per chat, 20 a minute per group and
//! the overall cap), and an honest player refused — an alert, an abuse notice, or an abuse
//! limit's refusal in the bot's metrics (the abuse limits are on, as in production).

#[path = "../tests/support/mod.rs"]
#[allow(unused)]
mod support;

use std::collections::{HashMap, HashSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use support::play::{self, REFRESHED};
use support::{BotProcess, Emulator, STEP, TestUser};

/// The load's size.
struct Size {
    games: i64,
    /// The budget's measured window.
    window: Duration,
    /// Each ceiling step's window.
    step: Duration,
    /// The ceiling's rates, in moves a second, tried in order.
    rates: &'static [f64],
    /// Set-up threads (each opens its share of the games, one after another).
    threads: i64,
}

const FULL: Size = Size {
    games: 1000,
    window: Duration::from_secs(60),
    step: Duration::from_secs(20),
    rates: &[8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0],
    threads: 100,
};
const QUICK: Size = Size {
    games: 50,
    window: Duration::from_secs(10),
    step: Duration::from_secs(4),
    rates: &[8.0, 16.0],
    threads: 25,
};

/// The issue's rate: 8 moves a second across the games.
const RATE: f64 = 8.0;
/// The overall cap of the set-up and the ceiling, for the bot and the emulator: far above
/// what one core can send.
const RAISED: usize = 10_000;
/// The issue's budgets.
const ANSWER_P99: Duration = Duration::from_millis(100);
const MEMORY: u64 = 512 << 20;
/// Linux's clock ticks a second in /proc (USER_HZ, 100 on every architecture Rust targets).
const TICKS: f64 = 100.0;

/// CPU by thread role ([`Bot::cpu_by_role`]): the engine, the async runtime, sled; and the
/// threads' wait for a CPU.
type Roles = [f64; 4];

/// One game: its group and its two players.
struct Game {
    chat: i64,
    players: Vec<TestUser>,
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let size = if quick { QUICK } else { FULL };
    let cgroups = Cgroups::from_env();
    println!("vps_budget: {} games, CPU {}", size.games, cpu_model());
    println!("{}", cgroups.describe());
    let emulator = Emulator::start();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let games = set_up(&emulator, &data, &size);

    // The budget, under Telegram's limits.
    emulator.with(|s| s.global_max = None);
    let mut bot = Bot::start(&emulator, &data, None, &cgroups, "budget");
    let budget = window(&emulator, &bot, &games, RATE, size.window, false);
    check_honest(&emulator, &bot);
    bot.stop();
    println!();
    println!(
        "the budget: {} moves/s for {} s, Telegram's limits (30 calls/s overall){}; load \
         average at its end {}",
        RATE,
        size.window.as_secs(),
        cgroups.mark(),
        load()
    );
    Window::header();
    budget.row();
    println!("{}", budget.breakdown());
    budget.verdict(&cgroups);

    // The ceiling, with both overall caps raised.
    emulator.with(|s| s.global_max = Some(RAISED));
    let mut bot = Bot::start(&emulator, &data, Some(RAISED), &cgroups, "ceiling");
    println!();
    println!(
        "the ceiling: the overall cap raised to {RAISED} calls/s (bot and emulator), {} s a \
         step{}",
        size.step.as_secs(),
        cgroups.mark()
    );
    Window::header();
    let mut held = None;
    let mut cause = "not reached: the last rate tried still held".to_string();
    for &rate in size.rates {
        let step = window(&emulator, &bot, &games, rate, size.step, true);
        step.row();
        println!("{}", step.breakdown());
        match step.broke() {
            Some(why) => {
                cause = why;
                break;
            }
            None => held = Some(rate),
        }
    }
    check_honest(&emulator, &bot);
    bot.stop();
    match held {
        Some(rate) => println!("ceiling: {rate} moves/s held; the next step broke: {cause}"),
        None => println!("ceiling: not even the first step held: {cause}"),
    }
    println!("load average at the end: {}", load());
    // What holds on any machine: nothing went over a limit of Telegram's.
    let limited = emulator.limited();
    assert_eq!(limited, 0, "the emulator answered {limited} calls with 429");
}

/// Opens and starts every game (the bot with the raised cap), then stops the bot.
fn set_up(emulator: &Emulator, data: &Path, size: &Size) -> Vec<Game> {
    let games: Vec<Game> = (0..size.games)
        .map(|i| {
            let chat = -1_000_000 - i;
            emulator.group(chat, &format!("Game {i}"), false);
            let players = vec![
                TestUser::new(1_000_000 + 2 * i, &format!("Ann{i}")),
                TestUser::new(1_000_001 + 2 * i, &format!("Bob{i}")),
            ];
            Game { chat, players }
        })
        .collect();
    emulator.with(|s| s.global_max = Some(RAISED));
    let unlimited = Cgroups::none();
    let mut bot = Bot::start(emulator, data, Some(RAISED), &unlimited, "set-up");
    let started = Instant::now();
    std::thread::scope(|scope| {
        for t in 0..size.threads {
            let games = &games;
            scope.spawn(move || {
                for game in games.iter().skip(t as usize).step_by(size.threads as usize) {
                    play::start_game(emulator, game.chat, &game.players, "aeroplane");
                }
            });
        }
    });
    emulator.settle();
    check_honest(emulator, &bot);
    println!("set-up: {} games started in {:.0} s", games.len(), started.elapsed().as_secs_f64());
    bot.stop();
    games
}

/// The bot's process, its metrics port and the limits it runs under.
struct Bot<'a> {
    process: BotProcess,
    metrics: u16,
    cgroups: &'a Cgroups,
}

impl<'a> Bot<'a> {
    /// Starts the binary on `data` with the abuse limits on (as in production), its metrics
    /// served, and `overall` as the benchmark-only overall cap; moves it into `cgroups` at once
    /// and waits until it polls.
    fn start(
        emulator: &Emulator,
        data: &Path,
        overall: Option<usize>,
        cgroups: &'a Cgroups,
        name: &str,
    ) -> Bot<'a> {
        let metrics = support::free_port();
        let mut env = vec![
            ("TELEGRAM_BOT_TOKEN", support::TOKEN.to_string()),
            ("TELOXIDE_API_URL", emulator.url()),
            ("IGROTEKA_LIMITS", "on".to_string()),
            ("IGROTEKA_METRICS_LISTEN", format!("127.0.0.1:{metrics}")),
        ];
        if let Some(cap) = overall {
            env.push(("IGROTEKA_BENCH_TELEGRAM_OVERALL", cap.to_string()));
        }
        let polls = emulator.calls("getUpdates");
        let mut process = BotProcess::start(data, data.with_extension(format!("log-{name}")), &env);
        cgroups.join(process.pid());
        support::wait_for_a_poll(emulator, &mut process, polls);
        Bot { process, metrics, cgroups }
    }

    /// Stops the bot as systemd would (SIGTERM), and waits for it.
    fn stop(&mut self) {
        if self.process.exited().is_none() {
            self.process.terminate();
            if self.process.wait_exit(Duration::from_secs(30)).is_none() {
                self.process.kill();
            }
        }
    }

    /// Whether the process still runs (not gone, not a zombie).
    fn running(&self) -> bool {
        let stat = self.proc_file("stat");
        let state = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next());
        state.is_some_and(|s| s != "Z" && s != "X")
    }

    fn proc_file(&self, name: &str) -> String {
        std::fs::read_to_string(format!("/proc/{}/{name}", self.process.pid())).unwrap_or_default()
    }

    /// The CPU time the process has used (user + system), in seconds.
    fn cpu(&self) -> f64 {
        cpu_seconds(&self.proc_file("stat"))
    }

    /// CPU seconds by thread: the engine thread (rules, and the store's writes and flushes);
    /// the async runtime (its main thread and workers: updates, Bot API calls and uploads,
    /// and the board pictures drawn and encoded on its blocking threads, which share the
    /// workers' name); sled's background threads (its I/O and log flusher). Threads that
    /// ended are not counted.
    /// The fourth is the time the threads were ready to run but waited for a CPU (their
    /// run-queue wait in `/proc/PID/task/TID/schedstat`): the quota's throttling, or other
    /// processes on the machine.
    fn cpu_by_role(&self) -> Roles {
        let tasks = format!("/proc/{}/task", self.process.pid());
        let mut roles = [0.0; 4];
        for task in std::fs::read_dir(tasks).into_iter().flatten().flatten() {
            let sched = std::fs::read_to_string(task.path().join("schedstat")).unwrap_or_default();
            let waited = sched.split_whitespace().nth(1).and_then(|ns| ns.parse::<f64>().ok());
            roles[3] += waited.unwrap_or(0.0) / 1e9;
            let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
            let name = stat.split_once('(').and_then(|(_, rest)| rest.rsplit_once(')'));
            let role = match name.map_or("", |(name, _)| name) {
                "igroteka-engine" => 0,
                n if n.starts_with("tokio") || n == "igroteka" => 1,
                n if n.starts_with("sled") || n == "log flusher" => 2,
                _ => continue,
            };
            roles[role] += cpu_seconds(&stat);
        }
        roles
    }

    /// The peak resident set since the start or the last [`Bot::reset_peak`], in bytes.
    fn peak_rss(&self) -> u64 {
        let status = self.proc_file("status");
        let hwm = status.lines().find_map(|l| l.strip_prefix("VmHWM:"));
        hwm.and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb << 10)
    }

    /// Starts the peak resident set anew (`/proc/PID/clear_refs`, 5).
    fn reset_peak(&self) {
        let _ = std::fs::write(format!("/proc/{}/clear_refs", self.process.pid()), "5");
    }

    /// The bot's `/metrics`, each sample by its name and labels.
    fn metrics(&self) -> HashMap<String, f64> {
        let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", self.metrics)) else {
            return HashMap::new();
        };
        let request = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
        let mut text = String::new();
        if stream.write_all(request.as_bytes()).is_err()
            || stream.read_to_string(&mut text).is_err()
        {
            return HashMap::new();
        }
        let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        body.lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.rsplit_once(' '))
            .filter_map(|(name, value)| Some((name.to_string(), value.parse().ok()?)))
            .collect()
    }
}

/// User + system CPU seconds from a `/proc/PID/stat` line (fields 14 and 15, after the
/// command's parenthesis).
fn cpu_seconds(stat: &str) -> f64 {
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // Field 3 (state) is the first after the parenthesis: utime is field 14, stime 15.
    (ticks(11) + ticks(12)) / TICKS
}

/// The machine's load average (1, 5, 15 minutes): others' work beside the run.
fn load() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info.lines().find_map(|l| l.strip_prefix("model name")).unwrap_or(": unknown");
    let cores = info.lines().filter(|l| l.starts_with("processor")).count();
    format!("{} ({cores} cores)", model.trim_start_matches([' ', '\t', ':']))
}

/// The cgroups the bot runs in (`VPS_CGROUPS`), and whether it could be put there.
struct Cgroups {
    dirs: Vec<PathBuf>,
    /// Why the limits are not applied, if they are not.
    failed: Mutex<Option<String>>,
}

impl Cgroups {
    fn none() -> Cgroups {
        Cgroups { dirs: Vec::new(), failed: Mutex::new(None) }
    }

    fn from_env() -> Cgroups {
        let dirs: Vec<PathBuf> = std::env::var("VPS_CGROUPS")
            .unwrap_or_default()
            .split(':')
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .collect();
        let failed = dirs.is_empty().then(|| "VPS_CGROUPS is not set".to_string());
        Cgroups { dirs, failed: Mutex::new(failed) }
    }

    fn applied(&self) -> bool {
        self.failed.lock().unwrap().is_none()
    }

    /// Moves process `pid` (all its threads) into every cgroup; a failure marks the run
    /// unlimited.
    fn join(&self, pid: u32) {
        for dir in &self.dirs {
            if let Err(e) = std::fs::write(dir.join("cgroup.procs"), pid.to_string()) {
                let why = format!("could not move the bot into {}: {e}", dir.display());
                println!("LIMITS NOT APPLIED: {why}");
                *self.failed.lock().unwrap() = Some(why);
            }
        }
    }

    fn read(&self, file: &str) -> Option<String> {
        let found = self.dirs.iter().find_map(|d| std::fs::read_to_string(d.join(file)).ok());
        found.map(|s| s.trim().to_string())
    }

    /// The CPU limit in cores (cgroup v1 quota / period, or v2 `cpu.max`).
    fn cores(&self) -> Option<f64> {
        let v1 = || {
            let quota: f64 = self.read("cpu.cfs_quota_us")?.parse().ok()?;
            let period: f64 = self.read("cpu.cfs_period_us")?.parse().ok()?;
            (quota > 0.0).then(|| quota / period)
        };
        let v2 = || {
            let max = self.read("cpu.max")?;
            let (quota, period) = max.split_once(' ')?;
            Some(quota.parse::<f64>().ok()? / period.parse::<f64>().ok()?)
        };
        v1().or_else(v2)
    }

    /// The memory limit in bytes.
    fn memory(&self) -> Option<u64> {
        let limit = self.read("memory.limit_in_bytes").or_else(|| self.read("memory.max"))?;
        limit.parse().ok()
    }

    /// The memory cgroup's peak usage (RSS and page cache) since its last reset.
    fn memory_peak(&self) -> Option<u64> {
        self.read("memory.max_usage_in_bytes").or_else(|| self.read("memory.peak"))?.parse().ok()
    }

    fn reset_memory_peak(&self) {
        for dir in &self.dirs {
            let _ = std::fs::write(dir.join("memory.max_usage_in_bytes"), "0");
        }
    }

    /// Periods the CPU quota throttled the bot in, so far.
    fn throttled(&self) -> Option<u64> {
        let stat = self.read("cpu.stat")?;
        stat.lines().find_map(|l| l.strip_prefix("nr_throttled ")).and_then(|n| n.parse().ok())
    }

    fn describe(&self) -> String {
        if let Some(why) = self.failed.lock().unwrap().as_ref() {
            return format!(
                "LIMITS NOT APPLIED ({why}): every figure below is UNLIMITED (run \
                 scripts/vps-budget.sh to set them)"
            );
        }
        let cores = self.cores().map_or("no CPU limit".into(), |c| format!("{c:.2} core"));
        let memory = self.memory().map_or("no memory limit".into(), |m| format!("{} MB", m >> 20));
        let dirs: Vec<String> = self.dirs.iter().map(|d| d.display().to_string()).collect();
        format!("limits: {cores}, {memory} (the bot only; cgroups {})", dirs.join(", "))
    }

    /// What each table's title adds.
    fn mark(&self) -> &'static str {
        if self.applied() { ", one core and 512 MB" } else { " — UNLIMITED (no cgroup limits)" }
    }
}

/// A press whose board edit has not arrived yet.
struct Pending {
    board: i64,
    edits: u32,
    at: Instant,
}

/// What one window at a steady rate measured.
struct Window {
    rate: f64,
    seconds: f64,
    presses: usize,
    /// Slots in which no game was ready for a press.
    missed: usize,
    answers: Vec<Duration>,
    unanswered: usize,
    /// Presses answered "the board was behind" (no move made).
    behind: usize,
    boards: Vec<Duration>,
    unedited: usize,
    /// The bot's CPU, in cores, and this process's (the emulator and the driver).
    cpu: f64,
    harness_cpu: f64,
    /// The bot's CPU by thread role, in cores (see [`Bot::cpu_by_role`]).
    roles: Roles,
    rss: u64,
    cgroup_peak: Option<u64>,
    throttled: Option<u64>,
    /// Calls but `getUpdates` a second; the paced ones (messages sent or edited); the most
    /// paced calls within any one second; 429s.
    calls: f64,
    paced: f64,
    busiest: usize,
    limited: usize,
    /// The bot's board pictures (draw + encode): the mean wall time of one, in seconds, and
    /// how many a move.
    render: Option<(f64, f64)>,
    /// Whether the bot was still running at the end.
    alive: bool,
}

/// Presses at `rate` for `length`, then waits for the presses' answers and board edits.
/// `fresh` starts the bot's peaks anew (a ceiling step), else they count from its start.
fn window(
    emulator: &Emulator,
    bot: &Bot,
    games: &[Game],
    rate: f64,
    length: Duration,
    fresh: bool,
) -> Window {
    if fresh {
        bot.reset_peak();
        bot.cgroups.reset_memory_peak();
    }
    let pending: Mutex<HashMap<i64, Pending>> = Mutex::new(HashMap::new());
    let boards: Mutex<Vec<Duration>> = Mutex::new(Vec::new());
    let stop = AtomicBool::new(false);
    let metrics_before = bot.metrics();
    let calls_before = emulator.with(|s| s.call_log.len());
    let limited_before = emulator.limited();
    let throttled_before = bot.cgroups.throttled();
    let (cpu_before, harness_before, roles_before) = (bot.cpu(), own_cpu(), bot.cpu_by_role());
    let started = Instant::now();
    let mut queries = Vec::new();
    let mut missed = 0;
    let (cpu, harness_cpu, roles, seconds) = std::thread::scope(|scope| {
        scope.spawn(|| watch(emulator, &pending, &boards, &stop));
        let mut next = 0;
        let mut slot = 0u64;
        while started.elapsed() < length {
            let due = started + Duration::from_secs_f64(slot as f64 / rate);
            slot += 1;
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
            let mut pressed = false;
            for _ in 0..games.len() {
                let game = &games[next];
                next = (next + 1) % games.len();
                if pending.lock().unwrap().contains_key(&game.chat) {
                    continue;
                }
                if play::current_board(emulator, game.chat).is_none() {
                    continue; // over, or between boards
                }
                let (board, player, data) = play::next_press(emulator, game.chat, &game.players);
                let at = Instant::now();
                queries.push(emulator.press(&player, &board, &data));
                let entry = Pending { board: board.id, edits: board.edits, at };
                pending.lock().unwrap().insert(game.chat, entry);
                pressed = true;
                break;
            }
            missed += usize::from(!pressed);
        }
        let seconds = started.elapsed().as_secs_f64();
        let cpu = (bot.cpu() - cpu_before) / seconds;
        let harness = (own_cpu() - harness_before) / seconds;
        let roles = bot.cpu_by_role();
        let roles: Roles = std::array::from_fn(|i| (roles[i] - roles_before[i]) / seconds);
        // The presses' edits still on their way.
        let deadline = Instant::now() + STEP;
        while !pending.lock().unwrap().is_empty() && Instant::now() < deadline && bot.running() {
            std::thread::sleep(Duration::from_millis(20));
        }
        stop.store(true, Ordering::Relaxed);
        (cpu, harness, roles, seconds)
    });
    let ours: HashSet<&String> = queries.iter().collect();
    let deadline = Instant::now() + STEP;
    let answered = loop {
        let answered: Vec<(String, Duration)> = emulator.with(|s| {
            let ours = s.answers.iter().filter(|a| ours.contains(&a.query));
            ours.map(|a| (a.text.clone(), a.latency)).collect()
        });
        if answered.len() == queries.len() || Instant::now() > deadline || !bot.running() {
            break answered;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let metrics_after = bot.metrics();
    let delta = |name: &str| -> Option<f64> {
        Some(metrics_after.get(name)? - metrics_before.get(name).copied().unwrap_or(0.0))
    };
    let render = delta("igroteka_render_seconds_sum")
        .zip(delta("igroteka_render_seconds_count"))
        .filter(|(_, count)| *count > 0.0)
        .map(|(sum, count)| (sum / count, count / queries.len().max(1) as f64));
    let (calls, paced, busiest) = emulator.with(|s| {
        let log = &s.call_log[calls_before.min(s.call_log.len())..];
        let window = log.iter().filter(|c| c.at >= started && c.at - started < length);
        let busy: Vec<_> = window.filter(|c| c.method != "getupdates").collect();
        let mut paced: Vec<Instant> = busy
            .iter()
            .filter(|c| support::state::PACED.contains(&c.method.as_str()))
            .map(|c| c.at)
            .collect();
        paced.sort();
        let busiest = (0..paced.len())
            .map(|i| {
                paced[i..].iter().take_while(|t| **t - paced[i] < Duration::from_secs(1)).count()
            })
            .max()
            .unwrap_or(0);
        (busy.len(), paced.len(), busiest)
    });
    let unedited = pending.lock().unwrap().len();
    Window {
        rate,
        seconds,
        presses: queries.len(),
        missed,
        unanswered: queries.len() - answered.len(),
        behind: answered.iter().filter(|(text, _)| text.starts_with(REFRESHED)).count(),
        answers: answered.iter().map(|(_, latency)| *latency).collect(),
        boards: boards.into_inner().unwrap(),
        unedited,
        cpu,
        harness_cpu,
        roles,
        rss: bot.peak_rss(),
        cgroup_peak: bot.cgroups.memory_peak(),
        throttled: throttled_before.zip(bot.cgroups.throttled()).map(|(a, b)| b - a),
        calls: calls as f64 / seconds,
        paced: paced as f64 / seconds,
        busiest,
        limited: emulator.limited() - limited_before,
        render,
        alive: bot.running(),
    }
}

/// Marks each press's board edit as it arrives (polled every 10 ms), until `stop`.
fn watch(
    emulator: &Emulator,
    pending: &Mutex<HashMap<i64, Pending>>,
    boards: &Mutex<Vec<Duration>>,
    stop: &AtomicBool,
) {
    while !stop.load(Ordering::Relaxed) {
        let now = Instant::now();
        let edited: Vec<(i64, Duration)> = emulator.with(|s| {
            let pending = pending.lock().unwrap();
            if pending.is_empty() {
                return Vec::new();
            }
            let edited = s.messages.iter().filter(|m| {
                pending.get(&m.chat).is_some_and(|p| p.board == m.id && p.edits != m.edits)
            });
            edited.map(|m| (m.chat, now - pending[&m.chat].at)).collect()
        });
        if !edited.is_empty() {
            let mut pending = pending.lock().unwrap();
            let mut boards = boards.lock().unwrap();
            for (chat, took) in edited {
                pending.remove(&chat);
                boards.push(took);
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// This process's CPU seconds: the emulator and the driver.
fn own_cpu() -> f64 {
    cpu_seconds(&std::fs::read_to_string("/proc/self/stat").unwrap_or_default())
}

/// The `q` quantile of `times` (nearest rank), zero when there are none.
fn quantile(times: &[Duration], q: f64) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len().max(1)) - 1;
    sorted.get(i).copied().unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

impl Window {
    fn header() {
        println!(
            "{:>6} {:>7} {:>6} {:>6} {:>6} {:>6} {:>7} {:>7} {:>21} {:>17} {:>6} {:>6} {:>5} \
             {:>4} {:>5} {:>5} {:>5} {:>11} {:>6}",
            "rate",
            "moves/s",
            "missed",
            "CPU%",
            "drv%",
            "RSS MB",
            "cg MB",
            "thrott",
            "answer p50/p99/max ms",
            "board p50/p99/max s",
            "call/s",
            "msg/s",
            "1s",
            "429",
            "eng%",
            "rt%",
            "wait%",
            "render",
            "lost"
        );
    }

    fn row(&self) {
        let answers = [0.5, 0.99, 1.0].map(|q| ms(quantile(&self.answers, q)));
        let boards = [0.5, 0.99, 1.0].map(|q| quantile(&self.boards, q).as_secs_f64());
        println!(
            "{:>6} {:>7.1} {:>6} {:>6.1} {:>6.1} {:>6.1} {:>7} {:>7} {:>21} {:>17} {:>6.1} {:>6.1} \
             {:>5} {:>4} {:>5.1} {:>5.1} {:>5.0} {:>11} {:>6}",
            self.rate,
            self.presses as f64 / self.seconds,
            self.missed,
            self.cpu * 100.0,
            self.harness_cpu * 100.0,
            mb(self.rss),
            self.cgroup_peak.map_or("-".into(), |p| format!("{:.1}", mb(p))),
            self.throttled.map_or("-".into(), |t| t.to_string()),
            format!("{:.1} / {:.1} / {:.1}", answers[0], answers[1], answers[2]),
            format!("{:.2} / {:.2} / {:.2}", boards[0], boards[1], boards[2]),
            self.calls,
            self.paced,
            self.busiest,
            self.limited,
            self.roles[0] * 100.0,
            self.roles[1] * 100.0,
            self.roles[3] * 100.0,
            self.render.map_or("-".into(), |(r, n)| format!("{:.1}ms×{n:.2}", r * 1000.0)),
            format!("{}/{}/{}", self.unanswered, self.unedited, self.behind),
        );
    }

    /// Where the bot's CPU went, a move.
    fn breakdown(&self) -> String {
        let per_move = |cores: f64| cores * self.seconds * 1000.0 / self.presses.max(1) as f64;
        let [engine, runtime, sled, _] = self.roles.map(per_move);
        format!(
            "  CPU a move: {:.2} ms — the engine thread (rules, store writes, flushes) {engine:.2}, \
             the async runtime (updates, Bot API calls, uploads, drawing and encoding boards) \
             {runtime:.2}, sled's threads {sled:.2}; a board took {} of wall time",
            per_move(self.cpu),
            self.render.map_or("-".into(), |(r, _)| format!("{:.1} ms", r * 1000.0)),
        )
    }

    /// Why this step is past the ceiling, if it is.
    fn broke(&self) -> Option<String> {
        let p99 = quantile(&self.answers, 0.99);
        let achieved = self.presses as f64 / self.seconds;
        if !self.alive {
            Some("the bot died (killed at its memory limit?)".into())
        } else if self.rss > MEMORY || self.cgroup_peak.is_some_and(|p| p > MEMORY) {
            Some(format!("memory: peak RSS {:.0} MB", mb(self.rss)))
        } else if p99 > ANSWER_P99 {
            Some(format!("p99 press → answer {:.0} ms > 100 ms", ms(p99)))
        } else if self.cpu >= 0.95 {
            Some(format!("CPU: the bot used {:.0} % of a core", self.cpu * 100.0))
        } else if self.unanswered > 0 {
            Some(format!("{} presses unanswered", self.unanswered))
        } else if achieved < 0.9 * self.rate && self.harness_cpu >= 0.9 {
            Some(format!(
                "the driver: {achieved:.0} moves/s of {}, with the emulator and the driver at \
                 {:.0} % of a core",
                self.rate,
                self.harness_cpu * 100.0
            ))
        } else if achieved < 0.9 * self.rate {
            Some(format!(
                "no game ready: {achieved:.0} moves/s of {} — the boards wait for their groups' \
                 pace (20 calls a minute a group, not raised)",
                self.rate
            ))
        } else {
            None
        }
    }

    /// Each of the issue's budgets, met or not.
    fn verdict(&self, cgroups: &Cgroups) {
        let p99 = quantile(&self.answers, 0.99);
        let board = quantile(&self.boards, 0.99);
        let says = |ok: bool| if ok { "met" } else { "NOT MET" };
        println!("budgets{}:", if cgroups.applied() { "" } else { " (UNLIMITED run)" });
        println!("  CPU ≤ 20 % of the core: {:.1} % — {}", self.cpu * 100.0, says(self.cpu <= 0.2));
        println!("  RSS ≤ 128 MB: {:.1} MB — {}", mb(self.rss), says(self.rss <= 128 << 20));
        println!("  p99 press → answer ≤ 100 ms: {:.1} ms — {}", ms(p99), says(p99 <= ANSWER_P99));
        let board_ok = board <= Duration::from_secs(2) && self.unedited == 0;
        println!(
            "  p99 move → edited board ≤ 2 s: {:.2} s — {}",
            board.as_secs_f64(),
            says(board_ok)
        );
        let within = self.limited == 0 && self.busiest <= support::state::GLOBAL_MAX;
        println!(
            "  no call over Telegram's limits: {} 429s, at most {} messages in a second — {}",
            self.limited,
            self.busiest,
            says(within)
        );
    }
}

/// What holds on any machine: no honest player was refused — no alert, no abuse notice, and
/// no input refused by an abuse limit's rate in the bot's metrics.
fn check_honest(emulator: &Emulator, bot: &Bot) {
    let refused: Vec<String> = emulator.with(|s| {
        let refused = s.answers.iter().filter(|a| a.alert || a.text.contains("going faster"));
        refused.map(|a| format!("{}: {:?}", a.query, a.text)).collect()
    });
    assert!(refused.is_empty(), "honest presses refused: {refused:?}");
    let limited: Vec<(String, f64)> = bot
        .metrics()
        .into_iter()
        .filter(|(name, n)| {
            name.starts_with("igroteka_refusals_total")
                && name.contains("reason=\"rate-")
                && *n > 0.0
        })
        .collect();
    assert!(limited.is_empty(), "the abuse limits refused honest players: {limited:?}");
}
