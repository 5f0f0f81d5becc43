//! The conversation as a chat sees it, over the local platform and real sled: one live board
//! per game edited in place, one ping for the player to move, the group's language, stale
//! presses that heal the live board, undelivered messages that survive a crash, and players the
//! bot cannot reach privately.

mod common;

use common::{Chatroom, answer, is_ping, start_game};
use igroteka::app::local::{Delivered, LocalPlatform};
use igroteka::app::{Action, App, AppConfig, Dest, Effect, Input, Message, User};
use igroteka::outbox::{self, Failure, Messenger, Slot};
use igroteka::store::{SledStore, Store};
use igroteka::table::Platform;

/// What the group shows after everything delivered so far: message id → message, in order of
/// sending; edits replace, deletes remove, strips drop the buttons.
fn group_chat(room: &Chatroom) -> Vec<(String, Message)> {
    let mut shown: Vec<(String, Message)> = Vec::new();
    for d in &room.seen {
        match (&d.effect, &d.message_id) {
            (Effect::Send { to: Dest::Chat { .. }, message }, Some(id)) => {
                shown.push((id.clone(), message.clone()))
            }
            (Effect::Edit { to: Dest::Chat { .. }, message_id, message }, _) => {
                for (id, m) in shown.iter_mut() {
                    if id == message_id {
                        *m = message.clone();
                    }
                }
            }
            (Effect::Delete { to: Dest::Chat { .. }, message_id }, _) => {
                shown.retain(|(id, _)| id != message_id)
            }
            (Effect::Strip { to: Dest::Chat { .. }, message_id }, _) => {
                for (id, m) in shown.iter_mut() {
                    if id == message_id {
                        m.buttons.clear();
                    }
                }
            }
            _ => {}
        }
    }
    shown
}

/// Every message of every chat (group and private) as the platform shows it after what was
/// delivered so far, with whether it carries buttons now; and the strips of a message that
/// had none (Telegram answers them "message is not modified", a call wasted).
fn buttons_everywhere(seen: &[Delivered]) -> (Vec<(String, bool)>, Vec<String>) {
    let mut shown: Vec<(String, bool)> = Vec::new();
    let mut needless = Vec::new();
    for d in seen {
        match (&d.effect, &d.message_id) {
            (Effect::Send { message, .. }, Some(id)) => {
                shown.push((id.clone(), !message.buttons.is_empty()))
            }
            (Effect::Edit { message_id, message, .. }, _) => {
                for (_, buttons) in shown.iter_mut().filter(|(id, _)| id == message_id) {
                    *buttons = !message.buttons.is_empty();
                }
            }
            (Effect::Delete { message_id, .. }, _) => shown.retain(|(id, _)| id != message_id),
            (Effect::Strip { message_id, .. }, _) => {
                for (_, buttons) in shown.iter_mut().filter(|(id, _)| id == message_id) {
                    if !*buttons {
                        needless.push(message_id.clone());
                    }
                    *buttons = false;
                }
            }
            _ => {}
        }
    }
    (shown, needless)
}

fn live_buttons(chat: &[(String, Message)]) -> Vec<&(String, Message)> {
    chat.iter().filter(|(_, m)| m.board.is_some() && !m.buttons.is_empty()).collect()
}

/// Plays an Aeroplane Chess game for two by always pressing the first button of the board.
fn play_some(room: &mut Chatroom, presses: usize) {
    for _ in 0..presses {
        let text = room.latest_text();
        let Some(name) =
            ["Alice", "Bob"].into_iter().find(|n| text.contains(&format!("{n}, your turn")))
        else {
            return;
        };
        let Some((_, token)) = room.latest_buttons().into_iter().next() else { return };
        let effects = room.press(name, &token);
        assert!(answer(&effects).is_some_and(|(_, alert)| !alert), "{effects:?}");
    }
}

