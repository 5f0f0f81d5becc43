//! What the fake Bot API remembers: chats, every message with its photo bytes and keyboard,
//! callback answers, pending updates, and the faults tests asked for (users who never started
//! the bot, 429s), and the webhook the bot set. Plain data behind one mutex; the HTTP side
//! lives in `server.rs`, webhook delivery in `webhook.rs`.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The bot's own account, as `getMe` reports it.
pub const BOT_ID: i64 = 7_000_000_001;
pub const BOT_USERNAME: &str = "igroteka_test_bot";

/// A user of the fake Telegram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestUser {
    pub id: i64,
    pub name: String,
    pub lang: Option<String>,
}

impl TestUser {
    pub fn new(id: i64, name: &str) -> TestUser {
        TestUser { id, name: name.to_string(), lang: Some("en".to_string()) }
    }

    pub fn json(&self) -> Value {
        let mut user = json!({"id": self.id, "is_bot": false, "first_name": self.name});
        if let Some(lang) = &self.lang {
            user["language_code"] = lang.clone().into();
        }
        user
    }
}

/// One button of an inline keyboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    pub text: String,
    pub data: Option<String>,
    pub url: Option<String>,
}

/// A message in a chat, sent by the bot or by a user.
#[derive(Debug, Clone)]
pub struct Sent {
    pub chat: i64,
    pub id: i64,
    pub thread: Option<i64>,
    pub date: i64,
    /// `None` for the bot.
    pub from: Option<TestUser>,
    /// The text, or the caption of a photo.
    pub text: String,
    pub parse_mode: Option<String>,
    pub photo: Option<Vec<u8>>,
    /// The file of an animation (`sendAnimation`: a replay's GIF).
    pub animation: Option<Vec<u8>>,
    pub keyboard: Vec<Vec<Key>>,
    /// How many times the bot edited it.
    pub edits: u32,
}

impl Sent {
    /// The text with HTML tags removed and entities decoded (what a user reads).
    pub fn plain(&self) -> String {
        let mut out = String::new();
        let mut in_tag = false;
        for c in self.text.chars() {
            match c {
                '<' if self.parse_mode.is_some() => in_tag = true,
                '>' if in_tag => in_tag = false,
                _ if in_tag => {}
                _ => out.push(c),
            }
        }
        let out = if self.parse_mode.is_some() {
            out.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        } else {
            out
        };
        out.replace(['\u{2068}', '\u{2069}'], "")
    }

    /// The callback buttons of the game, in order. A finished game's Rematch and Replay are
    /// left out: they belong to what comes after the game, and the board that has them is no
    /// live board ([`Sent::key`] finds them).
    pub fn tokens(&self) -> Vec<(String, String)> {
        self.keyboard
            .iter()
            .flatten()
            .filter_map(|k| k.data.clone().map(|d| (k.text.clone(), d)))
            .filter(|(_, data)| !super::is_after_game(data))
            .collect()
    }

    /// A button by its label.
    pub fn key(&self, label: &str) -> Option<&Key> {
        self.keyboard.iter().flatten().find(|k| k.text.contains(label))
    }
}

/// An `answerCallbackQuery` the bot made.
#[derive(Debug, Clone)]
pub struct Answer {
    pub query: String,
    pub text: String,
    pub alert: bool,
    /// How long after the press the answer came.
    pub latency: Duration,
}

/// One Bot API call, as the emulator saw it.
#[derive(Debug, Clone)]
pub struct Call {
    /// The method, lowercase.
    pub method: String,
    /// Its `chat_id`, when it has one.
    pub chat: Option<i64>,
    pub at: Instant,
    /// The HTTP status answered.
    pub status: u16,
}

/// The calls Telegram's flood limits count: the ones that create or edit a message.
pub const PACED: [&str; 7] = [
    "sendmessage",
    "sendphoto",
    "sendanimation",
    "editmessagetext",
    "editmessagemedia",
    "editmessagecaption",
    "editmessagereplymarkup",
];

/// Telegram's limits as the emulator enforces them.
pub const CHAT_GAP: Duration = Duration::from_secs(1);
pub const GROUP_MAX: usize = 20;
pub const GROUP_WINDOW: Duration = Duration::from_secs(60);
pub const GLOBAL_MAX: usize = 30;
pub const GLOBAL_WINDOW: Duration = Duration::from_secs(1);

/// The webhook set by `setWebhook`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Webhook {
    pub url: String,
    pub secret: Option<String>,
}

