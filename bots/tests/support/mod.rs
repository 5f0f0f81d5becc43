//! A local fake Telegram Bot API for end-to-end tests, and the real `igroteka` binary run
//! against it.
//!
//! Public emulators do not speak what teloxide sends (photos, `chat_instance`, strict `getMe`),
//! so this one is written for it: [`Emulator`] serves the Bot API on 127.0.0.1 and lets a test
//! act as Telegram's users (send commands, press buttons) and read what the bot did (messages,
//! photos, keyboards, callback answers). [`BotProcess`] spawns the binary exactly as a user
//! runs it, with the token and the API URL in its environment. Updates go out by long polling
//! (`getUpdates`) or, once the bot calls `setWebhook`, by HTTP POSTs to its URL ([`webhook`]).

#![allow(dead_code)]

pub mod balancer;
pub mod oracle;
pub mod play;
pub mod process;
pub mod server;
pub mod state;
pub mod turns;
pub mod webhook;
pub mod whole_game;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;

pub use process::BotProcess;
pub use state::{Answer, ChatInfo, Kill, KillOn, Sent, State, TestUser};

/// The fake bot token (the shape of a real one).
pub const TOKEN: &str = "123456789:TEST-token_for-the-emulator";

/// A generous bound for one step of the bot on a slow, shared machine.
pub const STEP: Duration = Duration::from_secs(60);

/// The fake Bot API server. Dropping it stops the server.
pub struct Emulator {
    shared: Arc<server::Shared>,
    port: u16,
    /// How long the bot must stay silent before a step counts as finished.
    quiet: Mutex<Duration>,
    runtime: tokio::runtime::Runtime,
}

impl Emulator {
    pub fn start() -> Emulator {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("runtime");
        let shared = Arc::new(server::Shared {
            token: TOKEN.to_string(),
            state: Mutex::new(State { next_message: 100, limits: true, ..State::default() }),
        });
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("bind the emulator");
        let port = listener.local_addr().expect("port").port();
        let app = server::router(shared.clone());
        runtime.spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        runtime.spawn(webhook::deliver(shared.clone()));
        Emulator { shared, port, quiet: Mutex::new(Duration::from_millis(200)), runtime }
    }

