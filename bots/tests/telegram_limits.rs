//! The abuse limits end to end through the Telegram emulator (docs/operations.md, "Abuse
//! limits"): one user hammering buttons in ten chats gets one notice per chat while the other
//! chats' games go on; a refused press changes nothing; the caps on open lobbies and on a
//! forum's tables refuse with their message; oversized commands and moves are refused with the
//! limit they broke.
//!
//! The bot runs with the limits on (`IGROTEKA_LIMITS=on`) and a configuration file whose rates
//! refill about once in a quarter of an hour: what passes is then the burst, however slowly a
//! loaded machine delivers the presses, so the counts are exact and nothing depends on the
//! wall clock. The default rates are the limiter's unit tests' business.

mod support;

use std::path::Path;
use std::time::Duration;

use support::play::{self, start_game, step};
use support::{Answer, BotProcess, Emulator, STEP, Sent, TestUser, spawn_bot_with};

/// A user's own burst in one chat, and what refills it: next to nothing.
const BURST: usize = 5;

const CONFIG: &str = r#"
[limits]
lobbies_per_user = 2
tables_per_chat = 2
command_chars = 300
move_chars = 120

[limits.rates]
user_in_chat = { burst = 5, per_second = 0.001 }
user = { burst = 100, per_second = 0.001 }
chat = { burst = 500, per_second = 100 }
"#;

/// The English notices (the test users have no language, so they get English).
const SLOW_DOWN: &str = "You're going faster than I can follow";
const ALREADY_IN: &str = "You are already at this table.";

fn spawn(emulator: &Emulator, dir: &Path) -> BotProcess {
    let config = dir.join("limits.toml");
    std::fs::write(&config, CONFIG).unwrap();
    let config = config.display().to_string();
    let env = [("IGROTEKA_CONFIG", config.as_str()), ("IGROTEKA_LIMITS", "on")];
    spawn_bot_with(emulator, &dir.join("data"), &env)
}

/// `user` says `text` in `chat` (topic `thread`) and the bot's first message after it.
fn reply(emulator: &Emulator, chat: i64, thread: Option<i64>, user: &TestUser, text: &str) -> Sent {
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, thread, user, text);
    emulator.wait("the bot's reply", STEP, |s| {
        s.messages.iter().find(|m| m.chat == chat && m.id > mark && m.from.is_none()).cloned()
    })
}

/// The lobby `opener` opens in `chat`.
fn lobby(emulator: &Emulator, chat: i64, opener: &TestUser) -> Sent {
    let sent = reply(emulator, chat, None, opener, "/play aeroplane");
    assert!(sent.plain().contains("New game"), "no lobby: {}", sent.plain());
    sent
}

fn key(message: &Sent, label: &str) -> String {
    message.key(label).and_then(|k| k.data.clone()).unwrap_or_else(|| panic!("no {label} button"))
}

