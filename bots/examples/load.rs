//! A load driver for the real binary: starts `igroteka script --data DIR`, opens `--tables`
//! two-player games (one group chat each), then presses the move buttons the output shows,
//! `--moves` presses per table, and reports press → done latency (p50 / p99 / max), durable
//! presses per second and the data folder's size per table.
//!
//! ```sh
//! cargo build --release -p igroteka-bots
//! cargo run --release -p igroteka-bots --example load -- [--tables 1000] [--moves 10]
//!     [--game aeroplane|tank-battle] [--window N] [--rate N] [--bin PATH]
//!     [--data DIR | --database URL [--chats PREFIX]]
//! ```
//!
//! - `--database URL` runs the binary over PostgreSQL instead of a data folder (the schema
//!   the URL's `search_path` names, migrated at start); `--chats PREFIX` names the tables'
//!   chats, so several drivers can share one database (scripts/pg-load.sh runs three processes
//!   side by side and adds their figures up).
//! - `--rate N` writes at most N presses a second (the latency at a given load, rather than
//!   at the most the binary takes). Its presses start once every table is set up: a burst of
//!   set-up lines is no steady load, and presses queued behind it would time the burst.
//!
//! - With `LOAD_PRESSING=PATH` in its environment the driver creates that file as it writes
//!   the first press (scripts/pg-load.sh then reads the database server's CPU), and its
//!   summary line gives the binary's CPU from then on (`press_cpu_s`) beside the whole run's.
//! - With `LOAD_TIMELINE=PATH` it writes one line a press, `WRITTEN APPLIED`: when the press
//!   was written (µs since the first press) and how long it took to be applied (µs), so one
//!   can see when in a run the slow presses fall — a steady tail, or a few stalled moments.
//! - `--window N` caps the inputs in flight. The default (one per table) is the pipelined
//!   mode: every table whose previous press is answered gets its next one written at once,
//!   without waiting for the other tables, so inputs that arrive together can share a flush.
//!   `--window 1` is the unpipelined mode: one input, wait for its done line, the next.
//! - A press is timed from writing its line to reading its `{"input":N,"done":true}` line
//!   (*done*: applied, and what it changed delivered), and to reading its first line
//!   (*applied*: script mode writes an input's answer once its batch is durable, before any
//!   delivery — what a presser's spinner waits for); in the pipelined mode both include the
//!   wait behind the inputs ahead of it.
//! - A press counts as durable when its done line arrives: script mode flushes before it
//!   delivers and closes an input. Presses per second run from the first press written to
//!   the last done line read.
//! - The binary is `target/release/igroteka` next to this example's own build (or `--bin`);
//!   it runs without `--render`, so no board is drawn.
//! - The data folder is a fresh temporary one unless `--data` names one (it must not exist);
//!   its size is taken after the binary has exited.
//!
//! The protocol is docs/scripting.md's. A press is made by the player last mentioned (the
//! ping that passes the turn), on the first button of the table's live board, naming that
//! board's message id. Figures go to docs/performance.md ("Write path and disk").

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};

struct Args {
    tables: usize,
    moves: usize,
    game: String,
    window: Option<usize>,
    bin: Option<PathBuf>,
    data: Option<PathBuf>,
    database: Option<String>,
    chats: String,
    rate: Option<f64>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        tables: 1000,
        moves: 10,
        game: "aeroplane".into(),
        window: None,
        bin: None,
        data: None,
        database: None,
        chats: "load".into(),
        rate: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let value = it.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = || value.parse::<usize>().map_err(|e| format!("{arg} {value}: {e}"));
        match arg.as_str() {
            "--tables" => args.tables = number()?,
            "--moves" => args.moves = number()?,
            "--window" => args.window = Some(number()?.max(1)),
            "--game" => args.game = value,
            "--bin" => args.bin = Some(value.into()),
            "--data" => args.data = Some(value.into()),
            "--database" => args.database = Some(value),
            "--chats" => args.chats = value,
            "--rate" => args.rate = Some(number()?.max(1) as f64),
            other => return Err(format!("unknown option {other} (see the header of load.rs)")),
        }
    }
    Ok(args)
}

