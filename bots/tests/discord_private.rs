//! A player whose DMs are closed to the bot, in two games of «Идут танки» (secret set-up by
//! private message): the bot tries one DM, ever; the channel gets exactly one note per game
//! that mentions them, with a button that answers them ephemerally; and their whole set-up
//! works through ephemeral replies.

#[path = "support/discord/mod.rs"]
mod discord;

use std::time::Duration;

use discord::table::{self, Table, button, mentioned, shown, table_of, tokens};
use discord::{Msg, STEP, TestUser};

/// What a note about a player with closed DMs says.
const NOTE: &str = "I can't message you privately";

/// The channel's notes about `user`: public messages that mention them and carry the button
/// that opens their private messages, per table.
fn notes(t: &Table, user: &TestUser, table: u64) -> Vec<Msg> {
    t.public()
        .into_iter()
        .filter(|m| mentioned(m).contains(&user.id))
        .filter(|m| button(m, "private").and_then(|id| table_of(&id)).is_some_and(|id| id == table))
        .collect()
}

/// The DM attempts the bot made: DM channels opened, and direct messages Discord refused.
fn dm_attempts(t: &Table) -> (usize, u32) {
    t.emu.with(|s| {
        let opened = s.calls.iter().filter(|c| *c == "POST /users/@me/channels").count();
        (opened, s.dm_refusals)
    })
}

/// Random set-up, then Ready, through `user`'s ephemeral set-up message (newer than `after`).
fn set_up(t: &Table, user: &TestUser, after: u64) {
    let (prompt, random) = t.wait_own(user, "Random set-up", after);
    assert_eq!(prompt.attachments.len(), 1, "{}'s own board comes with the set-up", user.name);
    // Until the prompt shows the set-up (its buttons change), so that Ready is current.
    let before = tokens(&prompt);
    let ready =
        |t: &Table| t.own(user, "Ready").filter(|(m, _)| m.id >= prompt.id && tokens(m) != before);
    let (_, refused) = t.press_until(user, &prompt, &random, |t| ready(t).is_some());
    assert!(refused.is_none(), "{refused:?}");
    let (prompt, ready) = ready(t).unwrap();
    let before = t.live_board().map(|b| b.content);
    let (_, refused) =
        t.press_until(user, &prompt, &ready, |t| t.live_board().map(|b| b.content) != before);
    assert!(refused.is_none(), "{refused:?}");
}

/// Opens a tanks game by Ann that Boris joins; the bot restarts before Ann starts it (Boris
/// joined long ago: no interaction of his is fresh). The table id.
fn open_then_restart_then_start(t: &mut Table) -> u64 {
    let (ann, boris) = (t.users[0].clone(), t.users[1].clone());
    t.command(&ann, "play", &[("game", "tanks")]);
    let lobby = t.emu.wait("the lobby", STEP, |s| {
        let newest =
            s.visible(t.channel, None).into_iter().rev().find(|m| button(m, "Join").is_some());
        newest.cloned()
    });
    let table = table_of(&button(&lobby, "Join").unwrap()).unwrap();
    let (_, refused) = t.press_until(&boris, &lobby, &button(&lobby, "Join").unwrap(), |t| {
        shown(&t.emu.message(lobby.id).content).contains("Boris")
    });
    assert!(refused.is_none(), "{refused:?}");
    t.settle(Duration::from_millis(300));
    t.restart();
    let lobby = t.emu.message(lobby.id);
    let (_, refused) = t.press_until(&ann, &lobby, &button(&lobby, "Start").unwrap(), |t| {
        t.live_board().is_some_and(|b| b.id > lobby.id)
    });
    assert!(refused.is_none(), "{refused:?}");
    table
}

