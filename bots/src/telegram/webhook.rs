//! Webhook mode: Telegram posts each update to a public HTTPS URL instead of the bot asking for
//! them with `getUpdates`. Chosen by `telegram.webhook_url` (`TELEGRAM_WEBHOOK_URL`); the HTTP
//! server binds `telegram.listen` (`TELEGRAM_LISTEN`, default `127.0.0.1:8443`), normally behind
//! a reverse proxy that terminates TLS.
//!
//! The port is bound before `setWebhook` is called, so a bad address fails the start-up
//! instead of losing updates. `setWebhook` carries a secret token (`telegram.webhook_secret`,
//! or else one derived from the bot's token: the same in every process and every start, never
//! the token itself), and a POST whose `X-Telegram-Bot-Api-Secret-Token` header differs
//! (compared in constant time) is answered 401, so only Telegram can feed the bot.
//!
//! Several processes sharing a database ([`Store::shared`]) stand behind one public URL, and
//! Telegram posts each update to whichever the load balancer picks. The webhook is registered
//! once: a process that finds it registered with this URL and secret (Telegram's
//! `getWebhookInfo` says the URL, the store a fingerprint of both) calls nothing; else the one
//! process that gets the registration lease calls `setWebhook` (retried on 429) while the
//! others wait for its fingerprint. Stopping a process never deletes the webhook.
//!
//! The route is the bot's own rather than teloxide's listener, which answers 200 as soon as
//! the update is in memory: Telegram never resends an update it got a 2xx for, so an update
//! answered and then lost to a crash would be a press silently gone. Here a POST is answered
//! only once its update is taken ([`Intake::take`]: handled and flushed); an update Telegram
//! resends is dropped by its key. On a stop the server takes no new connection, lets the POSTs
//! in hand finish, and the webhook stays set: Telegram keeps the updates for the next start.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use teloxide::prelude::*;
use teloxide::types::Update;
use teloxide::update_listeners::webhooks::Options;

use igroteka::store::{SharedStore, Store};
use sha2::{Digest, Sha256};

use super::intake::Intake;
use super::retry;
use crate::config::PlatformConfig;
use crate::stop::Stop;

/// Where the store keeps the fingerprint of the webhook registered (URL and secret).
pub const REGISTERED: &str = "telegram.webhook";
/// The pseudo-table whose delivery lease stands for "registering the webhook".
const REGISTRATION: u64 = u64::MAX - 1;

/// The secret token when none is configured: SHA-256 of the bot token under a fixed label, in
/// hex. Every process of one bot derives the same, and it reveals nothing of the token.
pub fn derived_secret(token: &str) -> String {
    hex(&Sha256::digest(format!("igroteka webhook secret\n{token}").as_bytes()))
}

