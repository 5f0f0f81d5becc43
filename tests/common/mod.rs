//! Helpers for driving the whole engine as chat users would, over real sled.
#![allow(dead_code)]

use igroteka::app::local::{Delivered, LocalPlatform};
use igroteka::app::{Action, App, AppConfig, ButtonKind, Chat, Dest, Effect, Input, Message, User};
use igroteka::store::SledStore;
use igroteka::table::Platform;

pub struct Chatroom {
    pub platform: LocalPlatform<SledStore>,
    /// Which platform the room's inputs say they come from (the console unless a test says).
    pub on: Platform,
    pub chat: Chat,
    pub now: u64,
    /// Every effect seen, in order.
    pub seen: Vec<Delivered>,
}

pub fn user(name: &str) -> User {
    User { id: name.to_lowercase(), name: name.to_string(), admin: false, lang: Some("en".into()) }
}

impl Chatroom {
    pub fn new(store: SledStore) -> Chatroom {
        let app = App::new(store, AppConfig::default());
        Chatroom {
            platform: LocalPlatform::new(app),
            on: Platform::Console,
            chat: Chat { id: "group-1".into(), private: false, thread: None, server: None },
            now: 1_700_000_000_000,
            seen: Vec::new(),
        }
    }

    pub fn temporary() -> Chatroom {
        Chatroom::new(SledStore::temporary().unwrap())
    }

    pub fn store(&self) -> &SledStore {
        self.platform.app.store()
    }

    fn input(&mut self, name: &str, action: Action) -> Input {
        self.now += 1000;
        Input {
            platform: self.on,
            chat: self.chat.clone(),
            user: user(name),
            now: self.now,
            action,
        }
    }

    pub fn send(&mut self, name: &str, line: &str) -> Vec<Effect> {
        self.now += 1000;
        let input =
            igroteka::app::input_from_text(self.on, self.chat.clone(), user(name), self.now, line);
        self.run(&input)
    }

    pub fn press(&mut self, name: &str, token: &str) -> Vec<Effect> {
        // A press comes from the chat that shows the button: a private prompt's from the
        // player's private chat.
        let found = self.message_with(token);
        let mut input = self.input(
            name,
            Action::Press {
                token: token.to_string(),
                message_id: found.as_ref().map(|(id, _)| id.clone()),
            },
        );
        match found {
            Some((_, Dest::User { user })) => {
                input.chat = Chat {
                    id: format!("private-{user}"),
                    private: true,
                    thread: None,
                    server: None,
                };
            }
            // A group message in a thread (a forum topic) is pressed there.
            Some((_, Dest::Chat { thread, .. })) => input.chat.thread = thread,
            None => {}
        }
        self.run(&input)
    }

    /// A press that comes from the group, whichever chat shows the button (a forged press).
    pub fn press_in_group(&mut self, name: &str, token: &str) -> Vec<Effect> {
        let action = Action::Press { token: token.to_string(), message_id: None };
        let input = self.input(name, action);
        self.run(&input)
    }

    /// A tick of the clock at `at` (the room's clock moves there).
    pub fn tick(&mut self, at: u64) -> Vec<Effect> {
        self.now = self.now.max(at);
        let input = self.input("", Action::Tick);
        let input = Input { now: at, ..input };
        self.run(&input)
    }

    pub fn run(&mut self, input: &Input) -> Vec<Effect> {
        let delivered = self.platform.run(input);
        let effects = delivered.iter().map(|d| d.effect.clone()).collect();
        self.seen.extend(delivered);
        effects
    }

    /// The id of the newest message that was sent or edited with a button carrying `token`
    /// (what a platform reports with a press).
    pub fn message_with(&self, token: &str) -> Option<(String, Dest)> {
        let mut found = None;
        for d in &self.seen {
            let (id, to, message) = match (&d.effect, &d.message_id) {
                (Effect::Send { to, message }, Some(id)) => (id.clone(), to, message),
                (Effect::Edit { to, message_id, message }, _) => (message_id.clone(), to, message),
                _ => continue,
            };
            if buttons_of(message).iter().any(|(_, t)| t == token) {
                found = Some((id, to.clone()));
            }
        }
        found
    }

    /// The buttons of the latest group message that had any (sent or edited).
    pub fn latest_buttons(&self) -> Vec<(String, String)> {
        self.seen
            .iter()
            .rev()
            .filter_map(|d| group_message(&d.effect))
            .find(|m| !m.buttons.is_empty())
            .map(buttons_of)
            .unwrap_or_default()
    }

    /// The buttons of the latest private message to `user` that had any.
    pub fn private_buttons(&self, user: &str) -> Vec<(String, String)> {
        self.seen
            .iter()
            .rev()
            .filter_map(|d| match &d.effect {
                Effect::Send { to: Dest::User { user: u }, message }
                | Effect::Edit { to: Dest::User { user: u }, message, .. }
                    if u == &user.to_lowercase() =>
                {
                    Some(message)
                }
                _ => None,
            })
            .find(|m| !m.buttons.is_empty())
            .map(buttons_of)
            .unwrap_or_default()
    }

