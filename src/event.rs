//! What happened in a move, as translatable messages.
//!
//! Games do not write prose: an [`Event`] is a Fluent message id with arguments. A [`Arg::Seat`]
//! argument is rendered by the conversation engine as the player's name, so a game never needs to
//! know who sits where. Each event has an audience, so a secret (the label of one's own mine)
//! goes only to the seat allowed to see it.

use serde::{Deserialize, Serialize};

use crate::game::Seat;

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Arg {
    Int(i64),
    Seat(Seat),
    Text(String),
    /// Another translated message, by id.
    Msg(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    Everyone,
    Seat(Seat),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub id: String,
    pub args: Vec<(String, Arg)>,
    pub audience: Audience,
}

/// Where a game's rules put what happened. [`crate::game::Game::apply`] keeps the events in a
/// `Vec`; [`crate::game::Game::play`], for search, passes [`Unrecorded`], which never builds
/// them — an event is a handful of small strings, as costly as the move itself. Events are
/// passed as closures for that reason.
pub trait Journal {
    fn record(&mut self, event: impl FnOnce() -> Event);
    /// Several events at once, built together (a game's closing announcements).
    fn record_all(&mut self, events: impl FnOnce() -> Vec<Event>);
}

impl Journal for Vec<Event> {
    fn record(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
    fn record_all(&mut self, events: impl FnOnce() -> Vec<Event>) {
        self.extend(events());
    }
}

/// A [`Journal`] that keeps nothing and builds nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unrecorded;

impl Journal for Unrecorded {
    fn record(&mut self, _event: impl FnOnce() -> Event) {}
    fn record_all(&mut self, _events: impl FnOnce() -> Vec<Event>) {}
}

impl Event {
    pub fn new(id: &str) -> Event {
        Event { id: id.to_string(), args: Vec::new(), audience: Audience::Everyone }
    }
    pub fn int(mut self, name: &str, value: impl Into<i64>) -> Event {
        self.args.push((name.to_string(), Arg::Int(value.into())));
        self
    }
    pub fn seat(mut self, name: &str, seat: Seat) -> Event {
        self.args.push((name.to_string(), Arg::Seat(seat)));
        self
    }
    pub fn text(mut self, name: &str, value: impl Into<String>) -> Event {
        self.args.push((name.to_string(), Arg::Text(value.into())));
        self
    }
    pub fn msg(mut self, name: &str, id: impl Into<String>) -> Event {
        self.args.push((name.to_string(), Arg::Msg(id.into())));
        self
    }
    /// Only `seat` may read this event.
    pub fn only_for(mut self, seat: Seat) -> Event {
        self.audience = Audience::Seat(seat);
        self
    }
    pub fn is_public(&self) -> bool {
        self.audience == Audience::Everyone
    }
}
