//! Reading Discord's errors: the JSON error code (50007: the user does not accept direct
//! messages from the bot) and a short description for the log that never contains a URL —
//! interaction and webhook URLs carry tokens.

use serenity::Error;
use serenity::http::HttpError;

/// "Cannot send messages to this user".
pub const DM_CLOSED: isize = 50007;

/// Discord's JSON error code of a refused request.
pub fn code(error: &Error) -> Option<isize> {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => Some(response.error.code),
        _ => None,
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
        _ => "unexpected error".to_string(),
    }
}