#[test]
fn the_group_keeps_one_board_edited_in_place_and_at_most_one_ping() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    play_some(&mut room, 60);
    let chat = group_chat(&room);
    let boards: Vec<_> = chat.iter().filter(|(_, m)| m.board.is_some()).collect();
    assert_eq!(boards.len(), 1, "one board message in the group: {:#?}", chat.len());
    let pings: Vec<_> = chat.iter().filter(|(_, m)| is_ping(m)).collect();
    assert!(pings.len() <= 1, "at most one ping: {pings:#?}");
    // The lobby became history without buttons; nothing but the live board has buttons.
    assert_eq!(live_buttons(&chat).len(), 1);
    assert!(chat.iter().filter(|(_, m)| m.board.is_none()).all(|(_, m)| m.buttons.is_empty()));
    // The board was edited, not sent again, as the game went on.
    let sends = room
        .seen
        .iter()
        .filter(|d| matches!(&d.effect, Effect::Send { to: Dest::Chat { .. }, message } if message.board.is_some()))
        .count();
    assert_eq!(sends, 1, "the board is sent once and edited after");
}

#[test]
fn the_ping_mentions_the_player_to_move_and_goes_when_the_turn_passes() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let chat = group_chat(&room);
    let ping = chat.iter().find(|(_, m)| is_ping(m)).expect("a ping at the start");
    assert_eq!(ping.1.mentions.len(), 1);
    assert_eq!(ping.1.mentions[0].name, "Alice");
    let first_ping = ping.0.clone();
    // Play until the turn passes to Bob.
    for _ in 0..10 {
        if room.latest_text().contains("Bob, your turn") {
            break;
        }
        play_some(&mut room, 1);
    }
    assert!(room.latest_text().contains("Bob, your turn"), "{}", room.latest_text());
    let chat = group_chat(&room);
    let pings: Vec<_> = chat.iter().filter(|(_, m)| is_ping(m)).collect();
    assert_eq!(pings.len(), 1, "{pings:#?}");
    assert_eq!(pings[0].1.mentions[0].name, "Bob");
    assert!(
        room.seen.iter().any(
            |d| matches!(&d.effect, Effect::Delete { message_id, .. } if *message_id == first_ping)
        ),
        "Alice's ping was deleted"
    );
}

#[test]
fn board_brings_a_fresh_board_and_the_old_one_loses_its_buttons() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let before = group_chat(&room);
    let (old, _) = live_buttons(&before)[0].clone();
    room.send("Carol", "/board");
    let chat = group_chat(&room);
    let live = live_buttons(&chat);
    assert_eq!(live.len(), 1, "one board with buttons");
    assert_ne!(live[0].0, old, "the fresh board is a new message");
    assert!(
        chat.iter().any(|(id, m)| *id == old && m.buttons.is_empty()),
        "the old board lost its buttons"
    );
}

#[test]
fn group_messages_keep_the_language_of_the_game_and_private_ones_follow_the_user() {
    let mut room = Chatroom::temporary();
    let russian = |name: &str| User { lang: Some("ru".into()), ..common::user(name) };
    let english = |name: &str| User { lang: Some("en".into()), ..common::user(name) };
    room.now += 1000;
    let play = igroteka::app::input_from_text(
        Platform::Console,
        room.chat.clone(),
        russian("Alice"),
        room.now,
        "/play aeroplane",
    );
    room.run(&play);
    assert!(room.latest_text().contains("Новая игра"), "{}", room.latest_text());
    let join = room.button("Играю").expect("a Join button in Russian");
    room.now += 1000;
    let press = Input {
        platform: Platform::Console,
        chat: room.chat.clone(),
        user: english("Bob"),
        now: room.now,
        action: Action::Press {
            token: join,
            message_id: room.message_with(&room.button("Играю").unwrap()).map(|(id, _)| id),
        },
    };
    let effects = room.run(&press);
    assert!(
        room.latest_text().contains("Новая игра"),
        "Bob's press kept the group's language: {}",
        room.latest_text()
    );
    // The answer to Bob's own press is his alone: in his language.
    assert!(answer(&effects).is_some_and(|(t, _)| t.is_ascii() || t.is_empty()), "{effects:?}");
    // In a group, only a chat admin or the game's creator changes the language.
    room.now += 1000;
    let lang = igroteka::app::input_from_text(
        Platform::Console,
        room.chat.clone(),
        english("Bob"),
        room.now,
        "/lang en",
    );
    room.run(&lang);
    assert!(room.latest_text().contains("chat admin"), "{}", room.latest_text());
    room.send("Bob", "/board");
    assert!(room.latest_text().contains("Новая игра"), "{}", room.latest_text());
    // A chat admin's /lang choice wins over the creator's language.
    room.now += 1000;
    let admin = User { admin: true, ..english("Bob") };
    let lang = igroteka::app::input_from_text(
        Platform::Console,
        room.chat.clone(),
        admin,
        room.now,
        "/lang en",
    );
    room.run(&lang);
    room.send("Bob", "/board");
    assert!(room.latest_text().contains("New game"), "{}", room.latest_text());
}

