//! The one clock every adapter reads: milliseconds since the Unix epoch, the `now` of each
//! input (time enters the engine only there).
//!
//! `IGROTEKA_CLOCK_SPEED=N` makes this process's time run N times faster from the moment it
//! starts — for demonstrations and for the end-to-end tests of turn clocks (a day's turn passes
//! in 24 seconds at 3600). Everything in the process reads the same clock, so presses, ticks
//! and stored times agree; it is not meant for a bot serving real games. Several processes
//! sharing a database (tests of clocks across processes) agree on one time when each is given
//! the same `IGROTEKA_CLOCK_EPOCH_MS`, the real time (ms since the Unix epoch) the speed-up
//! counts from.

use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

fn system_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// The speed-up and the real time it counts from.
fn speed() -> (u64, u64) {
    static SPEED: OnceLock<(u64, u64)> = OnceLock::new();
    *SPEED.get_or_init(|| {
        let speed = std::env::var("IGROTEKA_CLOCK_SPEED").ok().and_then(|v| v.parse().ok());
        let epoch = std::env::var("IGROTEKA_CLOCK_EPOCH_MS").ok().and_then(|v| v.parse().ok());
        (speed.unwrap_or(1).max(1), epoch.unwrap_or_else(system_ms))
    })
}

/// Now, in milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    let real = system_ms();
    match speed() {
        (1, _) => real,
        (speed, since) => since + real.saturating_sub(since).saturating_mul(speed),
    }
}

/// When this process started, by [`now_ms`]'s clock (its first reading): `/botstats`'s uptime.
pub fn started_ms() -> u64 {
    static STARTED: OnceLock<u64> = OnceLock::new();
    *STARTED.get_or_init(now_ms)
}
