//! Undo by consent through the Telegram emulator (issue 41): `/undo` is in the menu; after
//! Alice's move passes the turn to Bob, her `/undo` pings Bob and puts the request's buttons
//! on the live board; Bob's "Take it back" brings the board back to Alice's turn, without the
//! request's buttons.

mod support;

use support::play::{next_press, press, start_game, to_move, wait_edit};
use support::{Emulator, STEP, TestUser, spawn_bot};

#[test]
fn a_move_is_taken_back_when_the_other_player_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_981;
    emulator.group(chat, "Friends", false);
    let (alice, bob) = (TestUser::new(4501, "Alice"), TestUser::new(4502, "Bob"));
    for user in [&alice, &bob] {
        emulator.user(user);
    }
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    emulator.with(|s| assert!(s.menu(chat, "en").contains(&"undo".to_string())));
    let players = [alice.clone(), bob.clone()];
    start_game(&emulator, chat, &players, "aeroplane");

    // Play until a press of Alice's passes the turn to Bob.
    let mut passed = false;
    for _ in 0..300 {
        let (board, player, data) = next_press(&emulator, chat, &players);
        let answer = press(&emulator, &player, &board, &data);
        assert!(!answer.alert, "{answer:?}");
        let now = wait_edit(&emulator, &board).expect("the board stays");
        if player.id == alice.id && to_move(&now, &players).is_some_and(|p| p.id == bob.id) {
            passed = true;
            break;
        }
    }
    assert!(passed, "{}", emulator.transcript());

    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &alice, "/undo");
    let ping = emulator.expect(chat, mark, "Alice asks to take back their last move");
    assert!(ping.plain().starts_with("🔔 Bob"), "{}", ping.plain());
    let request = emulator.wait("the request on the board", STEP, |s| {
        s.latest(chat, |m| m.photo.is_some() && m.key("Take it back").is_some())
    });
    assert!(request.plain().contains("Take back Alice's last move?"), "{}", request.plain());
    let accept = request.key("Take it back").and_then(|k| k.data.clone()).unwrap();
    assert!(request.key("Keep it").is_some());

    let answer = press(&emulator, &bob, &request, &accept);
    assert!(!answer.alert, "{answer:?}");
    let back = emulator.wait("the board after the take-back", STEP, |s| {
        s.latest(chat, |m| m.plain().contains("Alice's last move is taken back"))
    });
    assert!(back.key("Take it back").is_none(), "the request's buttons are gone");
    assert_eq!(to_move(&back, &players).map(|p| p.id), Some(alice.id), "{}", back.plain());
    assert_eq!(emulator.limited(), 0, "{}", emulator.limited_report());
}
