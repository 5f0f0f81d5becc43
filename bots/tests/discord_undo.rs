//! Undo by consent through the Discord emulator (issue 41): `/undo` is registered; after Ann's
//! move passes the turn to Boris, her `/undo` pings Boris and puts the request's buttons on the
//! live board; Boris's "Keep it" leaves his turn, a second `/undo` and his "Take it back" bring
//! the board back to Ann's turn, without the request's buttons.

#[path = "support/discord/mod.rs"]
mod discord;

use discord::STEP;
use discord::table::{self, button, mentioned, shown};

#[test]
fn a_move_is_taken_back_when_the_other_player_agrees() {
    let t = table::start();
    let (ann, boris) = (t.users[0].clone(), t.users[1].clone());
    t.emu.with(|s| assert!(s.commands.iter().any(|c| c["name"] == "undo"), "/undo registered"));
    t.open("aeroplane", &[], &[&ann, &boris]);

    // Play until a move of Ann's passes the turn to Boris.
    let mut passed = false;
    for _ in 0..300 {
        let before = t.to_move();
        assert!(t.step(&|_| true), "the game goes on");
        t.wait_until("the board to name a player", |t| t.to_move().is_some());
        let after = t.to_move();
        if before.is_some_and(|u| u.id == ann.id) && after.is_some_and(|u| u.id == boris.id) {
            passed = true;
            break;
        }
    }
    assert!(passed, "{}", t.report());

    let ask = |t: &table::Table| {
        t.command(&ann, "undo", &[]);
        t.emu.wait("the request on the board", STEP, |s| {
            let seen = s.visible(t.channel, None);
            let board = seen.into_iter().rev().find(|m| !m.attachments.is_empty())?;
            button(board, "Take it back").is_some().then(|| board.clone())
        })
    };
    let request = ask(&t);
    assert!(shown(&request.content).contains("Take back Ann's last move?"), "{}", request.content);
    // The ping, not the board: the board's own line says "asks to take back" too, and may be
    // edited before the ping is sent.
    let ping = t.emu.wait("the ping to Boris", STEP, |s| {
        let seen = s.visible(t.channel, None);
        seen.into_iter()
            .rev()
            .find(|m| m.attachments.is_empty() && shown(&m.content).contains("asks to take back"))
            .cloned()
    });
    assert_eq!(mentioned(&ping), vec![boris.id], "Boris is pinged");

    // Boris keeps the move: his turn stands.
    let keep = button(&request, "Keep it").unwrap();
    t.press_until(&boris, &request, &keep, |t| {
        t.live_board().is_some_and(|b| shown(&b.content).contains("Boris said no"))
    });
    assert_eq!(t.to_move().map(|u| u.id), Some(boris.id));

    // Asked again, and taken back.
    let request = ask(&t);
    let accept = button(&request, "Take it back").unwrap();
    let (_, refused) = t.press_until(&boris, &request, &accept, |t| {
        t.live_board().is_some_and(|b| shown(&b.content).contains("Ann's last move is taken back"))
    });
    assert!(refused.is_none(), "{refused:?}");
    let board = t.live_board().unwrap();
    assert!(button(&board, "Take it back").is_none(), "the request's buttons are gone");
    assert_eq!(t.to_move().map(|u| u.id), Some(ann.id), "{}", board.content);
}
