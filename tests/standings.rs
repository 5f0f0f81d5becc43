//! `/top`, `/stats` and `/history` (issue 41) through the engine over real sled: a finished
//! game counts once for its chat — after a restart too, whatever is pressed on its old board —
//! a cancelled one does not, computer players are rated by level and an admin can hide them,
//! and wrong arguments get a polite answer.

mod common;

use common::{Chatroom, start_game, table, user};
use igroteka::app::{Effect, Input};
use igroteka::store::SledStore;
use igroteka::table::{Platform, Status};

/// The text of the one message a command sent.
fn reply(effects: &[Effect]) -> String {
    let texts: Vec<&str> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send { message, .. } => Some(message.text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(texts.len(), 1, "{effects:?}");
    texts[0].to_string()
}

/// Alice and Bob play Aeroplane Chess; `loser` resigns at once.
fn play_and_resign(room: &mut Chatroom, loser: &str) {
    start_game(room, "aeroplane", &["Alice", "Bob"]);
    room.send(loser, "/resign");
    assert_eq!(table(room).status, Status::Finished);
}

#[test]
fn a_finished_game_counts_once_in_top_stats_and_history_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut room = Chatroom::new(SledStore::open(dir.path(), 8 << 20).unwrap());
    let empty = reply(&room.send("Alice", "/top"));
    assert!(empty.contains("No game has been finished"), "{empty}");

    play_and_resign(&mut room, "Bob");
    let top = reply(&room.send("Carol", "/top"));
    assert!(top.contains("Aeroplane Chess: the best players here"), "{top}");
    // A first duel: 1000 ± 105 (the hand-worked numbers are in src/ratings.rs).
    assert!(top.contains("1. Alice — 1105 (1 game, 1 win)"), "{top}");
    assert!(top.contains("2. Bob — 895 (1 game, 0 wins)"), "{top}");
    // The old board's buttons pressed again change nothing.
    let old: Vec<String> = room
        .seen
        .iter()
        .filter_map(|d| common::group_message(&d.effect))
        .flat_map(common::buttons_of)
        .map(|(_, token)| token)
        .collect();
    for token in old.iter().filter(|t| !t.ends_with(":r") && !t.ends_with(":y")) {
        room.press("Alice", token);
    }
    assert_eq!(reply(&room.send("Carol", "/top")), top);

    // A restart (the engine and the store opened again) keeps the count.
    let now = room.now;
    drop(room);
    let mut room = Chatroom::new(SledStore::open(dir.path(), 8 << 20).unwrap());
    room.now = now;
    assert_eq!(reply(&room.send("Carol", "/top")), top);

    let mine = reply(&room.send("Bob", "/stats"));
    assert!(mine.contains("Bob in this chat"), "{mine}");
    assert!(
        mine.contains(
            "Aeroplane Chess: 1 played, 0 won, average place 2.0, best streak 0, rating 895"
        ),
        "{mine}"
    );
    let hers = reply(&room.send("Bob", "/stats alice"));
    assert!(hers.contains("Alice in this chat") && hers.contains("1 won"), "{hers}");
    let history = reply(&room.send("Bob", "/history"));
    assert!(history.contains("The last games in this chat"), "{history}");
    assert!(history.contains("Aeroplane Chess · 1. Alice · 2. Bob"), "{history}");
    assert_eq!(history.lines().count(), 2, "{history}");

    // A second game, won by Bob: two games each, the newest first in the history.
    play_and_resign(&mut room, "Alice");
    let top = reply(&room.send("Carol", "/top aeroplane"));
    assert!(top.contains("Alice — ") && top.contains("(2 games, 1 win)"), "{top}");
    assert_eq!(top.matches("(2 games, 1 win)").count(), 2, "{top}");
    let history = reply(&room.send("Bob", "/history"));
    let lines: Vec<&str> = history.lines().collect();
    assert!(lines[1].ends_with("1. Bob · 2. Alice") && lines[2].ends_with("1. Alice · 2. Bob"));
    let streaks = reply(&room.send("Alice", "/stats"));
    assert!(streaks.contains("2 played, 1 won, average place 1.5, best streak 1"), "{streaks}");
}

