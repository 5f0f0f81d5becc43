//! The console's chats and users, and the clock. The local platform itself (message ids,
//! delivery reports) is the core's [`igroteka::app::local::LocalPlatform`], shared with tests.

use igroteka::app::{Chat, User};
use igroteka::table::Platform;

pub use igroteka::app::local::{Delivered, LocalPlatform as Driver};

/// The console's group chat.
pub fn group_chat() -> Chat {
    Chat { id: "console".into(), private: false, thread: None, server: None }
}

/// How a private chat's id begins: the user's name follows.
pub const PRIVATE_PREFIX: &str = "private-";

/// A user's private chat with the bot.
pub fn private_chat(user: &str) -> Chat {
    Chat { id: format!("{PRIVATE_PREFIX}{user}"), private: true, thread: None, server: None }
}

/// A console user from a typed name.
pub fn user(name: &str) -> User {
    User { id: name.to_lowercase(), name: name.to_string(), admin: false, lang: None }
}

/// A tick of the console's turn clocks (its time is set by the caller).
pub fn tick() -> igroteka::app::Input {
    crate::engine::tick(PLATFORM, now_ms())
}

pub use crate::time::now_ms;

pub const PLATFORM: Platform = Platform::Console;
