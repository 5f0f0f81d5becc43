//! The real `igroteka` binary in console mode, as a person would use it: three users play a
//! whole Aeroplane Chess game from `/play aeroplane` to the final ranking, and the process is
//! killed in the middle and started again on the same data folder, continuing the game.

mod piped;

use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

struct Console {
    child: Child,
    stdin: ChildStdin,
    output: Receiver<String>,
}

impl Console {
    fn start(data: &Path) -> Console {
        let (child, stdin, rx) = piped::spawn(
            Command::new(env!("CARGO_BIN_EXE_igroteka"))
                .arg("console")
                .env("IGROTEKA_DATA", data.join("data")),
        );
        let mut console = Console { child, stdin, output: rx };
        let banner = console.read_to_prompt();
        assert!(banner.contains("Igroteka console"), "{banner}");
        console
    }

    /// Everything printed up to the next prompt (`name> `).
    fn read_to_prompt(&mut self) -> String {
        let mut text = String::new();
        while !text.ends_with("> ") {
            match self.output.recv_timeout(Duration::from_secs(60)) {
                Ok(chunk) => text.push_str(&chunk),
                Err(_) => panic!("no prompt after: {text}"),
            }
        }
        text
    }

    fn say(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let mut text = String::new();
        while !text.ends_with("> ") {
            match self.output.recv_timeout(Duration::from_secs(60)) {
                Ok(chunk) => text.push_str(&chunk),
                Err(_) => {
                    let status = self.child.try_wait();
                    panic!("no prompt after {line:?} (process: {status:?}); got: {text}")
                }
            }
        }
        text
    }
}

/// The player whose buttons come first on the latest board: the first of the "X, your turn"
/// lines that stand together at its end (two commanders of a side each get a line, in the
/// order of their blocks of buttons).
fn player_to_move(output: &str) -> Option<String> {
    let name = |line: &str| line.trim().split_once(", your turn").map(|(n, _)| n.to_string());
    let lines: Vec<&str> = output.lines().collect();
    let last = lines.iter().rposition(|line| name(line).is_some())?;
    let first = lines[..last].iter().rposition(|line| name(line).is_none()).map_or(0, |i| i + 1);
    name(lines[first])
}

/// Plays first buttons until the game ends or `limit` presses; returns the last output.
fn play(console: &mut Console, mut output: String, limit: usize) -> (String, usize) {
    for presses in 0..limit {
        if output.contains("Game over") {
            return (output, presses);
        }
        let player = player_to_move(&output).unwrap_or_else(|| panic!("whose turn? {output}"));
        assert!(output.contains("[1] "), "a keyboard: {output}");
        output = console.say(&format!("as {player} press 1"));
        assert!(!output.contains('⚠'), "refused: {output}");
    }
    (output, limit)
}

#[test]
fn three_users_play_a_whole_game_across_a_kill_and_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let lobby = console.say("as Alice /play aeroplane");
    assert!(lobby.contains("New game") && lobby.contains("[1] Join"), "{lobby}");
    console.say("as Bob press Join");
    let joined = console.say("as Carol press Join");
    assert!(joined.contains("Alice, Bob, Carol"), "{joined}");
    let started = console.say("as Alice press Start");
    assert!(started.contains("[board: "), "a board picture: {started}");

    let (output, presses) = play(&mut console, started, 40);
    assert_eq!(presses, 40, "the game should still be running: {output}");
    let board_line = output.lines().find(|l| l.contains("[board: ")).unwrap().to_string();
    let png = board_line.trim().trim_start_matches("[board: ").trim_end_matches(']');
    let bytes = std::fs::read(png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{png} is a PNG");

    // Kill the process mid-game (no chance to flush), then start again on the same folder.
    console.child.kill().unwrap();
    console.child.wait().unwrap();
    let mut console = Console::start(dir.path());
    let board = console.say("as Alice /board");
    assert!(board.contains("your turn"), "the game resumes: {board}");

    let (output, _) = play(&mut console, board, 5_000);
    assert!(output.contains("Game over"), "{output}");
    for place in ["1. ", "2. ", "3. "] {
        assert!(output.contains(place), "ranking line {place}: {output}");
    }
    let after = console.say("as Bob /board");
    assert!(after.contains("There is no game in this chat"), "{after}");
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());
}

