//! Logs, `/metrics` and `/healthz` of the real binary against the Telegram emulator
//! (docs/operations.md).
//!
//! - the log, in JSON and in text, holds neither the token, nor what a user wrote privately,
//!   nor a raw user id; JSON mode writes one object per line, and `RUST_LOG` filters;
//! - `/metrics` parses as the Prometheus text format (a strict parser below), and its
//!   counters move with the presses: presses, refusals, press → answer latencies, API calls
//!   (a 429 among them), renders, the tables by status and game;
//! - `/healthz` is 200 while the bot runs, 503 naming the store once the data folder is made
//!   read-only, and 200 again when it is writable. Root ignores file permissions, so when the
//!   tests run as root the bot runs as `nobody` (as the systemd unit runs it as a user of its
//!   own) for the read-only folder to mean what it means in production.

mod support;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use support::play::{press, start_game, step};
use support::{BotProcess, Emulator, STEP, TOKEN, TestUser, free_port, spawn_bot_with};

/// `GET path` on 127.0.0.1:`port`: the status and the body (`None`: no answer).
fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(20))).ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let response = String::from_utf8(response).ok()?;
    let (head, body) = response.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    assert!(
        !head.to_ascii_lowercase().contains("transfer-encoding: chunked"),
        "a chunked answer: {head}"
    );
    Some((status, body.to_string()))
}