#[test]
fn a_stale_press_on_the_live_board_shows_it_as_it_stands() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let roll = room.button("Roll").unwrap();
    let board = room.message_with(&roll).unwrap().0;
    room.press("Alice", &roll);
    let table = room
        .store()
        .chat_table(&igroteka::table::ChatId {
            platform: Platform::Console,
            chat: room.chat.id.clone(),
            thread: None,
        })
        .unwrap()
        .unwrap();
    let stored = room.store().load(table).unwrap();
    // Alice's client still shows the Roll button on the live board: pressing it again heals.
    let input = Input {
        platform: Platform::Console,
        chat: room.chat.clone(),
        user: common::user("Alice"),
        now: room.now + 5,
        action: Action::Press { token: roll, message_id: Some(board.clone()) },
    };
    let effects = room.run(&input);
    let (text, alert) = answer(&effects).unwrap();
    assert!(!alert && text.contains("as it stands"), "{text}");
    let edited = effects.iter().find_map(|e| match e {
        Effect::Edit { message_id, message, .. } if *message_id == board => Some(message),
        _ => None,
    });
    let edited = edited.expect("the live board is edited");
    assert!(!edited.buttons.is_empty());
    assert_eq!(room.store().load(table).unwrap(), stored, "nothing changed");
}

#[test]
fn messages_saved_before_a_crash_are_delivered_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), 8 << 20).unwrap();
    let mut room = Chatroom::new(store);
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let roll = room.button("Roll").unwrap();
    let board = room.message_with(&roll).unwrap().0;
    // The press is handled and flushed, but the process dies before delivering.
    let input = Input {
        platform: Platform::Console,
        chat: room.chat.clone(),
        user: common::user("Alice"),
        now: room.now + 1,
        action: Action::Press { token: roll.clone(), message_id: Some(board.clone()) },
    };
    let effects = room.platform.app.handle(&input);
    assert!(answer(&effects).is_some_and(|(_, alert)| !alert));
    drop(room);
    // Restart on the same folder.
    let store = SledStore::open(dir.path(), 8 << 20).unwrap();
    let mut platform = LocalPlatform::new(App::new(store, AppConfig::default()));
    let resumed = platform.resume(Platform::Console);
    let edited = resumed.iter().find_map(|d| match &d.effect {
        Effect::Edit { message_id, message, .. } if *message_id == board => Some(message),
        _ => None,
    });
    let edited = edited.expect("the move's board is delivered after the restart");
    assert!(edited.text.contains("Alice rolled"), "the board shows the roll: {}", edited.text);
    assert!(platform.resume(Platform::Console).is_empty(), "delivered once");
}

/// A messenger whose private messages to `closed` fail as a platform's 403 / 50007 do; every
/// call it made is kept, as the local platform's are.
struct ClosedDms {
    closed: &'static str,
    private_attempts: std::cell::Cell<usize>,
    next: std::cell::Cell<u64>,
    calls: std::cell::RefCell<Vec<Delivered>>,
}

impl ClosedDms {
    fn new(closed: &'static str) -> ClosedDms {
        ClosedDms { closed, private_attempts: 0.into(), next: 0.into(), calls: Default::default() }
    }

    fn made(&self, effect: Effect, message_id: Option<String>) {
        self.calls.borrow_mut().push(Delivered { effect, message_id });
    }
}

