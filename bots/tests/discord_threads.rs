//! A thread per game through the Discord emulator (issue 41): `/threads` is registered with its
//! on/off choices; after an admin's `/threads on`, Start opens a public thread off the lobby
//! message ("Start Thread from Message"), named after the game and its players. The game plays
//! in the thread from its first board to its end; the lobby and the final board stay in the
//! channel, which is free for another game meanwhile. Where the bot may not create threads,
//! the refusal is told on the board and the game plays in the channel.

#[path = "support/discord/mod.rs"]
mod discord;

use discord::table::{self, Table, button, shown};
use discord::{STEP, TestUser};

/// The newest message `user` can see in channel `channel` that holds `needle`, as shown.
fn answer(t: &Table, channel: u64, user: &TestUser, needle: &str) -> String {
    t.emu.wait(&format!("a message holding {needle:?}"), STEP, |s| {
        let seen = s.visible(channel, Some(user.id));
        seen.into_iter().rev().map(|m| shown(&m.content)).find(|c| c.contains(needle))
    })
}

/// `/play aeroplane` by `players[0]`, the others join, the first presses Start: the lobby.
fn open_and_start(t: &Table, players: &[&TestUser]) -> discord::Msg {
    t.command(players[0], "play", &[("game", "aeroplane")]);
    let lobby = t.emu.wait("the lobby", STEP, |s| {
        s.visible(t.channel, None).into_iter().rev().find(|m| button(m, "Join").is_some()).cloned()
    });
    for p in &players[1..] {
        let lobby = t.emu.message(lobby.id);
        let name = p.name.clone();
        let (_, refused) = t.press_until(p, &lobby, &button(&lobby, "Join").unwrap(), |t| {
            shown(&t.emu.message(lobby.id).content).contains(&name)
        });
        assert!(refused.is_none(), "{refused:?}");
    }
    let lobby = t.emu.message(lobby.id);
    let start = button(&lobby, "Start").unwrap();
    let (_, refused) =
        t.press_until(players[0], &lobby, &start, |t| t.emu.message(lobby.id).buttons().is_empty());
    assert!(refused.is_none(), "{refused:?}");
    lobby
}

#[test]
fn a_game_plays_in_its_own_thread_from_lobby_to_end() {
    let mut t = table::start();
    let (boris, chen) = (t.users[1].clone(), t.users[2].clone());
    let ann = TestUser { admin: true, ..t.users[0].clone() };
    t.emu.with(|s| {
        let threads = s.commands.iter().find(|c| c["name"] == "threads").cloned().unwrap();
        let choices: Vec<&str> = threads["options"][0]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|c| c["value"].as_str())
            .collect();
        assert_eq!(choices, ["on", "off"]);
    });
    let channel = t.channel;
    t.command(&boris, "threads", &[("mode", "on")]);
    answer(&t, channel, &boris, "Only an admin");
    t.command(&ann, "threads", &[("mode", "on")]);
    answer(&t, channel, &ann, "thread of its own");

    let lobby = open_and_start(&t, &[&ann, &boris]);
    let thread = t
        .emu
        .wait("the game's thread", STEP, |s| s.threads_of(channel).first().map(|c| (*c).clone()));
    assert_eq!(thread.id, lobby.id, "started from the lobby message");
    assert!(thread.name.contains("Ann, Boris"), "{}", thread.name);
    let told = shown(&t.emu.message(lobby.id).content);
    assert!(told.contains("thread"), "the lobby says where the game went: {told}");

    // The channel is free for another game while this one plays.
    t.command(&chen, "play", &[("game", "tanks")]);
    t.wait_until("Chen's lobby", |t| t.lobby().is_some_and(|l| l.id > lobby.id));
    t.command(&chen, "cancel", &[]);

    // The game, in its thread.
    t.channel = thread.id;
    t.wait_until("the first board in the thread", |t| t.to_move().is_some());
    for _ in 0..4 {
        assert!(t.step(&|_| true), "the game goes on");
    }
    t.command(&boris, "resign", &[]);
    t.wait_until("the final board in the thread", |t| {
        t.public()
            .iter()
            .any(|m| !m.attachments.is_empty() && shown(&m.content).contains("Game over"))
    });

    // The final board in the channel too, with Rematch; the game counts there.
    t.channel = channel;
    let home_end = t.emu.wait("the final board in the channel", STEP, |s| {
        let seen = s.visible(channel, None);
        seen.into_iter()
            .rev()
            .find(|m| !m.attachments.is_empty() && shown(&m.content).contains("Game over"))
            .cloned()
    });
    assert!(button(&home_end, "Rematch").is_some(), "{:?}", home_end.buttons());
    let boards_here = t.public().iter().filter(|m| !m.attachments.is_empty()).count();
    assert_eq!(boards_here, 1, "no board of the game in the channel but its end");
    t.command(&chen, "history", &[]);
    let history = answer(&t, channel, &chen, "The last games");
    assert!(history.contains("Aeroplane Chess · 1. Ann · 2. Boris"), "{history}");
    t.settle(std::time::Duration::from_millis(300));
    t.assert_clean(STEP / 4);
    t.assert_no_buttons_left();
}

#[test]
fn without_the_right_to_create_threads_the_game_plays_in_the_channel() {
    let t = table::start();
    let boris = t.users[1].clone();
    let ann = TestUser { admin: true, ..t.users[0].clone() };
    let channel = t.channel;
    t.emu.with(|s| s.no_thread_rights.push(channel));
    t.command(&ann, "threads", &[("mode", "on")]);
    answer(&t, channel, &ann, "thread of its own");
    open_and_start(&t, &[&ann, &boris]);
    t.wait_until("the first board in the channel", |t| t.to_move().is_some());
    let board = t.live_board().unwrap();
    assert!(shown(&board.content).contains("could not open a thread"), "{}", board.content);
    assert!(t.emu.with(|s| s.threads_of(channel).is_empty()));
    assert!(t.step(&|_| true), "the game goes on in the channel");
    t.assert_clean(STEP / 4);
}
