//! Discord's rate limits as the emulator enforces them, and the 429 answers it gives.
//!
//! Per channel, message creates fill one bucket and edits and deletes another (serenity keys
//! both of the latter by the route `/channels/{id}/messages/{id}` and the channel, whatever the
//! method, so they must share one bucket here too or its pre-emptive limiting would be fed two
//! buckets' headers). Each bucket is a fixed window: the first call opens it for `window`, at
//! most `count` calls pass in it, and every answer carries Discord's headers — `X-RateLimit-Limit`,
//! `-Remaining`, `-Reset` (epoch seconds), `-Reset-After` (seconds) and `-Bucket` — which is what
//! serenity's limiter reads to wait *before* a call would be refused. A call over the limit gets
//! Discord's 429: a JSON body `{"message": "You are being rate limited.", "retry_after": s,
//! "global": false}`, `Retry-After` in whole seconds (rounded up, as Discord sends it) and
//! `X-RateLimit-Scope: user`.
//!
//! Interaction callbacks, follow-ups and DM-channel opening have no bucket here (Discord does not
//! count interaction webhooks against the bot's limits); tests can still make any kind of call
//! answer 429 a number of times ([`State::inject_429`]), and can make one answer a *global* 429
//! (`X-RateLimit-Global: true`, scope `global`).
//!
//! Every 429 is recorded in [`State::throttled`], injected or provoked, so a test can assert that
//! the bot never ran into a limit on its own.
//!
//! [`State::inject_429`]: super::state::State::inject_429
//! [`State::throttled`]: super::state::State::throttled

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::state::State;

/// The kinds of REST call a test can make answer 429.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `POST /channels/{id}/messages`
    Create,
    /// `PATCH /channels/{id}/messages/{id}`
    Edit,
    /// `DELETE /channels/{id}/messages/{id}`
    Delete,
    /// `POST /interactions/{id}/{token}/callback`
    Callback,
    /// `POST /webhooks/{app}/{token}` (a follow-up)
    Followup,
    /// `PATCH` or `DELETE /webhooks/{app}/{token}/messages/{id}` (an interaction's messages)
    WebhookMessage,
    /// `POST /users/@me/channels` (opening a DM channel)
    DmOpen,
}

/// One bucket's allowance: `count` calls per `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub count: u32,
    pub window: Duration,
}

/// The buckets the emulator enforces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Message creates per channel.
    pub create: Limit,
    /// Message edits and deletes per channel.
    pub edit: Limit,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DISCORD
    }
}

impl Limits {
    /// Discord's: 5 message creates per 5 s in a channel, and 5 edits or deletes per 5 s.
    pub const DISCORD: Limits = Limits {
        create: Limit { count: 5, window: Duration::from_secs(5) },
        edit: Limit { count: 5, window: Duration::from_secs(5) },
    };

    /// The same allowances over windows `factor` times shorter: Discord's limits with the clock
    /// sped up, for games too long to play at one move a second within a test's time.
    pub fn faster(self, factor: u32) -> Limits {
        let shorten = |l: Limit| Limit { count: l.count, window: l.window / factor.max(1) };
        Limits { create: shorten(self.create), edit: shorten(self.edit) }
    }
}

/// An open window of one bucket.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    used: u32,
    resets: Instant,
}

/// A 429 the emulator answered.
#[derive(Debug, Clone)]
pub struct Throttled {
    pub kind: Kind,
    /// The test asked for it (rather than the bot running into a limit).
    pub injected: bool,
    pub global: bool,
    pub at: Instant,
}

/// How long an injected 429 asks the bot to wait.
pub const INJECTED_RETRY_AFTER: Duration = Duration::from_millis(500);