impl Messenger for ClosedDms {
    async fn ready(&self, _to: &Dest) {}
    async fn send(&self, to: &Dest, m: &Message) -> Result<String, Failure> {
        if matches!(to, Dest::User { user } if user == self.closed) {
            self.private_attempts.set(self.private_attempts.get() + 1);
            return Err(Failure::Unreachable);
        }
        self.next.set(self.next.get() + 1);
        let id = format!("x{}", self.next.get());
        self.made(Effect::Send { to: to.clone(), message: m.clone() }, Some(id.clone()));
        Ok(id)
    }
    async fn edit(&self, to: &Dest, id: &str, m: &Message) -> Result<(), Failure> {
        let message_id = id.to_string();
        self.made(Effect::Edit { to: to.clone(), message_id, message: m.clone() }, None);
        Ok(())
    }
    async fn delete(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        self.made(Effect::Delete { to: to.clone(), message_id: id.to_string() }, None);
        Ok(())
    }
    async fn strip(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        self.made(Effect::Strip { to: to.clone(), message_id: id.to_string() }, None);
        Ok(())
    }
    async fn open_thread(&self, _: &Dest, _: &str, _: Option<&str>) -> Result<Dest, Failure> {
        Err(Failure::Permanent("no threads".into()))
    }
}

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
    }
}

#[test]
fn an_unreachable_player_is_noted_once_per_game_and_not_written_to_again() {
    let store = SledStore::temporary().unwrap();
    let mut app = App::new(store.clone(), AppConfig::default());
    let messenger = ClosedDms::new("bob");
    let chat = igroteka::app::Chat { id: "g".into(), private: false, thread: None, server: None };
    let mut notes = 0;
    let deliver_all = |app: &mut App<SledStore>, notes: &mut usize| {
        for table in app.take_dirty() {
            let report =
                block_on(outbox::deliver(&store, Platform::Console, table, &messenger)).unwrap();
            for user in report.unreachable {
                let input = Input {
                    platform: Platform::Console,
                    chat: chat.clone(),
                    user: common::user(&user),
                    now: 1,
                    action: Action::Unreachable { table },
                };
                app.handle(&input);
                for entry in outbox::pending(&store, table).unwrap() {
                    if let Effect::Show { message, slot: Slot::Note { .. }, .. } = &entry.effect {
                        if message.text.contains("can't message you privately") {
                            *notes += 1;
                        }
                    }
                }
                block_on(outbox::deliver(&store, Platform::Console, table, &messenger)).unwrap();
            }
        }
    };
    let line = |app: &mut App<SledStore>, who: &str, text: &str| {
        app.handle(&igroteka::app::input_from_text(
            Platform::Console,
            chat.clone(),
            common::user(who),
            1,
            text,
        ))
    };
    line(&mut app, "Alice", "/play tanks");
    deliver_all(&mut app, &mut notes);
    line(&mut app, "Bob", "/join");
    deliver_all(&mut app, &mut notes);
    assert_eq!(messenger.private_attempts.get(), 1, "the private hello was tried once");
    assert_eq!(notes, 1, "one note in the group");
    line(&mut app, "Alice", "/startgame");
    deliver_all(&mut app, &mut notes);
    line(&mut app, "Alice", "/board");
    deliver_all(&mut app, &mut notes);
    assert_eq!(messenger.private_attempts.get(), 1, "no private send is tried again");
    assert_eq!(notes, 1, "still one note");
    // Bob opens the private chat: his set-up comes.
    let private =
        igroteka::app::Chat { id: "bob".into(), private: true, thread: None, server: None };
    app.handle(&igroteka::app::input_from_text(
        Platform::Console,
        private,
        common::user("Bob"),
        2,
        "/start go",
    ));
    assert!(!store.is_unreachable(Platform::Console, "bob").unwrap());
    let tables = app.take_dirty();
    assert_eq!(tables.len(), 1);
    let pending = outbox::pending(&store, tables[0]).unwrap();
    assert!(
        pending.iter().any(|p| matches!(&p.effect, Effect::Show { to: Dest::User { user }, slot: Slot::Private { .. }, .. } if user == "bob")),
        "{pending:?}"
    );
}

