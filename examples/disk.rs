//! Disk per stored game: creates `--tables` two-player Aeroplane Chess tables through the
//! engine and the local platform `igroteka script` uses (each input flushed, then its table's
//! outbox delivered, as for a driver that waits for every answer), plays `--moves` presses on
//! each in rotation (as fast as they go, or `--rate` inputs per second), flushes, stays open `--idle` seconds (default 0) and closes the store, and reports the data folder's size per
//! table (`du`: allocated blocks) and which files hold it; then how long a restart on that
//! folder takes to answer a first command; then where the bytes go as records (keys and
//! values per tree, uncompressed) and how much the process wrote.
//!
//! ```sh
//! cargo run --release -p igroteka --example disk -- --tables 10000 --moves 5 [--rate INPUTS_PER_S] [--idle SECONDS] [--dir DIR] [--keep]
//! ```
//!
//! Figures go to docs/performance.md ("Write path and disk").

use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::Instant;

use igroteka::app::local::{Delivered, LocalPlatform};
use igroteka::app::{
    Action, App, AppConfig, ButtonKind, Chat, Effect, Input, User, input_from_text,
};
use igroteka::store::{SledStore, Store};
use igroteka::table::Platform;

const PLATFORM: Platform = Platform::Console;

struct Args {
    tables: usize,
    moves: usize,
    dir: Option<PathBuf>,
    keep: bool,
    /// Seconds to stay open, idle, after the last move (sled cleans on its timer meanwhile).
    idle: u64,
    /// Inputs per second to pace the whole run at (`None`: as fast as they go).
    rate: Option<f64>,
}

fn args() -> Args {
    let mut out = Args { tables: 10_000, moves: 5, dir: None, keep: false, idle: 0, rate: None };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        match arg.as_str() {
            "--tables" => out.tables = value().parse().expect("--tables N"),
            "--moves" => out.moves = value().parse().expect("--moves N"),
            "--dir" => out.dir = Some(PathBuf::from(value())),
            "--keep" => out.keep = true,
            "--rate" => out.rate = Some(value().parse().expect("--rate INPUTS_PER_SECOND")),
            "--idle" => out.idle = value().parse().expect("--idle SECONDS"),
            other => panic!("unknown argument {other}; see the file's header"),
        }
    }
    out
}

fn user(i: usize) -> User {
    User { id: format!("u{i}"), name: format!("U{i}"), admin: false, lang: None }
}

fn chat(t: usize) -> Chat {
    Chat { id: format!("chat-{t}"), private: false, thread: None, server: None }
}

/// What a table shows: the live board's first button and message, and who was last asked
/// to move (the ping's mention; a board edited in place keeps the same player).
#[derive(Default)]
struct Shown {
    token: Option<String>,
    message_id: Option<String>,
    to_move: Option<(String, String)>,
}

impl Shown {
    /// Notes what the deliveries of one input show; whether the board changed.
    fn note(&mut self, delivered: &[Delivered]) -> bool {
        let mut changed = false;
        for item in delivered {
            let (message, id) = match &item.effect {
                Effect::Send { message, .. } => (message, item.message_id.clone()),
                Effect::Edit { message, message_id, .. } => (message, Some(message_id.clone())),
                _ => continue,
            };
            if let Some(mention) = message.mentions.first() {
                self.to_move = Some((mention.user.clone(), mention.name.clone()));
            }
            let token = message.buttons.iter().flatten().find_map(|b| match &b.kind {
                ButtonKind::Token(token) => Some(token.clone()),
                _ => None,
            });
            if let Some(token) = token {
                (self.token, self.message_id, changed) = (Some(token), id, true);
            }
        }
        changed
    }

    /// The press the player to move would make: the first button of the live board.
    fn press(&self, t: usize) -> Option<Input> {
        let (id, name) = self.to_move.clone()?;
        Some(Input {
            platform: PLATFORM,
            chat: chat(t),
            user: User { id, name, ..user(0) },
            now: 2,
            action: Action::Press {
                token: self.token.clone()?,
                message_id: self.message_id.clone(),
            },
        })
    }
}

/// Apparent bytes and allocated bytes (what `du` counts) under `dir`, per file.
fn files(dir: &Path, out: &mut BTreeMap<String, (u64, u64)>) {
    for entry in std::fs::read_dir(dir).expect("data folder readable") {
        let entry = entry.expect("directory entry");
        let meta = entry.metadata().expect("metadata");
        if meta.is_dir() {
            files(&entry.path(), out);
        } else {
            let name = entry.path().display().to_string();
            out.insert(name, (meta.len(), meta.blocks() * 512));
        }
    }
}

