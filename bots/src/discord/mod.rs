//! The Discord adapter: serenity's gateway client delivers interactions (slash commands and
//! button presses); [`inbound`] turns each into the core's `Input`, [`handler`] acknowledges it,
//! runs the engine ([`engine`]) and carries out what must happen at once, and the per-table
//! deliverers ([`deliver`]) carry each table's outbox to Discord through [`messenger`]. It
//! decides nothing about games.
//!
//! Everything arrives as an interaction, so the bot needs no privileged intents and never reads
//! message content. The slash commands are (re)registered when shard 0's gateway connection
//! says READY: for one guild when `discord.guild_id` is set (instant, for testing), globally
//! otherwise. A process runs the gateway shards `discord.shards` names ([`shards`]), or one
//! unsharded connection.
//!
//! Every REST call goes through serenity's rate limiter, whatever the API address. The limiter
//! always sends to `https://discord.com`, so `discord.api_url` (or `DISCORD_API_URL`, e.g.
//! `https://127.0.0.1:8443`, the tests' emulator) makes the HTTP client *resolve* `discord.com`
//! to that host and port, and `DISCORD_API_CA` names a PEM certificate authority to trust
//! besides the usual ones (the emulator's test authority); the gateway URL is whatever that
//! API's `GET /gateway/bot` returns.

mod commands;
mod deliver;
mod errors;
mod handler;
mod inbound;
mod markdown;
mod messenger;
mod render;
mod shards;

use std::net::ToSocketAddrs;
use std::sync::Arc;

use igroteka::app::App;
use igroteka::i18n::I18n;
use igroteka::store::{SharedStore, Store};
use igroteka::table::Platform;
use serenity::all::{
    ClientBuilder, Command, Context, EventHandler, GatewayIntents, GuildId, Http, HttpBuilder,
    Interaction, RatelimitInfo, Ready,
};
use tracing::Instrument;

use crate::config::Config;
use crate::limits::Gate;
use crate::stop::{DRAIN, STOP};
use handler::Adapter;
use shards::Shards;

/// Overrides `discord.api_url`.
pub const API_URL_ENV: &str = "DISCORD_API_URL";
/// A PEM file of a certificate authority to trust for the API (the tests' emulator).
pub const API_CA_ENV: &str = "DISCORD_API_CA";
/// Overrides `discord.guild_id`.
pub const GUILD_ENV: &str = "DISCORD_GUILD_ID";
/// Overrides `discord.shards`.
pub const SHARDS_ENV: &str = "DISCORD_SHARDS";

/// Runs the bot until the process is stopped.
pub fn run(config: &Config, store: SharedStore) -> Result<(), String> {
    let token = config.discord.token.clone().ok_or("no Discord token is configured")?;
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let api_url = env(API_URL_ENV).or_else(|| config.discord.api_url.clone());
    let guild = match env(GUILD_ENV).or_else(|| config.discord.guild_id.clone()) {
        Some(id) => Some(id.trim().parse::<u64>().map_err(|_| "discord.guild_id is not a number")?),
        None => None,
    };
    let owner_guild = match config.discord.owner_guild.as_deref().map(str::trim) {
        Some(id) => Some(id.parse::<u64>().map_err(|_| "discord.owner_guild is not a number")?),
        None => None,
    };
    let shards = shards::configured(env(SHARDS_ENV), config.discord.shards.as_deref())?;
    let client = http_client(api_url.as_deref(), env(API_CA_ENV).as_deref())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let app = App::new(store, config.app_config());
    let guilds = Guilds { public: guild, owner: owner_guild };
    runtime.block_on(serve(app, Gate::new(&config.limits), token, client, guilds, shards))
}

/// Where the slash commands are registered.
#[derive(Debug, Clone, Copy)]
struct Guilds {
    /// The one server the public commands go to (`discord.guild_id`); globally without it.
    public: Option<u64>,
    /// The server the owner's commands go to (`discord.owner_guild`); none without it.
    owner: Option<u64>,
}

