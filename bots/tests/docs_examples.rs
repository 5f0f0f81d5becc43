//! The examples in README.md and docs/scripting.md still do what they show.
//!
//! The docs are read and parsed when the test runs — nothing is copied from them here — so a
//! change to the docs or to the behaviour they show fails this test until the other follows:
//!
//! - the README's console session is typed into the real `igroteka` console, and every output
//!   line the README shows must be printed in answer to the line it follows, in order (the
//!   README may leave lines out);
//! - every subcommand in the README's table runs with the arguments the table shows;
//! - docs/scripting.md's input example and its session run through `igroteka script` and print
//!   what the doc shows after them.
//!
//! In the docs, `…` marks what an example leaves out: a line of just `…` stands for lines, `…`
//! inside a line or a JSON string for any text, `, …]` for more array elements and `, …}` for
//! more fields.

#[path = "support/pg_schema.rs"]
mod pg_schema;
mod piped;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use serde_json::Value;

const ELLIPSIS: char = '…';

/// A file of the repository, read now.
fn doc(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text under the heading that starts with `heading` (`## Output`), up to the next
/// heading of the same or a higher level; code blocks are not searched for headings.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let level = heading.chars().take_while(|&c| c == '#').count();
    let is_heading = |line: &str, most: usize| {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        (1..=most).contains(&hashes) && line[hashes..].starts_with(' ')
    };
    let (mut start, mut at, mut fenced) = (None, 0, false);
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            match start {
                None if line.starts_with(heading) => start = Some(at),
                Some(from) if is_heading(line, level) => return &text[from..at],
                _ => {}
            }
        }
        at += line.len();
    }
    &text[start.unwrap_or_else(|| panic!("no heading {heading:?}"))..]
}

/// The fenced code blocks of `text`: (info string, body).
fn code_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in text.lines() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_string(), String::new())),
            (Some(_), Some(_)) => blocks.push(open.take().unwrap()),
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "an unclosed code block");
    blocks
}