/// «Tysiąc na szachownicy» as four people play it in one console: the lobby fills, the game
/// runs to its own end (normally the 100-round limit), `/score` shows the pad on the way, and the
/// final message breaks every player's score down, winner first.
#[test]
fn four_users_play_a_whole_thousand_game_to_the_final_scoring() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let lobby = console.say("as Alice /play thousand");
    assert!(lobby.contains("New game") && lobby.contains("[1] Join"), "{lobby}");
    for user in ["Bob", "Carol", "Dana"] {
        console.say(&format!("as {user} press Join"));
    }
    let started = console.say("as Alice press Start");
    assert!(started.contains("[board: "), "a board picture: {started}");

    let (output, presses) = play(&mut console, started, 60);
    assert_eq!(presses, 60, "the game should still be running: {output}");
    let score = console.say("as Dana /score");
    assert!(score.contains("Turn") || score.contains("turn"), "the pad as a table: {score}");

    let (output, presses) = play(&mut console, output, 20_000);
    assert!(output.contains("Game over"), "no end after {presses} presses: {output}");
    let ranking: Vec<&str> = output.lines().filter(|l| l.contains(" = ")).collect();
    assert_eq!(ranking.len(), 4, "a breakdown per player: {output}");
    for (place, line) in ranking.iter().enumerate() {
        assert!(line.trim_start().starts_with(&format!("{}.", place + 1)), "{line}");
    }
    for user in ["Alice", "Bob", "Carol", "Dana"] {
        assert!(ranking.iter().any(|l| l.contains(user)), "{user} in {ranking:?}");
    }
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());
}

/// «Воздушный бой»: two users play «Игрушка» to the end.
#[test]
fn two_users_play_a_whole_toy_air_battle() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let lobby = console.say("as Alice /play air-battle");
    assert!(lobby.contains("«Игрушка»"), "the edition in the lobby: {lobby}");
    console.say("as Bob press Join");
    let started = console.say("as Alice press Start");
    assert!(started.contains("Alice, your turn") && started.contains("[board: "), "{started}");
    let (output, presses) = play(&mut console, started, 20_000);
    assert!(output.contains("Game over"), "no end after {presses} presses: {output}");
    // A ranking line per player (a draw ranks both first).
    for name in ["Alice", "Bob"] {
        let ranked = output.lines().any(|l| l.trim().ends_with(&format!(". {name}")));
        assert!(ranked, "{name} ranked: {output}");
    }
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());
}

/// «Воздушный бой»: four users play «Аэрофото» two against two to the end — a bomber and a
/// fighter commander a side, both of the side to move asked at once on the one board.
#[test]
fn four_users_play_a_whole_photo_air_battle_two_against_two() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("as Alice /play air-battle photo");
    for user in ["Bob", "Carol", "Dana"] {
        console.say(&format!("as {user} press Join"));
    }
    let started = console.say("as Alice press Start");
    assert!(
        started.contains("Alice, your turn: choose a bomber")
            && started.contains("Bob, your turn: choose a fighter"),
        "both Red commanders are asked: {started}"
    );
    // Bob (fighters) may not press Alice's button (the bombers' pass, the first).
    let refused = console.say("as Bob press 1");
    assert!(refused.contains("another player"), "{refused}");
    let (output, presses) = play(&mut console, started, 20_000);
    assert!(output.contains("Game over"), "no end after {presses} presses: {output}");
    for name in ["Alice", "Bob", "Carol", "Dana"] {
        let ranked = output.lines().any(|l| l.trim().ends_with(&format!(". {name}")));
        assert!(ranked, "{name} ranked: {output}");
    }
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());
}