#[test]
fn one_user_hammering_ten_chats_gets_one_notice_each_and_slows_no_other_game() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let _bot = spawn(&emulator, dir.path());
    let mallory = TestUser::new(6666, "Mallory");

    // Ten lobbies, each opened by someone else, which Mallory joins (a press of his burst).
    let hammered: Vec<i64> = (0..10).map(|i| -100_700 - i).collect();
    let mut lobbies = Vec::new();
    for (i, chat) in hammered.iter().enumerate() {
        emulator.group(*chat, &format!("Hammered {i}"), false);
        let opener = TestUser::new(6000 + i as i64, &format!("Opener{i}"));
        let lobby = lobby(&emulator, *chat, &opener);
        let joined = play::press(&emulator, &mallory, &lobby, &key(&lobby, "Join"));
        assert!(!joined.alert, "{joined:?}");
        lobbies.push(play::wait_edit(&emulator, &lobby).expect("the lobby with Mallory"));
    }
    // Three other chats, each with a game between two other people.
    let others: Vec<(i64, Vec<TestUser>)> = (0..3)
        .map(|i| {
            let chat = -100_800 - i;
            emulator.group(chat, &format!("Quiet {i}"), false);
            let players = vec![
                TestUser::new(7000 + 2 * i, &format!("Ann{i}")),
                TestUser::new(7001 + 2 * i, &format!("Bob{i}")),
            ];
            start_game(&emulator, chat, &players, "aeroplane");
            (chat, players)
        })
        .collect();
    emulator.settle();
    let answered_before = emulator.with(|s| s.answers.len());

    // Mallory presses Join in all ten chats, fifty rounds, one every 20 ms (fifty presses a
    // second in each chat); meanwhile the other chats play on, each at its own pace.
    let rounds = 50;
    let (hammer, moves) = std::thread::scope(|scope| {
        let players: Vec<_> = others
            .iter()
            .map(|(chat, players)| {
                let emulator = &emulator;
                scope.spawn(move || {
                    (0..2).map(|_| step(emulator, *chat, players).1.query).collect::<Vec<_>>()
                })
            })
            .collect();
        let mut hammer: Vec<Vec<String>> = vec![Vec::new(); lobbies.len()];
        for _ in 0..rounds {
            for (lobby, queries) in lobbies.iter().zip(&mut hammer) {
                queries.push(emulator.press(&mallory, lobby, &key(lobby, "Join")));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let moves: Vec<Vec<String>> = players.into_iter().map(|p| p.join().unwrap()).collect();
        (hammer, moves)
    });

    // Every press of Mallory's is answered, once; one notice per chat, the rest of the refused
    // presses silently; his burst (less the Join) reached the engine, which said he is in.
    let answers: Vec<Vec<Answer>> =
        hammer.iter().map(|qs| qs.iter().map(|q| emulator.answer(q)).collect()).collect();
    for (chat, got) in hammered.iter().zip(&answers) {
        let notices = got.iter().filter(|a| a.alert && a.text.starts_with(SLOW_DOWN)).count();
        let engine = got.iter().filter(|a| a.text == ALREADY_IN).count();
        let silent = got.iter().filter(|a| !a.alert && a.text.is_empty()).count();
        assert_eq!(notices, 1, "chat {chat}: {got:?}");
        assert_eq!(engine, BURST - 1, "chat {chat}: {got:?}");
        assert_eq!(silent, rounds - BURST, "chat {chat}: {got:?}");
    }
    let queries: Vec<String> =
        emulator.with(|s| s.answers.iter().map(|a| a.query.clone()).collect());
    let unique: std::collections::HashSet<&String> = queries.iter().collect();
    assert_eq!(unique.len(), queries.len(), "a press answered twice");

    // The other chats' presses were all moves (`step` checks each was answered without an
    // alert and shown on the board), and each chat's first was answered while the hammering
    // went on, not after it.
    let order = |query: &String| queries.iter().position(|q| q == query).unwrap();
    let last_hammer = hammer.iter().flatten().map(order).max().unwrap();
    for ((chat, _), made) in others.iter().zip(&moves) {
        assert_eq!(made.len(), 2, "chat {chat}");
        let first = order(&made[0]);
        assert!(
            first < last_hammer,
            "chat {chat}: its first move was answer {first}, after Mallory's last press \
             ({last_hammer}; {answered_before} answers before the hammering)"
        );
    }

    // A refused press changes nothing: Mallory's Leave, over his limit, leaves him seated.
    emulator.settle();
    let shown = |chat: i64| -> Vec<(i64, u32, String)> {
        emulator.bot_messages(chat).iter().map(|m| (m.id, m.edits, m.plain())).collect()
    };
    let before = shown(hammered[0]);
    let lobby = play::live_board(&emulator, hammered[0]).expect("the lobby");
    assert!(lobby.plain().contains("Mallory"));
    let left = play::press(&emulator, &mallory, &lobby, &key(&lobby, "Leave"));
    assert!(!left.alert && left.text.is_empty(), "{left:?}");
    emulator.settle();
    assert_eq!(shown(hammered[0]), before, "a refused press changed the chat");
    // Nobody else in that chat is limited: the opener's Leave is heard.
    let opener = TestUser::new(6000, "Opener0");
    let gone = play::press(&emulator, &opener, &lobby, &key(&lobby, "Leave"));
    assert!(!gone.text.starts_with(SLOW_DOWN), "{gone:?}");
    play::wait_edit(&emulator, &lobby);
    assert_eq!(emulator.limited(), 0, "no 429 provoked");
}

#[test]
fn the_caps_refuse_with_their_limit_and_oversized_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let _bot = spawn(&emulator, dir.path());
    let ann = TestUser::new(8001, "Ann");

    // Two open lobbies are Ann's limit: the third is refused, naming it; after a /cancel it opens.
    let chats: Vec<i64> = (0..3).map(|i| -100_900 - i).collect();
    for (i, chat) in chats.iter().enumerate() {
        emulator.group(*chat, &format!("Lobbies {i}"), false);
    }
    lobby(&emulator, chats[0], &ann);
    lobby(&emulator, chats[1], &ann);
    let refused = reply(&emulator, chats[2], None, &ann, "/play aeroplane");
    let text = refused.plain();
    assert!(text.contains("open lobbies") && text.contains("limit: 2"), "{text}");
    assert!(refused.key("Join").is_none(), "a lobby opened over the cap: {text}");
    let cancelled = reply(&emulator, chats[0], None, &ann, "/cancel");
    assert!(!cancelled.plain().contains("limit"), "{}", cancelled.plain());
    lobby(&emulator, chats[2], &ann);

    // A forum holds two games at once across its topics: a third topic's /play is refused.
    let forum = -100_950;
    emulator.group(forum, "Forum", true);
    for topic in [1, 2] {
        let opener = TestUser::new(8100 + topic, &format!("Topic{topic}"));
        let sent = reply(&emulator, forum, Some(topic), &opener, "/play aeroplane");
        assert!(sent.plain().contains("New game"), "{}", sent.plain());
    }
    let third = TestUser::new(8103, "Topic3");
    let refused = reply(&emulator, forum, Some(3), &third, "/play aeroplane");
    let text = refused.plain();
    assert!(text.contains("games under way") && text.contains("limit: 2"), "{text}");
    assert_eq!(refused.thread, Some(3), "the refusal answers in the topic");

    // Oversized: a command and a typed move, each with its limit; and button data not ours.
    let chat = -100_960;
    emulator.group(chat, "Sizes", false);
    let bea = TestUser::new(8201, "Bea");
    let long = format!("/play aeroplane {}", "x".repeat(400));
    let refused = reply(&emulator, chat, None, &bea, &long);
    assert!(refused.plain().contains("at most 300 characters"), "{}", refused.plain());
    assert!(refused.plain().len() < 400, "the refusal quotes what was typed");
    let refused = reply(&emulator, chat, None, &bea, &format!("/move {}", "a1 ".repeat(60)));
    assert!(refused.plain().contains("at most 120 characters"), "{}", refused.plain());
    let lobby = lobby(&emulator, chat, &bea);
    let forged = play::press(&emulator, &bea, &lobby, &"z".repeat(64));
    assert!(forged.alert && forged.text.contains("not one I recognise"), "{forged:?}");
    assert_eq!(emulator.limited(), 0, "no 429 provoked");
}
