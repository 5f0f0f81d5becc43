//! The Telegram adapter: updates taken by long polling (or a webhook, [`webhook`], when
//! `telegram.webhook_url` is set) through the bot's own [`intake`], every update turned into
//! the core's `Input` ([`inbound`]), and every message a table shows delivered through the
//! table's outbox ([`deliver`]) by the Telegram [`messenger`], paced by the bot's own
//! [`limiter`]. teloxide serves as the Bot API client. It decides nothing about games.
//!
//! An update goes to the engine thread ([`engine`]: inputs that arrive together share one
//! flush) and is confirmed to Telegram only once that flush made it durable; then the press is
//! answered with the engine's notice (never waiting behind the message queue), replies that
//! belong to no table go out through the [`deliver::Courier`], and the deliverers of the tables
//! the input changed are woken. Each table has at most one deliverer running, so its messages
//! keep their order across the group and the private chats, while tables — and the handling of
//! updates — never wait for one another.

mod deliver;
mod format;
mod inbound;
mod intake;
mod limiter;
mod menu;
mod messenger;
mod pace;
mod retry;
mod webhook;

use std::sync::Arc;

use igroteka::app::App;
use igroteka::store::{SharedStore, Store};
use igroteka::table::Platform;
use teloxide::prelude::*;
use teloxide::types::CallbackQueryId;

use crate::config::Config;
use crate::engine::Engine;
use crate::limits::Gate;
use crate::stop::{DRAIN, Finishing, STOP};
use deliver::{Courier, Deliverers};
use intake::Intake;
use limiter::{Limiter, Limits};
use messenger::Telegram;

/// What every handler shares.
#[derive(Debug)]
struct Adapter {
    bot: Bot,
    engine: Engine,
    deliverers: Arc<Deliverers>,
    /// The bot's username from `getMe` (commands may name it).
    username: String,
    /// Only to mask it in logged errors.
    token: String,
    /// What was started for taken updates: a stop lets it end.
    finishing: Finishing,
}

/// Runs the bot until the process is stopped.
pub fn run(config: &Config, store: SharedStore) -> Result<(), String> {
    let token = config.telegram.token.clone().ok_or("no Telegram token is configured")?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(config, store, token))
}

