//! A person against a computer player through the Telegram emulator and the real binary: the
//! computer is seated from the lobby, thinks on its own thread, and its moves reach the group's
//! board like anyone's, under the platform's real limits.

mod support;

use std::time::Duration;

use support::play::press;
use support::{Emulator, Sent, TestUser, spawn_bot_with};

/// `user` opens `game` in `chat`, seats a computer of `level` and starts; the lobby as it was
/// when Start was pressed.
fn start_against_a_computer(
    emulator: &Emulator,
    chat: i64,
    user: &TestUser,
    game: &str,
    level: &str,
) -> Sent {
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, user, &format!("/play {game}"));
    let lobby = emulator.expect(chat, mark, "New game");
    let add = lobby.key(&format!("🤖 + {level}")).and_then(|k| k.data.clone());
    assert!(!press(emulator, user, &lobby, &add.expect("an add-computer button")).alert);
    let seated = format!("🤖 Computer 1 ({level})");
    let lobby = emulator.wait("the computer in the lobby", Duration::from_secs(30), |s| {
        s.messages.iter().find(|m| m.id == lobby.id && m.plain().contains(&seated)).cloned()
    });
    let start = lobby.key("Start").and_then(|k| k.data.clone()).expect("a Start button");
    assert!(!press(emulator, user, &lobby, &start).alert);
    lobby
}

#[test]
fn a_person_plays_tank_battle_against_a_computer_in_a_group() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_301;
    emulator.group(chat, "Solo night", false);
    let quick = [("IGROTEKA_COMPUTER_PAUSE_MS", "300")];
    let _bot = spawn_bot_with(&emulator, &dir.path().join("data"), &quick);
    let alice = TestUser::new(3001, "Alice");
    start_against_a_computer(&emulator, chat, &alice, "tank-battle", "easy");

    // Alice presses the first button of each new board of hers (a tank, then its square);
    // between her moves the computer answers by itself.
    let mut computer_moves = std::collections::BTreeSet::new();
    let mut seen = (0, 0);
    for _ in 0..12 {
        let board = emulator.wait("Alice's turn", Duration::from_secs(60), |s| {
            s.latest(chat, |m| {
                !m.tokens().is_empty()
                    && m.plain().contains("Alice, your turn")
                    && (m.id, m.edits) != seen
            })
        });
        if let Some(line) = board.plain().lines().find(|l| l.starts_with("🤖 Computer 1 (easy): "))
        {
            computer_moves.insert(line.to_string());
        }
        seen = (board.id, board.edits);
        let (_, data) = board.tokens()[0].clone();
        let answer = press(&emulator, &alice, &board, &data);
        assert!(!answer.alert, "{answer:?}");
    }
    assert!(computer_moves.len() >= 4, "the computer answered each move: {computer_moves:?}");
    assert_eq!(emulator.limited(), 0, "no 429s");
}

#[test]
fn a_person_plays_tanks_against_a_computer_in_the_private_chat() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let quick = [("IGROTEKA_COMPUTER_PAUSE_MS", "300")];
    let _bot = spawn_bot_with(&emulator, &dir.path().join("data"), &quick);
    let alice = TestUser::new(3101, "Alice");
    let chat = alice.id;
    let lobby = start_against_a_computer(&emulator, chat, &alice, "tanks", "normal");
    assert!(lobby.key("Join").is_none(), "nobody else can join a private chat");

    // Her secret set-up is on the chat's one board, a picture of her own view.
    for label in ["random set-up", "ready"] {
        let has = |text: &str| text.to_lowercase().contains(label);
        let board = emulator.wait(label, Duration::from_secs(60), |s| {
            s.latest(chat, |m| m.tokens().iter().any(|(t, _)| has(t)))
        });
        assert!(board.photo.is_some(), "the board is a picture");
        let (_, data) = board.tokens().into_iter().find(|(t, _)| has(t)).unwrap();
        assert!(!press(&emulator, &alice, &board, &data).alert);
    }
    // Then Alice presses the first choice of each new board of hers; the computer answers
    // between her turns, on the same board.
    let mut seen = (0, 0);
    let mut computer_turns = 0;
    for _ in 0..10 {
        let board = emulator.wait("Alice's turn", Duration::from_secs(60), |s| {
            s.latest(chat, |m| {
                !m.tokens().is_empty()
                    && m.plain().contains("Alice, your turn")
                    && (m.id, m.edits) != seen
            })
        });
        if board.plain().contains("🤖 Computer 1 (normal)") {
            computer_turns += 1;
        }
        seen = (board.id, board.edits);
        let (_, data) = board.tokens()[0].clone();
        let answer = press(&emulator, &alice, &board, &data);
        assert!(!answer.alert, "{answer:?}\n{}", board.plain());
    }
    assert!(computer_turns > 0, "the computer's moves showed on Alice's board");
    emulator.with(|s| {
        let elsewhere: Vec<_> = s.messages.iter().filter(|m| m.chat != chat).collect();
        assert!(elsewhere.is_empty(), "messages outside the private chat: {elsewhere:?}");
    });
    assert_eq!(emulator.limited(), 0, "no 429s");
}

/// A group that keeps a new board every turn (`/boards new`), against a computer: the board
/// shown while the computer moves has no buttons, and when the next board replaces it nothing
/// tries to strip it (Telegram would answer "message is not modified", a call of the group's
/// twenty a minute for nothing). When Alice resigns, no message of the game keeps buttons.
#[test]
fn a_board_kept_as_history_is_stripped_only_when_it_has_buttons() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_302;
    emulator.group(chat, "History night", false);
    let quick = [("IGROTEKA_COMPUTER_PAUSE_MS", "300")];
    let _bot = spawn_bot_with(&emulator, &dir.path().join("data"), &quick);
    let alice = TestUser::new(3201, "Alice");
    emulator.say(chat, None, &alice, "/boards new");
    emulator.expect(chat, 0, "new board");
    start_against_a_computer(&emulator, chat, &alice, "aeroplane", "easy");
    let mut seen = (0, 0);
    let mut boards = std::collections::BTreeSet::new();
    for _ in 0..6 {
        let board = emulator.wait("Alice's turn", Duration::from_secs(60), |s| {
            s.latest(chat, |m| {
                !m.tokens().is_empty()
                    && m.plain().contains("Alice, your turn")
                    && (m.id, m.edits) != seen
            })
        });
        seen = (board.id, board.edits);
        boards.insert(board.id);
        let (_, data) = board.tokens()[0].clone();
        assert!(!press(&emulator, &alice, &board, &data).alert);
    }
    assert!(boards.len() >= 2, "a new board for each of Alice's turns");
    emulator.say(chat, None, &alice, "/resign");
    emulator.wait("the end", Duration::from_secs(60), |s| {
        s.latest(chat, |m| m.plain().contains("Game over") && m.tokens().is_empty())
    });
    // The computer won: the final board keeps two buttons, Replay and Rematch.
    let end = emulator.with(|s| s.latest(chat, |m| m.plain().contains("Game over"))).unwrap();
    assert!(end.key("Rematch").is_some() && end.key("Replay").is_some(), "{end:?}");
    std::thread::sleep(Duration::from_millis(1500));
    emulator.settle();
    emulator.assert_no_buttons_left(&[chat, alice.id]);
    assert_eq!(emulator.limited(), 0, "no 429s");
}