    /// The token of the latest button whose text contains `text` ("Roll" finds "🎲 Roll").
    pub fn button(&self, text: &str) -> Option<String> {
        self.latest_buttons().into_iter().find(|(t, _)| t.contains(text)).map(|(_, token)| token)
    }

    /// The text of the latest group message.
    pub fn latest_text(&self) -> String {
        self.seen
            .iter()
            .rev()
            .find_map(|d| group_message(&d.effect))
            .map(|m| m.text.clone())
            .unwrap_or_default()
    }
}

/// A group message sent or edited, other than the short ping that mentions the player to move.
pub fn group_message(effect: &Effect) -> Option<&Message> {
    match effect {
        Effect::Send { to: Dest::Chat { .. }, message }
        | Effect::Edit { to: Dest::Chat { .. }, message, .. }
            if !is_ping(message) =>
        {
            Some(message)
        }
        _ => None,
    }
}

/// The "your move" ping: mentions, and neither a picture nor buttons.
pub fn is_ping(message: &Message) -> bool {
    !message.mentions.is_empty() && message.board.is_none() && message.buttons.is_empty()
}

pub fn buttons_of(message: &Message) -> Vec<(String, String)> {
    message
        .buttons
        .iter()
        .flatten()
        .filter_map(|b| match &b.kind {
            ButtonKind::Token(t) => Some((b.text.clone(), t.clone())),
            ButtonKind::Url(_) | ButtonKind::PrivateChat(_) => None,
        })
        .collect()
}

/// An input to an `App` driven directly (without a [`Chatroom`]): `action` by `name` at `now`,
/// in the group chat `g`.
pub fn group_input(name: &str, now: u64, action: Action) -> Input {
    let chat = Chat { id: "g".into(), private: false, thread: None, server: None };
    Input { platform: Platform::Console, chat, user: user(name), now, action }
}

/// Who of `names` is to press what: the first move button of the group's board, else (a
/// private choice, such as which rocket fires) of a player's private prompt.
pub fn mover(room: &Chatroom, names: &[&str]) -> Option<(String, String)> {
    let keyboard_of = |buttons: Vec<(String, String)>| {
        buttons.into_iter().find_map(|(_, token)| {
            let parsed = igroteka::app::token::Token::parse(&token)?;
            match parsed.version {
                igroteka::app::token::Version::Keyboard(k) => Some((k.seat, token)),
                igroteka::app::token::Version::Seq(_) => None,
            }
        })
    };
    let private = names.iter().find_map(|name| keyboard_of(room.private_buttons(name)));
    let (seat, token) = keyboard_of(room.latest_buttons()).or(private)?;
    Some((names[seat].to_string(), token))
}

/// The text of the first message `effects` send (a command's reply).
pub fn said(effects: &[Effect]) -> String {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Send { message, .. } => Some(message.text.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The answer text of a press, if any.
pub fn answer(effects: &[Effect]) -> Option<(String, bool)> {
    effects.iter().find_map(|e| match e {
        Effect::Answer { text, alert } => Some((text.clone(), *alert)),
        _ => None,
    })
}

/// Opens a lobby of `game` with `players` (the first creates it) and starts it.
pub fn start_game(room: &mut Chatroom, game: &str, players: &[&str]) {
    room.send(players[0], &format!("/play {game}"));
    for p in &players[1..] {
        let join = room.button("Join").expect("a Join button");
        room.press(p, &join);
    }
    let start = room.button("Start").expect("a Start button");
    let effects = room.press(players[0], &start);
    assert!(answer(&effects).is_some_and(|(t, alert)| !alert && t.contains("play")), "{effects:?}");
}

/// The chat's table: the running one, else the newest (a finished game leaves the chat's
/// index, so its id is looked up among the tables the store holds).
pub fn table(room: &Chatroom) -> igroteka::table::Table {
    use igroteka::store::Store;
    use igroteka::table::ChatId;
    let chat = ChatId { platform: room.on, chat: room.chat.id.clone(), thread: None };
    let id = room.store().chat_table(&chat).unwrap().unwrap_or_else(|| {
        let newest = room.store().new_table_id().unwrap();
        (1..newest).rev().find(|id| room.store().load(*id).unwrap().is_some()).unwrap()
    });
    room.store().load(id).unwrap().unwrap()
}

/// Alice, Bob and an easy computer play Aeroplane Chess with a one-hour turn clock; Bob
/// resigns at once and Alice plays on to the end. The finished table.
pub fn finished_game(room: &mut Chatroom) -> igroteka::table::Table {
    use igroteka::table::Status;
    room.send("Alice", "/play aeroplane turn=1h misses=never");
    room.press("Bob", &room.button("Join").unwrap());
    room.press("Alice", &room.button("🤖 + easy").unwrap());
    room.press("Alice", &room.button("Start").unwrap());
    room.send("Bob", "/resign");
    let mut presses = 0;
    while !table(room).status.is_over() {
        let (_, token) = room.latest_buttons().first().cloned().expect("Alice's buttons");
        room.press("Alice", &token);
        presses += 1;
        assert!(presses < 3_000, "the game never ended");
    }
    let over = table(room);
    assert_eq!(over.status, Status::Finished);
    over
}