/// What the store keeps of a registration: a fingerprint of the URL and the secret (never the
/// secret itself).
fn fingerprint(url: &str, secret: &str) -> String {
    hex(&Sha256::digest(format!("{url}\n{secret}").as_bytes()))[..32].to_string()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The local address bound when `telegram.listen` is not set.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8443";

/// The header Telegram puts the secret token in.
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// Webhook settings (the public URL, local address, route and secret), checked before anything
/// is sent to Telegram.
pub struct Settings {
    options: Options,
}

impl Settings {
    /// `None` when no webhook URL is configured (long polling).
    pub fn from_config(config: &PlatformConfig) -> Result<Option<Settings>, String> {
        let Some(url) = config.webhook_url.as_deref().map(str::trim).filter(|u| !u.is_empty())
        else {
            return Ok(None);
        };
        let url = url.parse().map_err(|_| "telegram.webhook_url is not a valid URL".to_string())?;
        let listen = config.listen.as_deref().map(str::trim).filter(|l| !l.is_empty());
        let listen = listen.unwrap_or(DEFAULT_LISTEN).parse::<SocketAddr>().map_err(|_| {
            "telegram.listen must be an address with a port, like 127.0.0.1:8443".to_string()
        })?;
        let secret = config.webhook_secret.as_deref().map(str::trim).filter(|s| !s.is_empty());
        if let Some(secret) = secret
            && !valid_secret(secret)
        {
            return Err("telegram.webhook_secret must be 1–256 characters of A-Z, a-z, 0-9, \
                        _ and -"
                .into());
        }
        let mut options = Options::new(listen, url);
        if !matches!(options.url.scheme(), "https" | "http") || options.url.host().is_none() {
            return Err("telegram.webhook_url must be an https:// URL".into());
        }
        if let Some(secret) = secret {
            options = options.secret_token(secret.to_string());
        }
        Ok(Some(Settings { options }))
    }

    /// How the start-up line describes the mode (the secret is not shown).
    pub fn describe(&self) -> String {
        format!("webhook {} on {}", self.options.url, self.options.address)
    }
}

/// Telegram's rule for `secret_token`.
fn valid_secret(secret: &str) -> bool {
    (1..=256).contains(&secret.len())
        && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Whether `given` is `secret`, in a time that does not depend on where they differ.
fn same_secret(given: &[u8], secret: &[u8]) -> bool {
    let differences = given.iter().zip(secret).fold(0u8, |acc, (a, b)| acc | (a ^ b));
    given.len() == secret.len() && differences == 0
}

/// What the route shares.
struct Route {
    intake: Intake,
    secret: String,
}

/// Binds the local address, registers the webhook with Telegram, and serves it until `stop`.
pub async fn serve(
    bot: &Bot,
    store: &SharedStore,
    settings: Settings,
    token: &str,
    intake: Intake,
    stop: &'static Stop,
    ready: &str,
) -> Result<(), String> {
    let Settings { mut options } = settings;
    let (url, listen, path) = (options.url.clone(), options.address, options.path.clone());
    if url.scheme() != "https" {
        tracing::warn!(
            "telegram: the webhook URL is not https; Telegram only calls https URLs (put a TLS \
             reverse proxy in front)"
        );
    }
    let tcp = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    let secret = options.secret_token.take().unwrap_or_else(|| derived_secret(token));
    register(bot, store, &url, &secret, token).await?;
    let router =
        Router::new().route(&path, post(update)).with_state(Arc::new(Route { intake, secret }));
    tracing::info!("{ready}");
    axum::serve(tcp, router)
        .with_graceful_shutdown(stop.requested())
        .await
        .map_err(|e| format!("the webhook server stopped: {e}"))
}

/// Registers the webhook — once among the processes sharing the store (see the module doc).
async fn register(
    bot: &Bot,
    store: &SharedStore,
    url: &reqwest::Url,
    secret: &str,
    token: &str,
) -> Result<(), String> {
    let wanted = fingerprint(url.as_str(), secret);
    let registered = || is_registered(store, &wanted);
    let mut leased = false;
    if store.shared() {
        let info = retry::call("getWebhookInfo", || bot.get_webhook_info().send()).await;
        let set_here = info.is_ok_and(|info| info.url.as_ref() == Some(url));
        if set_here && registered().await {
            tracing::info!("telegram: the webhook is registered already");
            return Ok(());
        }
        // One process registers; the others wait for its fingerprint (up to the lease's life:
        // if the registering one died, its lease ran out and this one takes it).
        for _ in 0..=igroteka::outbox::LEASE_MS / 500 {
            let lease = {
                let store = store.clone();
                tokio::task::spawn_blocking(move || igroteka::outbox::lease(&store, REGISTRATION))
            };
            if matches!(lease.await, Ok(Ok(true))) {
                leased = true;
                break;
            }
            if registered().await {
                return Ok(());
            }
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        }
    }
    let set = retry::call("setWebhook", || {
        bot.set_webhook(url.clone()).secret_token(secret.to_string()).send()
    })
    .await
    .map_err(|e| format!("Telegram setWebhook failed: {}", retry::describe(&e, token)));
    let (store, registered_now) = (store.clone(), set.is_ok());
    let noted = tokio::task::spawn_blocking(move || {
        if registered_now {
            store.set_pref(REGISTERED, &wanted)?;
            store.flush()?;
        }
        if leased {
            store.release_outbox(REGISTRATION, igroteka::outbox::holder())?;
        }
        Ok::<(), igroteka::store::StoreError>(())
    })
    .await;
    if !matches!(noted, Ok(Ok(()))) {
        tracing::warn!("telegram: the webhook's registration was not noted in the store");
    }
    set.map(drop)
}

/// Whether the store holds `wanted` as the registration's fingerprint.
async fn is_registered(store: &SharedStore, wanted: &str) -> bool {
    let (store, wanted) = (store.clone(), wanted.to_string());
    let found = tokio::task::spawn_blocking(move || store.pref(REGISTERED)).await;
    matches!(found, Ok(Ok(Some(f))) if f == wanted)
}

/// One POST from Telegram: 200 once its update is taken.
async fn update(State(route): State<Arc<Route>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let given = headers.get(SECRET_HEADER).map(|v| v.as_bytes()).unwrap_or_default();
    if !same_secret(given, route.secret.as_bytes()) {
        return StatusCode::UNAUTHORIZED;
    }
    // Telegram itself posted this: it reaches the bot.
    crate::observe::health::reached(igroteka::table::Platform::Telegram);
    let update = match serde_json::from_slice::<Update>(&body) {
        Ok(update) => update,
        Err(e) => {
            // Not one the bot can read (a newer Bot API's kind): a refusal would only make
            // Telegram send it again and again.
            tracing::warn!("telegram: an update that could not be read was dropped: {e}");
            return StatusCode::OK;
        }
    };
    let taken = route.intake.take(vec![update]).await;
    route.intake.finish(taken);
    StatusCode::OK
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(url: Option<&str>, listen: Option<&str>, secret: Option<&str>) -> PlatformConfig {
        PlatformConfig {
            webhook_url: url.map(str::to_string),
            listen: listen.map(str::to_string),
            webhook_secret: secret.map(str::to_string),
            ..PlatformConfig::default()
        }
    }

    #[test]
    fn only_the_very_secret_passes() {
        assert!(same_secret(b"A-z_09", b"A-z_09"));
        assert!(!same_secret(b"A-z_08", b"A-z_09"));
        assert!(!same_secret(b"A-z_0", b"A-z_09"), "a prefix");
        assert!(!same_secret(b"A-z_099", b"A-z_09"), "longer");
        assert!(!same_secret(b"", b"A-z_09"), "none");
    }

    #[test]
    fn settings_are_checked_before_start() {
        assert!(Settings::from_config(&config(None, Some("0.0.0.0:1"), None)).unwrap().is_none());
        let s = Settings::from_config(&config(Some("https://bot.example.org/tg"), None, None))
            .unwrap()
            .unwrap();
        assert_eq!(s.options.address.to_string(), DEFAULT_LISTEN);
        assert_eq!(s.options.path, "/tg");
        assert!(s.options.secret_token.is_none());
        let bad = [
            config(Some("not a url"), None, None),
            config(Some("ftp://x.org/"), None, None),
            config(Some("https://x.org/"), Some("8443"), None),
            config(Some("https://x.org/"), None, Some("has space")),
            config(Some("https://x.org/"), None, Some(&"x".repeat(257))),
        ];
        for c in &bad {
            assert!(Settings::from_config(c).is_err(), "{c:?}");
        }
        let ok = config(Some("https://x.org/"), Some("[::]:88"), Some("A-z_09"));
        let ok = Settings::from_config(&ok).unwrap().unwrap();
        assert_eq!(ok.options.secret_token.as_deref(), Some("A-z_09"));
    }
}