    /// The base URL for `TELOXIDE_API_URL`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// Runs `f` on the state.
    pub fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.shared.state.lock().unwrap())
    }

    /// A supergroup (a forum when `forum`).
    pub fn group(&self, id: i64, title: &str, forum: bool) {
        self.with(|s| {
            s.chats.insert(
                id,
                ChatInfo { id, title: Some(title.to_string()), forum, private_of: None },
            );
        });
    }

    /// Makes `user` known, with a private chat (whose id is the user's).
    pub fn user(&self, user: &TestUser) {
        self.with(|s| {
            s.chats.entry(user.id).or_insert_with(|| ChatInfo {
                id: user.id,
                title: None,
                forum: false,
                private_of: Some(user.clone()),
            });
        });
    }

    /// The user never pressed Start in the bot's private chat: sends to them fail with 403
    /// until they write to the bot there.
    pub fn never_started(&self, user: &TestUser) {
        self.user(user);
        self.with(|s| s.never_started.insert(user.id));
    }

    /// Makes `user` an administrator of `chat`.
    pub fn make_admin(&self, chat: i64, user: &TestUser) {
        self.user(user);
        self.with(|s| s.admins.insert((chat, user.id)));
    }

    /// The user blocked the bot: every send to them fails with 403.
    pub fn block(&self, user: &TestUser) {
        self.user(user);
        self.with(|s| s.blocked.insert(user.id));
    }

    /// While `hold` is set, updates wait instead of going to the bot's `getUpdates`.
    pub fn hold_updates(&self, hold: bool) {
        self.with(|s| s.hold_updates = hold);
    }

    /// Kills `bot` (`kill -9`) the next time `on` happens, before the bot hears back.
    pub fn kill_on(&self, on: KillOn, bot: &BotProcess) {
        self.with(|s| s.kill = Some(Kill { on, pid: bot.pid() }));
    }

    /// Delivers update `id` again, as Telegram does after a timeout or a 5xx.
    pub fn redeliver(&self, id: i64) {
        self.with(|s| {
            let update = s.made.get(&id).cloned().expect("an update made");
            s.updates.push_back((id, update));
            s.version += 1;
        });
    }

    /// The id of the newest update made.
    pub fn last_update(&self) -> i64 {
        self.with(|s| s.next_update)
    }

    /// The next `calls` calls of `method` (any case) fail with 429 and `retry_after`.
    pub fn flood(&self, method: &str, calls: usize, retry_after: u32) {
        self.with(|s| s.flood.insert(method.to_lowercase(), (calls, retry_after)));
    }

    /// `user` writes `text` in `chat` (a group, or the user's own id for the private chat),
    /// in forum topic `thread` if given.
    pub fn say(&self, chat: i64, thread: Option<i64>, user: &TestUser, text: &str) -> i64 {
        self.say_replying(chat, thread, user, text, None)
    }

    /// [`Emulator::say`] in reply to message `to` of the chat (Telegram's `reply_to_message`,
    /// the whole message replied to, as Telegram sends it).
    pub fn say_replying(
        &self,
        chat: i64,
        thread: Option<i64>,
        user: &TestUser,
        text: &str,
        to: Option<i64>,
    ) -> i64 {
        self.user(user);
        self.with(|s| {
            if chat == user.id {
                // Writing to the bot opens the private chat.
                s.never_started.remove(&user.id);
            }
            s.next_message += 1;
            let message = Sent {
                chat,
                id: s.next_message,
                thread,
                date: State::now(),
                from: Some(user.clone()),
                text: text.to_string(),
                parse_mode: None,
                photo: None,
                animation: None,
                keyboard: Vec::new(),
                edits: 0,
            };
            let mut body = s.message_json(&message);
            let replied = to.and_then(|id| s.messages.iter().find(|m| m.chat == chat && m.id == id));
            if let Some(replied) = replied {
                body["reply_to_message"] = s.message_json(replied);
            }
            if let Some(command) = text.split_whitespace().next().filter(|w| w.starts_with('/')) {
                body["entities"] =
                    json!([{"type": "bot_command", "offset": 0, "length": command.encode_utf16().count()}]);
            }
            s.messages.push(message);
            s.push_update("message", body);
            s.next_message
        })
    }

    /// `user` presses a button with `data` on `message`; returns the callback query id.
    pub fn press(&self, user: &TestUser, message: &Sent, data: &str) -> String {
        self.user(user);
        self.with(|s| {
            let (id, body) = Self::callback_query(s, user, message, data);
            s.open_queries.insert(id.clone());
            s.pressed_at.insert(id.clone(), Instant::now());
            s.push_update("callback_query", body);
            id
        })
    }

    /// The update a press would make, without queueing it (for a forged webhook request).
    pub fn press_update(&self, user: &TestUser, message: &Sent, data: &str) -> serde_json::Value {
        self.user(user);
        self.with(|s| {
            let (_, body) = Self::callback_query(s, user, message, data);
            json!({"update_id": s.next_update + 1000, "callback_query": body})
        })
    }

    fn callback_query(
        s: &mut State,
        user: &TestUser,
        message: &Sent,
        data: &str,
    ) -> (String, serde_json::Value) {
        s.next_query += 1;
        let id = format!("q{}", s.next_query);
        let current = s
            .messages
            .iter()
            .find(|m| m.chat == message.chat && m.id == message.id)
            .cloned()
            .unwrap_or_else(|| message.clone());
        let body = json!({
            "id": id, "from": user.json(), "message": s.message_json(&current),
            "chat_instance": format!("ci{}", message.chat), "data": data,
        });
        (id, body)
    }

    /// POSTs `update` to the webhook the bot set, with `secret` as the secret header (none
    /// when `None`), as anyone on the network could; returns the HTTP status.
    pub fn post_to_webhook(&self, secret: Option<&str>, update: &serde_json::Value) -> u16 {
        let hook = self.with(|s| s.webhook.clone()).expect("a webhook is set");
        self.runtime
            .block_on(webhook::post(&hook.url, secret, &update.to_string()))
            .expect("the webhook answers")
    }

    /// Calls the fake Bot API's `method` directly with a JSON body; returns the HTTP status.
    pub fn raw_call(&self, method: &str, body: &serde_json::Value) -> u16 {
        let url = format!("{}bot{TOKEN}/{method}", self.url());
        self.runtime.block_on(webhook::post(&url, None, &body.to_string())).expect("an answer")
    }

    /// Waits until `f` finds something, or fails the test with `what` and the chat log. `f`
    /// runs with the state locked: it must not call back into the emulator.
    pub fn wait<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut f: impl FnMut(&State) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(found) = self.with(|s| f(s)) {
                return found;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {what}\n{}", self.transcript());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The answer to a callback query.
    pub fn answer(&self, query: &str) -> Answer {
        self.wait(&format!("the answer to {query}"), STEP, |s| {
            s.answers.iter().find(|a| a.query == query).cloned()
        })
    }

    /// Sets how long the bot must stay silent before a step counts as finished (longer than
    /// any `retry_after` a test injects, or a retrying bot looks idle).
    pub fn set_quiet(&self, quiet: Duration) {
        *self.quiet.lock().unwrap() = quiet;
    }

    /// Waits until the bot has been idle (no call but getUpdates) for the quiet time. Updates
    /// not yet delivered to a webhook count as work to wait for.
    pub fn settle(&self) {
        let quiet = *self.quiet.lock().unwrap();
        let deadline = Instant::now() + STEP;
        let mut last = (self.busy_calls(), Instant::now());
        while Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
            let now = self.busy_calls();
            if now != last.0 {
                last = (now, Instant::now());
            } else if last.1.elapsed() >= quiet && self.undelivered() == 0 {
                return;
            }
        }
    }

    fn busy_calls(&self) -> usize {
        self.with(|s| s.calls.iter().filter(|c| *c != "getupdates").count())
    }

    /// Updates waiting for webhook delivery.
    fn undelivered(&self) -> usize {
        self.with(|s| if s.webhook.is_some() { s.updates.len() } else { 0 })
    }

    pub fn version(&self) -> u64 {
        self.with(|s| s.version)
    }

    /// How many 429s the bot provoked by going over Telegram's limits (injected floods not
    /// counted).
    pub fn limited(&self) -> usize {
        self.with(|s| s.limited)
    }

    /// The 429s the bot provoked, each with its chat's paced calls of the minute before it
    /// (how long before, and the method): which limit it went over, for a failing test to say.
    pub fn limited_report(&self) -> String {
        self.with(|s| {
            let paced = |c: &&state::Call| state::PACED.contains(&c.method.as_str());
            let mut report = String::new();
            for refused in s.call_log.iter().filter(paced).filter(|c| c.status == 429) {
                let before: Vec<String> = s
                    .call_log
                    .iter()
                    .filter(paced)
                    .filter(|c| c.chat == refused.chat && c.at <= refused.at)
                    .filter(|c| refused.at - c.at < Duration::from_secs(60))
                    .map(|c| {
                        format!("-{} ms {} {}", (refused.at - c.at).as_millis(), c.method, c.status)
                    })
                    .collect();
                report.push_str(&format!(
                    "\n429 to chat {:?}, {} calls in the minute before: {}",
                    refused.chat,
                    before.len(),
                    before.join(", ")
                ));
            }
            report
        })
    }

    /// How many times the bot called one of `methods` for `chat`.
    pub fn calls_to(&self, chat: i64, methods: &[&str]) -> usize {
        let methods: Vec<String> = methods.iter().map(|m| m.to_lowercase()).collect();
        self.with(|s| {
            s.call_log
                .iter()
                .filter(|c| c.chat == Some(chat) && methods.contains(&c.method))
                .count()
        })
    }

    /// The slowest answer to a press so far.
    pub fn slowest_answer(&self) -> Duration {
        self.with(|s| s.answers.iter().map(|a| a.latency).max().unwrap_or_default())
    }

    /// Press-to-answer latencies so far: the median, the 90th percentile and the slowest.
    pub fn answer_latencies(&self) -> (Duration, Duration, Duration) {
        let mut all = self.with(|s| s.answers.iter().map(|a| a.latency).collect::<Vec<_>>());
        all.sort();
        let at = |q: f64| all.get(((all.len() as f64 - 1.0) * q) as usize).copied();
        (at(0.5).unwrap_or_default(), at(0.9).unwrap_or_default(), at(1.0).unwrap_or_default())
    }

    /// How many times `method` was called.
    pub fn calls(&self, method: &str) -> usize {
        let method = method.to_lowercase();
        self.with(|s| s.calls.iter().filter(|c| **c == method).count())
    }

    /// The bot's messages in a chat, oldest first.
    pub fn bot_messages(&self, chat: i64) -> Vec<Sent> {
        self.with(|s| {
            s.messages.iter().filter(|m| m.chat == chat && m.from.is_none()).cloned().collect()
        })
    }

    /// The newest bot message in `chat` for which `f` holds.
    pub fn latest(&self, chat: i64, f: impl Fn(&Sent) -> bool) -> Option<Sent> {
        self.with(|s| s.latest(chat, f))
    }

    /// Waits for a bot message in `chat` newer than `after` whose text contains `needle`.
    pub fn expect(&self, chat: i64, after: i64, needle: &str) -> Sent {
        self.wait(&format!("“{needle}” in chat {chat}"), STEP, |s| {
            s.messages
                .iter()
                .filter(|m| m.chat == chat && m.from.is_none() && m.id > after)
                .find(|m| Sent::plain(m).contains(needle))
                .cloned()
        })
    }

    /// The bot's messages in `chats` that still show an inline keyboard (callback or link
    /// buttons) other than a finished game's Rematch and Replay, oldest first.
    pub fn keyboards_left(&self, chats: &[i64]) -> Vec<Sent> {
        self.with(|s| {
            // A finished game's board keeps its Rematch and Replay: no buttons of the game.
            let of_a_game = |m: &&Sent| {
                m.keyboard.iter().flatten().any(|k| !k.data.as_deref().is_some_and(is_after_game))
            };
            let left = s.messages.iter().filter(|m| m.from.is_none()).filter(of_a_game);
            left.filter(|m| chats.contains(&m.chat)).cloned().collect()
        })
    }

    /// The checks after the end of the games in `chats` (their groups and players' private
    /// chats): no message of theirs still shows a game's buttons (a finished game's board keeps
    /// its Rematch and Replay), and no edit was refused as "message
    /// is not modified".
    pub fn assert_no_buttons_left(&self, chats: &[i64]) {
        let left: Vec<String> = self
            .keyboards_left(chats)
            .iter()
            .map(|m| format!("[{} #{}] {:?}", m.chat, m.id, m.plain()))
            .collect();
        assert!(left.is_empty(), "buttons left after the end: {left:?}\n{}", self.transcript());
        let idle = self.with(|s| s.not_modified.clone());
        assert!(idle.is_empty(), "edits refused as not modified: {idle:?}\n{}", self.transcript());
    }

    /// No message in `chats` was sent twice: no send repeated a message of the bot standing
    /// in the same chat, text, picture and buttons alike (two processes delivering one
    /// outbox entry would).
    pub fn assert_nothing_sent_twice(&self, chats: &[i64]) {
        let twice: Vec<(i64, i64, i64)> =
            self.with(|s| s.sent_twice.iter().filter(|t| chats.contains(&t.0)).copied().collect());
        assert!(
            twice.is_empty(),
            "sent twice (chat, first, again): {twice:?}\n{}",
            self.transcript()
        );
    }

    /// Every message, for failure reports.
    pub fn transcript(&self) -> String {
        self.with(|s| {
            let mut out = String::new();
            for m in s.messages.iter().rev().take(30).rev() {
                let who = m.from.as_ref().map_or("bot".to_string(), |u| u.name.clone());
                let keys: Vec<String> =
                    m.keyboard.iter().flatten().map(|k| k.text.clone()).collect();
                out.push_str(&format!(
                    "[{} #{}{}{}] {who}: {} {:?}\n",
                    m.chat,
                    m.id,
                    if m.photo.is_some() { " photo" } else { "" },
                    if m.edits > 0 { format!(" edited×{}", m.edits) } else { String::new() },
                    m.plain().replace('\n', " | "),
                    keys
                ));
            }
            for a in s.answers.iter().rev().take(5) {
                out.push_str(&format!("answer {}: {:?} alert={}\n", a.query, a.text, a.alert));
            }
            out
        })
    }
}