/// Whether a line shown in the docs stands for `real`: equal, where each `…` stands for any
/// text (the spaces next to it included).
fn line_matches(shown: &str, real: &str) -> bool {
    let pieces: Vec<&str> = shown.split(ELLIPSIS).collect();
    let [first, middle @ .., last] = pieces.as_slice() else {
        return shown.trim_end() == real.trim_end();
    };
    let Some(mut rest) = real.strip_prefix(first.trim_end()) else { return false };
    for piece in middle.iter().map(|p| p.trim()) {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.trim_end().ends_with(last.trim())
}

/// Checks that `shown` (lines of just `…` ignored) appear in `real` in order; the message
/// names what is compared.
fn assert_shown_in_order<T>(
    shown: &[T],
    real: &[T],
    is_gap: impl Fn(&T) -> bool,
    matches: impl Fn(&T, &T) -> bool,
    what: &str,
) where
    T: std::fmt::Debug,
{
    let mut rest = real.iter();
    for line in shown.iter().filter(|l| !is_gap(l)) {
        assert!(
            rest.by_ref().any(|r| matches(line, r)),
            "{what}: the docs show {line:?}, which is not printed (in this order) in:\n{real:#?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The README's console session.

/// One typed line of the README's session and the output lines it shows after it.
#[derive(Debug)]
struct Step {
    prompt: String,
    line: String,
    shown: Vec<String>,
}

/// `alice> as Alice /play aeroplane` → ("alice", "as Alice /play aeroplane"); output lines
/// (indented, or starting with `──`) are not prompts.
fn prompt_line(line: &str) -> Option<(&str, &str)> {
    let (prompt, typed) = line.split_once("> ")?;
    (!prompt.is_empty() && !prompt.contains(char::is_whitespace)).then_some((prompt, typed))
}

fn console_steps(block: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for line in block.lines() {
        match (prompt_line(line), steps.last_mut()) {
            (Some((prompt, typed)), _) => steps.push(Step {
                prompt: prompt.to_string(),
                line: typed.to_string(),
                shown: Vec::new(),
            }),
            (None, Some(step)) => step.shown.push(line.to_string()),
            (None, None) => panic!("the session starts with output, not a prompt: {line:?}"),
        }
    }
    assert!(steps.len() > 1, "a console session in the README: {block}");
    steps
}

/// The console, typed into as a person would, from a fresh folder with nothing configured.
struct Console {
    child: Child,
    stdin: ChildStdin,
    output: Receiver<String>,
}

impl Console {
    fn start(dir: &Path) -> Console {
        let (child, stdin, rx) = piped::spawn(
            Command::new(env!("CARGO_BIN_EXE_igroteka"))
                .current_dir(dir)
                .env_remove("IGROTEKA_DATA")
                .env_remove("IGROTEKA_CONFIG"),
        );
        Console { child, stdin, output: rx }
    }

    /// What is printed up to the next prompt: (output lines, the prompt's name).
    fn until_prompt(&mut self) -> (Vec<String>, String) {
        let mut text = String::new();
        while !text.ends_with("> ") {
            match self.output.recv_timeout(Duration::from_secs(60)) {
                Ok(chunk) => text.push_str(&chunk),
                Err(_) => panic!("no prompt after: {text}"),
            }
        }
        let (lines, prompt) = text.rsplit_once('\n').unwrap_or(("", &text));
        let prompt = prompt.strip_suffix("> ").unwrap().to_string();
        (lines.lines().map(str::to_string).collect(), prompt)
    }

    fn type_line(&mut self, line: &str) -> (Vec<String>, String) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        self.until_prompt()
    }
}

#[test]
fn shown_lines_leave_out_what_an_ellipsis_marks() {
    assert!(line_matches("  The … corner stays empty.", "  The Red corner stays empty."));
    assert!(line_matches("  Alice rolled …", "  Alice rolled 6."));
    assert!(line_matches("New game: Aeroplane Chess …", "New game: Aeroplane Chess\nPlayers"));
    assert!(line_matches("  [1] 🎲 Roll", "  [1] 🎲 Roll"));
    assert!(!line_matches("  [1] 🎲 Roll", "  [1] 🎲 Roll   [2] 1"));
    assert!(!line_matches("  The … corner stays empty.", "  The Red corner is taken."));
    assert!(!line_matches("── [group] message m5", "── [group] message m2"));
    let shown = shown_json(r#"{"a":[1, …],"b":{"c":"x…", …}}"#, &[]);
    let shown = shown[0].as_ref().unwrap();
    assert!(json_matches(shown, &serde_json::json!({"a": [1, 2], "b": {"c": "xyz", "d": 0}})));
    assert!(!json_matches(shown, &serde_json::json!({"a": [2], "b": {"c": "xyz"}})));
    assert!(!json_matches(shown, &serde_json::json!({"a": [1], "b": {"c": "xyz"}, "e": 1})));
}

#[test]
fn the_readme_console_session_prints_what_the_readme_shows() {
    let readme = doc("README.md");
    let blocks = code_blocks(section(&readme, "## Playing in the console"));
    let (_, block) = blocks.first().expect("a console session in the README");
    let steps = console_steps(block);

    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let (_, mut prompt) = console.until_prompt();
    let mut printed = Vec::new();
    for step in &steps {
        assert_eq!(prompt, step.prompt, "the prompt before {:?}", step.line);
        let (lines, next) = console.type_line(&step.line);
        assert_shown_in_order(
            &step.shown,
            &lines,
            |l| l.trim() == ELLIPSIS.to_string(),
            |shown, real| line_matches(shown, real),
            &format!("after {:?}", step.line),
        );
        printed.extend(lines);
        prompt = next;
    }
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());

    // "games are kept in `data/`" and "every board is written as a PNG whose path is printed".
    assert!(dir.path().join("data").is_dir(), "the data folder");
    let boards: Vec<&str> = printed
        .iter()
        .filter_map(|l| l.trim().strip_prefix("[board: ")?.strip_suffix(']'))
        .collect();
    assert!(!boards.is_empty(), "a board in the session");
    for board in boards {
        assert_png(&dir.path().join(board));
    }
}

fn assert_png(path: &Path) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{} is not a PNG", path.display());
}

// ---------------------------------------------------------------------------------------------
// The README's subcommands.

fn igroteka(args: &[String], dir: &Path, stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_igroteka"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "igroteka {}: {}\n{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A game as `igroteka games` lists it.
#[derive(Debug)]
struct Listed {
    id: String,
    min_seats: String,
    /// `key=first-value` of its first setting, if it has any.
    setting: Option<String>,
}

fn listed_games(dir: &Path) -> Vec<Listed> {
    let out = igroteka(&["games".to_string()], dir, "");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let mut fields = line.split('\t');
            let id = fields.next().unwrap().to_string();
            let seats = fields.next().unwrap_or_default();
            let min_seats = seats.split(['-', ',', ' ']).next().unwrap_or_default().to_string();
            let setting = fields.next().and_then(|s| {
                let (key, values) = s.split_whitespace().next()?.split_once('=')?;
                Some(format!("{key}={}", values.split('|').next()?))
            });
            Listed { id, min_seats, setting }
        })
        .collect()
}

/// The first cells of the first Markdown table in `text` (the header and the separator row
/// left out).
fn first_cells(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            let cells = l.replace("\\|", "\u{1}");
            cells.split('|').nth(1).unwrap().trim().replace('\u{1}', "|")
        })
        .collect()
}