/// Admits a call of `kind` in `channel` (the bucket's major parameter), or answers it with 429.
/// On success, the rate-limit headers to send with the answer; else the 429 to send.
pub fn admit(
    state: &mut State,
    kind: Kind,
    channel: u64,
) -> Result<Vec<(HeaderName, HeaderValue)>, Box<Response>> {
    let now = Instant::now();
    if state.inject_global > 0 {
        state.inject_global -= 1;
        state.throttled.push(Throttled { kind, injected: true, global: true, at: now });
        return Err(Box::new(too_many(None, INJECTED_RETRY_AFTER, true)));
    }
    let bucket = match kind {
        Kind::Create => Some(("create", state.limits.create)),
        Kind::Edit | Kind::Delete => Some(("edit", state.limits.edit)),
        _ => None,
    };
    if let Some(left) = state.inject.get_mut(&kind).filter(|n| **n > 0) {
        *left -= 1;
        state.throttled.push(Throttled { kind, injected: true, global: false, at: now });
        let named = bucket.map(|(name, limit)| (name, limit, channel));
        return Err(Box::new(too_many(named, INJECTED_RETRY_AFTER, false)));
    }
    let Some((name, limit)) = bucket else {
        state.admitted.push((kind, now));
        return Ok(Vec::new());
    };
    let window = state
        .windows
        .entry((name, channel))
        .or_insert(Window { used: 0, resets: now + limit.window });
    if now >= window.resets {
        *window = Window { used: 0, resets: now + limit.window };
    }
    let reset_after = window.resets - now;
    if window.used >= limit.count {
        state.throttled.push(Throttled { kind, injected: false, global: false, at: now });
        return Err(Box::new(too_many(Some((name, limit, channel)), reset_after, false)));
    }
    window.used += 1;
    let remaining = limit.count - window.used;
    state.admitted.push((kind, now));
    Ok(headers(name, limit, channel, remaining, reset_after))
}

/// Adds headers to an answer.
pub fn with(headers: Vec<(HeaderName, HeaderValue)>, response: impl IntoResponse) -> Response {
    let mut response = response.into_response();
    response.headers_mut().extend(headers);
    response
}

fn headers(
    name: &str,
    limit: Limit,
    channel: u64,
    remaining: u32,
    reset_after: Duration,
) -> Vec<(HeaderName, HeaderValue)> {
    let reset = SystemTime::now() + reset_after;
    let epoch = reset.duration_since(UNIX_EPOCH).unwrap_or_default().as_secs_f64();
    let value = |s: String| HeaderValue::from_str(&s).expect("a header value");
    vec![
        (HeaderName::from_static("x-ratelimit-limit"), value(limit.count.to_string())),
        (HeaderName::from_static("x-ratelimit-remaining"), value(remaining.to_string())),
        (HeaderName::from_static("x-ratelimit-reset"), value(format!("{epoch:.3}"))),
        (HeaderName::from_static("x-ratelimit-reset-after"), value(seconds(reset_after))),
        (HeaderName::from_static("x-ratelimit-bucket"), value(format!("{name}{channel:x}"))),
    ]
}

/// Seconds with Discord's millisecond precision, rounded up (never earlier than the truth).
fn seconds(d: Duration) -> String {
    let millis = d.as_micros().div_ceil(1000);
    format!("{}.{:03}", millis / 1000, millis % 1000)
}

fn too_many(bucket: Option<(&str, Limit, u64)>, retry_after: Duration, global: bool) -> Response {
    let seconds_f = retry_after.as_secs_f64();
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": (seconds_f * 1000.0).ceil() / 1000.0,
        "global": global,
    });
    let mut out: Vec<(HeaderName, HeaderValue)> = match bucket {
        Some((name, limit, channel)) => headers(name, limit, channel, 0, retry_after),
        None => Vec::new(),
    };
    let whole = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
    out.push((HeaderName::from_static("retry-after"), HeaderValue::from(whole)));
    let scope = if global { "global" } else { "user" };
    out.push((HeaderName::from_static("x-ratelimit-scope"), HeaderValue::from_static(scope)));
    if global {
        out.push((HeaderName::from_static("x-ratelimit-global"), HeaderValue::from_static("true")));
    }
    with(out, (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)))
}
