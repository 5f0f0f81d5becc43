//! The bot's Prometheus metrics, in one plain `prometheus-client` registry that `/metrics`
//! renders in the Prometheus text format (0.0.4).
//!
//! Counters and histograms are recorded where things happen, always (an atomic add: cheap,
//! listener or not); the gauges that describe the store (tables by status and game, the
//! outbox's depth, the folder's size) are read from it when `/metrics` is asked
//! ([`Metrics::refresh`]). Every name starts with `igroteka_`; every label has a small, fixed
//! set of values (platforms, API methods, refusal ids, games, levels), never an id.

use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use igroteka::table::Platform;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::prometheus_text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Registry, Unit};

pub use prometheus_client::encoding::prometheus_text::CONTENT_TYPE;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PlatformLabel {
    platform: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RefusalLabels {
    platform: &'static str,
    reason: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CallLabels {
    platform: &'static str,
    method: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct WaitLabels {
    platform: &'static str,
    method: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct TableLabels {
    status: String,
    game: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LevelLabel {
    level: &'static str,
}

/// Buckets from 1 ms to about 33 s, doubling.
fn seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 16))
}

/// Every metric, and the registry that renders them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    presses: Family<PlatformLabel, Counter>,
    refusals: Family<RefusalLabels, Counter>,
    calls: Family<CallLabels, Counter>,
    waits: Family<WaitLabels, Counter>,
    answer: Family<PlatformLabel, Histogram>,
    render: Histogram,
    replay: Histogram,
    computer: Family<LevelLabel, Histogram>,
    tables: Family<TableLabels, Gauge>,
    outbox: Gauge,
    store_bytes: Gauge,
    /// One scrape at a time refreshes and renders.
    scrape: Mutex<()>,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

/// A platform's label value.
pub fn platform(p: Platform) -> &'static str {
    match p {
        Platform::Telegram => "telegram",
        Platform::Discord => "discord",
        Platform::Console => "console",
    }
}

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::with_prefix("igroteka");
        let presses = Family::<PlatformLabel, Counter>::default();
        registry.register(
            "presses",
            "Button presses taken: handled by the engine, or refused at its door (abuse limits)",
            presses.clone(),
        );
        let refusals = Family::<RefusalLabels, Counter>::default();
        registry.register(
            "refusals",
            "Presses refused, by the id of the refusal's text (press-stale, not-your-turn…), and \
             inputs refused at the engine's door by an abuse limit (rate-user, command-too-long…)",
            refusals.clone(),
        );
        let calls = Family::<CallLabels, Counter>::default();
        registry.register(
            "platform_calls",
            "Platform API calls by method and outcome (ok, 429, api_error, network); a call \
             retried after a 429 counts once per attempt",
            calls.clone(),
        );
        let waits = Family::<WaitLabels, Counter>::default();
        registry.register(
            "platform_rate_limited",
            "Discord: requests serenity's rate limiter held back (a 429, or a bucket about to \
             overflow), by HTTP method",
            waits.clone(),
        );
        let answer = Family::<PlatformLabel, Histogram>::new_with_constructor(seconds);
        registry.register_with_unit(
            "press_answer",
            "From a press's arrival to its answer (Telegram answerCallbackQuery, Discord's \
             acknowledgement) returning",
            Unit::Seconds,
            answer.clone(),
        );
        let render = seconds();
        registry.register_with_unit(
            "render",
            "Drawing one board picture",
            Unit::Seconds,
            render.clone(),
        );
        let replay = seconds();
        registry.register_with_unit(
            "replay",
            "Drawing one replay animation (every frame, and the GIF)",
            Unit::Seconds,
            replay.clone(),
        );
        let computer = Family::<LevelLabel, Histogram>::new_with_constructor(seconds);
        registry.register_with_unit(
            "computer_move",
            "A computer player's decision (the search, without the pause)",
            Unit::Seconds,
            computer.clone(),
        );
        let tables = Family::<TableLabels, Gauge>::default();
        registry.register(
            "tables",
            "Unfinished tables (lobby, setup, playing) by status and game",
            tables.clone(),
        );
        let outbox = Gauge::default();
        registry.register(
            "outbox_depth",
            "Outbox entries saved and not yet delivered, over all tables",
            outbox.clone(),
        );
        let store_bytes = Gauge::default();
        registry.register_with_unit(
            "store_size",
            "The data folder's size on disk",
            Unit::Bytes,
            store_bytes.clone(),
        );
        Metrics {
            registry,
            presses,
            refusals,
            calls,
            waits,
            answer,
            render,
            replay,
            computer,
            tables,
            outbox,
            store_bytes,
            scrape: Mutex::new(()),
        }
    }

    /// A press reached the engine.
    pub fn press(&self, p: Platform) {
        self.presses.get_or_create(&PlatformLabel { platform: platform(p) }).inc();
    }

    /// A press was refused with the text `reason` (a Fluent id), or an input at the engine's
    /// door by the abuse limit `reason` (`crate::limits`).
    pub fn refusal(&self, p: Platform, reason: &str) {
        let labels = RefusalLabels { platform: platform(p), reason: reason.to_string() };
        self.refusals.get_or_create(&labels).inc();
    }

    /// One attempt of an API call.
    pub fn call(&self, p: Platform, method: &'static str, outcome: &'static str) {
        self.calls.get_or_create(&CallLabels { platform: platform(p), method, outcome }).inc();
    }

    /// A request held back by a rate limit (Discord).
    pub fn rate_limited(&self, p: Platform, method: &str) {
        let labels = WaitLabels { platform: platform(p), method: method.to_string() };
        self.waits.get_or_create(&labels).inc();
    }

    /// A press answered `took` after it arrived.
    pub fn answered(&self, p: Platform, took: Duration) {
        let labels = PlatformLabel { platform: platform(p) };
        self.answer.get_or_create(&labels).observe(took.as_secs_f64());
    }

    /// Draws a board with `render`, timing it.
    pub fn time_render<T>(&self, render: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let drawn = render();
        self.render.observe(started.elapsed().as_secs_f64());
        drawn
    }

    /// Draws a replay with `draw`, timing it.
    pub fn time_replay<T>(&self, draw: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let drawn = draw();
        self.replay.observe(started.elapsed().as_secs_f64());
        drawn
    }

    /// A computer player of `level` took `took` to decide.
    pub fn computer_moved(&self, level: &'static str, took: Duration) {
        self.computer.get_or_create(&LevelLabel { level }).observe(took.as_secs_f64());
    }

    /// The metrics in the Prometheus text format, with the store's gauges set from `state`
    /// first.
    pub fn render(&self, state: &StoreState) -> String {
        let _one = self.scrape.lock().unwrap_or_else(|p| p.into_inner());
        self.tables.clear();
        for ((status, game), count) in &state.tables {
            let labels = TableLabels { status: status.clone(), game: game.clone() };
            self.tables.get_or_create(&labels).set(*count);
        }
        self.outbox.set(state.outbox);
        self.store_bytes.set(state.bytes);
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut out, &self.registry);
        out
    }
}