#[test]
fn a_player_with_closed_dms_is_noted_once_per_game_and_sets_up_ephemerally() {
    let mut t = table::start();
    let (ann, boris) = (t.users[0].clone(), t.users[1].clone());
    t.emu.close_dms(&boris);

    // Game 1. Ann's set-up comes to her ephemerally; the bot tries Boris's DMs once, is
    // refused, and notes him in the channel.
    let first = open_then_restart_then_start(&mut t);
    let note = t.emu.wait("the note about Boris", STEP, |s| {
        s.visible(t.channel, None)
            .into_iter()
            .find(|m| mentioned(m).contains(&boris.id) && button(m, "private").is_some())
            .cloned()
    });
    let allowed = &note.allowed_mentions.as_ref().unwrap()["users"];
    assert_eq!(allowed, &serde_json::json!([boris.id.to_string()]), "only Boris is pinged");
    set_up(&t, &ann, 0);
    // The note's button answers Boris ephemerally with his set-up.
    let (_, refused) = t.press_until(&boris, &note, &button(&note, "private").unwrap(), |t| {
        t.own(&boris, "Random set-up").is_some()
    });
    assert!(refused.is_none(), "{refused:?}");
    // A double tap on his ephemeral prompt: the second press is behind, and heals the prompt
    // (it is as private as a DM) instead of being refused and taking the buttons away.
    let (prompt, random) = t.wait_own(&boris, "Random set-up", note.id);
    // The bot records which message holds the prompt just after Discord answers the post; a
    // person taps only once they have seen it, so the test lets the bot finish first (else
    // the second tap may find no recorded prompt to heal, and is refused as stale).
    t.settle(Duration::from_millis(300));
    let taps = [t.emu.press(&boris, &prompt, &random), t.emu.press(&boris, &prompt, &random)];
    for tap in &taps {
        t.emu.wait("the acknowledgement", STEP, |s| s.interactions.get(tap)?.response);
    }
    // (Edits wait for the channel's bucket, Discord's 5 per 5 s: the board's come first.)
    t.wait_until("the prompt to show the random set-up", |t| {
        button(&t.emu.message(prompt.id), "Ready").is_some()
    });
    t.settle(Duration::from_millis(500));
    assert!(taps.iter().all(|tap| t.alert(tap).is_none()), "a tap was refused\n{}", t.report());
    let healed = t.emu.message(prompt.id);
    assert!(button(&healed, "Ready").is_some(), "the prompt keeps its buttons\n{}", t.report());
    set_up(&t, &boris, note.id);
    let board = t.emu.wait("the first turn", STEP, |s| {
        let board =
            s.visible(t.channel, None).into_iter().rev().find(|m| !m.attachments.is_empty())?;
        shown(&board.content).contains("your turn").then(|| board.clone())
    });
    assert!(t.to_move().is_some(), "{}", board.content);
    for _ in 0..4 {
        assert!(t.step(&|l| !l.to_lowercase().contains("turn") && !l.contains('✈')));
    }
    t.settle(Duration::from_millis(500));
    assert_eq!(notes(&t, &boris, first).len(), 1, "one note in game 1\n{}", t.report());
    assert_eq!(dm_attempts(&t), (1, 1), "one DM channel opened, one DM refused");

    // Game 2, in the same channel, with the same restart: the bot remembers that Boris's DMs
    // are closed and tries none; the channel gets one note for this game.
    t.command(&ann, "cancel", &[]);
    let second = open_then_restart_then_start(&mut t);
    assert_ne!(first, second);
    t.wait_until("the note of game 2", |t| notes(t, &boris, second).len() == 1);
    let note = notes(&t, &boris, second).pop().unwrap();
    set_up(&t, &ann, t.live_board().unwrap().id);
    let (_, refused) = t.press_until(&boris, &note, &button(&note, "private").unwrap(), |t| {
        t.own(&boris, "Random set-up").is_some_and(|(m, _)| m.id > note.id)
    });
    assert!(refused.is_none(), "{refused:?}");
    set_up(&t, &boris, note.id);
    for _ in 0..4 {
        assert!(t.step(&|l| !l.to_lowercase().contains("turn") && !l.contains('✈')));
    }
    t.settle(Duration::from_millis(500));
    assert_eq!(notes(&t, &boris, second).len(), 1, "one note in game 2\n{}", t.report());
    // Game 1's note lost its button when the game ended (it would answer "that game is over").
    assert!(notes(&t, &boris, first).is_empty(), "game 1's note keeps its button");
    let all = t.public().into_iter().filter(|m| shown(&m.content).contains(NOTE)).count();
    assert_eq!(all, 2, "one note per game\n{}", t.report());
    assert_eq!(dm_attempts(&t), (1, 1), "no further DM attempt");
    // Ann, whose DMs are open, was never noted; no set-up keyboard was ever public.
    assert!(
        t.public()
            .iter()
            .all(|m| !mentioned(m).contains(&ann.id) || button(m, "private").is_none())
    );
    assert!(t.public().iter().all(|m| button(m, "Random set-up").is_none()));
    t.assert_clean(Duration::from_secs(1));
}

/// After a restart the bot cannot edit an ephemeral prompt (only its interaction's token
/// could, and that died with the process). When the game ends, everything else of it loses
/// its buttons — the note in the channel, the other player's prompt in her DMs — and a press
/// on that prompt is answered "That game is over." and takes its buttons off through the
/// press itself. Nothing is stripped that has no buttons.
#[test]
fn an_ephemeral_prompt_the_bot_can_no_longer_edit_says_its_game_is_over_when_pressed() {
    let mut t = table::start();
    let (ann, boris) = (t.users[0].clone(), t.users[1].clone());
    t.emu.close_dms(&boris);
    let table = open_then_restart_then_start(&mut t);
    // Ann's prompt (ephemeral too: her Start press is the newest way to reach her) is done
    // with before the restart.
    set_up(&t, &ann, 0);
    t.wait_until("the note about Boris", |t| notes(t, &boris, table).len() == 1);
    let note = notes(&t, &boris, table).pop().unwrap();
    let (_, refused) = t.press_until(&boris, &note, &button(&note, "private").unwrap(), |t| {
        t.own(&boris, "Random set-up").is_some()
    });
    assert!(refused.is_none(), "{refused:?}");
    let (prompt, random) = t.wait_own(&boris, "Random set-up", note.id);
    t.settle(Duration::from_millis(500));
    t.restart();
    t.command(&ann, "cancel", &[]);
    // (The edit waits for the channel's bucket, Discord's 5 per 5 s.)
    t.wait_until("the note to lose its button", |t| notes(t, &boris, table).is_empty());
    assert!(button(&t.emu.message(prompt.id), "Random").is_some(), "out of the bot's reach");
    let (_, answer) = t.press_until(&boris, &prompt, &random, |_| false);
    let answer = answer.map(|m| shown(&m.content)).unwrap_or_default();
    assert!(answer.contains("That game is over"), "{answer}\n{}", t.report());
    t.wait_until("the pressed prompt to lose its buttons", |t| {
        t.emu.message(prompt.id).buttons().is_empty()
    });
    t.settle(Duration::from_millis(500));
    t.assert_no_buttons_left();
    t.assert_clean(Duration::from_secs(1));
}
