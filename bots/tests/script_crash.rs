//! `kill -9` of the real binary at random points of 50 presses, and of 30 turn-clock deadlines
//! (script mode over a data folder): after every restart the messages a crash left undelivered
//! go out, the live board shows exactly the stored state, its buttons are never stale, and each
//! deadline is handled exactly once.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use igroteka::app::{App, AppConfig, ButtonKind, Dest, Effect, Message};
use igroteka::outbox::Slot;
use igroteka::store::{SledStore, Store};
use igroteka::table::{ChatId, Platform};

struct Script {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    sent: usize,
}

impl Script {
    fn start(data: &Path) -> Script {
        let mut child = Command::new(env!("CARGO_BIN_EXE_igroteka"))
            .args(["script", "--data"])
            .arg(data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Script { child, stdin, lines, sent: 0 }
    }

    /// Writes one input; its number.
    fn write(&mut self, user: &str, action: &str) -> usize {
        self.write_at(user, action, 1)
    }

    /// Writes one input at time `now`; its number.
    fn write_at(&mut self, user: &str, action: &str, now: u64) -> usize {
        let line = format!(
            r#"{{"platform":"console","chat":{{"id":"g"}},"user":{{"id":"{}","name":"{user}"}},"now":{now},"action":{action}}}"#,
            user.to_lowercase()
        );
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        self.sent += 1;
        self.sent - 1
    }

    /// Reads output until input `n` is done; every effect goes to `chat`, and the press's
    /// answer is returned.
    fn until_done(&mut self, n: usize, chat: &mut Chat) -> Option<(String, bool)> {
        let mut answer = None;
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(30)).expect("output");
            let value: serde_json::Value = serde_json::from_str(&line).unwrap();
            if value["done"] == true && value["input"] == n {
                return answer;
            }
            if let Some(Effect::Answer { text, alert }) = chat.take(&value) {
                answer = Some((text, alert));
            }
        }
    }

    /// SIGKILL; what the process had printed before it died still reached the chat.
    fn kill(mut self, chat: &mut Chat) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(5)) {
            if let Ok(value) = serde_json::from_str::<serde_json::Value>(&line) {
                chat.take(&value);
            }
        }
    }
}

/// The group chat as a person sees it: message id → message.
#[derive(Default)]
struct Chat {
    messages: Vec<(String, Message)>,
    board_sends: usize,
}

impl Chat {
    /// Applies an output line (an effect or a resumed delivery); the effect.
    fn take(&mut self, value: &serde_json::Value) -> Option<Effect> {
        let effect: Effect = serde_json::from_value(value.get("effect")?.clone()).ok()?;
        let id = value["message_id"].as_str().map(str::to_string);
        match (&effect, id) {
            (Effect::Send { to: Dest::Chat { .. }, message }, Some(id)) => {
                if message.board.is_some() {
                    self.board_sends += 1;
                }
                self.messages.push((id, message.clone()));
            }
            (Effect::Edit { to: Dest::Chat { .. }, message_id, message }, _) => {
                self.messages
                    .iter_mut()
                    .filter(|(i, _)| i == message_id)
                    .for_each(|(_, m)| *m = message.clone());
            }
            (Effect::Delete { to: Dest::Chat { .. }, message_id }, _) => {
                self.messages.retain(|(i, _)| i != message_id);
            }
            (Effect::Strip { to: Dest::Chat { .. }, message_id }, _) => {
                self.messages
                    .iter_mut()
                    .filter(|(i, _)| i == message_id)
                    .for_each(|(_, m)| m.buttons.clear());
            }
            _ => {}
        }
        Some(effect)
    }

    /// The boards that still carry buttons.
    fn live(&self) -> Vec<&(String, Message)> {
        self.messages.iter().filter(|(_, m)| m.board.is_some() && !m.buttons.is_empty()).collect()
    }
}

fn first_token(message: &Message) -> String {
    message
        .buttons
        .iter()
        .flatten()
        .find_map(|b| match &b.kind {
            ButtonKind::Token(t) => Some(t.clone()),
            _ => None,
        })
        .expect("a button")
}

fn mover(text: &str) -> String {
    text.lines()
        .find_map(|l| l.split_once(", your turn").map(|(n, _)| n.to_string()))
        .unwrap_or_else(|| panic!("nobody to move: {text}"))
}

/// Opens the data folder while the bot is down: the live board's id and what it must show.
fn stored_board(data: &Path) -> (String, Message) {
    let store = SledStore::open(data, 8 << 20).unwrap();
    let table = game_of_g(&store);
    let id = store.slot_message(table, Slot::Board).unwrap().expect("a board was delivered");
    let app = App::new(store, AppConfig::default());
    (id, app.current_board(table).unwrap().expect("a running game"))
}