/// Everything the binary wrote for one input, read when its done line arrived.
struct Answered {
    input: usize,
    /// Each effect with the id the local platform gave a sent message.
    effects: Vec<(Effect, Option<String>)>,
    error: Option<String>,
    /// When its first line arrived: script mode writes an input's answer once the batch is
    /// durable, before any delivery (the press applied).
    applied: Option<Instant>,
    at: Instant,
}

/// One output line, with only what the driver uses: the rest (a board's view is most of a
/// line) is skipped unread rather than built into a JSON tree — the driver shares the
/// machine with the binary it times, so its own CPU is kept small.
#[derive(Deserialize)]
struct OutputLine {
    input: Option<usize>,
    #[serde(default)]
    done: bool,
    error: Option<String>,
    effect: Option<Effect>,
    message_id: Option<String>,
}

/// An effect, as far as the driver reads it.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Effect {
    Send { message: Message },
    Edit { message: Message, message_id: String },
    Answer(Answer),
    Show(IgnoredAny),
    Clear(IgnoredAny),
    Delete(IgnoredAny),
    Strip(IgnoredAny),
}

#[derive(Deserialize)]
struct Message {
    #[serde(default)]
    mentions: Vec<Mention>,
    #[serde(default)]
    buttons: Vec<Vec<Button>>,
}

#[derive(Deserialize)]
struct Mention {
    user: Value,
    name: Value,
}

#[derive(Deserialize)]
struct Button {
    token: Option<String>,
}

#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    alert: bool,
}

/// Reads the output, groups it by input and reports each input when its done line arrives.
fn read_output(out: impl BufRead, answers: mpsc::Sender<Answered>) {
    let mut effects: HashMap<usize, Vec<(Effect, Option<String>)>> = HashMap::new();
    let mut errors: HashMap<usize, String> = HashMap::new();
    let mut first: HashMap<usize, Instant> = HashMap::new();
    for line in out.lines() {
        let Ok(line) = line else { break };
        let parsed = match serde_json::from_str::<OutputLine>(&line) {
            Ok(parsed) => parsed,
            Err(e) => {
                eprintln!("load: unreadable output line ({e}): {line}");
                continue;
            }
        };
        let Some(input) = parsed.input else { continue };
        if parsed.done {
            let at = Instant::now();
            let answered = Answered {
                input,
                effects: effects.remove(&input).unwrap_or_default(),
                error: errors.remove(&input),
                applied: first.remove(&input),
                at,
            };
            if answers.send(answered).is_err() {
                break;
            }
        } else if let Some(error) = parsed.error {
            errors.insert(input, error);
        } else if let Some(effect) = parsed.effect {
            first.entry(input).or_insert_with(Instant::now);
            effects.entry(input).or_default().push((effect, parsed.message_id));
        }
    }
}

/// The chats' prefix (`--chats`), set once at start.
static CHATS: std::sync::OnceLock<String> = std::sync::OnceLock::new();

