//! Observability (docs/operations.md): [`logging`] (tracing on stderr, text or JSON), the
//! Prometheus [`metrics`], and [`health`] — both served by a small HTTP listener ([`server`])
//! when `metrics.listen` is set.
//!
//! The rest of the bot only calls in here (a counter at a press, a timer around a render, a
//! span per update); nothing here decides anything about games or delivery.

pub mod health;
pub mod logging;
pub mod metrics;
pub mod server;

use igroteka::table::Platform;

pub use metrics::metrics;

/// Records one attempt of a platform API call: the counter by method and outcome, and — when
/// the platform answered at all — that it was reached.
pub fn call(platform: Platform, method: &'static str, outcome: Outcome) {
    metrics().call(platform, method, outcome.label());
    if outcome != Outcome::Network {
        health::reached(platform);
    }
}

/// How an API call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    /// Refused for flooding (HTTP 429).
    TooMany,
    /// Any other refusal by the API.
    ApiError,
    /// No answer: the network, a timeout, an unreadable reply.
    Network,
}

impl Outcome {
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::TooMany => "429",
            Outcome::ApiError => "api_error",
            Outcome::Network => "network",
        }
    }
}
