//! One person against computer players in a direct message with the bot, through the real
//! binary and the Discord emulator under Discord's limits: `/play` in the DM opens a lobby
//! there, computers fill the seats, and the whole game lives on one board in the DM — no
//! guild channel message, no ping — with every interaction acknowledged in time.

#[path = "support/discord/mod.rs"]
mod discord;

use std::time::{Duration, Instant};

use discord::Limits;
use discord::table::{self, Table, button, is_ping, shown, tokens};

/// Waits for the newest message in the table's channel with a `label` button.
fn with_button(t: &Table, label: &str) -> discord::Msg {
    t.emu.wait(label, discord::STEP, |s| {
        s.visible(t.channel, None).into_iter().rev().find(|m| button(m, label).is_some()).cloned()
    })
}

#[test]
fn a_person_plays_aeroplane_against_computers_in_a_direct_message() {
    let quick = [("IGROTEKA_COMPUTER_PAUSE_MS", "200")];
    let mut t = table::start_with_env(Limits::DISCORD.faster(20), &[(201, "Ann")], &quick);
    let ann = t.users[0].clone();
    let guild_channel = t.channel;
    t.channel = t.emu.dm(&ann);

    t.command(&ann, "play", &[("game", "aeroplane")]);
    let lobby = with_button(&t, "🤖 + easy");
    assert!(button(&lobby, "Join").is_none(), "nobody else can join a DM");
    for n in 1..=3 {
        let lobby = t.emu.message(lobby.id);
        let add = button(&lobby, "🤖 + easy").unwrap();
        let (_, refused) = t.press_until(&ann, &lobby, &add, |t| {
            shown(&t.emu.message(lobby.id).content).contains(&format!("Computer {n} (easy)"))
        });
        assert!(refused.is_none(), "{refused:?}");
    }
    let lobby = t.emu.message(lobby.id);
    let start = button(&lobby, "Start").unwrap();
    let table = table::table_of(&start).expect("a core token");
    let (_, refused) =
        t.press_until(&ann, &lobby, &start, |t| t.live_board().is_some_and(|b| b.id > lobby.id));
    assert!(refused.is_none(), "{refused:?}");

    // Ann presses the first option of each of her boards; the computers move in between.
    let started = Instant::now();
    let mut moves = 0;
    let mut computers_seen = false;
    while moves < 25 {
        let board = t.emu.wait("Ann's turn or the end", discord::STEP, |s| {
            let board =
                s.visible(t.channel, None).into_iter().rev().find(|m| !m.attachments.is_empty())?;
            let text = shown(&board.content);
            (text.contains("Ann, your turn") || text.contains("Game over")).then(|| board.clone())
        });
        computers_seen |= shown(&board.content).contains("🤖 Computer");
        if tokens(&board).is_empty() {
            break;
        }
        let before = tokens(&board);
        let first = before[0].clone();
        let (_, refused) = t.press_until(&ann, &board, &first, |t| {
            t.live_board().is_some_and(|b| tokens(&b) != before)
        });
        assert!(refused.is_none(), "a legal move was refused: {refused:?}\n{}", t.report());
        moves += 1;
        assert!(started.elapsed() < Duration::from_secs(120), "too slow\n{}", t.report());
    }
    assert!(computers_seen, "the computers' moves showed on Ann's board");
    t.settle(Duration::from_millis(600));
    let dm = t.public();
    let boards: Vec<_> = dm.iter().filter(|m| !m.attachments.is_empty()).collect();
    assert_eq!(boards.len(), 1, "one board in the DM, edited in place\n{}", t.report());
    assert!(dm.iter().all(|m| !is_ping(m)), "no ping in a solo game");
    assert!(t.emu.visible(guild_channel, None).is_empty(), "nothing in the guild's channel");
    t.assert_clean(Duration::from_secs(1));
    // The game is stored as the DM's solo table, the computers' moves with Ann's.
    t.kill();
    assert!(t.stored_moves(table) > moves, "the computers moved too");
    use igroteka::store::Store;
    let stored = t.open_store().load(table).unwrap().expect("the stored table");
    assert!(stored.solo, "a table opened in a DM is solo");
    assert_eq!(stored.players.iter().filter(|p| p.computer.is_some()).count(), 3);
}