/// A chat the fake server knows.
#[derive(Debug, Clone)]
pub struct ChatInfo {
    pub id: i64,
    pub title: Option<String>,
    pub forum: bool,
    pub private_of: Option<TestUser>,
}

impl ChatInfo {
    pub fn json(&self) -> Value {
        match &self.private_of {
            Some(user) => json!({"id": self.id, "type": "private", "first_name": user.name}),
            None => json!({
                "id": self.id, "type": "supergroup",
                "title": self.title.clone().unwrap_or_default(), "is_forum": self.forum,
            }),
        }
    }
}

#[derive(Debug, Default)]
pub struct State {
    pub chats: HashMap<i64, ChatInfo>,
    pub messages: Vec<Sent>,
    pub answers: Vec<Answer>,
    /// Callback queries not answered yet.
    pub open_queries: HashSet<String>,
    pub updates: VecDeque<(i64, Value)>,
    pub next_update: i64,
    pub next_message: i64,
    pub next_query: u64,
    /// Users the bot may not write to first (403).
    pub never_started: HashSet<i64>,
    /// Users who blocked the bot (403 even after they write to it).
    pub blocked: HashSet<i64>,
    /// (chat, user) pairs of chat administrators, for `getChatMember`.
    pub admins: HashSet<(i64, i64)>,
    /// Method (lowercase) → (calls still to fail, retry_after seconds).
    pub flood: HashMap<String, (usize, u32)>,
    /// Every call, by lowercase method name.
    pub calls: Vec<String>,
    /// Number of 429s served for `flood` injections.
    pub floods_served: usize,
    /// Enforce Telegram's flood limits (on unless a test turns them off).
    pub limits: bool,
    /// 429s served because the bot went over a limit.
    pub limited: usize,
    /// When each chat's paced calls arrived (the last minute's), and all chats' (the last
    /// second's).
    pub paced: HashMap<i64, VecDeque<Instant>>,
    pub paced_all: VecDeque<Instant>,
    /// The overall cap, raised for a benchmark's ceiling run (bots/benches/vps_budget.rs, with
    /// the bot's `IGROTEKA_BENCH_TELEGRAM_OVERALL`); `None`: Telegram's [`GLOBAL_MAX`].
    pub global_max: Option<usize>,
    /// Every call with its chat, time and status.
    pub call_log: Vec<Call>,
    /// When each callback query was made.
    pub pressed_at: HashMap<String, Instant>,
    /// Messages the bot deleted.
    pub deleted: Vec<Sent>,
    /// While set, `getUpdates` hands out nothing (updates wait, as at Telegram while a bot
    /// is down).
    pub hold_updates: bool,
    /// `setMyCommands` bodies.
    pub commands: Vec<Value>,
    /// The command menus set, by scope and language code (empty: every language).
    pub menus: HashMap<(Scope, String), Vec<String>>,
    /// Bumped by every change a test may wait for.
    pub version: u64,
    /// While set, updates are POSTed to it instead of waiting for `getUpdates`.
    pub webhook: Option<Webhook>,
    /// Every `setWebhook` call, in order.
    pub webhooks_set: Vec<Webhook>,
    /// Update ids delivered to the webhook (answered 2xx).
    pub delivered: Vec<i64>,
    /// Update ids given up after failed deliveries, with the last error.
    pub undelivered: Vec<(i64, String)>,
    /// Edits refused with "message is not modified" (chat, message, method): calls that
    /// changed nothing, each counted against the chat's budget all the same.
    pub not_modified: Vec<(i64, i64, String)>,
    /// Messages sent twice: (chat, the message standing, the send that repeated it — same
    /// thread, text, picture and buttons, while the first still showed exactly that).
    pub sent_twice: Vec<(i64, i64, i64)>,
    /// Every update made, by id (to deliver one again, as Telegram does after a timeout).
    pub made: BTreeMap<i64, Value>,
    /// Update ids the bot confirmed by polling past them, in order.
    pub confirmed: Vec<i64>,
    /// Forum topics the bot created: (chat, topic id, name). A topic's id is that of the
    /// service message that opened it, as in Telegram.
    pub topics: Vec<(i64, i64, String)>,
    /// Forum groups in which the bot lacks the "Manage topics" right.
    pub no_topic_rights: HashSet<i64>,
    /// A process to kill at a moment of the protocol, once.
    pub kill: Option<Kill>,
    /// What each kill came after (the query answered, the updates confirmed or delivered).
    pub kills: Vec<String>,
}