/// `simulate <game> --games N [--seats K]` → the argument lists to run: optional groups are
/// included, `a|b` alternatives give one run each, placeholders become real values.
fn command_lines(usage: &str, game: &Listed, dir: &Path, url: &str) -> Vec<Vec<String>> {
    let mut runs: Vec<Vec<String>> = vec![Vec::new()];
    let usage = usage.replace(['[', ']'], " ");
    let mut folders = 0;
    for word in usage.split_whitespace() {
        if word == ELLIPSIS.to_string() {
            continue;
        }
        let alternatives: Vec<String> = word
            .split('|')
            .filter_map(|w| {
                Some(match w {
                    "<game>" => game.id.clone(),
                    "N" => "3".into(),
                    "S" => "7".into(),
                    "K" => game.min_seats.clone(),
                    "SEAT" => "0".into(),
                    "LEVEL" => "easy".into(),
                    // A selection no game offers: the picture is drawn as with none.
                    "A,B" => "nothing,here".into(),
                    "DIR" => {
                        folders += 1;
                        dir.join(format!("folder{folders}")).display().to_string()
                    }
                    "board.png" => dir.join("board.png").display().to_string(),
                    "FILE" => dir.join("games.backup").display().to_string(),
                    "EMPTY_DIR" => dir.join("restored").display().to_string(),
                    "URL" => url.to_string(),
                    "key=value" => return game.setting.clone(),
                    w if w.starts_with('-') || w.chars().all(|c| c.is_ascii_lowercase()) => {
                        w.to_string()
                    }
                    other => panic!("a placeholder this test does not know: {other:?} in {usage}"),
                })
            })
            .collect();
        if alternatives.is_empty() {
            // An optional word with nothing to fill it (a game without settings) is left out.
            continue;
        }
        runs = runs
            .into_iter()
            .flat_map(|run| {
                alternatives.iter().map(move |alt| {
                    let mut run = run.clone();
                    run.push(alt.clone());
                    run
                })
            })
            .collect();
    }
    runs
}

