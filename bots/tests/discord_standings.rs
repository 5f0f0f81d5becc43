//! `/top`, `/stats` and `/history` through the Discord emulator (issue 41): the commands are
//! registered with their options (`/top game`, `/stats player` as a user option, type 6), and
//! after a game played to its end in the channel, each answers from it; `/stats` with the user
//! option picked gives that user's record.

#[path = "support/discord/mod.rs"]
mod discord;

use discord::STEP;
use discord::table::{self, Table, shown};

/// The newest message `user` can see in the table's channel that holds `needle`, as shown.
fn answer(t: &Table, user: &discord::TestUser, needle: &str) -> String {
    t.emu.wait(&format!("a message holding {needle:?}"), STEP, |s| {
        let seen = s.visible(t.channel, Some(user.id));
        seen.into_iter().rev().map(|m| shown(&m.content)).find(|c| c.contains(needle))
    })
}

#[test]
fn a_finished_game_answers_top_stats_by_user_option_and_history() {
    let t = table::start();
    let (ann, boris, chen) = (t.users[0].clone(), t.users[1].clone(), t.users[2].clone());
    t.emu.with(|s| {
        let find = |name: &str| s.commands.iter().find(|c| c["name"] == name).cloned().unwrap();
        assert_eq!(find("top")["options"][0]["name"], "game");
        assert_eq!(find("stats")["options"][0]["name"], "player");
        assert_eq!(find("stats")["options"][0]["type"], 6, "a user option");
        assert!(s.commands.iter().any(|c| c["name"] == "history"));
        assert!(!s.commands.iter().any(|c| c["name"] == "botstats"), "the owner's are apart");
    });

    t.command(&chen, "top", &[]);
    answer(&t, &chen, "No game has been finished in this chat yet");

    t.open("aeroplane", &[], &[&ann, &boris]);
    t.command(&boris, "resign", &[]);
    t.wait_until("the final board", |t| {
        t.public()
            .iter()
            .any(|m| !m.attachments.is_empty() && shown(&m.content).contains("Game over"))
    });

    t.command(&chen, "top", &[("game", "aeroplane")]);
    let top = answer(&t, &chen, "the best players here");
    assert!(top.contains("1. Ann — 1105 (1 game, 1 win)"), "{top}");
    assert!(top.contains("2. Boris — 895 (1 game, 0 wins)"), "{top}");

    t.command(&chen, "stats", &[("player", &ann.id.to_string())]);
    let stats = answer(&t, &chen, "Ann in this chat");
    assert!(stats.contains("1 played, 1 won"), "{stats}");
    t.command(&boris, "stats", &[]);
    let own = answer(&t, &boris, "Boris in this chat");
    assert!(own.contains("1 played, 0 won"), "{own}");

    t.command(&chen, "history", &[]);
    let history = answer(&t, &chen, "The last games");
    assert!(history.contains("Aeroplane Chess · 1. Ann · 2. Boris"), "{history}");
}
