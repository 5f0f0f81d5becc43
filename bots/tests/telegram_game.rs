//! End to end through the emulator: a whole Aeroplane Chess game played by three users in a
//! group, and a bot restart in the middle of a game.

mod support;

use std::time::{Duration, Instant};

use support::play::{self, current_board, finished, start_game, step};
use support::{Emulator, TestUser, png_size, spawn_bot};

const GROUP: i64 = -100_111;

fn players(n: usize) -> Vec<TestUser> {
    ["Alice", "Boris", "Chen", "Dana"][..n]
        .iter()
        .enumerate()
        .map(|(i, name)| TestUser::new(1001 + i as i64, name))
        .collect()
}

#[test]
fn three_users_play_aeroplane_chess_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    emulator.group(GROUP, "Game night", false);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let players = players(3);

    // The command menu is published in English and Russian.
    let menus = emulator.with(|s| s.commands.clone());
    assert!(menus.iter().any(|m| m["language_code"] == "ru"), "{menus:?}");
    assert!(menus.iter().any(|m| m.get("language_code").is_none_or(|l| l.is_null())));

    let first = start_game(&emulator, GROUP, &players, "aeroplane");
    let (w, h) = png_size(first.photo.as_deref().unwrap());
    assert!(w >= 100 && h >= 100);

    let started = Instant::now();
    let mut moves = 0;
    while finished(&emulator, GROUP).is_none() {
        assert!(moves < 2000, "the game does not end\n{}", emulator.transcript());
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "too slow\n{}",
            emulator.transcript()
        );
        step(&emulator, GROUP, &players);
        moves += 1;
    }
    let end = finished(&emulator, GROUP).unwrap();
    let text = end.plain();
    for p in &players {
        assert!(text.contains(&p.name), "the ranking lacks {}: {text}", p.name);
    }
    // Every board the group saw is a real PNG.
    let boards: Vec<_> = emulator.bot_messages(GROUP).into_iter().filter_map(|m| m.photo).collect();
    assert!(boards.len() >= 2);
    for photo in &boards {
        png_size(photo);
    }
    // Turn changes mention the player to move with a text mention.
    let mentioned = emulator
        .bot_messages(GROUP)
        .iter()
        .any(|m| m.parse_mode.as_deref() == Some("HTML") && m.text.contains("tg://user?id="));
    assert!(mentioned, "no text mention of the player to move");
    eprintln!("aeroplane: {moves} presses in {:?}", started.elapsed());
}

#[test]
fn a_restarted_bot_continues_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let emulator = Emulator::start();
    emulator.group(GROUP - 1, "Restarts", false);
    let chat = GROUP - 1;
    let players = players(2);
    let mut bot = spawn_bot(&emulator, &data);
    start_game(&emulator, chat, &players, "aeroplane");
    for _ in 0..3 {
        step(&emulator, chat, &players);
    }
    let old = step(&emulator, chat, &players);
    let live = current_board(&emulator, chat).unwrap();
    bot.kill();

    let _bot = spawn_bot(&emulator, &data);
    // A button from before the restart that is out of date is clearly refused.
    let (_, stale) = old.tokens()[0].clone();
    let mover = play::to_move(&old, &players).unwrap();
    let answer = play::press(&emulator, mover, &old, &stale);
    assert!(answer.alert && !answer.text.is_empty(), "{answer:?}");
    // The live board's buttons still work after the restart.
    let mover = play::to_move(&live, &players).unwrap();
    let (_, data) = live.tokens()[0].clone();
    let answer = play::press(&emulator, mover, &live, &data);
    assert!(!answer.alert, "{answer:?}\n{}", emulator.transcript());
    for _ in 0..3 {
        if finished(&emulator, chat).is_some() {
            break;
        }
        step(&emulator, chat, &players);
    }
}