/// Asks `path` until `f` accepts the answer, or fails with `what`.
fn until<T>(
    port: u16,
    path: &str,
    what: &str,
    bot: &BotProcess,
    mut f: impl FnMut(u16, &str) -> Option<T>,
) -> T {
    let deadline = Instant::now() + STEP;
    let mut last = None;
    loop {
        if let Some((status, body)) = get(port, path) {
            if let Some(found) = f(status, &body) {
                return found;
            }
            last = Some((status, body));
        }
        assert!(Instant::now() < deadline, "{what}: last answer {last:?}\n{}", bot.stderr());
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Labels, sorted.
type Labels = Vec<(String, String)>;

/// A sample: the metric's name and its labels.
type Key = (String, Labels);

/// A strict reader of the Prometheus text format (0.0.4): every line is a `# HELP`, a
/// `# TYPE` (once per family, before its samples), or a sample of a declared family —
/// `name{label="value",…} value` with valid names, quoted and escaped values, a float — and no
/// sample repeats. A histogram's buckets must carry `le`, grow with it, and end at `+Inf` with
/// the `_count`. Panics on anything else; returns every sample.
fn parse_prometheus(text: &str) -> BTreeMap<Key, f64> {
    let name_ok = |n: &str| {
        let mut chars = n.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == ':')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    };
    let label_ok = |n: &str| {
        let mut chars = n.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let mut types: BTreeMap<String, String> = BTreeMap::new();
    let mut samples = BTreeMap::new();
    assert!(text.ends_with('\n'), "the text does not end with a newline");
    for (n, line) in text.lines().enumerate() {
        let at = || format!("line {}: {line:?}", n + 1);
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("# ") {
            let mut parts = rest.splitn(3, ' ');
            let (kind, name, what) = (parts.next(), parts.next(), parts.next());
            let name = name.unwrap_or_else(|| panic!("a comment without a name, {}", at()));
            assert!(name_ok(name), "a bad name, {}", at());
            match kind {
                Some("HELP") => {}
                Some("TYPE") => {
                    let what = what.unwrap_or_else(|| panic!("a TYPE without a type, {}", at()));
                    assert!(
                        ["counter", "gauge", "histogram", "summary", "untyped"].contains(&what),
                        "an unknown type, {}",
                        at()
                    );
                    let before = types.insert(name.to_string(), what.to_string());
                    assert!(before.is_none(), "a second TYPE, {}", at());
                    assert!(
                        !samples.keys().any(|(s, _): &Key| s.starts_with(name)),
                        "a TYPE after its samples, {}",
                        at()
                    );
                }
                _ => panic!("an unknown comment, {}", at()),
            }
            continue;
        }
        assert!(!line.starts_with('#'), "a comment without a space, {}", at());
        // name{labels} value
        let name_end = line.find(['{', ' ']).unwrap_or_else(|| panic!("no value, {}", at()));
        let name = &line[..name_end];
        assert!(name_ok(name), "a bad metric name, {}", at());
        let mut rest = &line[name_end..];
        let mut labels = Vec::new();
        if let Some(inner) = rest.strip_prefix('{') {
            rest =
                parse_labels(inner, &mut labels).unwrap_or_else(|| panic!("bad labels, {}", at()));
            for (label, _) in &labels {
                assert!(label_ok(label), "a bad label name {label:?}, {}", at());
            }
        }
        let rest =
            rest.strip_prefix(' ').unwrap_or_else(|| panic!("no space before the value, {}", at()));
        let mut fields = rest.split(' ');
        let value = fields.next().unwrap_or_default();
        let value: f64 = match value {
            "+Inf" => f64::INFINITY,
            "-Inf" => f64::NEG_INFINITY,
            "NaN" => f64::NAN,
            v => v.parse().unwrap_or_else(|_| panic!("a bad value {v:?}, {}", at())),
        };
        if let Some(timestamp) = fields.next() {
            timestamp.parse::<i64>().unwrap_or_else(|_| panic!("a bad timestamp, {}", at()));
        }
        assert!(fields.next().is_none(), "more after the value, {}", at());
        let family = types
            .iter()
            .find(|(family, kind)| match kind.as_str() {
                "histogram" => ["_bucket", "_sum", "_count"]
                    .iter()
                    .any(|suffix| name.strip_suffix(suffix) == Some(family.as_str())),
                _ => name == family.as_str(),
            })
            .unwrap_or_else(|| panic!("a sample of no declared family, {}", at()));
        if family.1 == "histogram" && name.ends_with("_bucket") {
            assert!(labels.iter().any(|(l, _)| l == "le"), "a bucket without le, {}", at());
        }
        labels.sort();
        let before = samples.insert((name.to_string(), labels), value);
        assert!(before.is_none(), "a repeated sample, {}", at());
    }
    // Histograms: buckets grow with `le` and the last, +Inf, is the count.
    for (family, kind) in &types {
        if kind != "histogram" {
            continue;
        }
        let mut series: BTreeMap<Labels, Vec<(f64, f64)>> = BTreeMap::new();
        for ((name, labels), value) in &samples {
            if name == &format!("{family}_bucket") {
                let le = labels.iter().find(|(l, _)| l == "le").unwrap().1.clone();
                let le = if le == "+Inf" { f64::INFINITY } else { le.parse().unwrap() };
                let rest: Vec<_> = labels.iter().filter(|(l, _)| l != "le").cloned().collect();
                series.entry(rest).or_default().push((le, *value));
            }
        }
        for (labels, mut buckets) in series {
            buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
            assert!(buckets.windows(2).all(|w| w[0].1 <= w[1].1), "{family} buckets shrink");
            let last = buckets.last().unwrap();
            assert!(last.0.is_infinite(), "{family} has no +Inf bucket");
            let count = samples[&(format!("{family}_count"), labels.clone())];
            assert_eq!(last.1, count, "{family}{labels:?}: +Inf bucket and count differ");
        }
    }
    samples
}

/// Reads `label="value",…}` (a trailing comma allowed) into `labels`; returns what follows
/// the `}`.
fn parse_labels<'a>(mut text: &'a str, labels: &mut Vec<(String, String)>) -> Option<&'a str> {
    loop {
        if let Some(rest) = text.strip_prefix('}') {
            return Some(rest);
        }
        let (label, rest) = text.split_once("=\"")?;
        let mut value = String::new();
        let mut chars = rest.char_indices();
        let end = loop {
            match chars.next()? {
                (i, '"') => break i,
                (_, '\\') => match chars.next()?.1 {
                    '\\' => value.push('\\'),
                    '"' => value.push('"'),
                    'n' => value.push('\n'),
                    _ => return None,
                },
                (_, '\n') => return None,
                (_, c) => value.push(c),
            }
        };
        labels.push((label.to_string(), value));
        text = &rest[end + 1..];
        if let Some(rest) = text.strip_prefix(',') {
            text = rest;
        } else if !text.starts_with('}') {
            return None;
        }
    }
}