/// What the store holds, read when `/metrics` is asked.
#[derive(Debug, Default)]
pub struct StoreState {
    /// Unfinished tables by (status, game).
    pub tables: std::collections::BTreeMap<(String, String), i64>,
    /// Outbox entries pending.
    pub outbox: i64,
    /// The data folder's size in bytes.
    pub bytes: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_every_metric_with_its_prefix() {
        let m = Metrics::new();
        m.press(Platform::Telegram);
        m.refusal(Platform::Telegram, "press-stale");
        m.call(Platform::Telegram, "sendMessage", "429");
        m.answered(Platform::Telegram, Duration::from_millis(3));
        m.time_render(|| ());
        m.time_replay(|| ());
        m.computer_moved("easy", Duration::from_millis(40));
        let mut state = StoreState { outbox: 2, bytes: 4096, ..StoreState::default() };
        state.tables.insert(("playing".into(), "aeroplane".into()), 3);
        let text = m.render(&state);
        for line in [
            "igroteka_presses_total{platform=\"telegram\"} 1",
            "igroteka_refusals_total{platform=\"telegram\",reason=\"press-stale\"} 1",
            "igroteka_platform_calls_total{platform=\"telegram\",method=\"sendMessage\",outcome=\"429\"} 1",
            "igroteka_press_answer_seconds_count{platform=\"telegram\"} 1",
            "igroteka_render_seconds_count 1",
            "igroteka_replay_seconds_count 1",
            "igroteka_computer_move_seconds_count{level=\"easy\"} 1",
            "igroteka_tables{status=\"playing\",game=\"aeroplane\"} 3",
            "igroteka_outbox_depth 2",
            "igroteka_store_size_bytes 4096",
        ] {
            assert!(text.lines().any(|l| l == line), "no {line:?} in\n{text}");
        }
    }
}