fn chat(t: usize) -> String {
    format!("{}-{t}", CHATS.get().map_or("load", String::as_str))
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

fn command(t: usize, user: &str, name: &str, args: &[&str]) -> Value {
    json!({
        "platform": "console",
        "chat": {"id": chat(t)},
        "user": {"id": format!("{user}{t}"), "name": format!("{user}{t}")},
        "now": now_ms(),
        "action": {"command": {"name": name, "args": args}},
    })
}

/// What a table's chat shows: the live board's first button and message id, and who was
/// last asked to move (a mention; a board edited in place keeps the same player).
#[derive(Default)]
struct Shown {
    token: Option<String>,
    message_id: Option<String>,
    to_move: Option<(Value, Value)>,
}

impl Shown {
    /// Notes the output of one input; whether it showed a new keyboard.
    fn note(&mut self, effects: &[(Effect, Option<String>)]) -> bool {
        let mut changed = false;
        for (effect, sent_id) in effects {
            let (message, id) = match effect {
                Effect::Send { message } => (message, sent_id.clone()),
                Effect::Edit { message, message_id } => (message, Some(message_id.clone())),
                _ => continue,
            };
            if let Some(mention) = message.mentions.first() {
                self.to_move = Some((mention.user.clone(), mention.name.clone()));
            }
            // A finished game's board keeps one button, Rematch (operation `r`): not a move.
            let token = message
                .buttons
                .iter()
                .flatten()
                .filter_map(|button| button.token.as_ref())
                .find(|token| !token.ends_with(":r") && !token.ends_with(":y"));
            if let Some(token) = token {
                (self.token, self.message_id, changed) = (Some(token.clone()), id, true);
            }
        }
        changed
    }

    /// The press of the live board's first button by the player to move.
    fn press(&self, t: usize) -> Option<Value> {
        let (user, name) = self.to_move.clone()?;
        let mut press = json!({"token": self.token.clone()?});
        if let Some(id) = &self.message_id {
            press["message_id"] = json!(id);
        }
        Some(json!({
            "platform": "console",
            "chat": {"id": chat(t)},
            "user": {"id": user, "name": name},
            "now": now_ms(),
            "action": {"press": press},
        }))
    }
}

/// A press answered by a refusal alone (stale, not your turn, …): a driver bug, not a move.
fn refused(effects: &[(Effect, Option<String>)]) -> bool {
    effects.iter().any(|(effect, _)| matches!(effect, Effect::Answer(Answer { alert: true })))
}

/// What a table waits for.
#[derive(Clone, Copy, PartialEq)]
enum Step {
    Setup(usize),
    Press,
}

struct Table {
    /// Lines still to write, in order (one in flight per table: a press needs the output of
    /// the input before it).
    queue: VecDeque<(Value, Step)>,
    shown: Shown,
    presses: usize,
}

fn du(dir: &Path) -> u64 {
    let mut total = 0;
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else { continue };
            total += if meta.is_dir() { du(&entry.path()) } else { meta.blocks() * 512 };
        }
    }
    total
}

