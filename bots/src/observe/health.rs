//! What `/healthz` checks, besides the store (probed on each request by the server):
//!
//! - **engine**: every engine thread handled an input recently. The adapters tick the turn
//!   clocks every ten seconds through the engine (`engine::tick`), so an engine that lives
//!   beats at least that often; one that died or hangs in a batch stops beating. Stale after
//!   a minute (or three tick periods, if `IGROTEKA_TICK_MS` makes them longer).
//! - **platform**: each platform the bot serves was reached recently — a Bot API call that got
//!   an answer (long polling asks every ten seconds; in webhook mode an update posted by
//!   Telegram counts, and the adapter calls `getMe` after a quiet minute), or for Discord a
//!   REST answer, a gateway event, or a shard seen connected. Stale after two minutes. The
//!   console reaches no platform: nothing to check.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use igroteka::table::Platform;

/// A platform not reached for this long is unhealthy.
pub const PLATFORM_STALE: Duration = Duration::from_secs(120);

/// After this long without reaching a platform, an adapter that has nothing to ask makes a
/// call only to know it still can (Telegram in webhook mode: `getMe`).
pub const KEEPALIVE: Duration = Duration::from_secs(60);

/// The shortest time an engine may go without a beat before it is unhealthy.
const ENGINE_STALE_MIN: Duration = Duration::from_secs(60);

static START: LazyLock<Instant> = LazyLock::new(Instant::now);

/// Milliseconds since the process's first look at the clock, plus one (0: never).
fn stamp() -> u64 {
    START.elapsed().as_millis() as u64 + 1
}

fn age(stamp: u64) -> Option<Duration> {
    (stamp != 0).then(|| START.elapsed().saturating_sub(Duration::from_millis(stamp - 1)))
}

/// An engine thread's heartbeat.
#[derive(Debug, Clone)]
pub struct Beat(Arc<AtomicU64>);

impl Beat {
    /// The engine just finished a batch.
    pub fn beat(&self) {
        self.0.store(stamp(), Ordering::Relaxed);
    }
}

static ENGINES: Mutex<Vec<Beat>> = Mutex::new(Vec::new());

/// Registers an engine thread: `/healthz` checks its beat from now on.
pub fn engine_started() -> Beat {
    let beat = Beat(Arc::new(AtomicU64::new(0)));
    ENGINES.lock().unwrap_or_else(|p| p.into_inner()).push(beat.clone());
    beat
}

struct Reach {
    expected: AtomicBool,
    last: AtomicU64,
}

static REACH: [Reach; 2] = [
    Reach { expected: AtomicBool::new(false), last: AtomicU64::new(0) },
    Reach { expected: AtomicBool::new(false), last: AtomicU64::new(0) },
];

fn reach(platform: Platform) -> Option<&'static Reach> {
    match platform {
        Platform::Telegram => Some(&REACH[0]),
        Platform::Discord => Some(&REACH[1]),
        Platform::Console => None,
    }
}

/// The bot serves `platform`: `/healthz` checks that it is reached.
pub fn serving(platform: Platform) {
    if let Some(r) = reach(platform) {
        r.expected.store(true, Ordering::Relaxed);
    }
}

/// `platform` answered (a call got a response, an event came).
pub fn reached(platform: Platform) {
    if let Some(r) = reach(platform) {
        r.last.store(stamp(), Ordering::Relaxed);
    }
}

/// How long since `platform` was reached (`None`: never).
pub fn since_reached(platform: Platform) -> Option<Duration> {
    age(reach(platform)?.last.load(Ordering::Relaxed))
}

/// One check's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    pub name: &'static str,
    pub ok: bool,
    /// Why it failed, or what it saw.
    pub detail: String,
}

/// The engine and platform checks, now.
pub fn checks() -> Vec<Check> {
    let mut checks = Vec::new();
    let engine_stale = ENGINE_STALE_MIN.max(crate::engine::tick_period() * 3);
    let engines = ENGINES.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let adapters = REACH.iter().any(|r| r.expected.load(Ordering::Relaxed));
    if engines.is_empty() && adapters {
        // The listener starts before the adapters have started their engines.
        checks.push(Check { name: "engine", ok: false, detail: "not started yet".into() });
    }
    for (i, beat) in engines.iter().enumerate() {
        let name = if engines.len() == 1 { "engine" } else { ["engine_1", "engine_2"][i.min(1)] };
        checks.push(match age(beat.0.load(Ordering::Relaxed)) {
            Some(a) if a <= engine_stale => {
                Check { name, ok: true, detail: format!("handled an input {} s ago", a.as_secs()) }
            }
            Some(a) => {
                Check { name, ok: false, detail: format!("no input handled for {} s", a.as_secs()) }
            }
            None => Check { name, ok: false, detail: "has not handled an input yet".into() },
        });
    }
    for (name, platform) in [("telegram", Platform::Telegram), ("discord", Platform::Discord)] {
        let Some(r) = reach(platform) else { continue };
        if !r.expected.load(Ordering::Relaxed) {
            continue;
        }
        checks.push(match since_reached(platform) {
            Some(a) if a <= PLATFORM_STALE => {
                Check { name, ok: true, detail: format!("reached {} s ago", a.as_secs()) }
            }
            Some(a) => {
                Check { name, ok: false, detail: format!("not reached for {} s", a.as_secs()) }
            }
            None => Check { name, ok: false, detail: "not reached yet".into() },
        });
    }
    checks
}

/// The body of `/healthz`: `{"status": "ok"|"failing", "checks": {name: {"ok", "detail"}}}`.
pub fn body(checks: &[Check]) -> (bool, String) {
    let ok = checks.iter().all(|c| c.ok);
    let mut map = serde_json::Map::new();
    for check in checks {
        map.insert(
            check.name.to_string(),
            serde_json::json!({ "ok": check.ok, "detail": check.detail }),
        );
    }
    let body = serde_json::json!({ "status": if ok { "ok" } else { "failing" }, "checks": map });
    (ok, body.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_check_fails_the_whole() {
        let good = Check { name: "store", ok: true, detail: String::new() };
        let bad = Check { name: "engine", ok: false, detail: "no input handled for 90 s".into() };
        let (ok, text) = body(std::slice::from_ref(&good));
        assert!(ok);
        assert!(text.contains("\"status\":\"ok\""), "{text}");
        let (ok, text) = body(&[good, bad]);
        assert!(!ok);
        assert!(text.contains("\"status\":\"failing\"") && text.contains("90 s"), "{text}");
    }

    #[test]
    fn a_platform_is_checked_once_served_and_fresh_once_reached() {
        let check = |checks: Vec<Check>| checks.into_iter().find(|c| c.name == "discord");
        assert_eq!(since_reached(Platform::Console), None);
        serving(Platform::Discord);
        if since_reached(Platform::Discord).is_none() {
            assert!(!check(checks()).unwrap().ok);
        }
        reached(Platform::Discord);
        assert!(check(checks()).unwrap().ok);
        let beat = engine_started();
        assert!(checks().iter().any(|c| c.name.starts_with("engine") && !c.ok));
        beat.beat();
        assert!(since_reached(Platform::Discord).unwrap() < Duration::from_secs(60));
    }
}
