//! A stream of valid button presses through the engine, over many two-player Aeroplane Chess
//! tables: what the benches that time a press share (`benches/core.rs`, and the renderer's
//! replay bench, which times presses while replays are drawn).
#![allow(dead_code)]

use igroteka::app::{Action, App, ButtonKind, Chat, Effect, Input, User, input_from_text};
use igroteka::game::ToMove;
use igroteka::store::{SledStore, Store};
use igroteka::table::Platform;

pub const PLATFORM: Platform = Platform::Console;

pub fn user(i: usize) -> User {
    User { id: format!("u{i}"), name: format!("U{i}"), admin: false, lang: None }
}

pub fn chat(t: usize) -> Chat {
    Chat { id: format!("chat-{t}"), private: false, thread: None, server: None }
}

/// Opens and starts a two-player Aeroplane Chess table in chat `t`.
pub fn open_table(app: &mut App<SledStore>, t: usize) -> u64 {
    let c = chat(t);
    app.handle_deferred(&input_from_text(PLATFORM, c.clone(), user(2 * t), 0, "/play aeroplane"));
    app.handle_deferred(&input_from_text(PLATFORM, c.clone(), user(2 * t + 1), 0, "/join"));
    app.handle_deferred(&input_from_text(PLATFORM, c.clone(), user(2 * t), 0, "/startgame"));
    app.store()
        .chat_table(&igroteka::table::ChatId { platform: PLATFORM, chat: c.id, thread: None })
        .unwrap()
        .expect("table opened")
}

/// The press the player to move would make next on table `id` (the first button of its
/// current board), or `None` when the game is over.
pub fn next_press(app: &mut App<SledStore>, t: usize, id: u64) -> Option<Input> {
    let mut table = app.store().load(id).unwrap()?;
    let ToMove::Seats(seats) = table.to_move() else { return None };
    let board = app.current_board(id).unwrap()?;
    let token = board.buttons.iter().flatten().find_map(|b| match &b.kind {
        ButtonKind::Token(token) => Some(token.clone()),
        _ => None,
    })?;
    Some(Input {
        platform: PLATFORM,
        chat: chat(t),
        user: user(2 * t + seats[0]),
        now: 1,
        action: Action::Press { token, message_id: None },
    })
}

/// Panics unless the press was applied (a refusal is a single alert): a benchmark of refusals
/// would measure the wrong thing.
pub fn applied(effects: Vec<Effect>) -> Vec<Effect> {
    assert!(
        !matches!(effects.as_slice(), [Effect::Answer { alert: true, .. }]),
        "a benchmark press was refused: {effects:?}"
    );
    effects
}

/// A stream of valid presses over `tables` tables, reopening a table when its game ends.
pub struct Players {
    pub ids: Vec<u64>,
    pub turn: usize,
}

impl Players {
    pub fn new(app: &mut App<SledStore>, tables: usize) -> Players {
        Players { ids: (0..tables).map(|t| open_table(app, t)).collect(), turn: 0 }
    }
    pub fn next(&mut self, app: &mut App<SledStore>) -> Input {
        let t = self.turn % self.ids.len();
        self.turn += 1;
        loop {
            if let Some(input) = next_press(app, t, self.ids[t]) {
                return input;
            }
            self.ids[t] = open_table(app, t);
        }
    }
}
