//! Webhook delivery, as Telegram does it: while a webhook is set, each pending update is POSTed
//! to its URL as a JSON body with the `X-Telegram-Bot-Api-Secret-Token` header, one at a time
//! and in order; a 2xx answer confirms it. A failed POST (the bot may still be binding its
//! port) is retried a few times, then the update is given up and recorded as undelivered.
//!
//! The HTTP client is a minimal HTTP/1.1 one over a tokio `TcpStream` (`http://` only —
//! enough for a bot listening on 127.0.0.1).

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::server::Shared;
use super::state::KillOn;

/// Attempts per update before it is given up.
const ATTEMPTS: usize = 25;
/// The pause between attempts.
const PAUSE: Duration = Duration::from_millis(200);
/// The longest one POST may take.
const POST_TIMEOUT: Duration = Duration::from_secs(10);

/// Delivers updates for as long as the emulator's runtime lives.
pub async fn deliver(shared: Arc<Shared>) {
    loop {
        let next = {
            let state = shared.state.lock().unwrap();
            state.webhook.clone().zip(state.updates.front().cloned())
        };
        let Some((hook, (id, update))) = next else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let body = update.to_string();
        let mut outcome = Err(String::new());
        for attempt in 0..ATTEMPTS {
            if attempt > 0 {
                tokio::time::sleep(PAUSE).await;
                // deleteWebhook (or a new setWebhook) while retrying: start over.
                if shared.state.lock().unwrap().webhook.as_ref() != Some(&hook) {
                    outcome = Err("the webhook changed".into());
                    break;
                }
            }
            outcome = match post(&hook.url, hook.secret.as_deref(), &body).await {
                Ok(status) if (200..300).contains(&status) => Ok(()),
                Ok(status) => Err(format!("Wrong response from the webhook: {status}")),
                Err(e) => Err(format!("Connection failed: {e}")),
            };
            if outcome.is_ok() {
                break;
            }
        }
        let mut state = shared.state.lock().unwrap();
        match outcome {
            Ok(()) => {
                state.delivered.push(id);
                state.kill_if(KillOn::WebhookOk, format!("delivered {id}"));
            }
            Err(e) if e == "the webhook changed" => continue,
            Err(e) => state.undelivered.push((id, e)),
        }
        if state.updates.front().is_some_and(|(front, _)| *front == id) {
            state.updates.pop_front();
        }
    }
}

/// POSTs `body` (JSON) to an `http://host:port/path` URL with the secret header (when given)
/// and returns the response's status code.
pub async fn post(url: &str, secret: Option<&str>, body: &str) -> std::io::Result<u16> {
    let invalid = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidInput, what);
    let rest = url.strip_prefix("http://").ok_or_else(|| invalid("only http:// URLs"))?;
    let (host, path) =
        rest.split_once('/').map_or((rest, "/".to_string()), |(h, p)| (h, format!("/{p}")));
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    if let Some(secret) = secret {
        request.push_str(&format!("X-Telegram-Bot-Api-Secret-Token: {secret}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(host).await?;
        stream.write_all(request.as_bytes()).await?;
        let mut response = Vec::new();
        stream.read_to_end(&mut response).await?;
        Ok::<_, std::io::Error>(response)
    };
    let response = tokio::time::timeout(POST_TIMEOUT, exchange)
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "no answer"))??;
    let head = String::from_utf8_lossy(&response);
    head.split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .filter(|_| head.starts_with("HTTP/1."))
        .ok_or_else(|| invalid("not an HTTP response"))
}