#[test]
fn a_chat_may_keep_a_new_board_every_turn_as_history() {
    let mut room = Chatroom::temporary();
    let usage = room.send("Alice", "/boards");
    assert!(format!("{usage:?}").contains("Boards here: edit"), "{usage:?}");
    room.send("Alice", "/boards new");
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    for _ in 0..40 {
        if room.latest_text().contains("Bob, your turn") {
            break;
        }
        play_some(&mut room, 1);
    }
    assert!(room.latest_text().contains("Bob, your turn"), "{}", room.latest_text());
    let chat = group_chat(&room);
    let boards: Vec<_> = chat.iter().filter(|(_, m)| m.board.is_some()).collect();
    assert!(boards.len() >= 2, "a new board when the turn passed: {}", boards.len());
    assert_eq!(live_buttons(&chat).len(), 1, "only the newest board has buttons");
    room.send("Alice", "/boards edit");
    let before = group_chat(&room).iter().filter(|(_, m)| m.board.is_some()).count();
    play_some(&mut room, 12);
    let after = group_chat(&room).iter().filter(|(_, m)| m.board.is_some()).count();
    assert_eq!(before, after, "back to one board edited in place");
}

/// An input delivered twice under the key of its platform update (Telegram resends an update
/// it got no confirmation for) is handled once, whether the second copy comes in the same
/// batch or after a restart; the same input under another key is handled again.
#[test]
fn an_update_delivered_twice_is_handled_once() {
    let dir = tempfile::tempdir().unwrap();
    let play = Input {
        platform: Platform::Console,
        chat: igroteka::app::Chat { id: "g".into(), private: false, thread: None, server: None },
        user: User { id: "alice".into(), name: "Alice".into(), admin: false, lang: None },
        now: 1_000,
        action: Action::Command { name: "play".into(), args: vec!["aeroplane".into()] },
    };
    let help =
        Input { action: Action::Command { name: "help".into(), args: vec![] }, ..play.clone() };
    {
        let mut app = App::new(SledStore::open(dir.path(), 1 << 20).unwrap(), AppConfig::default());
        let out = app.handle_batch_once(&[(&play, Some("tg:7")), (&play, Some("tg:7"))]);
        assert!(out[0].is_some(), "the first copy is handled");
        assert!(out[1].is_none(), "the second copy in the same batch is not");
        let table = app.store().chat_table(&play.chat_id()).unwrap().expect("a lobby");
        assert_eq!(app.take_dirty(), vec![table], "one lobby queued");
        let out = app.handle_batch_once(&[(&help, Some("tg:8")), (&help, None)]);
        assert!(out.iter().all(|o| o.as_ref().is_some_and(|e| !e.is_empty())));
    }
    let mut app = App::new(SledStore::open(dir.path(), 1 << 20).unwrap(), AppConfig::default());
    let table = app.store().chat_table(&play.chat_id()).unwrap().expect("the lobby");
    let before = app.store().outbox(table).unwrap().len();
    let out = app.handle_batch_once(&[(&play, Some("tg:7")), (&help, Some("tg:8"))]);
    assert_eq!(out, vec![None, None], "copies after a restart are dropped");
    assert_eq!(app.store().outbox(table).unwrap().len(), before, "nothing queued again");
    assert!(app.take_dirty().is_empty());
    let again = app.handle_batch_once(&[(&play, Some("tg:9"))]);
    let replies = again[0].as_ref().expect("a new update is handled");
    assert!(!replies.is_empty(), "a second /play is answered (a game is already open)");
}

/// Handles `text` from `who` in group `g` (or in their private chat) and delivers everything
/// it queued through `messenger`, the group notes about unreachable players included.
fn said(
    app: &mut App<SledStore>,
    messenger: &ClosedDms,
    (who, private): (&str, bool),
    text: &str,
) -> Vec<Effect> {
    let id = if private { who.to_lowercase() } else { "g".into() };
    let chat = igroteka::app::Chat { id, private, thread: None, server: None };
    let input = igroteka::app::input_from_text(Platform::Console, chat, common::user(who), 1, text);
    let effects = app.handle(&input);
    deliver_everything(app, messenger);
    effects
}