/// Bytes this process has passed to write system calls so far (`wchar` in /proc/self/io).
fn written_bytes() -> u64 {
    let io = std::fs::read_to_string("/proc/self/io").unwrap_or_default();
    io.lines()
        .find_map(|l| l.strip_prefix("wchar: "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// Opens the folder with sled directly, with the storage parameters it was created with (sled
/// refuses others), and says whether it is compressed.
fn reopen(dir: &Path) -> (sled::Db, bool) {
    let conf = std::fs::read(dir.join("conf")).expect("sled's conf file");
    let conf = String::from_utf8_lossy(&conf);
    let value = |key: &str| {
        conf.lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(": ").map(str::to_string))
            .unwrap_or_else(|| panic!("{key} in conf"))
    };
    let compressed = value("use_compression") == "true";
    let db = sled::Config::new()
        .path(dir)
        .flush_every_ms(None)
        .segment_size(value("segment_size").parse().expect("segment_size"))
        .use_compression(compressed)
        .open()
        .expect("reopen to count");
    (db, compressed)
}

fn main() {
    let args = args();
    let temp = tempfile::tempdir().expect("temporary folder");
    let dir = args.dir.clone().unwrap_or_else(|| temp.path().join("data"));
    assert!(
        !dir.exists() || std::fs::read_dir(&dir).unwrap().next().is_none(),
        "use a fresh --dir"
    );

    let start = Instant::now();
    let mut inputs = 0u32;
    // Paced: the n-th input waits until n / rate seconds after the start.
    let pace = |inputs: &mut u32| {
        *inputs += 1;
        if let Some(rate) = args.rate {
            let due = std::time::Duration::from_secs_f64(f64::from(*inputs) / rate);
            std::thread::sleep(due.saturating_sub(start.elapsed()));
        }
    };
    let store = SledStore::open(&dir, igroteka::store::DEFAULT_CACHE_BYTES).expect("open");
    let mut platform = LocalPlatform::new(App::new(store, AppConfig::default()));
    let mut shown: Vec<Shown> = Vec::with_capacity(args.tables);
    for t in 0..args.tables {
        let mut table = Shown::default();
        for (u, line) in [(2 * t, "/play aeroplane"), (2 * t + 1, "/join"), (2 * t, "/startgame")] {
            pace(&mut inputs);
            table.note(&platform.run(&input_from_text(PLATFORM, chat(t), user(u), 1, line)));
        }
        shown.push(table);
    }
    let mut moves = 0usize;
    for _ in 0..args.moves {
        for (t, table) in shown.iter_mut().enumerate() {
            let Some(input) = table.press(t) else { continue };
            pace(&mut inputs);
            let delivered = platform.run(&input);
            assert!(
                !delivered.iter().any(|d| matches!(d.effect, Effect::Answer { alert: true, .. })),
                "a press was refused: {delivered:?}"
            );
            moves += 1;
            if !table.note(&delivered) {
                table.token = None; // the game is over
            }
        }
    }
    let store = platform.app.store().clone();
    store.flush().expect("flush");
    let played = start.elapsed();
    let written = written_bytes();
    std::thread::sleep(std::time::Duration::from_secs(args.idle));

    drop(platform);
    drop(store);

    // The closed folder, file by file.
    let mut sizes = BTreeMap::new();
    files(&dir, &mut sizes);
    let (mut apparent, mut allocated) = (0u64, 0u64);
    println!("file                                       bytes   allocated");
    for (name, (len, blocks)) in &sizes {
        apparent += len;
        allocated += blocks;
        let short = name.strip_prefix(&dir.display().to_string()).unwrap_or(name);
        println!("{short:<36} {len:>12} {blocks:>11}");
    }

    // A restart on this folder: open it (sled replays its log since the last start) and
    // answer a first command.
    let start = Instant::now();
    let store = SledStore::open(&dir, igroteka::store::DEFAULT_CACHE_BYTES).expect("reopen");
    let mut platform = LocalPlatform::new(App::new(store, AppConfig::default()));
    let delivered = platform.run(&input_from_text(PLATFORM, chat(0), user(0), 3, "/board"));
    let cold = start.elapsed();
    assert!(!delivered.is_empty());
    drop(platform);

    // Where the bytes go, as sled holds them (keys + values, per tree, uncompressed).
    let (db, compressed) = reopen(&dir);
    let mut logical = 0u64;
    println!("tree            entries   key+value bytes   per table");
    for name in db.tree_names() {
        let tree = db.open_tree(&name).expect("tree");
        let (mut n, mut bytes) = (0u64, 0u64);
        for item in tree.iter() {
            let (k, v) = item.expect("item");
            n += 1;
            bytes += (k.len() + v.len()) as u64;
        }
        logical += bytes;
        println!(
            "{:<14} {n:>9} {bytes:>17} {:>11.0}",
            String::from_utf8_lossy(&name),
            bytes as f64 / args.tables as f64
        );
    }
    drop(db);

    let per = |bytes: u64| bytes as f64 / args.tables as f64;
    println!(
        "{} tables, {moves} moves in {:.1} s ({}); records {:.0} B/table; folder {:.1} MB \
         apparent, {:.1} MB allocated (du) = {:.0} B/table (folder / records {:.1}x)",
        args.tables,
        played.as_secs_f64(),
        if compressed { "compressed folder" } else { "uncompressed folder" },
        per(logical),
        apparent as f64 / 1e6,
        allocated as f64 / 1e6,
        per(allocated),
        allocated as f64 / logical.max(1) as f64,
    );
    println!(
        "written by the process while playing: {:.1} MB = {:.0} B/table, {:.0} B/move",
        written as f64 / 1e6,
        per(written),
        written as f64 / moves.max(1) as f64
    );
    println!("cold start on the closed folder: open + first answer in {cold:.0?}");
    if args.keep {
        let kept = temp.keep();
        println!("kept the data folder in {}", kept.display());
    }
}
