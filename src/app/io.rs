//! What goes into the conversation engine and what comes out: platform-neutral values that the
//! adapters translate to and from API calls, and that `igroteka script` reads and writes as
//! JSON lines.

use serde::{Deserialize, Serialize};

use crate::outbox::Slot;
use crate::replay::Reel;
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
    /// The server the chat belongs to, where the platform has them (a Discord guild): links
    /// to a message name it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
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
    /// A button press carrying a token the engine made, on the message `message_id` (when the
    /// platform says which: a stale press on a live board heals that board).
    Press {
        token: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message_id: Option<String>,
    },
    /// Plain text (ignored in groups).
    Text { text: String },
    /// The platform could not deliver a private message of table `table` to this input's
    /// user (a Telegram user who never started the bot, a Discord user with closed DMs). The
    /// adapter's deliverer reports it; the engine tells the group once per game.
    Unreachable { table: u64 },
    /// The clock: adapters send one every few seconds (the input's chat and user are not
    /// read); tables whose turn clock is due at `now` get their reminders or deadlines.
    Tick,
    /// What became of the thread table `table` asked for ([`Effect::OpenThread`]): where it
    /// is, or `None` when the platform refused (a group without topics, no right to create
    /// them). The adapter's deliverer reports it; the game then starts there, or in its chat.
    Thread {
        table: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opened: Option<Dest>,
    },
    /// A computer player's decided action for `seat` of table `table` as it was at `seq`
    /// (see [`crate::app::ComputerTurn`]); `null` when it found nothing to play.
    Computer { table: u64, seat: usize, seq: u64, action: serde_json::Value },
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

    /// What a deliverer tells the engine of table `table`'s thread ([`Action::Thread`]): the
    /// engine's own input, nobody's, from no chat in particular (the table knows its chat).
    pub fn thread_report(platform: Platform, table: u64, opened: Option<Dest>, now: u64) -> Input {
        Input {
            platform,
            chat: Chat { id: String::new(), private: false, thread: None, server: None },
            user: User { id: String::new(), name: String::new(), admin: false, lang: None },
            now,
            action: Action::Thread { table, opened },
        }
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
    /// Opens a link.
    Url(String),
    /// Opens the bot's private chat with the presser (a Telegram deep link, whose `/start`
    /// sends their pending private messages again); where the platform can answer privately
    /// in place (Discord's ephemeral replies), pressing sends this token instead.
    PrivateChat(String),
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
    /// A fixed-width block shown after the text (a table such as a score sheet); the adapters
    /// set it in their monospaced style.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monospace: Option<String>,
    /// The language the board picture's labels are drawn in (empty: English).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lang: String,
    /// A finished game to attach as an animation ([`crate::replay`]) instead of a board: the
    /// adapter draws it off the engine thread when it delivers the message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<Reel>,
    /// A private message that belongs in the user's own private chat, never in a reply only
    /// they see in a group (a Discord ephemeral message): a spectator's board, which comes
    /// after every move, long after they last spoke, and should stay.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub direct: bool,
}

impl Message {
    pub fn text(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            mentions: Vec::new(),
            board: None,
            buttons: Vec::new(),
            monospace: None,
            lang: String::new(),
            replay: None,
            direct: false,
        }
    }
}

/// What the engine asks for. `Answer`, and `Send`, `Strip` replies that belong to no table,
/// are carried out at once; `Show`, `Clear` and a table's `Send`s go through the table's
/// outbox ([`crate::outbox`]), whose deliverer turns them into `Send`, `Edit`, `Delete` and
/// `Strip` calls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// A new message.
    Send { to: Dest, message: Message },
    /// Make a table's [`Slot`] show `message`: edit its message in place (send one when there
    /// is none, or when it is gone), or, when `fresh`, send a new message and retire the old.
    Show {
        to: Dest,
        slot: Slot,
        message: Message,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        fresh: bool,
    },
    /// Retire a slot's message (the ping once nobody is to move).
    Clear { to: Dest, slot: Slot },
    /// Replace a message sent earlier (text, picture and buttons).
    Edit { to: Dest, message_id: String, message: Message },
    /// Delete a message.
    Delete { to: Dest, message_id: String },
    /// Remove a message's buttons (a superseded board).
    Strip { to: Dest, message_id: String },
    /// Answer the press of this input with a short notice (`alert`: a dialog the user closes).
    Answer { text: String, alert: bool },
    /// Open a thread named `name` in the chat `to` for a table's game: a forum topic
    /// (Telegram), or a thread started from the table's board message, its lobby (Discord).
    /// The deliverer reports the outcome to the engine ([`Action::Thread`]) for table
    /// `table`.
    OpenThread { to: Dest, name: String, table: u64 },
}
