//! A thread per game (`/threads on`, docs/threads.md), through the engine and its local
//! platform over real sled: the local platform opens a thread the way a Telegram forum opens a
//! topic (in the same chat) and reports it back as a platform's deliverer does.

mod common;

use common::{Chatroom, answer, buttons_of, mover, said, table, user};
use igroteka::app::{Action, App, AppConfig, Chat, Dest, Effect, Input, Message, input_from_text};
use igroteka::outbox;
use igroteka::store::{SledStore, Store};
use igroteka::table::{ChatId, Platform, Status, THREAD_WAIT_MS};

/// A Telegram group in which Alice is an admin.
fn group() -> Chatroom {
    let mut room = Chatroom::temporary();
    room.on = Platform::Telegram;
    room
}

/// `line` from an admin of the room's chat.
fn as_admin(room: &mut Chatroom, name: &str, line: &str) -> Vec<Effect> {
    room.now += 1000;
    let admin = igroteka::app::User { admin: true, ..user(name) };
    let input = input_from_text(room.on, room.chat.clone(), admin, room.now, line);
    room.run(&input)
}

fn main_chat(room: &Chatroom) -> Dest {
    Dest::Chat { chat: room.chat.id.clone(), thread: None }
}

/// Every message sent or edited to `to`, as delivered, in order.
fn messages_to<'a>(room: &'a Chatroom, to: &Dest) -> Vec<&'a Message> {
    room.seen
        .iter()
        .filter_map(|d| match &d.effect {
            Effect::Send { to: t, message } | Effect::Edit { to: t, message, .. } if t == to => {
                Some(message)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_setting_is_an_admins_choice_for_the_whole_group() {
    let mut room = group();
    assert!(said(&room.send("Bob", "/threads")).contains("Games play here in the chat"));
    assert!(said(&room.send("Bob", "/threads on")).contains("Only an admin"));
    assert!(said(&room.send("Bob", "/threads")).contains("Games play here"), "unchanged");
    assert!(said(&as_admin(&mut room, "Alice", "/threads sometimes")).contains("/threads on or"));
    let on = said(&as_admin(&mut room, "Alice", "/threads on"));
    assert!(on.contains("topic of its own") && on.contains("Manage topics"), "{on}");
    assert!(said(&room.send("Bob", "/threads")).contains("thread of its own"));
    // In a forum topic, the setting is not that topic's: it is the group's.
    room.chat.thread = Some("5".into());
    assert!(said(&as_admin(&mut room, "Alice", "/threads off")).contains("General topic"));
    room.chat.thread = None;
    assert!(said(&room.send("Bob", "/threads")).contains("thread of its own"), "still on");
    // A private chat has no games of a group.
    room.chat = Chat { id: "private-bob".into(), private: true, thread: None, server: None };
    assert!(said(&room.send("Bob", "/threads on")).contains("a group's setting"));
    // The console has no threads at all.
    let mut console = Chatroom::temporary();
    assert!(said(&as_admin(&mut console, "Alice", "/threads on")).contains("no threads"));
}

/// From the lobby to the end: the lobby stays in the group, the game plays in its own topic
/// (opened when Start is pressed, with its players in its name), the group is free for another
/// game meanwhile, and the game ends in the group too, where it counts and offers Rematch.
#[test]
fn a_game_plays_in_its_own_thread_from_start_to_end() {
    let mut room = group();
    as_admin(&mut room, "Alice", "/threads on");
    room.send("Alice", "/play aeroplane");
    room.press("Bob", &room.button("Join").unwrap());
    let start = room.button("Start").unwrap();
    let lobby_join = room.button("Join").unwrap();
    let before = room.seen.len();
    let pressed = room.press("Alice", &start);
    assert!(answer(&pressed).is_some_and(|(t, alert)| !alert && t.contains("play")));

    // The thread, opened in the group, named after the game and its players.
    let opened: Vec<(Dest, String, String, u64)> = room.seen[before..]
        .iter()
        .filter_map(|d| match (&d.effect, &d.message_id) {
            (Effect::OpenThread { to, name, table }, Some(id)) => {
                Some((to.clone(), name.clone(), id.clone(), *table))
            }
            _ => None,
        })
        .collect();
    assert_eq!(opened.len(), 1, "one thread");
    let (to, name, thread_id, asked_by) = opened[0].clone();
    let thread_id = thread_id.as_str();
    assert_eq!(to, main_chat(&room));
    assert!(name.contains("Alice, Bob"), "{name}");
    let thread = Dest::Chat { chat: room.chat.id.clone(), thread: Some(thread_id.to_string()) };

    // The lobby stays in the group, its buttons gone, saying where the game went.
    let lobby = messages_to(&room, &main_chat(&room));
    let last = lobby.last().unwrap();
    assert!(last.buttons.is_empty() && last.text.contains("thread"), "{}", last.text);
    // Everything after that for the game is in its thread: the board first.
    let in_thread = messages_to(&room, &thread);
    assert!(in_thread.first().is_some_and(|m| m.board.is_some() && !m.buttons.is_empty()));
    let moved = table(&room);
    assert_eq!(moved.chat.thread.as_deref(), Some(thread_id));
    assert_eq!(moved.home.as_ref().map(|h| h.thread.clone()), Some(None));
    assert_eq!((moved.status, moved.opening), (Status::Playing, None));
    assert_eq!(asked_by, moved.id, "the thread is the table's");
    let game = |room: &Chatroom| room.store().load(moved.id).unwrap().unwrap();

    // A Join pressed late on the old lobby changes nothing.
    let late = room.press_in_group("Carol", &lobby_join);
    assert!(answer(&late).is_some_and(|(_, alert)| alert));
    assert_eq!(game(&room).players.len(), 2);

    // The group is free: another game gathers there while this one plays, and goes.
    let other = room.send("Carol", "/play tanks");
    assert!(other.iter().any(|e| matches!(e, Effect::Send { to, .. } if *to == main_chat(&room))));
    assert!(room.button("Join").is_some(), "Carol's lobby in the group");
    room.send("Carol", "/cancel");
    // A game command in the group does not reach the game in its thread.
    assert!(said(&room.send("Bob", "/resign")).contains("no game"), "not here");

    // A few moves in the thread, pressed there.
    for _ in 0..6 {
        let Some((who, token)) = mover(&room, &["Alice", "Bob"]) else { break };
        let before = room.seen.len();
        room.press(&who, &token);
        let elsewhere = room.seen[before..].iter().any(|d| {
            matches!(&d.effect, Effect::Send { to, message } | Effect::Edit { to, message, .. }
                if *to == main_chat(&room) && message.board.is_some())
        });
        assert!(!elsewhere, "no board of the game in the group while it plays");
    }

    // Bob resigns in the thread; the end is told there, and in the group.
    room.chat.thread = Some(thread_id.to_string());
    room.send("Bob", "/resign");
    room.chat.thread = None;
    assert_eq!(game(&room).status, Status::Finished);
    let home_end = messages_to(&room, &main_chat(&room));
    let end = home_end.last().unwrap();
    assert!(end.board.is_some(), "the final board in the group");
    let buttons = buttons_of(end);
    let rematch = buttons.iter().find(|(t, _)| t.contains("Rematch")).map(|(_, t)| t.clone());
    assert!(buttons.iter().any(|(t, _)| t.contains("Replay")), "{buttons:?}");
    // The game counts in the group's history.
    assert!(said(&room.send("Carol", "/history")).contains("Alice"), "listed in the group");

    // Rematch from the group: a new lobby there, Alice asked to join.
    let pressed = room.press("Bob", &rematch.expect("Rematch in the group"));
    assert!(answer(&pressed).is_some_and(|(_, alert)| !alert), "{pressed:?}");
    let next = table(&room);
    assert_eq!(
        (next.status, next.chat.thread.clone(), next.home.clone()),
        (Status::Lobby, None, None)
    );
    assert!(messages_to(&room, &main_chat(&room)).last().unwrap().text.contains("Alice"));
}

/// The engine alone (no deliverer): what a platform's refusal, or its silence, comes to.
struct Bare {
    app: App<SledStore>,
    now: u64,
}

impl Bare {
    fn new() -> Bare {
        Bare { app: App::new(SledStore::temporary().unwrap(), AppConfig::default()), now: 1_000 }
    }

    fn input(&mut self, name: &str, admin: bool, action: Action) -> Input {
        self.now += 1_000;
        let chat = Chat { id: "-100".into(), private: false, thread: None, server: None };
        let user = igroteka::app::User { admin, ..user(name) };
        Input { platform: Platform::Telegram, chat, user, now: self.now, action }
    }

    fn say(&mut self, name: &str, admin: bool, line: &str) -> Vec<Effect> {
        let input = self.input(name, admin, Action::Text { text: String::new() });
        let input = input_from_text(input.platform, input.chat, input.user, input.now, line);
        self.app.handle(&input)
    }

    /// A lobby of Alice and Bob, Start pressed: the table waiting for its thread.
    fn started(&mut self) -> u64 {
        self.say("Alice", true, "/threads on");
        self.say("Alice", false, "/play aeroplane");
        let chat = ChatId { platform: Platform::Telegram, chat: "-100".into(), thread: None };
        let id = self.app.store().chat_table(&chat).unwrap().unwrap();
        for (who, op) in [("Bob", "j"), ("Alice", "s")] {
            let table = self.app.store().load(id).unwrap().unwrap();
            let token = igroteka::app::token::Token::new(id, table.seq, op_of(op)).encode();
            let input = self.input(who, false, Action::Press { token, message_id: None });
            self.app.handle(&input);
        }
        id
    }

    /// What the table's outbox holds now: its lobby edit, its thread, its board...
    fn outbox(&self, id: u64) -> Vec<Effect> {
        outbox::pending(self.app.store(), id).unwrap().into_iter().map(|p| p.effect).collect()
    }
}

fn op_of(op: &str) -> igroteka::app::token::Op {
    match op {
        "j" => igroteka::app::token::Op::Join,
        _ => igroteka::app::token::Op::Start,
    }
}

fn board_in(effects: &[Effect], to: &Dest) -> Option<Message> {
    effects.iter().rev().find_map(|e| match e {
        Effect::Show { to: t, message, .. } if t == to && message.board.is_some() => {
            Some(message.clone())
        }
        _ => None,
    })
}

#[test]
fn a_refused_thread_starts_the_game_in_the_group_with_a_note() {
    let mut bare = Bare::new();
    let id = bare.started();
    let waiting = bare.app.store().load(id).unwrap().unwrap();
    assert_eq!((waiting.status, waiting.opening.is_some()), (Status::Lobby, true));
    let queued = bare.outbox(id);
    assert!(queued.iter().any(|e| matches!(e, Effect::OpenThread { .. })), "{queued:?}");
    let group = Dest::Chat { chat: "-100".into(), thread: None };
    assert!(board_in(&queued, &group).is_none(), "no board before the thread is there");

    // The platform refused (a group without topics).
    let report = Input::thread_report(Platform::Telegram, id, None, bare.now + 500);
    bare.app.handle(&report);
    let playing = bare.app.store().load(id).unwrap().unwrap();
    assert_eq!(
        (playing.status, playing.home.clone(), playing.opening),
        (Status::Playing, None, None)
    );
    let board = board_in(&bare.outbox(id), &group).expect("the board in the group");
    assert!(board.text.contains("could not open a topic"), "{}", board.text);
    // A second report (a retried delivery) changes nothing.
    let topic = Dest::Chat { chat: "-100".into(), thread: Some("9".into()) };
    bare.app.handle(&Input::thread_report(Platform::Telegram, id, Some(topic), bare.now + 900));
    assert_eq!(bare.app.store().load(id).unwrap().unwrap(), playing);
}

#[test]
fn a_thread_never_reported_starts_the_game_in_the_group_when_its_time_is_up() {
    let mut bare = Bare::new();
    let id = bare.started();
    let asked = bare.app.store().load(id).unwrap().unwrap().opening.unwrap();
    let tick = |bare: &mut Bare, at: u64| {
        let input = Input { now: at, ..bare.input("", false, Action::Tick) };
        bare.app.handle(&input);
    };
    tick(&mut bare, asked + THREAD_WAIT_MS - 1);
    assert_eq!(bare.app.store().load(id).unwrap().unwrap().status, Status::Lobby, "still waiting");
    tick(&mut bare, asked + THREAD_WAIT_MS);
    let table = bare.app.store().load(id).unwrap().unwrap();
    assert_eq!((table.status, table.chat.thread.clone()), (Status::Playing, None));
    let group = Dest::Chat { chat: "-100".into(), thread: None };
    let board = board_in(&bare.outbox(id), &group).expect("the board in the group");
    assert!(board.text.contains("could not open"), "{}", board.text);
    // The thread's report, come late, changes nothing.
    let topic = Dest::Chat { chat: "-100".into(), thread: Some("9".into()) };
    bare.app.handle(&Input::thread_report(Platform::Telegram, id, Some(topic), asked + 70_000));
    assert_eq!(bare.app.store().load(id).unwrap().unwrap(), table);
}

#[test]
fn a_chat_without_the_setting_and_a_solo_table_play_where_they_are() {
    let mut room = group();
    common::start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    assert!(!room.seen.iter().any(|d| matches!(d.effect, Effect::OpenThread { .. })));
    assert_eq!(table(&room).chat.thread, None);
    // With the setting on, a game against computers in a private chat stays there.
    let mut solo = group();
    as_admin(&mut solo, "Alice", "/threads on");
    solo.chat = Chat { id: "private-alice".into(), private: true, thread: None, server: None };
    solo.send("Alice", "/play aeroplane");
    solo.press("Alice", &solo.button("🤖 + easy").unwrap());
    solo.press("Alice", &solo.button("Start").unwrap());
    assert!(!solo.seen.iter().any(|d| matches!(d.effect, Effect::OpenThread { .. })));
}