/// serenity's HTTP client: rustls, `discord.com` resolved to `api_url`'s host and port when one
/// is given, and `ca` trusted besides the usual authorities.
fn http_client(api_url: Option<&str>, ca: Option<&str>) -> Result<reqwest::Client, String> {
    let mut builder = reqwest::Client::builder().use_rustls_tls();
    if let Some(url) = api_url {
        let parsed = reqwest::Url::parse(url.trim())
            .map_err(|e| format!("discord.api_url is not a URL: {e}"))?;
        let host = parsed.host_str().ok_or("discord.api_url has no host")?;
        let port = parsed.port_or_known_default().unwrap_or(443);
        let address = (host, port)
            .to_socket_addrs()
            .map_err(|e| format!("cannot resolve discord.api_url: {e}"))?
            .next()
            .ok_or("discord.api_url resolves to nothing")?;
        builder = builder.resolve("discord.com", address);
    }
    if let Some(path) = ca {
        let pem = std::fs::read(path).map_err(|e| format!("cannot read {API_CA_ENV}: {e}"))?;
        let ca = reqwest::Certificate::from_pem(&pem)
            .map_err(|e| format!("{API_CA_ENV} is not a PEM certificate: {e}"))?;
        builder = builder.add_root_certificate(ca);
    }
    builder.build().map_err(|e| format!("cannot build the HTTP client: {e}"))
}

async fn serve(
    app: App<SharedStore>,
    gate: Gate,
    token: String,
    client: reqwest::Client,
    guilds: Guilds,
    shards: Option<Shards>,
) -> Result<(), String> {
    let http = HttpBuilder::new(&token).client(client);
    let adapter = Arc::new(Adapter::new(app, gate));
    let handler = Handler { adapter: adapter.clone(), guilds, orphans_watched: Default::default() };
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::GUILDS)
        .event_handler(handler)
        .await
        .map_err(|e| format!("cannot build the Discord client: {}", errors::describe(&e)))?;
    tracing::info!("Discord bot is starting ({}).", shards::describe(shards));
    // A stop closes the gateway (no more interactions come), then what was taken ends.
    let manager = client.shard_manager.clone();
    tokio::spawn(async move {
        STOP.requested().await;
        manager.shutdown_all().await;
    });
    // A quiet bot makes no call and gets no event: a connected shard (it heartbeats) shows
    // Discord is reached all the same (`/healthz`).
    let runners = client.shard_manager.runners.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(15));
        loop {
            every.tick().await;
            let connected = runners
                .lock()
                .await
                .values()
                .any(|runner| runner.stage == serenity::gateway::ConnectionStage::Connected);
            if connected {
                crate::observe::health::reached(Platform::Discord);
            }
        }
    });
    let result = Shards::start(shards, &mut client)
        .await
        .map_err(|e| format!("the Discord client stopped: {}", errors::describe(&e)));
    if STOP.is_requested() {
        if !adapter.drain(DRAIN).await {
            tracing::warn!("discord: stopped with deliveries still under way (they stay queued)");
        }
        tracing::info!("Discord bot stopped.");
    }
    result
}

struct Handler {
    adapter: Arc<Adapter>,
    guilds: Guilds,
    /// Whether the watch for outboxes other processes left behind runs (once, on the first
    /// Ready: a gateway reconnect brings another).
    orphans_watched: std::sync::atomic::AtomicBool,
}

/// Where the owner's commands were registered last (a server id), so a server that is no
/// longer the owner server loses them.
const OWNER_GUILD_PREF: &str = "owner.menu.discord";