#[test]
fn kill_9_at_random_points_never_leaves_a_board_that_lies() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut chat = Chat::default();
    let mut script = Script::start(&data);
    for (user, action) in [
        ("Alice", r#"{"command":{"name":"play","args":["aeroplane"]}}"#),
        ("Bob", r#"{"command":{"name":"join"}}"#),
        ("Alice", r#"{"command":{"name":"startgame"}}"#),
    ] {
        let n = script.write(user, action);
        script.until_done(n, &mut chat);
    }
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut kills = 0;
    for press in 0..50 {
        let live = chat.live();
        assert_eq!(live.len(), 1, "press {press}: one live board: {:?}", chat.messages);
        let (board_id, board) = live[0].clone();
        let who = mover(&board.text);
        let action = format!(
            r#"{{"press":{{"token":"{}","message_id":"{board_id}"}}}}"#,
            first_token(&board)
        );
        let n = script.write(&who, &action);
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let crash = (seed >> 33) % 3;
        if crash == 1 {
            // Killed while (or before) the press is handled and delivered.
            std::thread::sleep(Duration::from_millis((seed >> 40) % 4));
        } else {
            let answer = script.until_done(n, &mut chat).expect("an answer");
            assert!(!answer.1, "press {press}: refused on the live board: {}", answer.0);
        }
        if crash == 0 {
            continue;
        }
        script.kill(&mut chat);
        kills += 1;
        let (live_id, expected) = stored_board(&data);
        script = Script::start(&data);
        // Resumed deliveries come before anything else; a plain text (ignored in groups)
        // marks where they end.
        let sync = script.write("Alice", r#"{"text":{"text":"hello"}}"#);
        script.until_done(sync, &mut chat);
        let shown = chat.messages.iter().find(|(id, _)| *id == live_id).unwrap_or_else(|| {
            panic!("press {press}: the live board {live_id} is not in the chat")
        });
        assert_eq!(
            shown.1.board, expected.board,
            "press {press}: the board shows the stored state"
        );
        assert_eq!(shown.1.buttons, expected.buttons, "press {press}: its buttons are current");
    }
    assert!(kills >= 10, "the run crashed often enough to mean something ({kills})");
    assert_eq!(
        chat.board_sends, 1,
        "the board was sent once and edited after, across {kills} crashes"
    );
    script.kill(&mut chat);
}

/// The stored table of the chat `g`.
fn stored_table(data: &Path) -> igroteka::table::Table {
    let store = SledStore::open(data, 8 << 20).unwrap();
    let id = game_of_g(&store);
    store.load(id).unwrap().unwrap()
}

#[test]
fn kill_9_between_a_deadline_and_its_messages_handles_the_deadline_exactly_once() {
    const TURN: u64 = 300_000;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut chat = Chat::default();
    let mut script = Script::start(&data);
    for (user, action) in [
        ("Alice", r#"{"command":{"name":"play","args":["aeroplane","turn=5m","misses=never"]}}"#),
        ("Bob", r#"{"command":{"name":"join"}}"#),
        ("Alice", r#"{"command":{"name":"startgame"}}"#),
    ] {
        let n = script.write(user, action);
        script.until_done(n, &mut chat);
    }
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut early_kills = 0;
    // Nobody plays: every tick comes after the deadline of the turn the previous one began.
    for deadline in 1..=30u64 {
        let now = 1 + deadline * (TURN + 1_000);
        let n = script.write_at("", r#""tick""#, now);
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if (seed >> 33) % 2 == 1 {
            // Killed while (or before) the deadline is handled and announced.
            std::thread::sleep(Duration::from_millis((seed >> 40) % 6));
            early_kills += 1;
        } else {
            script.until_done(n, &mut chat);
        }
        script.kill(&mut chat);
        script = Script::start(&data);
        // The adapter's clock ticks again after the restart, at the same time: a deadline
        // handled before the crash is not handled again, one that was not is handled now.
        let n = script.write_at("", r#""tick""#, now);
        script.until_done(n, &mut chat);
        let sync = script.write("Alice", r#"{"text":{"text":"hello"}}"#);
        script.until_done(sync, &mut chat);
        script.kill(&mut chat);

        let table = stored_table(&data);
        let handled: u32 = table.clock.misses.values().sum();
        assert_eq!(u64::from(handled), deadline, "each deadline handled once, none lost");
        assert_eq!(table.clock.started, now, "the turn after deadline {deadline} began at it");
        let (live_id, expected) = stored_board(&data);
        let shown = chat.messages.iter().find(|(id, _)| *id == live_id).unwrap_or_else(|| {
            panic!("deadline {deadline}: the live board {live_id} is not in the chat")
        });
        assert_eq!(shown.1.board, expected.board, "deadline {deadline}: the board is true");
        assert_eq!(shown.1.buttons, expected.buttons, "deadline {deadline}: current buttons");
        assert_eq!(chat.live().len(), 1, "deadline {deadline}: one live board");
        script = Script::start(&data);
    }
    assert!(early_kills >= 8, "the run crashed early often enough ({early_kills})");
    let live = chat.live();
    assert!(live[0].1.text.contains("ran out of time"), "{}", live[0].1.text);
    script.kill(&mut chat);
}

/// The id of the running game of the chat `g`.
fn game_of_g(store: &SledStore) -> u64 {
    let chat = ChatId { platform: Platform::Console, chat: "g".into(), thread: None };
    store.chat_table(&chat).unwrap().expect("the game goes on")
}
