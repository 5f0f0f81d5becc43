//! Spectators through the Discord emulator (issue 41): `/watch` and `/unwatch` are registered;
//! `/watch` in the channel brings the public board into the spectator's DMs at once and after
//! every move, with a "Stop watching" button and no move buttons; pressing it in the DM stops
//! the boards; someone whose DMs are closed is told in the channel and not kept.

#[path = "support/discord/mod.rs"]
mod discord;

use discord::STEP;
use discord::table::{self, button, shown};
use std::time::Duration;

#[test]
fn a_spectator_follows_a_game_in_dms_and_stops_with_a_press() {
    let t = table::start();
    let (ann, boris, chen) = (t.users[0].clone(), t.users[1].clone(), t.users[2].clone());
    t.emu.with(|s| {
        for name in ["watch", "unwatch"] {
            assert!(s.commands.iter().any(|c| c["name"] == name), "/{name} registered");
        }
    });
    t.open("aeroplane", &[], &[&ann, &boris]);
    t.command(&chen, "watch", &[]);
    t.emu.wait("the watch said in the channel", STEP, |s| {
        let seen = s.visible(t.channel, None);
        seen.into_iter().find(|m| shown(&m.content).contains("Chen is watching")).cloned()
    });
    let dm = t.emu.dm(&chen);
    let boards = |t: &table::Table| {
        t.emu.with(|s| {
            let seen = s.visible(dm, Some(chen.id));
            seen.into_iter().filter(|m| !m.attachments.is_empty()).cloned().collect::<Vec<_>>()
        })
    };
    t.wait_until("Chen's first board", |t| !boards(t).is_empty());
    let first = boards(&t).remove(0);
    assert!(shown(&first.content).starts_with("👁 Aeroplane Chess"), "{}", first.content);
    assert_eq!(first.buttons().len(), 1, "only Stop watching: {:?}", first.buttons());
    let stop = button(&first, "Stop watching").expect("Stop watching");

    for n in 1..=3 {
        let before = boards(&t).len();
        assert!(t.step(&|_| true), "move {n}");
        t.wait_until(&format!("Chen's board after move {n}"), |t| boards(t).len() > before);
    }

    // Dora's DMs are closed: the channel is told, and she is not kept.
    let dora = t.users[3].clone();
    t.emu.close_dms(&dora);
    t.command(&dora, "watch", &[]);
    t.emu.wait("the note about Dora", STEP, |s| {
        let seen = s.visible(t.channel, None);
        seen.into_iter()
            .find(|m| shown(&m.content).contains("Dora, I can't message you privately"))
            .cloned()
    });

    t.emu.press(&chen, &first, &stop);
    t.wait_until("the pressed board without its button", |t| {
        t.emu.message(first.id).buttons().is_empty()
    });
    t.settle(Duration::from_millis(500));
    let count = boards(&t).len();
    for _ in 0..2 {
        if !t.step(&|_| true) {
            break;
        }
    }
    t.settle(Duration::from_millis(500));
    assert_eq!(boards(&t).len(), count, "nothing after Stop watching\n{}", t.report());
}
