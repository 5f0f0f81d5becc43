//! A local fake Discord for end-to-end tests: REST ([`server`]) and gateway ([`gateway`]) on
//! 127.0.0.1, and the real `igroteka` binary run against it ([`BotProcess`]).
//!
//! No usable Discord emulator exists, so this one is written for what serenity 0.12 sends and
//! parses. A test acts as Discord's users (slash commands, button presses, select picks) and
//! reads what the bot did (messages with components and attachment bytes, ephemeral replies,
//! DMs, how each interaction was answered and when).
//!
//! By default it is one guild and one unsharded gateway connection. A test of several bot
//! processes adds guilds ([`Emulator::guild`], [`Emulator::channel_in`]) and starts each process
//! on its shards ([`spawn_shard`]); every event then goes to the connection of its guild's shard
//! ([`shards`]).

#![allow(dead_code, unused_imports)]

pub mod gateway;
pub mod limits;
pub mod payloads;
#[path = "../process.rs"]
pub mod process;
pub mod room;
pub mod server;
pub mod shards;
pub mod state;
pub mod table;
pub mod tls;
#[path = "../turns.rs"]
pub mod turns;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub use limits::{Kind, Limits};
pub use process::BotProcess;
pub use shards::Shard;
pub use state::{Channel, Identify, Interaction, Msg, State, TestUser};

/// The fake bot token.
pub const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.fake.discord-emulator-token";

/// A generous bound for one step of the bot on a slow, shared machine.
pub const STEP: Duration = Duration::from_secs(30);

pub struct Emulator {
    pub shared: Arc<server::Shared>,
    port: u16,
    _runtime: tokio::runtime::Runtime,
}

impl Emulator {
    /// An emulator enforcing Discord's rate limits.
    pub fn start() -> Emulator {
        Emulator::with_limits(Limits::DISCORD)
    }

    pub fn with_limits(limits: Limits) -> Emulator {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let shared = Arc::new(server::Shared {
            token: TOKEN.to_string(),
            state: Mutex::new(State {
                next_id: 1_000_000_000_000_000_000,
                limits,
                guilds: [(payloads::GUILD_ID, "Board game club".to_string())].into(),
                recommended_shards: 1,
                ..State::default()
            }),
            gateway_url: Mutex::new(String::new()),
            gateway: Mutex::new(Default::default()),
        });
        let rest = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("bind");
        let ws = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("bind");
        let port = rest.local_addr().unwrap().port();
        *shared.gateway_url.lock().unwrap() =
            format!("ws://127.0.0.1:{}", ws.local_addr().unwrap().port());
        let app = server::router(shared.clone());
        let rest = runtime.block_on(async { tls::TlsListener::new(rest) });
        runtime.spawn(async move { axum::serve(rest, app).await.ok() });
        runtime.spawn(gateway::serve(ws, shared.clone()));
        Emulator { shared, port, _runtime: runtime }
    }

    /// Where `discord.com` is to be found (`DISCORD_API_URL`): the emulator's HTTPS address.
    pub fn url(&self) -> String {
        format!("https://127.0.0.1:{}", self.port)
    }