fn deliver_everything(app: &mut App<SledStore>, messenger: &ClosedDms) {
    let store = app.store().clone();
    let mut dirty = app.take_dirty();
    while let Some(table) = dirty.pop() {
        let report =
            block_on(outbox::deliver(&store, Platform::Console, table, messenger)).unwrap();
        for user in report.unreachable {
            let chat =
                igroteka::app::Chat { id: "g".into(), private: false, thread: None, server: None };
            let action = Action::Unreachable { table };
            let input = Input {
                platform: Platform::Console,
                chat,
                user: common::user(&user),
                now: 1,
                action,
            };
            app.handle(&input);
            dirty.extend(app.take_dirty());
        }
    }
}

/// When a game ends, every message of it that carries buttons loses them — the board, each
/// player's private prompt, and the note about a player the bot cannot reach, whose button
/// would open a private chat about a game that is over — and a message without buttons is
/// never stripped.
#[test]
fn at_the_end_of_a_game_no_message_of_it_keeps_buttons() {
    let store = SledStore::temporary().unwrap();
    let mut app = App::new(store.clone(), AppConfig::default());
    let messenger = ClosedDms::new("bob");
    said(&mut app, &messenger, ("Alice", false), "/play tanks");
    said(&mut app, &messenger, ("Bob", false), "/join");
    said(&mut app, &messenger, ("Alice", false), "/startgame");
    let (shown, _) = buttons_everywhere(&messenger.calls.borrow());
    let note = messenger.calls.borrow().iter().find_map(|d| match (&d.effect, &d.message_id) {
        (Effect::Send { message, .. }, Some(id)) if message.text.contains("can't message") => {
            Some(id.clone())
        }
        _ => None,
    });
    let note = note.expect("a note about Bob in the group");
    let prompt = messenger.calls.borrow().iter().find_map(|d| match (&d.effect, &d.message_id) {
        (Effect::Send { to: Dest::User { user }, message }, Some(id))
            if user == "alice" && !message.buttons.is_empty() =>
        {
            Some(id.clone())
        }
        _ => None,
    });
    let prompt = prompt.expect("Alice's set-up prompt");
    for id in [&note, &prompt] {
        assert!(shown.iter().any(|(m, buttons)| m == id && *buttons), "{id} has buttons");
    }

    said(&mut app, &messenger, ("Alice", false), "/cancel");
    let (shown, needless) = buttons_everywhere(&messenger.calls.borrow());
    let left: Vec<_> = shown.iter().filter(|(_, buttons)| *buttons).collect();
    assert!(left.is_empty(), "buttons left after the end: {left:?}");
    assert!(needless.is_empty(), "stripped without buttons: {needless:?}");
    // Nothing was said again: the clears of slots that show nothing made no call.
    let after = messenger.calls.borrow().len();
    said(&mut app, &messenger, ("Alice", false), "/play tanks");
    said(&mut app, &messenger, ("Alice", false), "/cancel");
    let (_, needless) = buttons_everywhere(&messenger.calls.borrow());
    assert!(needless.is_empty(), "stripped without buttons: {needless:?}");
    assert!(messenger.calls.borrow().len() > after);
}

/// A press on a button of a game that is over is told so and takes the buttons off the message
/// pressed (the bot may have been unable to: a Discord ephemeral prompt after a restart); a
/// second press on it strips nothing twice.
#[test]
fn a_press_on_a_game_that_is_over_says_so_and_strips_that_message_once() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let roll = room.button("Roll").unwrap();
    let (board, _) = room.message_with(&roll).unwrap();
    room.send("Alice", "/cancel");
    let press = |room: &mut Chatroom| {
        let input = common::group_input(
            "Alice",
            room.now + 10,
            Action::Press { token: roll.clone(), message_id: Some("old-1".into()) },
        );
        let input = Input { chat: room.chat.clone(), ..input };
        room.run(&input)
    };
    let effects = press(&mut room);
    let (text, alert) = answer(&effects).unwrap();
    assert!(alert && text.contains("over"), "{text}");
    let strips: Vec<_> = effects
        .iter()
        .filter(|e| matches!(e, Effect::Strip { message_id, .. } if message_id == "old-1"))
        .collect();
    assert_eq!(strips.len(), 1, "{effects:?}");
    let again = press(&mut room);
    assert!(answer(&again).is_some_and(|(t, _)| t.contains("over")));
    assert!(!again.iter().any(|e| matches!(e, Effect::Strip { .. })), "{again:?}");
    // The board itself lost its buttons with the cancel.
    let (shown, needless) = buttons_everywhere(&room.seen);
    assert!(shown.iter().any(|(id, buttons)| *id == board && !buttons));
    assert!(needless.is_empty(), "{needless:?}");
}