/// When the emulator kills the bot: right after it handled a call or a delivery, before its
/// answer reaches the bot — the worst moment for what the bot was told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KillOn {
    /// An `answerCallbackQuery`: the player saw their press accepted.
    Answer,
    /// A `getUpdates` that confirmed updates (its offset passed them).
    Confirm,
    /// A webhook POST answered with a 2xx: Telegram will not send that update again.
    WebhookOk,
}

#[derive(Debug, Clone, Copy)]
pub struct Kill {
    pub on: KillOn,
    pub pid: u32,
}

impl State {
    pub fn now() -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(1)
    }

    pub fn push_update(&mut self, kind: &str, body: Value) {
        self.next_update += 1;
        let id = self.next_update;
        let update = json!({"update_id": id, kind: body});
        self.made.insert(id, update.clone());
        self.updates.push_back((id, update));
        self.version += 1;
    }

    /// Kills the armed process if the moment is `now`; says whether it did.
    pub fn kill_if(&mut self, now: KillOn, what: String) -> bool {
        match self.kill {
            Some(kill) if kill.on == now => {
                self.kill = None;
                super::process::kill_now(kill.pid);
                self.kills.push(what);
                true
            }
            _ => false,
        }
    }

    /// Whether `thread` is a topic of forum `chat`: one the bot created, or one its members
    /// wrote in.
    pub fn is_topic(&self, chat: i64, thread: i64) -> bool {
        self.topics.iter().any(|(c, t, _)| (*c, *t) == (chat, thread))
            || self.messages.iter().any(|m| m.chat == chat && m.thread == Some(thread))
    }

    pub fn message_json(&self, m: &Sent) -> Value {
        let chat = self.chats.get(&m.chat).map(ChatInfo::json).unwrap_or(json!({"id": m.chat}));
        let from = match &m.from {
            Some(user) => user.json(),
            None => json!({"id": BOT_ID, "is_bot": true, "first_name": "Igroteka",
                           "username": BOT_USERNAME}),
        };
        let mut out = json!({"message_id": m.id, "date": m.date, "chat": chat, "from": from});
        if let Some(thread) = m.thread {
            out["message_thread_id"] = thread.into();
            out["is_topic_message"] = true.into();
        }
        match (&m.photo, &m.animation) {
            (_, Some(bytes)) => {
                // Bot API: an animation message carries `animation` (and, for old clients,
                // `document`), with the caption.
                let file = json!({
                    "file_id": format!("animation-{}-{}", m.chat, m.id),
                    "file_unique_id": format!("u{}-{}-{}", m.chat, m.id, m.edits),
                    "width": 900, "height": 1000, "duration": 1,
                    "file_name": "replay.gif", "mime_type": "image/gif", "file_size": bytes.len(),
                });
                out["animation"] = file.clone();
                out["document"] = file;
                if !m.text.is_empty() {
                    out["caption"] = m.text.clone().into();
                }
            }
            (Some(bytes), None) => {
                out["photo"] = json!([{
                    "file_id": format!("photo-{}-{}", m.chat, m.id),
                    "file_unique_id": format!("u{}-{}-{}", m.chat, m.id, m.edits),
                    "width": 800, "height": 800, "file_size": bytes.len(),
                }]);
                if !m.text.is_empty() {
                    out["caption"] = m.text.clone().into();
                }
            }
            (None, None) => out["text"] = m.text.clone().into(),
        }
        if !m.keyboard.is_empty() {
            let rows: Vec<Vec<Value>> = m
                .keyboard
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|k| match (&k.data, &k.url) {
                            (Some(d), _) => json!({"text": k.text, "callback_data": d}),
                            (None, Some(u)) => json!({"text": k.text, "url": u}),
                            _ => json!({"text": k.text}),
                        })
                        .collect()
                })
                .collect();
            out["reply_markup"] = json!({"inline_keyboard": rows});
        }
        out
    }

    /// The newest bot message in `chat` for which `f` holds.
    pub fn latest(&self, chat: i64, f: impl Fn(&Sent) -> bool) -> Option<Sent> {
        self.messages.iter().rev().find(|m| m.chat == chat && m.from.is_none() && f(m)).cloned()
    }

    pub fn message_mut(&mut self, chat: i64, id: i64) -> Option<&mut Sent> {
        self.messages.iter_mut().find(|m| m.chat == chat && m.id == id)
    }

    /// A paced call to `chat` arriving at `now`: `Some(retry_after)` in seconds if it goes
    /// over one of Telegram's limits (two calls within a second in one chat, more than 20 a
    /// minute in a group, more than 30 a second overall — or `global_max`), else it is
    /// counted.
    pub fn over_limit(&mut self, chat: i64, now: Instant) -> Option<u64> {
        let seconds = |d: Duration| d.as_secs_f64().ceil().max(1.0) as u64;
        while self.paced_all.front().is_some_and(|t| now - *t >= GLOBAL_WINDOW) {
            self.paced_all.pop_front();
        }
        if self.paced_all.len() >= self.global_max.unwrap_or(GLOBAL_MAX) {
            return Some(seconds(GLOBAL_WINDOW - (now - self.paced_all[0])));
        }
        let recent = self.paced.entry(chat).or_default();
        while recent.front().is_some_and(|t| now - *t >= GROUP_WINDOW) {
            recent.pop_front();
        }
        if let Some(last) = recent.back()
            && now - *last < CHAT_GAP
        {
            return Some(seconds(CHAT_GAP - (now - *last)));
        }
        if chat < 0 && recent.len() >= GROUP_MAX {
            let oldest = recent[recent.len() - GROUP_MAX];
            return Some(seconds(GROUP_WINDOW - (now - oldest)));
        }
        recent.push_back(now);
        self.paced_all.push_back(now);
        None
    }

    /// The most paced calls the bot made to `chat` within any `window`, those refused with
    /// 429 included (what the bot tried, not what Telegram let through).
    pub fn most_within(&self, chat: i64, window: Duration) -> usize {
        let mut times: Vec<Instant> = self
            .call_log
            .iter()
            .filter(|c| c.chat == Some(chat) && PACED.contains(&c.method.as_str()))
            .map(|c| c.at)
            .collect();
        times.sort();
        let mut most = 0;
        for (i, from) in times.iter().enumerate() {
            let within = times[i..].iter().take_while(|at| **at - *from < window).count();
            most = most.max(within);
        }
        most
    }

    /// The bot's paced calls to `chat` that counted (not refused with 429), with when they
    /// arrived.
    pub fn paced_calls(&self, chat: i64) -> Vec<&Call> {
        self.call_log
            .iter()
            .filter(|c| c.chat == Some(chat) && PACED.contains(&c.method.as_str()))
            .filter(|c| c.status != 429)
            .collect()
    }
}