fn peak_rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time a process has used so far (user + system), from /proc.
fn cpu_secs(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces), from its closing paren.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let (utime, stime): (f64, f64) = (fields.get(11)?.parse().ok()?, fields.get(12)?.parse().ok()?);
    // Clock ticks: 100 a second on Linux.
    Some((utime + stime) / 100.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn waited_since(at: Instant) -> f64 {
    at.elapsed().as_secs_f64()
}

fn main() {
    if let Err(e) = run() {
        eprintln!("load: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let bin = match &args.bin {
        Some(bin) => bin.clone(),
        None => std::env::current_exe()
            .map_err(|e| e.to_string())?
            .parent()
            .and_then(Path::parent)
            .map(|release| release.join("igroteka"))
            .ok_or("cannot locate target/release; pass --bin")?,
    };
    if !bin.exists() {
        return Err(format!(
            "no binary at {} (cargo build --release -p igroteka-bots, or --bin PATH)",
            bin.display()
        ));
    }
    CHATS.set(args.chats.clone()).map_err(|_| "the chats' prefix was set twice")?;
    let temp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let data = args.data.clone().unwrap_or_else(|| temp.path().join("data"));
    if args.database.is_none() && data.exists() {
        return Err(format!("{} exists; the driver wants a fresh data folder", data.display()));
    }
    let window = args.window.unwrap_or(args.tables).max(1);

    let mut binary = Command::new(&bin);
    binary.arg("script");
    match &args.database {
        Some(url) => binary.arg("--database").arg(url),
        None => binary.arg("--data").arg(&data),
    };
    let mut child = binary
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    let pid = child.id();
    let mut stdin = BufWriter::new(child.stdin.take().ok_or("no stdin")?);
    let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    let (tx, answers) = mpsc::channel();
    let reader = std::thread::spawn(move || read_output(stdout, tx));

    let mut tables: Vec<Table> = (0..args.tables)
        .map(|t| Table {
            queue: VecDeque::from([
                (command(t, "a", "play", &[&args.game]), Step::Setup(0)),
                (command(t, "b", "join", &[]), Step::Setup(1)),
                (command(t, "a", "startgame", &[]), Step::Setup(2)),
            ]),
            shown: Shown::default(),
            presses: 0,
        })
        .collect();
    // Tables whose next line may be written now, and what is in flight.
    let mut ready: VecDeque<usize> = (0..args.tables).collect();
    let mut in_flight: HashMap<usize, (usize, Step, Instant)> = HashMap::new();
    let mut next_input = 0usize;
    let mut latencies: Vec<Duration> = Vec::new();
    let mut applied: Vec<Duration> = Vec::new();
    // (when the press was written, since the first press; how long until it was applied)
    let mut timeline: Vec<(Duration, Duration)> = Vec::new();
    let (mut refusals, mut over, mut setup_inputs) = (0usize, 0usize, 0usize);
    let started = Instant::now();
    let mut first_press: Option<Instant> = None;
    // The binary's CPU time when the first press was written: what follows is the presses'
    // (with `--rate`, every set-up is answered by then).
    let mut cpu_at_first_press: Option<f64> = None;
    // Presses written so far.
    let mut pressed = 0usize;
    let mut last_done = started;
    // At `--rate`: set-up lines not answered yet, and the tables ready to press meanwhile.
    let mut setting_up = args.tables * 3;
    let mut parked: VecDeque<usize> = VecDeque::new();

    loop {
        // Write every line the window allows, then flush once: lines that go out together can
        // be handled together.
        let mut wrote = false;
        while in_flight.len() < window {
            // At `--rate`, a press waits for its turn (set-up lines go at once).
            let paced =
                |t: &usize| tables[*t].queue.front().is_some_and(|(_, s)| *s == Step::Press);
            if args.rate.is_some() && setting_up > 0 && ready.front().is_some_and(paced) {
                parked.extend(ready.pop_front());
                continue;
            }
            if let (Some(rate), Some(first)) = (args.rate, first_press)
                && ready.front().is_some_and(paced)
            {
                let due = first + Duration::from_secs_f64(pressed as f64 / rate);
                if Instant::now() < due {
                    break;
                }
            }
            let Some(t) = ready.pop_front() else { break };
            let Some((line, step)) = tables[t].queue.pop_front() else { continue };
            let text = serde_json::to_string(&line).map_err(|e| e.to_string())?;
            let at = Instant::now();
            writeln!(stdin, "{text}").map_err(|e| format!("writing to the binary: {e}"))?;
            if step == Step::Press {
                if first_press.is_none() {
                    first_press = Some(at);
                    cpu_at_first_press = cpu_secs(pid);
                    if let Ok(path) = std::env::var("LOAD_PRESSING") {
                        std::fs::write(&path, "").map_err(|e| format!("{path}: {e}"))?;
                    }
                }
                pressed += 1;
            }
            in_flight.insert(next_input, (t, step, at));
            next_input += 1;
            wrote = true;
        }
        if wrote {
            stdin.flush().map_err(|e| format!("writing to the binary: {e}"))?;
        }
        if in_flight.is_empty() && ready.is_empty() {
            break;
        }
        // Paced: come back for the next press's turn even when nothing is answered.
        let wait =
            if args.rate.is_some() { Duration::from_millis(1) } else { Duration::from_secs(60) };
        let answered = match answers.recv_timeout(wait) {
            Ok(answered) => answered,
            Err(mpsc::RecvTimeoutError::Timeout)
                if args.rate.is_some() && waited_since(last_done) < 60.0 =>
            {
                continue;
            }
            Err(_) => return Err("the binary stopped answering (no done line for 60 s)".into()),
        };
        let mut batch = vec![answered];
        batch.extend(answers.try_iter());
        for answered in batch {
            let Some((t, step, at)) = in_flight.remove(&answered.input) else {
                return Err(format!("a done line for input {} never sent", answered.input));
            };
            if let Some(error) = answered.error {
                return Err(format!("input {} rejected: {error}", answered.input));
            }
            last_done = answered.at;
            match step {
                Step::Setup(_) => {
                    setup_inputs += 1;
                    setting_up -= 1;
                    if setting_up == 0 {
                        ready.extend(parked.drain(..));
                    }
                }
                Step::Press => {
                    latencies.push(answered.at - at);
                    applied.extend(answered.applied.map(|when| when - at));
                    if let (Some(first), Some(when)) = (first_press, answered.applied) {
                        timeline.push((at - first, when - at));
                    }
                    if refused(&answered.effects) {
                        refusals += 1;
                    } else {
                        tables[t].presses += 1;
                    }
                }
            }
            let table = &mut tables[t];
            let changed = table.shown.note(&answered.effects);
            let playing = matches!(step, Step::Setup(2) | Step::Press);
            if playing && table.presses < args.moves {
                match table.shown.press(t) {
                    Some(press) if changed => table.queue.push_back((press, Step::Press)),
                    _ => over += 1,
                }
            }
            if !tables[t].queue.is_empty() {
                ready.push_back(t);
            }
        }
    }
    let peak = peak_rss_kb(pid);
    let cpu = cpu_secs(pid);
    drop(stdin);
    let status = child.wait().map_err(|e| e.to_string())?;
    let _ = reader.join();
    if !status.success() {
        return Err(format!("the binary exited with {status}"));
    }

    let presses: usize = tables.iter().map(|t| t.presses).sum();
    let press_secs = first_press.map(|f| (last_done - f).as_secs_f64()).unwrap_or(0.0);
    latencies.sort();
    applied.sort();
    let folder = if args.database.is_some() { 0 } else { du(&data) };
    println!(
        "{} tables of {} ({setup_inputs} set-up inputs), window {window}: {presses} presses \
         applied, {refusals} refused, {over} games over early",
        args.tables, args.game
    );
    println!(
        "press -> done: p50 {}, p99 {}, max {}",
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.99)),
        ms(latencies.last().copied().unwrap_or_default())
    );
    println!(
        "press -> applied (durable and answered, before delivery): p50 {}, p99 {}, max {}",
        ms(percentile(&applied, 0.50)),
        ms(percentile(&applied, 0.99)),
        ms(applied.last().copied().unwrap_or_default())
    );
    println!(
        "durable presses: {presses} in {press_secs:.2} s = {:.0} presses/s (whole run {:.2} s)",
        presses as f64 / press_secs.max(1e-9),
        started.elapsed().as_secs_f64()
    );
    println!(
        "data folder after exit: {:.1} MB = {:.0} B/table; script process peak RSS {}",
        folder as f64 / 1e6,
        folder as f64 / args.tables.max(1) as f64,
        peak.map(|kb| format!("{:.1} MB", kb as f64 / 1024.0)).unwrap_or_else(|| "?".into())
    );
    if let Some(cpu) = cpu {
        println!(
            "script process CPU: {cpu:.2} s = {:.0} µs per applied press",
            cpu * 1e6 / presses.max(1) as f64
        );
    }
    // For scripts/pg-load.sh, which adds several drivers' figures up.
    let since_epoch = |at: Instant| now_ms() - (Instant::now() - at).as_millis() as u64;
    let sorted_us: Vec<String> = latencies.iter().map(|d| d.as_micros().to_string()).collect();
    let press_cpu = cpu.zip(cpu_at_first_press).map(|(end, start)| end - start);
    println!(
        "summary presses={presses} first_ms={} last_ms={} cpu_s={:.3} press_cpu_s={:.3}",
        first_press.map_or(0, since_epoch),
        since_epoch(last_done),
        cpu.unwrap_or(0.0),
        press_cpu.unwrap_or(0.0)
    );
    if let Ok(path) = std::env::var("LOAD_LATENCIES") {
        std::fs::write(&path, sorted_us.join("\n")).map_err(|e| format!("{path}: {e}"))?;
    }
    if let Ok(path) = std::env::var("LOAD_APPLIED") {
        let sorted: Vec<String> = applied.iter().map(|d| d.as_micros().to_string()).collect();
        std::fs::write(&path, sorted.join("\n")).map_err(|e| format!("{path}: {e}"))?;
    }
    if let Ok(path) = std::env::var("LOAD_TIMELINE") {
        timeline.sort();
        let lines: Vec<String> = timeline
            .iter()
            .map(|(at, applied)| format!("{} {}", at.as_micros(), applied.as_micros()))
            .collect();
        std::fs::write(&path, lines.join("\n")).map_err(|e| format!("{path}: {e}"))?;
    }
    if refusals > 0 {
        return Err(format!("{refusals} presses were refused: the driver pressed wrongly"));
    }
    Ok(())
}
