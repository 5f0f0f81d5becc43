//! What the fake Discord remembers: users, channels, every message (content, components,
//! attachment bytes), every interaction and how it was answered. Tests read it to assert.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::limits::{Kind, Limits, Throttled, Window};
use super::shards::Shard;

/// A simulated Discord user.
#[derive(Debug, Clone)]
pub struct TestUser {
    pub id: u64,
    pub name: String,
    pub admin: bool,
    pub locale: String,
}

impl TestUser {
    pub fn new(id: u64, name: &str) -> TestUser {
        TestUser { id, name: name.to_string(), admin: false, locale: "en-US".to_string() }
    }
}

#[derive(Debug, Clone)]
pub struct Channel {
    pub id: u64,
    pub name: String,
    /// The guild of a guild channel (not read for a DM channel).
    pub guild: u64,
    /// Set for a DM channel: the user it is with.
    pub dm_user: Option<u64>,
    pub recipient: Option<TestUser>,
    /// Set for a public thread: the text channel it was started in.
    pub parent: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct Attachment {
    pub id: u64,
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// A message as the emulator keeps it.
#[derive(Debug, Clone)]
pub struct Msg {
    pub id: u64,
    pub channel: u64,
    pub guild: bool,
    pub content: String,
    /// The `allowed_mentions` of the last create or edit that carried one.
    pub allowed_mentions: Option<Value>,
    /// Action rows as the bot sent them.
    pub components: Value,
    pub attachments: Vec<Attachment>,
    pub flags: u64,
    pub edits: u32,
    /// The interaction whose response or follow-up this is.
    pub interaction: Option<u64>,
    /// Only this user sees it (an ephemeral message).
    pub ephemeral_for: Option<u64>,
    /// A deferred response still "thinking".
    pub loading: bool,
    pub deleted: bool,
}

impl Msg {
    /// Every button and select option: (label, custom id or option value).
    pub fn buttons(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for row in self.components.as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                match c["type"].as_u64() {
                    Some(2) => out.push((
                        c["label"].as_str().unwrap_or_default().to_string(),
                        c["custom_id"].as_str().unwrap_or_default().to_string(),
                    )),
                    Some(3) => {
                        for o in c["options"].as_array().into_iter().flatten() {
                            out.push((
                                o["label"].as_str().unwrap_or_default().to_string(),
                                o["value"].as_str().unwrap_or_default().to_string(),
                            ));
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// The custom id of the select menu offering `value`, if the value is in a menu.
    pub fn menu_of(&self, value: &str) -> Option<String> {
        for row in self.components.as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                let offers =
                    c["options"].as_array().into_iter().flatten().any(|o| o["value"] == value);
                if c["type"] == 3 && offers {
                    return c["custom_id"].as_str().map(str::to_string);
                }
            }
        }
        None
    }
}

/// One interaction and its answers.
#[derive(Debug, Clone)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    pub user: u64,
    pub channel: u64,
    pub created: Instant,
    /// The message a pressed component is on.
    pub component_message: Option<u64>,
    /// The first response accepted: its type and how long after the interaction it came (a
    /// response answered 429 does not count: it is not an acknowledgement).
    pub response: Option<(u8, Duration)>,
    /// The deferred response message of a command.
    pub original: Option<u64>,
    /// Responses refused because one was already given.
    pub refused: u32,
    /// The guild it happened in (`None`: a DM).
    pub guild: Option<u64>,
    /// The gateway connections it was dispatched to (number, shard): the one whose shard owns
    /// the guild.
    pub dispatched: Vec<(u32, Shard)>,
}

/// A gateway connection's IDENTIFY.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identify {
    /// The connection's number, in the order sockets were accepted.
    pub connection: u32,
    pub shard: Shard,
}

#[derive(Debug, Default)]
pub struct State {
    /// The bot's guilds (id → name): one, `payloads::GUILD_ID`, unless a test adds more.
    pub guilds: BTreeMap<u64, String>,
    /// The shard count `GET /gateway/bot` recommends (1 unless a test sets it).
    pub recommended_shards: u32,
    pub users: HashMap<u64, TestUser>,
    /// Users whose DMs are closed to the bot (50007).
    pub dm_closed: Vec<u64>,
    pub channels: BTreeMap<u64, Channel>,
    pub messages: BTreeMap<u64, Msg>,
    pub interactions: HashMap<String, Interaction>,
    /// The slash commands registered last, and where (`None`: globally).
    pub commands: Vec<Value>,
    pub commands_guild: Option<u64>,
    pub registrations: u32,
    /// Every scope's commands as registered last (`None`: global; a guild's id), each with
    /// its `default_member_permissions` as sent.
    pub registered: HashMap<Option<u64>, Vec<Value>>,
    /// Interactions whose first response came later than 3 s.
    pub late: Vec<String>,
    /// Things the bot did that Discord would refuse (a route the emulator does not know, a
    /// follow-up before any response, …).
    pub problems: Vec<String>,
    /// Every REST call: `METHOD route`, tokens replaced by `:token`.
    pub calls: Vec<String>,
    /// Gateway: identifies and heartbeats seen.
    pub identifies: u32,
    /// Every IDENTIFY, in order, with its connection and shard.
    pub identified: Vec<Identify>,
    pub heartbeats: u32,
    pub next_id: u64,
    /// The rate limits enforced, each bucket's open window, and every 429 answered.
    pub limits: Limits,
    pub windows: HashMap<(&'static str, u64), Window>,
    pub throttled: Vec<Throttled>,
    /// Every call that passed the limits, and when.
    pub admitted: Vec<(Kind, Instant)>,
    /// 429s still to answer, per kind of call (and one kind-less global one each).
    pub inject: HashMap<Kind, u32>,
    pub inject_global: u32,
    /// `(channel, nonce)` of messages created with `enforce_nonce`, and the message.
    pub nonces: HashMap<(u64, String), u64>,
    /// Creates answered with an existing message because their nonce was seen.
    pub nonce_repeats: u32,
    /// Direct messages refused with 50007 (the user's DMs are closed).
    pub dm_refusals: u32,
    /// Text channels in which the bot lacks the Create Public Threads permission (50013).
    pub no_thread_rights: Vec<u64>,
    /// A bot process to kill (`kill -9`) right after its next interaction response is
    /// recorded, before the response reaches it: the worst moment for an acknowledged press.
    pub kill_on_ack: Option<u32>,
    /// The interactions whose acknowledgement a kill followed.
    pub killed_after: Vec<String>,
    /// Edits that changed nothing a user sees (the same text, buttons and files: a strip of a
    /// message without buttons), by message. Discord accepts them; each is a call of the
    /// channel's edit budget for nothing.
    pub idle_edits: Vec<u64>,
}

/// Discord's Administrator permission bit.
pub const ADMINISTRATOR: u64 = 1 << 3;

impl State {
    /// The slash commands a member with `permissions` sees in `guild`'s command picker
    /// (`None`: in their DMs with the bot), as Discord decides: the global commands and that
    /// guild's own; a command with `default_member_permissions` is shown only to members who
    /// hold all of those permissions, or are administrators (`"0"`: administrators only).
    /// Per-user overrides (Server Settings → Integrations) are not modelled: a bot cannot set
    /// them.
    pub fn visible_commands(&self, guild: Option<u64>, permissions: u64) -> Vec<String> {
        let mut scopes = vec![None];
        if guild.is_some() {
            scopes.push(guild);
        }
        let mut names = Vec::new();
        for scope in &scopes {
            for command in self.registered.get(scope).into_iter().flatten() {
                let needed = command["default_member_permissions"].as_str();
                let allowed = match needed.map(|p| p.parse::<u64>().unwrap_or(u64::MAX)) {
                    None => true,
                    Some(_) if guild.is_none() => false,
                    Some(_) if permissions & ADMINISTRATOR != 0 => true,
                    Some(0) => false,
                    Some(needed) => permissions & needed == needed,
                };
                if allowed {
                    names.extend(command["name"].as_str().map(str::to_string));
                }
            }
        }
        names
    }

    pub fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Messages of a channel that `viewer` can see, oldest first (`None`: public ones only).
    pub fn visible(&self, channel: u64, viewer: Option<u64>) -> Vec<&Msg> {
        self.messages
            .values()
            .filter(|m| m.channel == channel && !m.deleted)
            .filter(|m| m.ephemeral_for.is_none() || m.ephemeral_for == viewer)
            .collect()
    }

    /// Every message still showing buttons or menus, in any channel, ephemeral ones included.
    pub fn with_components(&self) -> Vec<&Msg> {
        self.messages.values().filter(|m| !m.deleted && !m.buttons().is_empty()).collect()
    }

    /// The guild of a channel (`None`: a DM channel, or no such channel).
    pub fn guild_of(&self, channel: u64) -> Option<u64> {
        self.channels.get(&channel).filter(|c| c.dm_user.is_none()).map(|c| c.guild)
    }

    /// The threads started in channel `channel`, oldest first.
    pub fn threads_of(&self, channel: u64) -> Vec<&Channel> {
        self.channels.values().filter(|c| c.parent == Some(channel)).collect()
    }

    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.channels.values().find(|c| c.dm_user == Some(user)).map(|c| c.id)
    }

    /// The next `times` calls of `kind` are answered 429 (retry after 0.5 s).
    pub fn inject_429(&mut self, kind: Kind, times: u32) {
        *self.inject.entry(kind).or_default() += times;
    }

    /// 429s the bot ran into by itself (not injected by the test).
    pub fn provoked(&self) -> Vec<&Throttled> {
        self.throttled.iter().filter(|t| !t.injected).collect()
    }

    pub fn interaction_by_id(&self, id: u64) -> Option<&Interaction> {
        self.interactions.values().find(|i| i.id == id)
    }
}
