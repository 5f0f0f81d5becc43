//! A thread per game through the Telegram emulator (issue 41): in a forum group whose admin
//! sent `/threads on`, Start opens a forum topic (`createForumTopic`) named after the game and
//! its players; the game plays in it from its first board to its end, the lobby and the final
//! board stay in the General topic, which is free for another game meanwhile. In a group
//! without topics the refusal is told on the board, and the game plays in the group.

mod support;

use support::play::{board_in, open_and_start, press, step};
use support::{Emulator, STEP, TestUser, spawn_bot};

#[test]
fn a_game_plays_in_its_own_forum_topic_from_lobby_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_982;
    emulator.group(chat, "Forum", true);
    let (alice, bob, carol) =
        (TestUser::new(4601, "Alice"), TestUser::new(4602, "Bob"), TestUser::new(4603, "Carol"));
    for user in [&alice, &bob, &carol] {
        emulator.user(user);
    }
    emulator.make_admin(chat, &alice);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    emulator.with(|s| assert!(s.menu(chat, "en").contains(&"threads".to_string())));

    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &bob, "/threads on");
    emulator.expect(chat, mark, "Only an admin");
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &alice, "/threads on");
    emulator.expect(chat, mark, "topic of its own");

    let players = [alice.clone(), bob.clone()];
    let lobby = open_and_start(&emulator, chat, &players, "aeroplane");
    let (topic, name) = emulator.wait("the game's topic", STEP, |s| {
        s.topics.iter().find(|(c, _, _)| *c == chat).map(|(_, t, n)| (*t, n.clone()))
    });
    assert!(name.contains("Alice, Bob"), "{name}");
    // The lobby stays in General, without its buttons, saying where the game went.
    let lobby = emulator.wait("the lobby told", STEP, |s| {
        s.messages
            .iter()
            .find(|m| m.id == lobby.id && m.keyboard.is_empty() && m.plain().contains("thread"))
            .cloned()
    });
    assert_eq!(lobby.thread, None);
    let board = emulator.wait("the first board", STEP, |s| board_in(s, chat));
    assert_eq!(board.thread, Some(topic), "the board is in the game's topic");

    // General is free for another game while this one plays.
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &carol, "/play tanks");
    let other = emulator.expect(chat, mark, "New game");
    assert_eq!(other.thread, None);
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &carol, "/cancel");
    emulator.expect(chat, mark, "cancel");

    // Moves, pressed in the topic, show there.
    for _ in 0..2 {
        let (pressed, _) = step(&emulator, chat, &players);
        assert_eq!(pressed.thread, Some(topic));
    }
    emulator.say(chat, Some(topic), &bob, "/resign");
    let end = emulator.wait("the end in the topic", STEP, |s| {
        s.latest(chat, |m| m.photo.is_some() && m.plain().contains("Game over"))
    });
    let ends = emulator.wait("the end in both places", STEP, |s| {
        let ends: Vec<_> = s
            .messages
            .iter()
            .filter(|m| m.chat == chat && m.from.is_none() && m.plain().contains("Game over"))
            .cloned()
            .collect();
        (ends.len() == 2).then_some(ends)
    });
    let threads: Vec<Option<i64>> = ends.iter().map(|m| m.thread).collect();
    assert_eq!(threads, [Some(topic), None], "{}", end.plain());
    let home = &ends[1];
    assert!(home.photo.is_some() && home.key("Rematch").is_some(), "{}", home.plain());
    // The game counts for the group.
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &carol, "/history");
    emulator.expect(chat, mark, "Alice");
    // Rematch from General opens the next lobby there.
    let rematch = home.key("Rematch").and_then(|k| k.data.clone()).unwrap();
    let mark = emulator.with(|s| s.next_message);
    let answer = press(&emulator, &alice, home, &rematch);
    assert!(!answer.alert, "{answer:?}");
    let next = emulator.expect(chat, mark, "New game");
    assert_eq!(next.thread, None);
    let strays: Vec<String> = emulator.with(|s| {
        s.messages
            .iter()
            .filter(|m| {
                m.chat == chat && m.from.is_none() && m.thread.is_none() && m.photo.is_some()
            })
            .filter(|m| !m.plain().contains("Game over"))
            .map(|m| m.plain())
            .collect()
    });
    assert!(strays.is_empty(), "no board of the game in General: {strays:?}");
    assert_eq!(emulator.limited(), 0, "{}", emulator.limited_report());
}

#[test]
fn a_group_without_topics_plays_its_game_where_it_is_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_983;
    emulator.group(chat, "Plain", false);
    let (alice, bob) = (TestUser::new(4611, "Alice"), TestUser::new(4612, "Bob"));
    for user in [&alice, &bob] {
        emulator.user(user);
    }
    emulator.make_admin(chat, &alice);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &alice, "/threads on");
    emulator.expect(chat, mark, "topic of its own");
    let players = [alice.clone(), bob.clone()];
    open_and_start(&emulator, chat, &players, "aeroplane");
    let board = emulator.wait("the first board", STEP, |s| board_in(s, chat));
    assert_eq!(board.thread, None);
    assert!(board.plain().contains("could not open a topic"), "{}", board.plain());
    assert!(emulator.with(|s| s.topics.is_empty()));
    assert_eq!(emulator.calls("createforumtopic"), 1, "asked once, refused");
    step(&emulator, chat, &players);
    assert_eq!(emulator.limited(), 0, "{}", emulator.limited_report());
}
