//! Reading Discord's errors: the JSON error code, what it means for delivery
//! ([`failure`]), and a short description for the log that never contains a URL — interaction
//! and webhook URLs carry tokens.

use igroteka::outbox::Failure;
use serenity::Error;
use serenity::http::HttpError;

/// "Cannot send messages to this user": the user does not accept DMs from the bot.
pub const DM_CLOSED: isize = 50007;
/// "Unknown Message": deleted, or not where it was looked for.
pub const UNKNOWN_MESSAGE: isize = 10008;
/// "Unknown Webhook" and "Invalid Webhook Token": an interaction token that has expired.
pub const UNKNOWN_WEBHOOK: isize = 10015;
pub const INVALID_WEBHOOK_TOKEN: isize = 50027;
/// "Maximum number of edits to messages older than 1 hour reached": a fresh message is the way
/// on.
pub const OLD_MESSAGE_EDITS: isize = 30046;

/// What a failed call means for delivery: the message is gone (send anew), the user cannot be
/// written to, try again later (network, Discord's own trouble, a rate limit that outlasted the
/// limiter), or never (any other refusal).
pub fn failure(error: &Error) -> Failure {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            classify(response.status_code.as_u16(), response.error.code, || describe(error))
        }
        Error::Http(HttpError::Request(_)) | Error::Io(_) => Failure::Transient(describe(error)),
        _ => Failure::Permanent(describe(error)),
    }
}

/// The JSON error code of a response Discord refused.
pub fn code(error: &Error) -> Option<isize> {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => Some(response.error.code),
        _ => None,
    }
}

/// [`failure`] for a response Discord refused with `status` and JSON error `code`.
fn classify(status: u16, code: isize, describe: impl Fn() -> String) -> Failure {
    match code {
        DM_CLOSED => Failure::Unreachable,
        UNKNOWN_MESSAGE | UNKNOWN_WEBHOOK | INVALID_WEBHOOK_TOKEN | OLD_MESSAGE_EDITS => {
            Failure::Gone
        }
        _ if status == 429 || status >= 500 => Failure::Transient(describe()),
        _ => Failure::Permanent(describe()),
    }
}

/// Counts one REST call under `method` (and, if Discord answered, that it was reached), and
/// hands its result on.
// serenity's own error, passed through unchanged.
#[allow(clippy::result_large_err)]
pub fn counted<T>(method: &'static str, result: Result<T, Error>) -> Result<T, Error> {
    use crate::observe::Outcome;
    let outcome = match &result {
        Ok(_) => Outcome::Ok,
        Err(Error::Http(HttpError::UnsuccessfulRequest(response))) => {
            if response.status_code.as_u16() == 429 { Outcome::TooMany } else { Outcome::ApiError }
        }
        Err(_) => Outcome::Network,
    };
    crate::observe::call(igroteka::table::Platform::Discord, method, outcome);
    result
}

/// A description safe to log.
pub fn describe(error: &Error) -> String {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => format!(
            "{:?} {} (code {}: {})",
            response.method, response.status_code, response.error.code, response.error.message
        ),
        Error::Http(HttpError::Request(e)) => {
            format!("request failed (timeout: {}, connect: {})", e.is_timeout(), e.is_connect())
        }
        Error::Http(_) => "HTTP error".to_string(),
        Error::Gateway(e) => format!("gateway: {e}"),
        Error::Model(e) => format!("refused locally: {e}"),
        Error::Json(e) => format!("unreadable response: {e}"),
        Error::Io(e) => format!("I/O: {e}"),
        _ => "unexpected error".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_mean_what_delivery_needs() {
        let why = || "why".to_string();
        assert_eq!(classify(403, DM_CLOSED, why), Failure::Unreachable);
        assert_eq!(classify(404, UNKNOWN_MESSAGE, why), Failure::Gone);
        assert_eq!(classify(404, UNKNOWN_WEBHOOK, why), Failure::Gone);
        assert_eq!(classify(401, INVALID_WEBHOOK_TOKEN, why), Failure::Gone);
        assert_eq!(classify(400, OLD_MESSAGE_EDITS, why), Failure::Gone);
        assert_eq!(classify(429, 0, why), Failure::Transient("why".into()));
        assert_eq!(classify(502, 0, why), Failure::Transient("why".into()));
        assert_eq!(classify(403, 50013, why), Failure::Permanent("why".into()));
        assert_eq!(classify(400, 50035, why), Failure::Permanent("why".into()));
    }
}