/// Whether a button's data is a finished game's Rematch or Replay (its operation is `r` or
/// `y`): a button of what comes after the game, not of the game.
pub fn is_after_game(data: &str) -> bool {
    data.starts_with('t') && matches!(data.rsplit(':').next(), Some("r" | "y"))
}

/// Checks that `bytes` is a PNG and returns its size.
pub fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().expect("a readable PNG");
    let info = reader.info();
    (info.width, info.height)
}

/// Starts the bot on `data` against `emulator` and waits until it polls for updates.
pub fn spawn_bot(emulator: &Emulator, data: &Path) -> BotProcess {
    spawn_bot_with(emulator, data, &[])
}

/// [`spawn_bot`] with more environment variables (e.g. a faster clock).
pub fn spawn_bot_with(emulator: &Emulator, data: &Path, extra: &[(&str, &str)]) -> BotProcess {
    let polls = emulator.calls("getUpdates");
    let log = data.with_extension(format!("log{}", polls));
    let mut env =
        vec![("TELEGRAM_BOT_TOKEN", TOKEN.to_string()), ("TELOXIDE_API_URL", emulator.url())];
    env.extend(extra.iter().map(|(k, v)| (*k, v.to_string())));
    let mut bot = BotProcess::start(data, log, &env);
    wait_for_a_poll(emulator, &mut bot, polls);
    bot
}