/// Reads an inline keyboard from a `reply_markup` value.
pub fn parse_keyboard(markup: Option<&Value>) -> Vec<Vec<Key>> {
    let Some(rows) = markup.and_then(|m| m.get("inline_keyboard")).and_then(Value::as_array) else {
        return Vec::new();
    };
    rows.iter()
        .map(|row| {
            row.as_array()
                .map(|keys| {
                    keys.iter()
                        .map(|k| Key {
                            text: k["text"].as_str().unwrap_or_default().to_string(),
                            data: k["callback_data"].as_str().map(str::to_string),
                            url: k["url"].as_str().map(str::to_string),
                        })
                        .collect()
                })
                .unwrap_or_default()
        })
        .filter(|row: &Vec<Key>| !row.is_empty())
        .collect()
}

/// A `BotCommandScope` the emulator tells apart (chat member scopes are not modelled).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    Default,
    AllPrivateChats,
    AllGroupChats,
    AllChatAdministrators,
    Chat(i64),
}

impl Scope {
    pub fn parse(scope: &Value) -> Option<Scope> {
        Some(match scope["type"].as_str()? {
            "default" => Scope::Default,
            "all_private_chats" => Scope::AllPrivateChats,
            "all_group_chats" => Scope::AllGroupChats,
            "all_chat_administrators" => Scope::AllChatAdministrators,
            "chat" => Scope::Chat(match &scope["chat_id"] {
                Value::Number(n) => n.as_i64()?,
                Value::String(s) => s.parse().ok()?,
                _ => return None,
            }),
            _ => return None,
        })
    }
}

impl State {
    /// The menu a user whose Telegram speaks `lang` sees in `chat` (their private chat when
    /// `chat` is their id), as Telegram picks it: the narrowest scope with a menu, each scope
    /// first in the user's language, then for every language (Bot API, "Determining list of
    /// commands"; the administrators' scopes are left out: the tests' users are not admins).
    pub fn menu(&self, chat: i64, lang: &str) -> Vec<String> {
        let private = self.chats.get(&chat).is_some_and(|c| c.private_of.is_some());
        let wide = if private { Scope::AllPrivateChats } else { Scope::AllGroupChats };
        for scope in [Scope::Chat(chat), wide, Scope::Default] {
            for code in [lang, ""] {
                if let Some(menu) = self.menus.get(&(scope, code.to_string())) {
                    return menu.clone();
                }
            }
        }
        Vec::new()
    }
}