#[test]
fn the_readme_subcommands_run_with_the_arguments_shown() {
    let readme = doc("README.md");
    let dir = tempfile::tempdir().unwrap();
    let games = listed_games(dir.path());

    // The README's table of games (before its first section): every playable id is listed, no
    // planned one is.
    let intro = &readme[..readme.find("\n## ").expect("a section")];
    let rows: Vec<(String, String)> = intro
        .lines()
        .filter(|l| l.starts_with("| "))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let id = cells.get(2)?.strip_prefix('`')?.strip_suffix('`')?;
            Some((id.to_string(), cells.get(4)?.to_string()))
        })
        .collect();
    assert!(rows.len() >= 3, "the README's games table: {rows:?}");
    for (id, status) in &rows {
        let listed = games.iter().any(|g| &g.id == id);
        assert_eq!(listed, status.starts_with("playable"), "{id} ({status}) in {games:?}");
    }

    let console = section(&readme, "## Playing in the console");
    let subcommands = &console[console.find("Other subcommands").expect("the subcommand table")..];
    let usages = first_cells(subcommands);
    let names: Vec<&str> =
        usages.iter().filter_map(|u| u.trim_matches('`').split(' ').next()).collect();
    // Every subcommand the binary's own usage lists is in the table.
    let help = igroteka(&["help".to_string()], dir.path(), "");
    let help = String::from_utf8(help.stdout).unwrap();
    let listed: Vec<&str> = help
        .lines()
        .filter_map(|l| l.strip_prefix("  ").filter(|l| !l.starts_with(' '))?.split(' ').next())
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()) && !w.is_empty())
        .collect();
    for wanted in ["games", "simulate", "render"].iter().chain(&listed) {
        assert!(names.contains(wanted), "{wanted} in the README's table: {names:?}\n{help}");
    }
    // A database for the commands that name one (`migrate`): an empty schema of this test's
    // own, or — without a server — those commands are skipped, saying so.
    let schema = usages.iter().any(|u| u.contains("URL")).then(|| pg_schema::Schema::new("readme"));
    let url = schema.as_ref().and_then(|s| s.as_ref()).map(|s| s.bot_url());
    for usage in &usages {
        let usage = usage.trim_matches('`');
        let Some(url) = url.clone().or_else(|| (!usage.contains("URL")).then(String::new)) else {
            continue;
        };
        let per_game = usage.contains("<game>");
        for game in games.iter().take(if per_game { games.len() } else { 1 }) {
            for args in command_lines(usage, game, dir.path(), &url) {
                let _ = std::fs::remove_file(dir.path().join("board.png"));
                let out = igroteka(&args, dir.path(), "");
                let text = String::from_utf8_lossy(&out.stdout);
                match args[0].as_str() {
                    "games" => {
                        let ids: Vec<&str> =
                            text.lines().filter_map(|l| l.split('\t').next()).collect();
                        assert_eq!(ids, games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>());
                    }
                    "simulate" => {
                        assert!(text.contains("games/s") && text.contains("wins by seat"), "{text}")
                    }
                    "duel" => assert!(text.contains("easy: wins"), "{text}"),
                    "render" => assert_png(&dir.path().join("board.png")),
                    "script" => assert!(text.is_empty(), "no input, no output: {text}"),
                    "console" => assert!(text.contains("Igroteka console"), "{text}"),
                    "backup" => assert!(text.starts_with("backup of"), "{text}"),
                    "restore" => assert!(text.starts_with("restored into"), "{text}"),
                    "migrate" => assert!(text.starts_with("moved "), "{text}"),
                    other => {
                        panic!("the README lists a subcommand this test does not check: {other}")
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// docs/scripting.md.

/// Output lines as the docs show them: `None` for a line of just `…`, else the JSON with `…`
/// turned into values this test reads as "left out"; the doc's folders become the test's.
fn shown_json(block: &str, folders: &[(String, PathBuf)]) -> Vec<Option<Value>> {
    block
        .lines()
        .map(|line| {
            if line.trim() == ELLIPSIS.to_string() {
                return None;
            }
            let mut json = line.replace(", …]", ",\"…\"]").replace(", …}", ",\"…\":\"…\"}");
            for (doc_dir, local) in folders {
                json = json.replace(doc_dir.as_str(), &local.display().to_string());
            }
            let value = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("not JSON once … is read: {line}: {e}"));
            Some(value)
        })
        .collect()
}

/// Checks that the lines the doc shows were printed, in order.
fn assert_script_shows(shown: &[Option<Value>], real: &[Value], what: &str) {
    let real: Vec<Option<Value>> = real.iter().cloned().map(Some).collect();
    assert!(shown.iter().flatten().count() > 0, "{what}: the doc shows no output");
    assert_shown_in_order(
        shown,
        &real,
        Option::is_none,
        |s, r| json_matches(s.as_ref().unwrap(), r.as_ref().unwrap()),
        what,
    );
}

/// Whether `shown` (with `…` for what is left out) describes `real`.
fn json_matches(shown: &Value, real: &Value) -> bool {
    let gap = Value::String(ELLIPSIS.to_string());
    match (shown, real) {
        (Value::String(s), Value::String(r)) => line_matches(s, r),
        (Value::Array(s), Value::Array(r)) => match s.split_last() {
            Some((last, head)) if *last == gap => {
                head.len() <= r.len() && head.iter().zip(r).all(|(s, r)| json_matches(s, r))
            }
            _ => s.len() == r.len() && s.iter().zip(r).all(|(s, r)| json_matches(s, r)),
        },
        (Value::Object(s), Value::Object(r)) => {
            let partial = s.contains_key("…");
            s.iter()
                .filter(|(k, _)| k.as_str() != "…")
                .all(|(k, v)| r.get(k).is_some_and(|rv| json_matches(v, rv)))
                && (partial || s.len() == r.len())
        }
        _ => shown == real,
    }
}

/// The output lines a `script` run printed, parsed, after checking what every run must print:
/// JSON lines, effects of the documented forms, one closing line per input, in order.
fn script_output(args: &[String], input: &str, dir: &Path) -> Vec<Value> {
    let out = igroteka(args, dir, input);
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect();
    let inputs = input.lines().filter(|l| !l.trim().is_empty()).count();
    let done: Vec<u64> =
        lines.iter().filter(|l| l["done"] == true).filter_map(|l| l["input"].as_u64()).collect();
    assert_eq!(done, (0..inputs as u64).collect::<Vec<_>>(), "one done line per input");
    for line in lines.iter().filter(|l| l.get("effect").is_some()) {
        let effect = line["effect"].as_object().unwrap();
        assert_eq!(effect.len(), 1, "{line}");
        let (kind, body) = effect.iter().next().unwrap();
        match kind.as_str() {
            "send" | "edit" => {
                let to = &body["to"];
                assert!(to["chat"]["chat"].is_string() || to["user"]["user"].is_string(), "{line}");
                assert!(body["message"]["text"].is_string(), "{line}");
            }
            "delete" | "strip" => assert!(body["message_id"].is_string(), "{line}"),
            "answer" => assert!(body["text"].is_string() && body["alert"].is_boolean()),
            other => panic!("an effect the doc does not describe: {other}"),
        }
        if kind == "send" {
            assert!(line["message_id"].is_string(), "a sent message has an id: {line}");
        }
        if let Some(image) = line["image"].as_str() {
            assert_png(Path::new(image));
        }
    }
    lines
}

#[test]
fn the_scripting_examples_print_what_the_doc_shows() {
    let text = doc("docs/scripting.md");
    let dir = tempfile::tempdir().unwrap();

    // The input example, and the output the doc shows for it.
    let (_, input) = code_blocks(section(&text, "## Input"))
        .into_iter()
        .find(|(info, _)| info == "json")
        .expect("the input example");
    let input: Value = serde_json::from_str(&input).expect("the input example is one JSON value");
    let (_, shown) = code_blocks(section(&text, "## Output"))
        .into_iter()
        .find(|(info, _)| info == "json")
        .expect("the output example");
    let real = script_output(&["script".to_string()], &format!("{input}\n"), dir.path());
    assert_script_shows(&shown_json(&shown, &[]), &real, "the output example");

    // The session: `cat <<'LINES' | cargo run … -- script …`, then what it prints.
    let blocks = code_blocks(&text);
    let at =
        blocks.iter().position(|(_, body)| body.contains("<<'LINES'")).expect("a session example");
    let (command, lines) = blocks[at].1.split_once('\n').unwrap();
    let lines = lines.trim_end().strip_suffix("LINES").expect("the here-document's end");
    let mut args: Vec<String> = command
        .split_once(" -- ")
        .expect("cargo run … -- script")
        .1
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let mut folders: Vec<(String, PathBuf)> = Vec::new();
    for i in 1..args.len() {
        if matches!(args[i - 1].as_str(), "--render" | "--data") {
            let local = dir.path().join(args[i - 1].trim_start_matches('-'));
            folders.push((args[i].clone(), local.clone()));
            args[i] = local.display().to_string();
        }
    }
    assert_eq!(args[0], "script", "{command}");
    let real = script_output(&args, lines, dir.path());
    let (_, shown) = blocks.get(at + 1).expect("the session's output after it");
    assert_script_shows(&shown_json(shown, &folders), &real, "the session");
}
