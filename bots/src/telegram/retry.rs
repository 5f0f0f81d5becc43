//! Flood limits and safe error texts.
//!
//! The bot paces its own calls ([`super::limiter`]) so Telegram should not need to refuse one,
//! but teloxide never retries a `429 Too Many Requests` itself, so every call — sends, edits,
//! deletions and callback answers alike — goes through [`call`], which waits the
//! `retry_after` Telegram asks for and tries again: nothing is lost under 429s.
//! Error texts of the HTTP client can quote the request URL, which holds the token:
//! [`describe`] masks it before anything is logged.

use std::future::Future;
use std::time::Duration;

use teloxide::RequestError;

/// How many 429s in a row one call waits out before giving up.
const MAX_RETRIES: usize = 8;
/// The longest single wait accepted from a `retry_after`.
const MAX_WAIT: Duration = Duration::from_secs(120);

/// Runs `request` (built afresh for each attempt), waiting out flood limits and retrying
/// connection failures a few times. Each attempt is counted under `method` (the Bot API
/// method's name) in the metrics.
pub async fn call<T, F, Fut>(method: &'static str, mut request: F) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    let mut attempt = 0;
    loop {
        let result = request().await;
        count(method, &result);
        attempt += 1;
        let wait = match &result {
            Err(RequestError::RetryAfter(after)) => after.duration().min(MAX_WAIT),
            // A request that never reached the server is safe to send again.
            Err(RequestError::Network(e)) if e.is_connect() && attempt < 3 => {
                Duration::from_millis(500 * attempt as u64)
            }
            _ => return result,
        };
        if attempt > MAX_RETRIES {
            return result;
        }
        tokio::time::sleep(wait).await;
    }
}

/// Counts one attempt of `method` in the metrics (and, if Telegram answered, that it was
/// reached).
pub fn count<T>(method: &'static str, result: &Result<T, RequestError>) {
    use crate::observe::Outcome;
    let outcome = match result {
        Ok(_) => Outcome::Ok,
        Err(RequestError::RetryAfter(_)) => Outcome::TooMany,
        Err(RequestError::Api(_) | RequestError::MigrateToChatId(_)) => Outcome::ApiError,
        Err(_) => Outcome::Network,
    };
    crate::observe::call(igroteka::table::Platform::Telegram, method, outcome);
}

/// How long to wait before asking again after a failed call that is repeated forever (the
/// long poll): what a 429 asks for, else a backoff growing with the failures in a row, from
/// half a second up to half a minute.
pub fn pause_after(error: &RequestError, failures: u32) -> Duration {
    match error {
        RequestError::RetryAfter(after) => after.duration().min(MAX_WAIT),
        _ => Duration::from_millis(500u64 << failures.clamp(1, 7).saturating_sub(1))
            .min(MAX_POLL_PAUSE),
    }
}

/// The longest pause between two failed polls.
const MAX_POLL_PAUSE: Duration = Duration::from_secs(30);

/// An error's text with any bot token masked.
pub fn describe(error: &RequestError, token: &str) -> String {
    scrub(&error.to_string(), token)
}

/// Masks `token` and anything shaped like a token in a Bot API URL (`/bot<id>:<secret>`).
pub fn scrub(text: &str, token: &str) -> String {
    let mut text = if token.is_empty() { text.to_string() } else { text.replace(token, "<token>") };
    let mut from = 0;
    while let Some(found) = text[from..].find("/bot") {
        let start = from + found + 4;
        let end = text[start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '_' || c == '-'))
            .map_or(text.len(), |e| start + e);
        if text[start..end].contains(':') {
            text.replace_range(start..end, "<token>");
        }
        from = start;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_poll_backs_off_up_to_half_a_minute() {
        let network = || RequestError::Io(std::io::Error::other("down").into());
        let pauses: Vec<u64> =
            (1..=9).map(|n| pause_after(&network(), n).as_millis() as u64).collect();
        assert_eq!(pauses, [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
        let flood = RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(7));
        assert_eq!(pause_after(&flood, 1), Duration::from_secs(7));
    }

    #[test]
    fn tokens_are_masked() {
        let url =
            "error sending request for url (https://api.telegram.org/bot123:ABC-def_9/sendMessage)";
        let shown = scrub(url, "");
        assert!(!shown.contains("ABC"), "{shown}");
        assert!(shown.contains("/bot<token>/sendMessage"), "{shown}");
        assert_eq!(scrub("a 123:ABC b", "123:ABC"), "a <token> b");
    }

    #[tokio::test(flavor = "current_thread")]
    async fn waits_out_retry_after() {
        let mut calls = 0;
        let result: Result<u8, RequestError> = call("test", || {
            calls += 1;
            let n = calls;
            async move {
                if n < 3 {
                    Err(RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(0)))
                } else {
                    Ok(7)
                }
            }
        })
        .await;
        assert_eq!(result.unwrap(), 7);
        assert_eq!(calls, 3);
    }
}
