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
            let status = response.status_code.as_u16();
            match response.error.code {
                DM_CLOSED => Failure::Unreachable,
                UNKNOWN_MESSAGE | UNKNOWN_WEBHOOK | INVALID_WEBHOOK_TOKEN | OLD_MESSAGE_EDITS => {
                    Failure::Gone
                }
                _ if status == 429 || status >= 500 => Failure::Transient(describe(error)),
                _ => Failure::Permanent(describe(error)),
            }
        }
        Error::Http(HttpError::Request(_)) | Error::Io(_) => Failure::Transient(describe(error)),
        _ => Failure::Permanent(describe(error)),
    }
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
