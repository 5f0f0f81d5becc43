//! The Telegram adapter: long polling with teloxide (or a webhook, [`webhook`], when
//! `telegram.webhook_url` is set), every update turned into the core's `Input` ([`inbound`])
//! and every `Effect` into Bot API calls ([`outbound`]). It decides nothing about games.
//!
//! Updates of one chat are handled one after another (teloxide's dispatcher distributes by
//! chat), so a game's messages keep their order and a tracked message's id is reported before
//! the chat's next input; different chats run concurrently. The engine sits behind a mutex —
//! its calls are short sled reads and writes.

mod format;
mod inbound;
mod menu;
mod outbound;
mod retry;
mod webhook;

use std::sync::Arc;

use igroteka::app::{App, AppConfig};
use igroteka::store::SledStore;
use teloxide::adaptors::throttle::{Limits, Settings, Throttle};
use teloxide::error_handlers::LoggingErrorHandler;
use teloxide::prelude::*;

use crate::config::Config;
use outbound::Adapter;

/// Overrides Telegram's per-chat message limits (messages per minute per chat): the emulator
/// in the tests has none, and a test game would otherwise take minutes.
pub const RATE_ENV: &str = "IGROTEKA_TELEGRAM_RATE";

/// Runs the bot until the process is stopped.
pub fn run(config: &Config, store: SledStore) -> Result<(), String> {
    let token = config.telegram.token.clone().ok_or("no Telegram token is configured")?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(config, store, token))
}

async fn serve(config: &Config, store: SledStore, token: String) -> Result<(), String> {
    let webhook = webhook::Settings::from_config(&config.telegram)?;
    let mut bot = Bot::new(&token);
    if let Some(url) = &config.telegram.api_url {
        let url = url.parse().map_err(|_| "telegram.api_url is not a valid URL".to_string())?;
        bot = bot.set_api_url(url);
    }
    let me = retry::call(|| bot.get_me().send())
        .await
        .map_err(|e| format!("Telegram getMe failed: {}", retry::describe(&e, &token)))?;
    let username = me
        .username
        .clone()
        .or_else(|| config.telegram.username.clone())
        .ok_or("the bot has no username (set one with BotFather)")?;
    if let Err(e) = menu::publish(&bot).await {
        eprintln!("igroteka: telegram: setMyCommands: {}", retry::describe(&e, &token));
    }
    let app = App::new(store, AppConfig::default());
    let settings = Settings::default().limits(limits()).no_retry();
    let throttled = Throttle::spawn_with_settings(bot.clone(), settings);
    let adapter = Arc::new(Adapter::new(throttled.clone(), app, username.clone(), token.clone()));
    let handler = dptree::entry()
        .branch(Update::filter_message().endpoint(on_message))
        .branch(Update::filter_callback_query().endpoint(on_callback));
    let mut dispatcher = Dispatcher::builder(throttled, handler)
        .dependencies(dptree::deps![adapter])
        .default_handler(|_| async {})
        .build();
    match webhook {
        // teloxide's polling first deletes a webhook left by an earlier webhook-mode run.
        None => {
            eprintln!("igroteka: Telegram bot @{username} is running (long polling).");
            dispatcher.dispatch().await;
        }
        Some(settings) => {
            // Some people put the token in the webhook path: never print it.
            let mode = retry::scrub(&settings.describe(), &token);
            let listener = webhook::start(&bot, settings, &token).await?;
            eprintln!("igroteka: Telegram bot @{username} is running ({mode}).");
            dispatcher.dispatch_with_listener(listener, LoggingErrorHandler::new()).await;
        }
    }
    Ok(())
}

async fn on_message(msg: Message, adapter: Arc<Adapter>) -> ResponseResult<()> {
    if let Some(mut input) = inbound::from_message(&msg, &adapter.username, inbound::now_ms()) {
        if inbound::needs_admin_check(&input)
            && let Some(user) = msg.from.as_ref()
        {
            // Only `/cancel` asks: one getChatMember call where it matters, not on every move.
            let member =
                retry::call(|| adapter.bot.get_chat_member(msg.chat.id, user.id).send()).await;
            input.user.admin = member.is_ok_and(|m| m.is_privileged());
        }
        adapter.handle(input, None).await;
    }
    Ok(())
}

async fn on_callback(query: CallbackQuery, adapter: Arc<Adapter>) -> ResponseResult<()> {
    match inbound::from_callback(&query, inbound::now_ms()) {
        Some(input) => adapter.handle(input, Some(query.id)).await,
        // A button on a message the bot cannot see any more: still stop the spinner.
        None => {
            let _ = adapter.bot.answer_callback_query(query.id).await;
        }
    }
    Ok(())
}

/// Telegram's documented limits, unless [`RATE_ENV`] raises the per-chat ones.
fn limits() -> Limits {
    let mut limits = Limits::default();
    if let Some(per_minute) =
        std::env::var(RATE_ENV).ok().and_then(|v| v.trim().parse::<u32>().ok())
    {
        let per_minute = per_minute.max(1);
        limits.messages_per_min_chat = per_minute;
        limits.messages_per_min_channel_or_supergroup = per_minute;
        limits.messages_per_sec_chat = (per_minute / 60).max(1);
        limits.messages_per_sec_overall = limits.messages_per_sec_overall.max(per_minute / 60);
    }
    limits
}