/// The sum of `name`'s samples whose labels include all of `with`.
fn sum(samples: &BTreeMap<Key, f64>, name: &str, with: &[(&str, &str)]) -> f64 {
    samples
        .iter()
        .filter(|((n, labels), _)| {
            n == name && with.iter().all(|(k, v)| labels.iter().any(|(l, lv)| l == k && lv == v))
        })
        .map(|(_, v)| *v)
        .sum()
}

fn scrape(port: u16) -> BTreeMap<Key, f64> {
    let (status, body) = get(port, "/metrics").expect("/metrics answers");
    assert_eq!(status, 200, "{body}");
    parse_prometheus(&body)
}

#[test]
fn the_parser_is_strict() {
    let good = "# HELP a_total A.\n# TYPE a_total counter\na_total{x=\"1\",y=\"q\\\"\"} 2\n\
                # TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 3.5\n\
                h_count 2\n";
    let samples = parse_prometheus(good);
    assert_eq!(sum(&samples, "a_total", &[("y", "q\"")]), 2.0);
    for bad in [
        "a_total 1\n",                                              // no TYPE
        "# TYPE a counter\na{x=1} 1\n",                             // unquoted
        "# TYPE a counter\na{x=\"1\" y=\"2\"} 1\n",                 // not separated
        "# TYPE a counter\na{x=\"1\\q\"} 1\n",                      // a bad escape
        "# TYPE a counter\na{1x=\"1\"} 1\n",                        // a bad label name
        "# TYPE a counter\na 1 2 3\n",                              // too much
        "# TYPE a counter\na one\n",                                // not a number
        "# TYPE a counter\na 1\na 2\n",                             // repeated
        "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_count 3\n", // count differs
        "# TYPE a counter\na 1",                                    // no final newline
    ] {
        let parsed = std::panic::catch_unwind(|| parse_prometheus(bad));
        assert!(parsed.is_err(), "accepted {bad:?}");
    }
}

#[test]
fn metrics_parse_and_move_with_the_presses() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_771;
    emulator.group(chat, "Metrics", false);
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let bot = spawn_bot_with(
        &emulator,
        &dir.path().join("data"),
        &[("IGROTEKA_METRICS_LISTEN", &listen)],
    );
    until(port, "/healthz", "a healthy bot", &bot, |status, _| (status == 200).then_some(()));

    let before = scrape(port);
    assert_eq!(sum(&before, "igroteka_presses_total", &[]), 0.0);
    assert_eq!(sum(&before, "igroteka_press_answer_seconds_count", &[]), 0.0);
    let got_me = [("method", "getMe"), ("outcome", "ok")];
    assert!(sum(&before, "igroteka_platform_calls_total", &got_me) >= 1.0);
    assert!(sum(&before, "igroteka_store_size_bytes", &[]) > 0.0);

    let players = vec![TestUser::new(910_000_101, "Alice"), TestUser::new(910_000_102, "Boris")];
    start_game(&emulator, chat, &players, "aeroplane");
    let (board, _) = step(&emulator, chat, &players);
    // A forged press is refused.
    let refused = press(&emulator, &players[0], &board, "t999999:0:zz");
    assert!(refused.alert, "{refused:?}");
    // A 429 on an answer is waited out, and counted.
    emulator.flood("answerCallbackQuery", 1, 0);
    step(&emulator, chat, &players);
    emulator.settle();

    let presses = emulator.with(|s| s.answers.len()) as f64;
    assert!(presses >= 4.0, "only {presses} presses");
    let (after, text) = until(port, "/metrics", "the presses counted", &bot, |status, body| {
        let samples = parse_prometheus(body);
        (status == 200 && sum(&samples, "igroteka_press_answer_seconds_count", &[]) >= presses)
            .then(|| (samples, body.to_string()))
    });
    eprintln!("{text}");
    let telegram = [("platform", "telegram")];
    assert_eq!(sum(&after, "igroteka_presses_total", &telegram), presses);
    assert_eq!(sum(&after, "igroteka_press_answer_seconds_count", &telegram), presses);
    assert!(sum(&after, "igroteka_press_answer_seconds_sum", &telegram) > 0.0);
    assert_eq!(sum(&after, "igroteka_refusals_total", &telegram), 1.0, "one refusal");
    let answers_ok = [("method", "answerCallbackQuery"), ("outcome", "ok")];
    assert_eq!(sum(&after, "igroteka_platform_calls_total", &answers_ok), presses);
    let answers_429 = [("method", "answerCallbackQuery"), ("outcome", "429")];
    assert_eq!(sum(&after, "igroteka_platform_calls_total", &answers_429), 1.0);
    let photos = emulator.calls("sendPhoto") + emulator.calls("editMessageMedia");
    assert!(photos >= 1);
    let sent = sum(&after, "igroteka_platform_calls_total", &[("method", "sendPhoto")])
        + sum(&after, "igroteka_platform_calls_total", &[("method", "editMessageMedia")]);
    assert_eq!(sent, photos as f64, "every photo call counted");
    assert!(sum(&after, "igroteka_render_seconds_count", &[]) >= photos as f64);
    let playing = [("status", "playing"), ("game", "aeroplane")];
    assert_eq!(sum(&after, "igroteka_tables", &playing), 1.0);
    assert!(after.keys().any(|(n, _)| n == "igroteka_outbox_depth"));
    assert!(!after.keys().any(|(n, labels)| n.is_empty()
        || labels.iter().any(|(_, v)| v.contains(&players[0].id.to_string()))));
}