/// Waits until `bot` polls for updates (the emulator has seen more than `polls` calls of
/// `getUpdates`); panics with its stderr if it exits or never polls.
pub fn wait_for_a_poll(emulator: &Emulator, bot: &mut BotProcess, polls: usize) {
    let deadline = Instant::now() + STEP;
    while emulator.calls("getUpdates") <= polls {
        if let Some(status) = bot.exited() {
            panic!("igroteka exited with {status}: {}", bot.stderr());
        }
        assert!(Instant::now() < deadline, "the bot never polled: {}", bot.stderr());
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A port free on 127.0.0.1 right now (for the bot's webhook server).
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("port").port()
}

/// Starts the bot in webhook mode on `data`: it listens on 127.0.0.1:`port` for
/// `http://127.0.0.1:<port>/telegram`. Waits until it has called `setWebhook`.
pub fn spawn_webhook_bot(emulator: &Emulator, data: &Path, port: u16) -> BotProcess {
    let set = emulator.with(|s| s.webhooks_set.len());
    let log = data.with_extension(format!("log-webhook{set}"));
    let env = [
        ("TELEGRAM_BOT_TOKEN", TOKEN.to_string()),
        ("TELOXIDE_API_URL", emulator.url()),
        ("TELEGRAM_WEBHOOK_URL", format!("http://127.0.0.1:{port}/telegram")),
        ("TELEGRAM_LISTEN", format!("127.0.0.1:{port}")),
    ];
    let mut bot = BotProcess::start(data, log, &env);
    let deadline = Instant::now() + STEP;
    while emulator.with(|s| s.webhooks_set.len()) <= set {
        if let Some(status) = bot.exited() {
            panic!("igroteka exited with {status}: {}", bot.stderr());
        }
        assert!(Instant::now() < deadline, "the bot never set a webhook: {}", bot.stderr());
        std::thread::sleep(Duration::from_millis(20));
    }
    bot
}

/// A small, seedable random source for the tests' timings and kill points (a seed printed by
/// a test replays its run).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}