async fn serve(config: &Config, store: SharedStore, token: String) -> Result<(), String> {
    let webhook = webhook::Settings::from_config(&config.telegram)?;
    let mut bot = Bot::new(&token);
    if let Some(url) = &config.telegram.api_url {
        let url = url.parse().map_err(|_| "telegram.api_url is not a valid URL".to_string())?;
        bot = bot.set_api_url(url);
    }
    let me = retry::call("getMe", || bot.get_me().send())
        .await
        .map_err(|e| format!("Telegram getMe failed: {}", retry::describe(&e, &token)))?;
    let username = me
        .username
        .clone()
        .or_else(|| config.telegram.username.clone())
        .ok_or("the bot has no username (set one with BotFather)")?;
    if let Err(e) = menu::publish(&bot).await {
        tracing::warn!("telegram: setMyCommands: {}", retry::describe(&e, &token));
    }
    let owners = config.owners().map_err(|e| e.0)?;
    let owners: Vec<i64> = owners
        .iter()
        .filter(|o| o.platform == Platform::Telegram)
        .filter_map(|o| o.id.parse().ok())
        .collect();
    menu::publish_owners(&bot, &store, &owners, &token).await;
    // The limiter counts, per group, what the previous run sent in its last minute.
    let journal = Arc::new(pace::Pace::new(store.clone()));
    let limiter = Arc::new(Limiter::with_journal(Limits::TELEGRAM, journal));
    let messenger = Arc::new(Telegram::new(bot.clone(), limiter, username.clone(), token.clone()));
    let app = App::new(store.clone(), config.app_config());
    let engine = Engine::start(app).with_gate(Gate::new(&config.limits));
    let courier = Arc::new(Courier::new(store.clone(), messenger.clone()));
    let deliverers = Arc::new(Deliverers::new(store.clone(), messenger, engine.clone(), courier));
    // What a previous run saved but did not get to deliver goes out first (the Telegram
    // tables' part of it: one data folder may serve Discord too).
    let telegrams = {
        let (store, deliverers) = (store.clone(), deliverers.clone());
        move |table: u64| {
            let platform = store.load(table).ok().flatten().map(|t| t.chat.platform);
            if platform == Some(Platform::Telegram) {
                deliverers.wake(table);
            }
        }
    };
    for table in store.outbox_tables().unwrap_or_default() {
        telegrams(table);
    }
    // Over a database shared with other processes: what one of them left behind.
    tokio::spawn(crate::lease::orphans(store.clone(), telegrams));
    let adapter = Arc::new(Adapter {
        bot: bot.clone(),
        engine,
        deliverers,
        username: username.clone(),
        token: token.clone(),
        finishing: Finishing::default(),
    });
    // The turn clocks: reminders and deadlines come from ticks.
    let ticker = adapter.clone();
    let clock = tokio::spawn(async move {
        let mut every = tokio::time::interval(crate::engine::tick_period());
        let mut background = ticker.engine.background();
        loop {
            // A tick, or a computer player's move (its outcome awaited by nobody else).
            let outcome = tokio::select! {
                _ = every.tick() => {
                    let tick = crate::engine::tick(Platform::Telegram, inbound::now_ms());
                    ticker.engine.run(tick).await
                }
                Some(outcome) = async { background.as_mut()?.recv().await } => outcome,
            };
            ticker.deliverers.dispatch(outcome);
            // Nothing asked Telegram anything for a while (webhook mode, quiet): one call
            // shows it is still reachable (`/healthz`).
            let quiet = crate::observe::health::since_reached(Platform::Telegram)
                .is_none_or(|quiet| quiet >= crate::observe::health::KEEPALIVE);
            if quiet {
                let bot = ticker.bot.clone();
                tokio::spawn(async move { retry::call("getMe", || bot.get_me().send()).await });
            }
        }
    });
    let intake = Intake::new(adapter.clone());
    let served = match webhook {
        None => {
            // A webhook left by an earlier webhook-mode run would make getUpdates fail.
            match retry::call("deleteWebhook", || bot.delete_webhook().send()).await {
                // Processes sharing the store must not think it still registered.
                Ok(_) => drop(store.set_pref(webhook::REGISTERED, "")),
                Err(e) => {
                    tracing::warn!("telegram: deleteWebhook: {}", retry::describe(&e, &token))
                }
            }
            tracing::info!("Telegram bot @{username} is running (long polling).");
            intake.poll(&STOP).await;
            Ok(())
        }
        Some(settings) => {
            // Some people put the token in the webhook path: never print it.
            let mode = retry::scrub(&settings.describe(), &token);
            let ready = format!("Telegram bot @{username} is running ({mode}).");
            webhook::serve(&bot, &store, settings, &token, intake, &STOP, &ready).await
        }
    };
    // Stopped: no update is taken any more; what was taken ends, within the drain's time.
    clock.abort();
    // One drain time for both waits, not one each: two waits of DRAIN (3 s) in a row could
    // outlast the stop's grace (5 s). Neither waits for a group's pace: a deliverer waiting
    // for it gives up at the stop and leaves its entries in the outbox (`crate::stop`), so
    // what is waited for here is the answers and the calls already under way.
    let stopping = tokio::time::Instant::now();
    let drained_by = stopping + DRAIN;
    let finished = adapter.finishing.drain(DRAIN).await;
    let answered = stopping.elapsed();
    let left = drained_by.saturating_duration_since(tokio::time::Instant::now());
    let delivered = adapter.deliverers.idle(left).await;
    if !(finished && delivered) {
        tracing::warn!("telegram: stopped with deliveries still under way (they stay queued)");
    }
    // How long each part of the stop took (`telegram_sigterm.rs` keeps the whole well
    // inside the 5 s the issue allows).
    let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    tracing::info!(
        answers_ms = ms(answered),
        deliveries_ms = ms(stopping.elapsed() - answered),
        "Telegram bot stopped."
    );
    served
}

impl Adapter {
    async fn answer(&self, query: CallbackQueryId, answer: Option<(String, bool)>) {
        let (text, alert) = answer.unwrap_or_default();
        let result = retry::call("answerCallbackQuery", || {
            let mut request = self.bot.answer_callback_query(query.clone());
            if !text.is_empty() {
                request = request.text(format::cut(&text, 200)).show_alert(alert);
            }
            request.send()
        })
        .await;
        if let Err(e) = result {
            tracing::warn!("telegram: answerCallbackQuery: {}", retry::describe(&e, &self.token));
        }
    }
}