/// Whether this process runs as root (who ignores file permissions).
fn running_as_root() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let uid = status.lines().find_map(|l| l.strip_prefix("Uid:")).unwrap_or_default();
    uid.split_whitespace().next() == Some("0")
}

/// Sets or clears the write bits of everything under `path`.
fn writable(path: &Path, yes: bool) {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(path).unwrap();
    let mode = meta.permissions().mode();
    let mode = if yes { mode | 0o200 } else { mode & !0o222 };
    if meta.is_dir() && yes {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    if meta.is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            writable(&entry.unwrap().path(), yes);
        }
    }
    if !(meta.is_dir() && yes) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }
}

#[test]
fn healthz_fails_when_the_data_folder_turns_read_only() {
    use std::os::unix::process::CommandExt;
    const NOBODY: u32 = 65534;
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let data = dir.path().join("data");
    let as_root = running_as_root();
    if as_root {
        std::os::unix::fs::chown(dir.path(), Some(NOBODY), Some(NOBODY)).unwrap();
    }
    let port = free_port();
    let env = [
        ("TELEGRAM_BOT_TOKEN", TOKEN.to_string()),
        ("TELOXIDE_API_URL", emulator.url()),
        ("IGROTEKA_METRICS_LISTEN", format!("127.0.0.1:{port}")),
    ];
    let bot = BotProcess::start_with(&data, dir.path().join("bot.log"), &env, |command| {
        if as_root {
            command.uid(NOBODY).gid(NOBODY);
        }
    });
    let healthy = until(port, "/healthz", "a healthy bot", &bot, |status, body| {
        (status == 200).then(|| body.to_string())
    });
    let checks: serde_json::Value = serde_json::from_str(&healthy).unwrap();
    assert_eq!(checks["status"], "ok", "{healthy}");
    for check in ["store", "engine", "telegram"] {
        assert_eq!(checks["checks"][check]["ok"], true, "{check}: {healthy}");
    }

    writable(&data, false);
    let failing = until(port, "/healthz", "a failing store", &bot, |status, body| {
        (status == 503).then(|| body.to_string())
    });
    let checks: serde_json::Value = serde_json::from_str(&failing).unwrap();
    assert_eq!(checks["status"], "failing", "{failing}");
    assert_eq!(checks["checks"]["store"]["ok"], false, "{failing}");
    assert_eq!(checks["checks"]["engine"]["ok"], true, "only the store fails: {failing}");
    assert_eq!(checks["checks"]["telegram"]["ok"], true, "only the store fails: {failing}");

    writable(&data, true);
    until(port, "/healthz", "a healthy bot again", &bot, |status, _| (status == 200).then_some(()));
    assert!(bot.stderr().contains("health check failing"), "{}", bot.stderr());
}

