//! End to end through the emulator: presses the engine must refuse (by a non-player, forged,
//! garbage) come back as alerts, racing presses apply once and the rest heal the board, a
//! chat admin may cancel; and 429s on every kind of call lose nothing.

mod support;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use support::oracle::{self, table_of};
use support::play::{self, REFRESHED, current_board, live_board, pings, start_game, step};
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

    // Twenty presses of one button at once: exactly one applies; the others found the live
    // board behind and bring it up to date instead of refusing.
    let queries: Vec<String> = (0..20).map(|_| emulator.press(&mover, &board, &data)).collect();
    let answers: Vec<_> = queries.iter().map(|q| emulator.answer(q)).collect();
    assert!(answers.iter().all(|a| !a.alert), "{answers:?}");
    let applied = answers.iter().filter(|a| !a.text.starts_with(REFRESHED)).count();
    assert_eq!(applied, 1, "{answers:?}");
    let slowest = emulator.slowest_answer();
    assert!(slowest < Duration::from_secs(1), "a press waited {slowest:?}");

    // The pressed buttons are out of date now, and pressing them heals the board.
    play::wait_edit(&emulator, &board);
    let answer = play::press(&emulator, &mover, &board, &data);
    assert!(!answer.alert && answer.text.starts_with(REFRESHED), "{answer:?}");
    let ids: HashSet<_> = emulator.with(|s| s.answers.iter().map(|a| a.query.clone()).collect());
    assert_eq!(ids.len(), emulator.with(|s| s.answers.len()), "a query answered twice");
    // And the game goes on.
    step(&emulator, chat, &players);
    assert_eq!(emulator.limited(), 0);
}

/// A 429 (retry after a second) on the first call of every kind the bot makes: each is
/// retried after the wait, and at the end every message shows what it should.
#[test]
fn a_429_on_every_kind_of_call_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let emulator = Emulator::start();
    let chat = -100_333;
    emulator.group(chat, "Floods", false);
    let mut bot = spawn_bot(&emulator, &data);
    let players = players();
    let kinds = [
        "sendMessage",
        "sendPhoto",
        "editMessageText",
        "editMessageReplyMarkup",
        "editMessageMedia",
        "deleteMessage",
        "answerCallbackQuery",
    ];
    for kind in kinds {
        emulator.flood(kind, 1, 1);
    }
    // The lobby (sendMessage), its edit when Boris joins (editMessageText), the first board
    // (sendPhoto) and the lobby losing its buttons (editMessageReplyMarkup); presses answered
    // (answerCallbackQuery) …
    let lobby = play::open_and_start(&emulator, chat, &players, "aeroplane");
    let table = table_of(&lobby.tokens()[0].1);
    emulator.wait("the first board", STEP, |s| {
        s.latest(chat, |m| m.photo.is_some() && m.plain().contains("your turn"))
    });
    // … then moves edit the board (editMessageMedia) and, when the turn passes, the old ping
    // is deleted (deleteMessage): the players pause for each ping.
    let started = Instant::now();
    while emulator.with(|s| s.flood.values().any(|f| f.0 > 0)) {
        assert!(started.elapsed() < STEP, "a kind was never called\n{}", emulator.transcript());
        step(&emulator, chat, &players);
        play::wait_for_the_ping(&emulator, chat, &players);
    }
    assert_eq!(emulator.with(|s| s.floods_served), kinds.len());
    for kind in kinds {
        let kind = kind.to_lowercase();
        let retried = emulator.with(|s| {
            let calls: Vec<_> = s.call_log.iter().filter(|c| c.method == kind).collect();
            calls.first().is_some_and(|c| c.status == 429)
                && calls.iter().skip(1).any(|c| c.status == 200)
        });
        assert!(retried, "{kind} was not retried after its 429");
    }
    // Everything arrived: the lobby shows both players and has lost its buttons, the live
    // board shows the stored state, one ping stands.
    let lobby = emulator.with(|s| s.messages.iter().find(|m| m.id == lobby.id).cloned()).unwrap();
    assert!(lobby.plain().contains("Boris") && lobby.tokens().is_empty(), "{lobby:?}");
    let board = live_board(&emulator, chat).expect("a live board");
    emulator.wait("one ping", STEP, |s| {
        let standing =
            s.messages.iter().filter(|m| m.chat == chat && m.plain().starts_with("🔔")).count();
        (standing == 1).then_some(())
    });
    assert_eq!(pings(&emulator, chat).len(), 1);
    assert_eq!(emulator.limited(), 0, "the retries provoked 429s of their own");
    std::thread::sleep(Duration::from_millis(1500));
    let board = emulator
        .with(|s| s.messages.iter().find(|m| m.id == board.id).cloned())
        .expect("the board stays");
    bot.kill();
    let mut truth = oracle::read(&data, table);
    assert!(board.photo.as_deref() == Some(truth.public_png().as_slice()), "a stale board");
}

#[test]
fn only_the_creator_or_a_chat_admin_cancels() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_334;
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
    // The cancelled game's board loses its buttons and its ping goes.
    emulator.wait("no live buttons and no ping", STEP, |s| {
        let live = s.messages.iter().any(|m| m.chat == chat && !m.tokens().is_empty());
        let ping = s.messages.iter().any(|m| m.chat == chat && m.plain().starts_with("🔔"));
        (!live && !ping).then_some(())
    });
}
