//! A person against a computer player through the Telegram emulator and the real binary: the
//! computer is seated from the lobby, thinks on its own thread, and its moves reach the group's
//! board like anyone's, under the platform's real limits.

mod support;

use std::time::Duration;

use support::play::press;
use support::{Emulator, TestUser, spawn_bot_with};

#[test]
fn a_person_plays_tank_battle_against_a_computer_in_a_group() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_301;
    emulator.group(chat, "Solo night", false);
    let quick = [("IGROTEKA_COMPUTER_PAUSE_MS", "300")];
    let _bot = spawn_bot_with(&emulator, &dir.path().join("data"), &quick);
    let alice = TestUser::new(3001, "Alice");
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &alice, "/play tank-battle");
    let lobby = emulator.expect(chat, mark, "New game");
    let add = lobby.key("🤖 + easy").and_then(|k| k.data.clone()).expect("an add-computer button");
    assert!(!press(&emulator, &alice, &lobby, &add).alert);
    let lobby = emulator.wait("the computer in the lobby", Duration::from_secs(30), |s| {
        s.messages
            .iter()
            .find(|m| m.id == lobby.id && m.plain().contains("🤖 Computer 1 (easy)"))
            .cloned()
    });
    let start = lobby.key("Start").and_then(|k| k.data.clone()).expect("a Start button");
    assert!(!press(&emulator, &alice, &lobby, &start).alert);

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