/// A private chat's text, a raw user id and the token never reach the log; JSON mode writes
/// one object per line, each update's lines carry its span (the user as a keyed hash).
#[test]
fn json_logs_hold_no_secrets_and_one_object_per_line() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_772;
    emulator.group(chat, "Logs", false);
    let env = [("IGROTEKA_LOG_FORMAT", "json"), ("RUST_LOG", "debug")];
    let mut bot = spawn_bot_with(&emulator, &dir.path().join("data"), &env);
    let secretive = TestUser::new(987_654_321, "Secretive");
    let marker = "MARKER-7f3a91c2e5-private";
    let mark = emulator.with(|s| s.next_message);
    emulator.say(secretive.id, None, &secretive, &format!("hello {marker}"));
    emulator.say(secretive.id, None, &secretive, &format!("/{marker}"));
    emulator.say(secretive.id, None, &secretive, "/help");
    emulator.expect(secretive.id, mark, "/play");
    let players = vec![secretive.clone(), TestUser::new(910_000_202, "Other")];
    start_game(&emulator, chat, &players, "aeroplane");
    emulator.settle();
    let deadline = Instant::now() + STEP;
    while !bot.stderr().contains("update handled") {
        assert!(Instant::now() < deadline, "no update logged: {}", bot.stderr());
        std::thread::sleep(Duration::from_millis(50));
    }
    bot.kill();
    let log = bot.stderr();
    assert!(!log.contains(TOKEN), "the token leaked");
    assert!(!log.contains("TEST-token_for-the-emulator"), "the token's secret leaked");
    assert!(!log.contains("MARKER-7f3a91c2e5"), "private text leaked");
    assert!(!log.contains("987654321"), "a raw user id leaked");
    let mut private_updates = 0;
    let mut users = std::collections::BTreeSet::new();
    for line in log.lines() {
        let value: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("not one JSON object: {line:?}: {e}"));
        assert!(value.is_object() && value["level"].is_string(), "{line}");
        let span = &value["span"];
        if span["name"] == "update" {
            let user = span["user"].as_str().expect("a user hash");
            assert!(user.len() == 12 && user.chars().all(|c| c.is_ascii_hexdigit()), "{line}");
            users.insert(user.to_string());
            assert_eq!(span["platform"], "telegram");
            if span["chat"] == "private" {
                private_updates += 1;
                assert!(["text", "command"].contains(&span["kind"].as_str().unwrap()), "{line}");
            }
        }
    }
    assert!(private_updates >= 3, "{private_updates} private updates logged\n{log}");
    assert_eq!(users.len(), 2, "one hash per user: {users:?}");
}

/// Text by default, `info` by default; `RUST_LOG=igroteka=debug` adds the updates.
#[test]
fn text_logs_are_readable_and_filtered() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_773;
    emulator.group(chat, "Text", false);
    let user = TestUser::new(876_543_219, "Alice");
    let mut quiet = spawn_bot_with(&emulator, &dir.path().join("data"), &[]);
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &user, "/games");
    emulator.expect(chat, mark, "aeroplane");
    quiet.terminate();
    assert!(quiet.wait_exit(Duration::from_secs(10)).is_some(), "no exit on SIGTERM");
    let log = quiet.stderr();
    assert!(log.lines().any(|l| l.contains(" INFO ") && l.contains("is running")), "{log}");
    assert!(log.contains("Telegram bot stopped."), "{log}");
    assert!(log.lines().all(|l| serde_json::from_str::<serde_json::Value>(l).is_err()), "{log}");
    assert!(!log.contains("DEBUG") && !log.contains("update handled"), "{log}");

    let env = [("RUST_LOG", "igroteka=debug")];
    let mut chatty = spawn_bot_with(&emulator, &dir.path().join("data"), &env);
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &user, "/games");
    emulator.expect(chat, mark, "aeroplane");
    let deadline = Instant::now() + STEP;
    while !chatty.stderr().contains("update handled") {
        assert!(Instant::now() < deadline, "no update logged: {}", chatty.stderr());
        std::thread::sleep(Duration::from_millis(50));
    }
    chatty.kill();
    let log = chatty.stderr();
    let line = log.lines().find(|l| l.contains("update handled")).unwrap();
    assert!(line.contains("DEBUG"), "{line}");
    assert!(line.contains("platform=\"telegram\"") || line.contains("platform=telegram"), "{line}");
    assert!(
        line.contains(&format!("chat={chat}")) || line.contains(&format!("chat=\"{chat}\"")),
        "{line}"
    );
    assert!(!log.contains(&user.id.to_string()), "a raw user id: {log}");
}
