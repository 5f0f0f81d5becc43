//! What goes into the conversation engine and what comes out: platform-neutral values that the
//! adapters translate to and from API calls, and that `igroteka script` reads and writes as
//! JSON lines.

use serde::{Deserialize, Serialize};

use crate::table::{ChatId, Platform, UserId};
use crate::view::AnyView;

/// Where an input came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chat {
    pub id: String,
    /// A one-to-one chat between the user and the bot.
    #[serde(default)]
    pub private: bool,
    /// A thread or forum topic, where the platform has them.
    #[serde(default)]
    pub thread: Option<String>,
}

/// Who sent an input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    pub id: String,
    pub name: String,
    /// An administrator of the chat (may cancel any game there).
    #[serde(default)]
    pub admin: bool,
    /// The user's interface language as the platform reports it.
    #[serde(default)]
    pub lang: Option<String>,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A slash command, without the slash and without any `@botname`.
    Command {
        name: String,
        #[serde(default)]
        args: Vec<String>,
    },
    /// A button press carrying a token the engine made.
    Press { token: String },
    /// Plain text (ignored in groups).
    Text { text: String },
    /// The adapter reports the platform id of a message sent with a [`Message::track`].
    Delivered { track: Track, message_id: String },
}

/// One event from a platform.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    pub platform: Platform,
    pub chat: Chat,
    pub user: User,
    /// Milliseconds since the Unix epoch: time enters the core only here.
    pub now: u64,
    pub action: Action,
}

impl Input {
    pub fn chat_id(&self) -> ChatId {
        ChatId {
            platform: self.platform,
            chat: self.chat.id.clone(),
            thread: self.chat.thread.clone(),
        }
    }
    pub fn user_id(&self) -> UserId {
        UserId { platform: self.platform, id: self.user.id.clone() }
    }
}

/// Where a message goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dest {
    /// A group chat (and thread).
    Chat {
        chat: String,
        #[serde(default)]
        thread: Option<String>,
    },
    /// The private chat with a user.
    User { user: String },
}

/// A message the adapter should report back with [`Action::Delivered`], so the engine can
/// edit it later.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Track {
    pub table: u64,
    /// Set for a seat's private message (its secret set-up keyboard); unset for the group's
    /// board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
}

/// A button.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub text: String,
    #[serde(flatten)]
    pub kind: ButtonKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ButtonKind {
    /// Pressing sends [`Action::Press`] with this token (≤ 64 bytes).
    Token(String),
    /// Opens a link (a deep link into the private chat).
    Url(String),
}

/// A person to notify.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mention {
    pub user: String,
    pub name: String,
}

/// A message body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub text: String,
    /// Players to notify (the adapter turns them into platform mentions).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mentions: Vec<Mention>,
    /// The board picture to attach, as the view the renderer draws.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<AnyView>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Vec<Button>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track: Option<Track>,
}

impl Message {
    pub fn text(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            mentions: Vec::new(),
            board: None,
            buttons: Vec::new(),
            track: None,
        }
    }
}

/// What the adapter should do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    Send {
        to: Dest,
        message: Message,
    },
    /// Replace a message sent earlier (text, picture and buttons).
    Edit {
        to: Dest,
        message_id: String,
        message: Message,
    },
    /// Answer the press of this input with a short notice (`alert`: a dialog the user closes).
    Answer {
        text: String,
        alert: bool,
    },
}