#[test]
fn a_cancelled_game_is_not_counted() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    room.send("Alice", "/cancel");
    assert_eq!(table(&room).status, Status::Aborted);
    let top = reply(&room.send("Alice", "/top"));
    assert!(top.contains("No game has been finished"), "{top}");
    let history = reply(&room.send("Alice", "/history"));
    assert!(history.contains("No game has been finished"), "{history}");
}

#[test]
fn a_computer_level_is_rated_and_an_admin_can_hide_it_from_top() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    room.press("Alice", &room.button("🤖 + strong").unwrap());
    room.press("Alice", &room.button("Start").unwrap());
    room.send("Alice", "/resign");
    assert_eq!(table(&room).status, Status::Finished);
    let top = reply(&room.send("Alice", "/top"));
    assert!(top.contains("1. 🤖 Computer (strong) — 1105 (1 game, 1 win)"), "{top}");
    assert!(top.contains("2. Alice — 895"), "{top}");

    let refused = reply(&room.send("Alice", "/top computers off"));
    assert!(refused.contains("Only an admin"), "{refused}");
    assert_eq!(reply(&room.send("Alice", "/top")), top, "nothing changed");
    let usage = reply(&room.send("Alice", "/top computers"));
    assert!(usage.contains("/top computers off"), "{usage}");

    let admin = |line: &str, room: &mut Chatroom| {
        let mut input: Input = igroteka::app::input_from_text(
            Platform::Console,
            room.chat.clone(),
            user("Dana"),
            room.now + 1000,
            line,
        );
        input.user.admin = true;
        room.run(&input)
    };
    let hidden = reply(&admin("/top computers off", &mut room));
    assert!(hidden.contains("left out"), "{hidden}");
    let top = reply(&room.send("Alice", "/top"));
    assert!(top.contains("1. Alice — 895") && !top.contains("Computer"), "{top}");
    reply(&admin("/top computers on", &mut room));
    assert!(reply(&room.send("Alice", "/top")).contains("Computer (strong)"));
    // The history names the computer by its level too.
    let history = reply(&room.send("Alice", "/history"));
    assert!(history.contains("1. 🤖 Computer (strong) · 2. Alice"), "{history}");
}

#[test]
fn wrong_arguments_get_a_polite_answer_and_change_nothing() {
    let mut room = Chatroom::temporary();
    play_and_resign(&mut room, "Bob");
    let before = reply(&room.send("Alice", "/top"));
    let unknown = reply(&room.send("Alice", "/top chess"));
    assert!(unknown.contains("I don't know a game called “chess”"), "{unknown}");
    let nobody = reply(&room.send("Alice", "/stats Zed"));
    assert!(nobody.contains("Nobody called “Zed”"), "{nobody}");
    let never = reply(&room.send("Carol", "/stats"));
    assert!(never.contains("Carol has not finished a game"), "{never}");
    // A mention (Discord's user option, a Telegram reply) of someone who never played.
    let mentioned = reply(&room.send("Alice", "/stats <@12345>"));
    assert_eq!(mentioned, "That player has not finished a game in this chat yet.");
    // A mention of someone who did: by their id, under the name they played with.
    let bob = reply(&room.send("Alice", "/stats <@bob>"));
    assert!(bob.contains("Bob in this chat") && bob.contains("1 played, 0 won"), "{bob}");
    // A game never played here.
    let none = reply(&room.send("Alice", "/top tanks"));
    assert!(
        none.contains("No game of Tanks Are Coming (Идут танки) has been finished here yet"),
        "{none}"
    );
    assert_eq!(reply(&room.send("Alice", "/top")), before);
}

#[test]
fn several_players_matching_a_name_are_listed() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Anna", "Annabel"]);
    room.send("Anna", "/resign");
    let several = reply(&room.send("Anna", "/stats ann"));
    assert!(several.contains("Several players here match “ann”"), "{several}");
    // The whole name wins over a longer one that starts with it.
    let exact = reply(&room.send("Anna", "/stats @Anna"));
    assert!(exact.contains("Anna in this chat"), "{exact}");
}
