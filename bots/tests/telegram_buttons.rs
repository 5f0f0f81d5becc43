//! End to end through the emulator: presses the engine must refuse (by a non-player, out of
//! date, forged, racing) come back as alerts; and flood limits (429) lose nothing.

mod support;

use std::collections::HashSet;

use support::play::{self, current_board, start_game, step};
use support::{Emulator, STEP, TestUser, spawn_bot};

fn players() -> Vec<TestUser> {
    vec![TestUser::new(2001, "Alice"), TestUser::new(2002, "Boris")]
}

#[test]
fn refusals_are_alerts_and_racing_presses_apply_once() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_222;
    emulator.group(chat, "Refusals", false);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let players = players();
    start_game(&emulator, chat, &players, "aeroplane");
    step(&emulator, chat, &players);

    let board = current_board(&emulator, chat).unwrap();
    let mover = play::to_move(&board, &players).unwrap().clone();
    let other = players.iter().find(|p| **p != mover).unwrap().clone();
    let (_, data) = board.tokens()[0].clone();

    let stranger = TestUser::new(2999, "Stranger");
    for (who, payload, what) in [
        (&stranger, data.as_str(), "a press by a non-player"),
        (&other, data.as_str(), "a press out of turn"),
        (&mover, "t999999:1.0:c0", "a forged table"),
        (&mover, "not a token at all", "garbage"),
    ] {
        let answer = play::press(&emulator, who, &board, payload);
        assert!(answer.alert && !answer.text.is_empty(), "{what}: {answer:?}");
    }

    // Twenty presses of one button at once: exactly one applies.
    let queries: Vec<String> = (0..20).map(|_| emulator.press(&mover, &board, &data)).collect();
    let answers: Vec<_> = queries.iter().map(|q| emulator.answer(q)).collect();
    let applied = answers.iter().filter(|a| !a.alert).count();
    assert_eq!(applied, 1, "{answers:?}");
    emulator.settle();

    // The pressed board is now out of date.
    let answer = play::press(&emulator, &mover, &board, &data);
    assert!(answer.alert, "{answer:?}");
    let ids: HashSet<_> = emulator.with(|s| s.answers.iter().map(|a| a.query.clone()).collect());
    assert_eq!(ids.len(), emulator.with(|s| s.answers.len()), "a query answered twice");
    // And the game goes on.
    step(&emulator, chat, &players);
}

#[test]
fn flood_limits_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_333;
    emulator.group(chat, "Floods", false);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let players = players();
    emulator.set_quiet(std::time::Duration::from_millis(1500));

    // The lobby (sendMessage) and the first board (sendPhoto) arrive despite 429s.
    emulator.flood("sendMessage", 1, 1);
    emulator.flood("sendPhoto", 2, 1);
    start_game(&emulator, chat, &players, "aeroplane");
    assert_eq!(emulator.with(|s| s.floods_served), 3);

    // Edits of the board and a callback answer, too: play until the board has been edited
    // through two 429s.
    emulator.flood("editMessageMedia", 2, 1);
    emulator.flood("answerCallbackQuery", 1, 1);
    let served = emulator.with(|s| s.floods_served);
    let pending = |s: &support::State| s.flood.values().map(|f| f.0).sum::<usize>();
    let mut steps = 0;
    while emulator.with(|s| pending(s)) > 0 {
        assert!(steps < 100, "no edit happened\n{}", emulator.transcript());
        step(&emulator, chat, &players);
        steps += 1;
    }
    emulator.wait("an edit that went through after the 429s", STEP, |s| {
        let edits = s.calls.iter().filter(|c| *c == "editmessagemedia").count();
        (edits >= 3 && s.messages.iter().any(|m| m.photo.is_some() && m.edits > 0)).then_some(())
    });
    assert_eq!(emulator.with(|s| s.floods_served), served + 3);
    step(&emulator, chat, &players);
}

#[test]
fn only_the_creator_or_a_chat_admin_cancels() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_333;
    emulator.group(chat, "Admins", false);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let players = players();
    start_game(&emulator, chat, &players, "aeroplane");
    let (carol, dora) = (TestUser::new(2003, "Carol"), TestUser::new(2004, "Dora"));
    emulator.make_admin(chat, &dora);
    let mark = emulator.say(chat, None, &carol, "/cancel");
    emulator.expect(chat, mark, "Only the player who started the game or a chat admin");
    let mark = emulator.say(chat, None, &dora, "/cancel");
    emulator.expect(chat, mark, "The game was cancelled by Dora");
    assert!(emulator.with(|s| s.calls.iter().filter(|c| *c == "getchatmember").count()) >= 2);
}
