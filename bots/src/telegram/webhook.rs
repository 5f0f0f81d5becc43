//! Webhook mode: Telegram posts each update to a public HTTPS URL instead of the bot asking for
//! them with `getUpdates`. Chosen by `telegram.webhook_url` (`TELEGRAM_WEBHOOK_URL`); the HTTP
//! server is teloxide's axum listener, bound to `telegram.listen` (`TELEGRAM_LISTEN`, default
//! `127.0.0.1:8443`), normally behind a reverse proxy that terminates TLS.
//!
//! The port is bound before `setWebhook` is called, so a bad address fails the start-up
//! instead of losing updates. `setWebhook` carries a secret token (`telegram.webhook_secret`,
//! or a random one per start); teloxide's handler answers 401 to any request whose
//! `X-Telegram-Bot-Api-Secret-Token` header differs, so only Telegram can feed the bot.

use std::convert::Infallible;
use std::net::SocketAddr;

use teloxide::prelude::*;
use teloxide::update_listeners::UpdateListener;
use teloxide::update_listeners::webhooks::{Options, axum_no_setup};

use super::retry;
use crate::config::PlatformConfig;

/// The local address bound when `telegram.listen` is not set.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8443";

/// Webhook settings (teloxide's options: public URL, local address, route, secret), checked
/// before anything is sent to Telegram.
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

/// Telegram's rule for `secret_token` (teloxide panics on anything else).
fn valid_secret(secret: &str) -> bool {
    (1..=256).contains(&secret.len())
        && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Binds the local address, registers the webhook with Telegram and serves it; returns the
/// update listener for the dispatcher.
pub async fn start(
    bot: &Bot,
    settings: Settings,
    token: &str,
) -> Result<impl UpdateListener<Err = Infallible> + use<>, String> {
    let Settings { mut options } = settings;
    let (url, listen) = (options.url.clone(), options.address);
    if url.scheme() != "https" {
        eprintln!(
            "igroteka: telegram: the webhook URL is not https; Telegram only calls https URLs \
             (put a TLS reverse proxy in front)"
        );
    }
    let tcp = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    let secret = options.get_or_gen_secret_token().to_string();
    let (listener, stopped, router) = axum_no_setup(options);
    retry::call(|| bot.set_webhook(url.clone()).secret_token(secret.clone()).send())
        .await
        .map_err(|e| format!("Telegram setWebhook failed: {}", retry::describe(&e, token)))?;
    tokio::spawn(async move {
        if let Err(e) = axum::serve(tcp, router).with_graceful_shutdown(stopped).await {
            eprintln!("igroteka: telegram: the webhook server stopped: {e}");
        }
    });
    Ok(listener)
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
