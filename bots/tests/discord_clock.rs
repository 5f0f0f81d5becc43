//! Turn clocks through the Discord emulator and the real binary, with the process's clock
//! running 3,600 times faster (`IGROTEKA_CLOCK_SPEED`: a 12-hour turn passes in 12 seconds)
//! and a tick every 100 ms: the player to move gets a reminder only they see at half time, and
//! at the deadline their turn is played for them and the channel's board says so.

#[path = "support/discord/mod.rs"]
mod discord;

use std::time::{Duration, Instant};

use discord::table::{self, shown};
use discord::{Limits, Msg};

fn wait_for(t: &table::Table, what: &str, mut found: impl FnMut() -> Option<Msg>) -> Msg {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(message) = found() {
            return message;
        }
        assert!(Instant::now() < deadline, "no {what}\n{}", t.report());
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_reminder_arrives_privately_and_a_deadline_plays_the_turn_and_the_board_says_so() {
    let fast = [("IGROTEKA_CLOCK_SPEED", "3600"), ("IGROTEKA_TICK_MS", "100")];
    let users = [(101, "Ann"), (102, "Boris")];
    let t = table::start_with_env(Limits::DISCORD, &users, &fast);
    let (ann, boris) = (t.users[0].clone(), t.users[1].clone());
    t.open("tank-battle", &[("turn", "12h")], &[&ann, &boris]);
    let first = t.live_board().expect("a board");
    assert!(shown(&first.content).contains("12 h to move"), "{}", first.content);

    // Privately: an ephemeral follow-up in the channel while Ann's last interaction there is
    // fresh (as every private message of hers goes), else her DMs.
    let reminder =
        wait_for(&t, "reminder only Ann sees", || {
            let mine =
                t.emu.visible(t.channel, Some(ann.id)).into_iter().rev().find(|m| {
                    m.ephemeral_for == Some(ann.id) && m.content.contains("it is your move")
                });
            let dm = t.emu.with(|s| s.dm_channel_of(ann.id));
            let in_dm = dm.and_then(|dm| {
                t.emu.visible(dm, None).into_iter().rev().find(|m| m.content.contains("your move"))
            });
            mine.or(in_dm)
        });
    assert!(shown(&reminder.content).contains("Tank Battle"), "{}", reminder.content);
    // With a link to the board message: guild, channel, message.
    let guild = discord::payloads::GUILD_ID;
    let link = format!("https://discord.com/channels/{guild}/{}/{}", t.channel, first.id);
    assert!(reminder.content.contains(&link), "{link} in {}", reminder.content);
    assert!(t.public().iter().all(|m| !m.content.contains("it is your move")), "not in public");

    let board = wait_for(&t, "board saying the time ran out", || {
        t.live_board().filter(|b| shown(&b.content).contains("ran out of time"))
    });
    let text = shown(&board.content);
    assert!(text.contains("Ann ran out of time: the turn was played for them"), "{text}");
    assert!(text.contains("Boris, your turn"), "{text}");
    assert_eq!(t.emu.with(|s| s.throttled.len()), 0, "no 429s");
}