/// A chat that keeps a new board every turn, playing against a computer: the computer's turn
/// shows a board without buttons, which is not stripped when the next one comes.
#[test]
fn a_board_without_buttons_is_never_stripped() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/boards new");
    room.send("Alice", "/play aeroplane");
    room.press("Alice", &room.button("🤖 + easy").unwrap());
    room.press("Alice", &room.button("Start").unwrap());
    for _ in 0..30 {
        let Some((_, token)) = room.latest_buttons().into_iter().next() else { break };
        room.press("Alice", &token);
    }
    let computer_boards = room
        .seen
        .iter()
        .filter(|d| matches!(&d.effect, Effect::Send { message, .. } if message.board.is_some() && message.buttons.is_empty()))
        .count();
    assert!(computer_boards > 0, "a board shown while the computer moves");
    let (shown, needless) = buttons_everywhere(&room.seen);
    assert!(needless.is_empty(), "stripped without buttons: {needless:?}");
    assert_eq!(shown.iter().filter(|(_, buttons)| *buttons).count(), 1, "one live board");
    room.send("Alice", "/resign");
    let (shown, needless) = buttons_everywhere(&room.seen);
    assert!(needless.is_empty(), "stripped without buttons: {needless:?}");
    // The computer won: after the end only the final board has buttons, Replay and Rematch.
    let with_buttons: Vec<_> = shown.iter().filter(|(_, buttons)| *buttons).collect();
    assert_eq!(with_buttons.len(), 1, "buttons after the end: {with_buttons:?}");
    let last: Vec<String> = room.latest_buttons().into_iter().map(|(text, _)| text).collect();
    assert_eq!(last, ["▶️ Replay", "🔁 Rematch"]);
}

/// A press on a private prompt that a newer one replaced says the prompt is old (not "use the
/// newest board", which is in the group), and strips nothing: the prompt lost its buttons
/// when it was replaced, however late the player's client is to show it.
#[test]
fn a_press_on_a_superseded_private_prompt_says_it_is_old() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tanks", &["Alice", "Bob"]);
    let random = room.private_buttons("alice").into_iter().find(|(t, _)| t.contains("Random"));
    let (_, random) = random.expect("Alice's set-up prompt");
    let (old, _) = room.message_with(&random).unwrap();
    // Alice asks for her board privately: a new prompt comes, the old one loses its buttons.
    let private = igroteka::app::Chat {
        id: "private-alice".into(),
        private: true,
        thread: None,
        server: None,
    };
    let input = igroteka::app::input_from_text(
        Platform::Console,
        private.clone(),
        common::user("Alice"),
        room.now + 1,
        "/board",
    );
    room.run(&input);
    let (newer, _) = room.message_with(&random).unwrap();
    assert_ne!(newer, old, "a new prompt");
    room.press("Alice", &random);
    // Her client still shows the old prompt's button (its strip raced the press).
    let input = Input {
        platform: Platform::Console,
        chat: private,
        user: common::user("Alice"),
        now: room.now + 1,
        action: Action::Press { token: random.clone(), message_id: Some(old.clone()) },
    };
    let effects = room.run(&input);
    let (text, alert) = answer(&effects).unwrap();
    assert!(alert && text.contains("prompt is out of date"), "{text}");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Strip { .. })), "{effects:?}");
    let (_, needless) = buttons_everywhere(&room.seen);
    assert!(needless.is_empty(), "stripped without buttons: {needless:?}");
}