/// Turn clocks in the console: nobody answers, `wait` moves the clock on, and the game goes on
/// by itself — a reminder in the player's private chat at half time and near the end, the turn
/// played for them at the deadline, and, under `timeout=remove`, the absent player removed.
#[test]
fn a_game_goes_on_by_itself_when_a_player_stops_answering() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("as Alice /play tank-battle turn=24h");
    console.say("as Bob press Join");
    let started = console.say("as Alice press Start");
    assert!(started.contains("1 d to move"), "{started}");
    let mover = player_to_move(&started).unwrap().to_lowercase();
    let half = console.say("wait 12h");
    assert!(half.contains(&format!("[private → {mover}]")) && half.contains("12 h left"), "{half}");
    let near = console.say("wait 8h");
    assert!(near.contains("nearly up"), "{near}");
    let deadline = console.say("wait 4h");
    assert!(deadline.contains("ran out of time: the turn was played for them"), "{deadline}");
    let next = player_to_move(&deadline).unwrap().to_lowercase();
    assert_ne!(next, mover, "the other player's turn now: {deadline}");
    let bad = console.say("wait soon");
    assert!(bad.contains("wait takes a time"), "{bad}");
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());

    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("as Alice /play aeroplane timeout=remove turn=5m");
    console.say("as Bob press Join");
    console.say("as Alice press Start");
    let gone = console.say("wait 5m");
    assert!(gone.contains("is removed from the game") && gone.contains("Game over"), "{gone}");
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());

    // `vote`: the two others remove the absent player, and the game goes on between them.
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("as Alice /play aeroplane timeout=vote turn=5m");
    console.say("as Bob press Join");
    console.say("as Carol press Join");
    let started = console.say("as Alice press Start");
    let absent = player_to_move(&started).unwrap();
    let asked = console.say("wait 5m");
    assert!(asked.contains(&format!("Remove {absent} from the game, or wait")), "{asked}");
    let voters: Vec<&str> =
        ["Alice", "Bob", "Carol"].into_iter().filter(|n| *n != absent).collect();
    let first = console.say(&format!("as {} press Remove {absent}", voters[0]));
    assert!(first.contains("1 of 2 voted"), "{first}");
    let removed = console.say(&format!("as {} press Remove {absent}", voters[1]));
    assert!(removed.contains(&format!("The players voted: {absent} is removed")), "{removed}");
    assert!(!removed.contains("Game over"), "two players go on: {removed}");
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());
}

#[test]
fn the_tanks_set_up_goes_through_each_users_private_messages() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let lobby = console.say("as Alice /play tanks");
    assert!(lobby.contains("[private → alice]"), "a private hello: {lobby}");
    console.say("as Bob /join");
    let started = console.say("as Alice /startgame");
    assert!(started.contains("Waiting for Alice, Bob"), "{started}");
    assert!(
        started.contains("[private → alice]") && started.contains("[private → bob]"),
        "{started}"
    );
    for name in ["Alice", "Bob"] {
        let random = console.say(&format!("as {name} private press random set-up"));
        assert!(!random.contains('⚠') && !random.contains("no such button"), "{random}");
        let ready = console.say(&format!("as {name} private press ready"));
        assert!(!ready.contains('⚠') && !ready.contains("no such button"), "{ready}");
        if name == "Bob" {
            assert!(ready.contains("Alice, your turn"), "the game begins: {ready}");
        }
    }
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());
}

#[test]
fn games_lists_every_game_id_first() {
    let out = Command::new(env!("CARGO_BIN_EXE_igroteka")).arg("games").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let ids: Vec<&str> = text.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(ids, ["aeroplane", "air-battle", "tank-battle", "tanks", "thousand"]);
}