    pub fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.shared.state.lock().unwrap())
    }

    pub fn user(&self, user: &TestUser) {
        self.with(|s| s.users.insert(user.id, user.clone()));
    }

    /// A text channel of the guild.
    pub fn channel(&self, name: &str) -> u64 {
        self.channel_in(payloads::GUILD_ID, name)
    }

    /// Another guild the bot is in.
    pub fn guild(&self, id: u64, name: &str) {
        self.with(|s| s.guilds.insert(id, name.to_string()));
    }

    /// A text channel of guild `guild` (one [`Emulator::guild`] added, or the default one).
    pub fn channel_in(&self, guild: u64, name: &str) -> u64 {
        self.with(|s| {
            assert!(s.guilds.contains_key(&guild), "no guild {guild}");
            let id = s.id();
            let c = Channel {
                id,
                name: name.into(),
                guild,
                dm_user: None,
                recipient: None,
                parent: None,
            };
            s.channels.insert(id, c);
            id
        })
    }

    /// The user's DM channel with the bot (as when they open it themselves).
    pub fn dm(&self, user: &TestUser) -> u64 {
        self.with(|s| match s.dm_channel_of(user.id) {
            Some(id) => id,
            None => {
                let id = s.id();
                let c = Channel {
                    id,
                    name: format!("dm-{}", user.name),
                    guild: 0,
                    dm_user: Some(user.id),
                    recipient: Some(user.clone()),
                    parent: None,
                };
                s.channels.insert(id, c);
                id
            }
        })
    }

    /// The user accepts no DMs from the bot: sending to them fails with 50007.
    pub fn close_dms(&self, user: &TestUser) {
        self.with(|s| s.dm_closed.push(user.id));
    }

    /// Waits until the bot is connected and has registered its commands.
    pub fn wait_ready(&self, timeout: Duration) {
        self.wait("the bot to register its commands", timeout, |s| {
            (s.registrations > 0).then_some(())
        });
        let start = Instant::now();
        while self.shared.gateway.lock().unwrap().is_empty() {
            assert!(start.elapsed() < timeout, "the bot never identified on the gateway");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Forgets the gateway connections (the bot process is gone) and the registrations.
    pub fn disconnect(&self) {
        self.shared.gateway.lock().unwrap().clear();
        self.with(|s| s.registrations = 0);
    }

    /// The open gateway connections: (number, shard), in the order they identified.
    pub fn connections(&self) -> Vec<(u32, Shard)> {
        self.shared.gateway.lock().unwrap().shards()
    }

    /// Sends an event to the connection(s) of its guild's shard (a DM's to shard 0); they are
    /// returned. Fails the test when no connection runs that shard.
    fn push(&self, event: &str, d: Value) -> Vec<(u32, Shard)> {
        let guild = d["guild_id"].as_str().and_then(|g| g.parse().ok());
        // The lock is let go before a failure, so the emulator stays usable after it.
        let sent = self.shared.gateway.lock().unwrap().dispatch(guild, event, &d);
        sent.unwrap_or_else(|e| panic!("{e}"))
    }

    /// Sends interaction `token` (payload `d`) and records where it went.
    fn push_interaction(&self, token: &str, d: Value) {
        let to = self.push("INTERACTION_CREATE", d);
        self.with(|s| s.interactions.get_mut(token).expect("made").dispatched = to);
    }

    fn new_interaction(
        &self,
        user: &TestUser,
        channel: u64,
        message: Option<u64>,
    ) -> (u64, String, Channel) {
        self.with(|s| {
            let id = s.id();
            let token = format!("itoken-{id}");
            let guild = s.guild_of(channel);
            s.interactions.insert(
                token.clone(),
                Interaction {
                    id,
                    token: token.clone(),
                    user: user.id,
                    channel,
                    created: Instant::now(),
                    component_message: message,
                    response: None,
                    original: None,
                    refused: 0,
                    guild,
                    dispatched: Vec::new(),
                },
            );
            (id, token, s.channels[&channel].clone())
        })
    }

    /// A slash command payload (also used by the payload test).
    pub fn command_payload(
        &self,
        user: &TestUser,
        channel: u64,
        name: &str,
        options: &[(&str, &str)],
    ) -> (String, Value) {
        let (id, token, c) = self.new_interaction(user, channel, None);
        // Each option with the type it was registered with (a user option, type 6, carries
        // the user's id as its value, as Discord sends it); a string when unregistered.
        let registered = self.with(|s| s.commands.iter().find(|c| c["name"] == name).cloned());
        let kind = |key: &str| {
            let defined = registered.as_ref().and_then(|c| c["options"].as_array().cloned());
            defined
                .into_iter()
                .flatten()
                .find(|o| o["name"] == key)
                .and_then(|o| o["type"].as_u64())
                .unwrap_or(3)
        };
        // The value in the JSON type of its option type, as Discord sends it: an integer
        // (type 4) or a number (10) as a number, a boolean (5) as a boolean.
        let value = |kind: u64, v: &str| match kind {
            4 => v.parse::<i64>().map_or_else(|_| json!(v), |n| json!(n)),
            10 => v.parse::<f64>().map_or_else(|_| json!(v), |n| json!(n)),
            5 => v.parse::<bool>().map_or_else(|_| json!(v), |b| json!(b)),
            _ => json!(v),
        };
        let options: Vec<Value> = options
            .iter()
            .map(|(k, v)| json!({"name": k, "type": kind(k), "value": value(kind(k), v)}))
            .collect();
        let command_id = self.with(|s| {
            s.commands
                .iter()
                .position(|c| c["name"] == name)
                .map(|i| 920_000_000_000_000_000 + i as u64)
        });
        let payload = payloads::command_interaction(
            id,
            &token,
            user,
            &c,
            command_id.unwrap_or(1),
            name,
            Value::Array(options),
        );
        (token, payload)
    }

    /// `user` runs `/name` with string options in `channel`; returns the interaction token.
    pub fn command(
        &self,
        user: &TestUser,
        channel: u64,
        name: &str,
        options: &[(&str, &str)],
    ) -> String {
        let (token, payload) = self.command_payload(user, channel, name, options);
        self.push_interaction(&token, payload);
        token
    }

    /// A component payload (also used by the payload test).
    pub fn press_payload(
        &self,
        user: &TestUser,
        message: &Msg,
        custom_id: &str,
        value: Option<&str>,
    ) -> (String, Value) {
        let (id, token, c) = self.new_interaction(user, message.channel, Some(message.id));
        let payload =
            payloads::component_interaction(id, &token, user, &c, message, custom_id, value);
        (token, payload)
    }

    /// `user` presses the button with `custom_id` on `message`, or picks it from the select menu
    /// that offers it.
    pub fn press(&self, user: &TestUser, message: &Msg, custom_id: &str) -> String {
        let (token, payload) = match message.menu_of(custom_id) {
            Some(menu) => self.press_payload(user, message, &menu, Some(custom_id)),
            None => self.press_payload(user, message, custom_id, None),
        };
        self.push_interaction(&token, payload);
        token
    }

    /// Polls the state until `f` returns something.
    pub fn wait<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut f: impl FnMut(&State) -> Option<T>,
    ) -> T {
        let start = Instant::now();
        loop {
            if let Some(v) = f(&self.shared.state.lock().unwrap()) {
                return v;
            }
            if start.elapsed() > timeout {
                panic!("timed out waiting for {what}\n{}", self.transcript());
            }
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// Waits until the bot has finished answering interaction `token`: it responded, and no
    /// request came for `quiet`.
    pub fn settle(&self, token: &str, quiet: Duration) {
        self.wait("a response", STEP, |s| {
            s.interactions.get(token).and_then(|i| i.response).map(|_| ())
        });
        let mut last = (self.with(|s| s.calls.len()), Instant::now());
        loop {
            std::thread::sleep(Duration::from_millis(20));
            let calls = self.with(|s| s.calls.len());
            if calls != last.0 {
                last = (calls, Instant::now());
            } else if last.1.elapsed() >= quiet {
                return;
            }
        }
    }

    pub fn interaction(&self, token: &str) -> Interaction {
        self.with(|s| s.interactions[token].clone())
    }

    /// The messages of `channel` that `viewer` sees (`None`: public only), oldest first.
    pub fn visible(&self, channel: u64, viewer: Option<u64>) -> Vec<Msg> {
        self.with(|s| s.visible(channel, viewer).into_iter().cloned().collect())
    }

    /// The newest message of `channel` matching `f`, as `viewer` sees the channel.
    pub fn latest(
        &self,
        channel: u64,
        viewer: Option<u64>,
        f: impl Fn(&Msg) -> bool,
    ) -> Option<Msg> {
        self.visible(channel, viewer).into_iter().rev().find(|m| f(m))
    }

    pub fn message(&self, id: u64) -> Msg {
        self.with(|s| s.messages[&id].clone())
    }

    /// Everything that happened, for failure messages.
    pub fn transcript(&self) -> String {
        self.with(|s| {
            let mut out = String::new();
            for m in s.messages.values().rev().take(12).collect::<Vec<_>>().into_iter().rev() {
                out += &format!(
                    "#{} ch{} {}{}{}: {:?} [{} files] {:?}\n",
                    m.id,
                    m.channel,
                    if m.ephemeral_for.is_some() { "(ephemeral) " } else { "" },
                    if m.loading { "(loading) " } else { "" },
                    if m.deleted { "(deleted) " } else { "" },
                    m.content.chars().take(200).collect::<String>(),
                    m.attachments.len(),
                    m.buttons().iter().map(|b| b.0.clone()).collect::<Vec<_>>()
                );
            }
            out += &format!("problems: {:?}\nlate: {:?}\n", s.problems, s.late);
            let calls = &s.calls[s.calls.len().saturating_sub(12)..];
            out += &format!("last calls: {calls:?}\n");
            out
        })
    }
}

/// The width and height a PNG's header declares.
pub fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// Starts the real binary with the Discord token and the emulator's URL.
pub fn spawn_bot(emulator: &Emulator, data: &Path) -> BotProcess {
    spawn_bot_with(emulator, data, &[])
}

/// [`spawn_bot`] with more environment variables (e.g. a faster clock).
pub fn spawn_bot_with(emulator: &Emulator, data: &Path, extra: &[(&str, &str)]) -> BotProcess {
    emulator.disconnect();
    let mut env = vec![
        ("DISCORD_BOT_TOKEN", TOKEN.to_string()),
        ("DISCORD_API_URL", emulator.url()),
        ("DISCORD_API_CA", tls::CA.to_string()),
        ("DISCORD_GUILD_ID", payloads::GUILD_ID.to_string()),
    ];
    env.extend(extra.iter().map(|(k, v)| (*k, v.to_string())));
    // One log per run, so a restarted bot's log does not replace its predecessor's.
    let runs = std::fs::read_dir(data.parent().expect("a parent folder"))
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| {
                    e.path().extension().is_some_and(|x| x.to_string_lossy().starts_with("log"))
                })
                .count()
        })
        .unwrap_or(0);
    BotProcess::start(data, data.with_extension(format!("log{runs}")), &env)
}

/// Starts the real binary as one of several processes of the bot: it runs gateway shards
/// `shards` (`discord.shards`, e.g. `0-1/4`), registers the commands globally, and logs into
/// `data` with the extension `log`. Unlike [`spawn_bot`] it leaves the other processes'
/// connections alone.
pub fn spawn_shard(
    emulator: &Emulator,
    data: &Path,
    shards: &str,
    extra: &[(&str, &str)],
) -> BotProcess {
    let mut env = vec![
        ("DISCORD_BOT_TOKEN", TOKEN.to_string()),
        ("DISCORD_API_URL", emulator.url()),
        ("DISCORD_API_CA", tls::CA.to_string()),
        ("DISCORD_SHARDS", shards.to_string()),
    ];
    env.extend(extra.iter().map(|(k, v)| (*k, v.to_string())));
    BotProcess::start(data, data.with_extension("log"), &env)
}
