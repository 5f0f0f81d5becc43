//! The Discord adapter: serenity's gateway client delivers interactions (slash commands and
//! button presses), [`inbound`] turns each into the core's `Input`, [`outbound`] turns the core's
//! `Effect`s into REST calls. It decides nothing about games.
//!
//! Everything arrives as an interaction, so the bot needs no privileged intents and never reads
//! message content. The slash commands are (re)registered when the gateway says READY: for one
//! guild when `discord.guild_id` is set (instant, for testing), globally otherwise.
//!
//! For tests and self-hosted proxies, `discord.api_url` (or `DISCORD_API_URL`) points the REST
//! client at another base URL through serenity's `HttpBuilder::proxy`, with the client-side
//! rate limiter off; the gateway URL is whatever that API's `GET /gateway` returns.

mod commands;
mod errors;
mod inbound;
mod markdown;
mod notes;
mod outbound;
mod render;

use std::sync::Arc;

use igroteka::app::{App, AppConfig};
use igroteka::i18n::I18n;
use igroteka::store::SledStore;
use serenity::all::{
    ClientBuilder, Command, Context, EventHandler, GatewayIntents, GuildId, HttpBuilder,
    Interaction, Ready,
};

use crate::config::Config;
use outbound::Adapter;

/// Overrides `discord.api_url`.
pub const API_URL_ENV: &str = "DISCORD_API_URL";
/// Overrides `discord.guild_id`.
pub const GUILD_ENV: &str = "DISCORD_GUILD_ID";

/// Runs the bot until the process is stopped.
pub fn run(config: &Config, store: SledStore) -> Result<(), String> {
    let token = config.discord.token.clone().ok_or("no Discord token is configured")?;
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let api_url = env(API_URL_ENV).or_else(|| config.discord.api_url.clone());
    let guild = match env(GUILD_ENV).or_else(|| config.discord.guild_id.clone()) {
        Some(id) => Some(id.trim().parse::<u64>().map_err(|_| "discord.guild_id is not a number")?),
        None => None,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(store, token, api_url, guild))
}

async fn serve(
    store: SledStore,
    token: String,
    api_url: Option<String>,
    guild: Option<u64>,
) -> Result<(), String> {
    let mut http = HttpBuilder::new(&token);
    if let Some(url) = &api_url {
        http = http.proxy(url.trim_end_matches('/')).ratelimiter_disabled(true);
    }
    let adapter = Arc::new(Adapter::new(App::new(store, AppConfig::default())));
    let handler = Handler { adapter, guild };
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::GUILDS)
        .event_handler(handler)
        .await
        .map_err(|e| format!("cannot build the Discord client: {}", errors::describe(&e)))?;
    eprintln!("igroteka: Discord bot is starting (gateway).");
    client
        .start()
        .await
        .map_err(|e| format!("the Discord client stopped: {}", errors::describe(&e)))
}

struct Handler {
    adapter: Arc<Adapter>,
    guild: Option<u64>,
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.adapter.set_http(&ctx.http);
        let definitions = commands::definitions(&I18n::new());
        let result = match self.guild {
            Some(guild) => GuildId::new(guild).set_commands(&ctx.http, definitions).await,
            None => Command::set_global_commands(&ctx.http, definitions).await,
        };
        match result {
            Ok(registered) => eprintln!(
                "igroteka: Discord bot {} is ready; {} slash commands registered{}.",
                ready.user.name,
                registered.len(),
                if self.guild.is_some() { " for the configured guild" } else { " globally" }
            ),
            Err(e) => eprintln!(
                "igroteka: discord: registering the slash commands failed: {}",
                errors::describe(&e)
            ),
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        self.adapter.set_http(&ctx.http);
        if let Some(request) = inbound::request(&interaction, inbound::now_ms()) {
            self.adapter.handle(request).await;
        }
    }
}