/// `igroteka games` says how many players each game takes as a newcomer reads it: "2 players"
/// for one count (not "2-2"), a range with a dash, two counts with a comma.
#[test]
fn games_lists_the_player_counts_as_read() {
    let out = Command::new(env!("CARGO_BIN_EXE_igroteka")).arg("games").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let seats: Vec<(&str, &str)> = text
        .lines()
        .map(|l| {
            let mut fields = l.split('\t');
            (fields.next().unwrap(), fields.next().unwrap_or_default())
        })
        .collect();
    let expected = [
        ("aeroplane", "2-4 players"),
        ("air-battle", "2,4 players"),
        ("tank-battle", "2 players"),
        ("tanks", "2 players"),
        ("thousand", "2,4 players"),
    ];
    assert_eq!(seats, expected, "{text}");
}

#[test]
fn simulate_reports_games_per_second() {
    let out = Command::new(env!("CARGO_BIN_EXE_igroteka"))
        .args(["simulate", "aeroplane", "--games", "200", "--seed", "7", "--seats", "4"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("games/s") && text.contains("failures: 0"), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_igroteka"))
        .args(["simulate", "aeroplane", "--seats", "9"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
}

#[test]
fn script_mode_speaks_json_lines() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_igroteka"))
        .arg("script")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let line = |user: &str, action: &str| {
        format!(
            r#"{{"platform":"console","chat":{{"id":"g"}},"user":{{"id":"{user}","name":"{user}"}},"now":1,"action":{action}}}"#
        )
    };
    let input = [
        line("alice", r#"{"command":{"name":"play","args":["aeroplane"]}}"#),
        "not json".to_string(),
        line("bob", r#"{"command":{"name":"join"}}"#),
        line("alice", r#"{"command":{"name":"startgame"}}"#),
    ]
    .join("\n");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let done = lines.iter().filter(|l| l["done"] == true).count();
    assert_eq!(done, 4, "one closing line per input");
    assert!(lines.iter().any(|l| l["input"] == 1 && l["error"].is_string()));
    let started =
        lines.iter().find(|l| l["input"] == 3 && l["effect"]["send"].is_object()).unwrap();
    assert_eq!(started["effect"]["send"]["message"]["board"]["game"], "aeroplane");
    assert!(started["message_id"].is_string());
}

#[test]
fn one_person_plays_against_a_computer_in_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("as Alice /play tank-battle");
    let seated = console.say("press 🤖 + normal");
    assert!(seated.contains("🤖 Computer 1 (normal)"), "{seated}");
    let mut shown = console.say("press Start");
    let mut computer_moves = 0;
    for _ in 0..10 {
        computer_moves += shown.matches("🤖 Computer 1 (normal): ").count();
        assert!(shown.contains("Alice, your turn"), "Alice's turn again: {shown}");
        console.say("press 1");
        shown = console.say("press 1");
    }
    computer_moves += shown.matches("🤖 Computer 1 (normal): ").count();
    assert!(computer_moves >= 10, "the computer answered each move ({computer_moves})");
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());
}

#[test]
fn one_person_plays_tanks_against_a_computer_in_the_private_chat_of_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let lobby = console.say("as Alice private /play tanks");
    assert!(lobby.contains("🤖 + easy") && !lobby.contains("Join"), "{lobby}");
    console.say("private press 🤖 + easy");
    let setup = console.say("private press Start");
    // The secret set-up is on the private chat's one board.
    assert!(setup.to_lowercase().contains("random set-up"), "{setup}");
    console.say("private press random set-up");
    let mut shown = console.say("private press ready");
    let mut all = String::new();
    // Alice presses her first button until the computer has had a turn of its own.
    let computer_moved = |text: &str| {
        text.lines().any(|l| l.contains("🤖 Computer 1 (easy)") && !l.contains("thinking"))
    };
    for _ in 0..60 {
        assert!(shown.contains("Alice, your turn"), "Alice's turn again: {shown}");
        shown = console.say("private press 1");
        all += &shown;
        if computer_moved(&shown) {
            break;
        }
    }
    assert!(computer_moved(&all), "the computer's moves showed in the private chat: {all}");
    assert!(!all.contains("[group]"), "nothing went to a group: {all}");
    writeln!(console.stdin, "quit").unwrap();
    assert!(console.child.wait().unwrap().success());
}