/// Registers the owner's commands in the owner server (unless they went with the public ones,
/// `together`), and removes them from a former owner server.
async fn owner_commands(http: &Http, store: &SharedStore, guilds: Guilds, together: bool) {
    let before = store.pref(OWNER_GUILD_PREF).ok().flatten().and_then(|id| id.parse::<u64>().ok());
    if let Some(former) =
        before.filter(|id| Some(*id) != guilds.owner && Some(*id) != guilds.public)
    {
        let removed = GuildId::new(former).set_commands(http, Vec::new()).await;
        if let Err(e) = errors::counted("setCommands", removed) {
            tracing::warn!(
                "discord: the former owner server keeps the owner's commands: {}",
                errors::describe(&e)
            );
            return;
        }
    }
    let Some(owner) = guilds.owner else {
        let _ = store.set_pref(OWNER_GUILD_PREF, "");
        return;
    };
    if !together {
        let definitions = commands::owner_definitions(&I18n::new());
        let registered = GuildId::new(owner).set_commands(http, definitions).await;
        match errors::counted("setCommands", registered) {
            Ok(registered) => tracing::info!(
                "discord: {} owner's commands registered in the owner server.",
                registered.len()
            ),
            Err(e) => {
                tracing::warn!(
                    "discord: registering the owner's commands failed: {}",
                    errors::describe(&e)
                );
                return;
            }
        }
    }
    let _ = store.set_pref(OWNER_GUILD_PREF, &owner.to_string());
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        // Whatever a crash or a restart left undelivered goes out now.
        let deliverers = self.adapter.parts(&ctx.http).deliverers.clone();
        deliverers.wake_pending();
        if !self.orphans_watched.swap(true, std::sync::atomic::Ordering::SeqCst) {
            // Over a database shared with other processes: what one of them left behind.
            let store = self.adapter.store();
            tokio::spawn(crate::lease::orphans(store, move |table| drop(deliverers.wake(table))));
        }
        self.adapter.start_clock(&ctx.http);
        crate::observe::health::reached(Platform::Discord);
        // Shard 0 is the one shard every deployment runs exactly once (it alone gets the DMs):
        // its READY registers the commands, so several processes do not all overwrite them.
        if ctx.shard_id.0 != 0 {
            tracing::info!(
                "Discord bot {} is ready on gateway shard {} (the process of shard 0 registers \
                 the slash commands).",
                ready.user.name,
                ctx.shard_id.0
            );
            return;
        }
        let i18n = I18n::new();
        let mut definitions = commands::definitions(&i18n);
        let Guilds { public, owner } = self.guilds;
        // One server may hold both: a server's commands are replaced as a whole.
        let together = owner.is_some() && owner == public;
        if together {
            definitions.extend(commands::owner_definitions(&i18n));
        }
        let result = match public {
            Some(guild) => GuildId::new(guild).set_commands(&ctx.http, definitions).await,
            None => Command::set_global_commands(&ctx.http, definitions).await,
        };
        let result = errors::counted("setCommands", result);
        match result {
            Ok(registered) => tracing::info!(
                "Discord bot {} is ready; {} slash commands registered{}.",
                ready.user.name,
                registered.len(),
                if public.is_some() { " for the configured guild" } else { " globally" }
            ),
            Err(e) => tracing::warn!(
                "discord: registering the slash commands failed: {}",
                errors::describe(&e)
            ),
        }
        owner_commands(&ctx.http, &self.adapter.store(), self.guilds, together).await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        crate::observe::health::reached(Platform::Discord);
        if let Some(request) = inbound::request(&interaction, inbound::now_ms()) {
            let span = crate::observe::logging::update_span(&request.input);
            self.adapter.handle(&ctx.http, request).instrument(span).await;
        }
    }

    /// serenity's rate limiter held a request back (a 429, or a bucket about to overflow).
    async fn ratelimit(&self, data: RatelimitInfo) {
        crate::observe::metrics()
            .rate_limited(Platform::Discord, data.method.reqwest_method().as_ref());
        tracing::debug!(method = %data.method.reqwest_method(), global = data.global, "discord: rate limited for {:?}", data.timeout);
    }
}
