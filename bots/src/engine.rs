//! The conversation engine on a thread of its own, fed by a channel; both chat adapters use it.
//!
//! Every update handler (and every deliverer that reports an unreachable player) sends its
//! input here and awaits its own outcome. The engine takes whatever inputs queued while it was
//! busy and handles them together with [`App::handle_batch`], so updates that arrive at the same
//! time share one flush to disk (group commit) instead of queueing behind one flush each; no
//! async thread ever waits on sled.
//!
//! Computer players think on threads of their own: the engine hands each computer turn to a
//! new thread, which decides, waits what is left of the turn's pause, and queues the move here
//! like any input.
//! What those moves change reaches the adapter through [`Engine::background`], which its clock
//! task drains, so a long search never holds up the engine or anyone's press.
//!
//! An engine with a [`Gate`] ([`Engine::with_gate`]) judges every person's input at the door,
//! on the caller's task: a refused one never reaches the thread (see [`crate::limits`]).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use igroteka::app::{Action, App, Chat, ComputerTurn, Effect, Input, User};
use igroteka::store::SharedStore;
use igroteka::table::Platform;
use tokio::sync::{mpsc, oneshot};

use crate::limits::Gate;

/// The most inputs handled with one flush.
const BATCH: usize = 64;

/// How long a taken update's key is kept (Telegram keeps an unconfirmed update for a day).
const KEEP_TAKEN_MS: u64 = 48 * 3_600_000;

/// How often the keys older than that are forgotten.
const FORGET_EVERY_MS: u64 = 3_600_000;

/// What the engine made of one input.
#[derive(Debug, Default)]
pub struct Outcome {
    /// To carry out at once: the press's answer, replies that belong to no table, buttons
    /// to strip from an old message.
    pub effects: Vec<Effect>,
    /// Tables whose outboxes got entries in the batch (durable now): their deliverers should
    /// run.
    pub dirty: Vec<u64>,
    /// The input's update was taken before ([`Engine::take`]): it was not handled again.
    pub repeated: bool,
}

struct Job {
    input: Input,
    /// The platform update's key, for inputs a platform may deliver twice.
    key: Option<String>,
    reply: oneshot::Sender<Outcome>,
}

/// A handle to the engine thread; cloning it is cheap.
#[derive(Debug, Clone)]
pub struct Engine {
    jobs: mpsc::UnboundedSender<Job>,
    /// Outcomes of inputs nobody awaits (computer moves), until the adapter takes them.
    background: Arc<Mutex<Option<mpsc::UnboundedReceiver<Outcome>>>>,
    /// The abuse limits, when the adapter set them.
    gate: Option<Arc<Gate>>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("input", &self.input).finish_non_exhaustive()
    }
}

impl Engine {
    /// Starts the engine thread; it ends when every handle is dropped.
    pub fn start(mut app: App<SharedStore>) -> Engine {
        let (jobs, mut queue) = mpsc::unbounded_channel::<Job>();
        let (finished, background) = mpsc::unbounded_channel::<Outcome>();
        // The engine's own handle must not keep it alive: computer threads use a weak one.
        let requeue = jobs.downgrade();
        let beat = crate::observe::health::engine_started();
        std::thread::Builder::new()
            .name("igroteka-engine".into())
            .spawn(move || {
                let mut forgotten_at = 0;
                while let Some(first) = queue.blocking_recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        match queue.try_recv() {
                            Ok(job) => batch.push(job),
                            Err(_) => break,
                        }
                    }
                    let now = batch[0].input.now;
                    if now >= forgotten_at + FORGET_EVERY_MS {
                        app.forget_updates(now.saturating_sub(KEEP_TAKEN_MS));
                        forgotten_at = now;
                    }
                    let inputs: Vec<(&Input, Option<&str>)> =
                        batch.iter().map(|job| (&job.input, job.key.as_deref())).collect();
                    let results = app.handle_batch_once(&inputs);
                    let dirty = app.take_dirty();
                    observe_batch(&batch, &mut app);
                    beat.beat();
                    for (job, effects) in batch.into_iter().zip(results) {
                        let outcome = Outcome {
                            repeated: effects.is_none(),
                            effects: effects.unwrap_or_default(),
                            dirty: dirty.clone(),
                        };
                        // A caller that went away needs no answer.
                        let _ = job.reply.send(outcome);
                    }
                    for turn in app.take_computer_turns() {
                        think(turn, requeue.clone(), finished.clone());
                    }
                }
            })
            .expect("cannot start the engine thread");
        Engine { jobs, background: Arc::new(Mutex::new(Some(background))), gate: None }
    }

    /// Judges people's inputs at the door from now on (the handles cloned after this).
    pub fn with_gate(mut self, gate: Gate) -> Engine {
        self.gate = Some(Arc::new(gate));
        self
    }

    /// Whether `input` would get past the door now (see [`Gate::would_admit`]).
    pub fn would_admit(&self, input: &Input) -> bool {
        self.gate.as_ref().is_none_or(|gate| gate.would_admit(input))
    }

    /// The outcomes of inputs nobody awaits (computer players' moves): the adapter's clock
    /// task takes this once and runs the deliverers of their dirty tables.
    pub fn background(&self) -> Option<mpsc::UnboundedReceiver<Outcome>> {
        self.background.lock().ok()?.take()
    }

    /// Handles one input; its changes are durable when this returns.
    pub async fn run(&self, input: Input) -> Outcome {
        self.take(input, None).await
    }

    /// Queues one input at once (inputs queued one after another are handled in that order)
    /// and returns its outcome to await: its changes are durable when that resolves. With a
    /// `key` (the platform update it came in), an update taken before is not handled again
    /// ([`Outcome::repeated`]).
    /// An input the [`Gate`] refuses is answered at once and never queued.
    pub fn take(&self, input: Input, key: Option<String>) -> impl Future<Output = Outcome> + use<> {
        let refused = self.gate.as_ref().and_then(|gate| gate.check(&input));
        if let Some(refusal) = &refused {
            let metrics = crate::observe::metrics();
            if matches!(input.action, Action::Press { .. }) {
                metrics.press(input.platform);
            }
            metrics.refusal(input.platform, refusal.reason);
        }
        let (reply, outcome) = oneshot::channel();
        let queued = refused.is_none() && self.jobs.send(Job { input, key, reply }).is_ok();
        async move {
            if let Some(refusal) = refused {
                return Outcome { effects: refusal.effects, ..Outcome::default() };
            }
            if !queued {
                tracing::error!("the engine has stopped");
                return Outcome::default();
            }
            outcome.await.unwrap_or_default()
        }
    }
}

/// Counts the batch's presses and refusals.
fn observe_batch(batch: &[Job], app: &mut App<SharedStore>) {
    let metrics = crate::observe::metrics();
    for job in batch {
        if matches!(job.input.action, Action::Press { .. }) {
            metrics.press(job.input.platform);
        }
    }
    for (platform, reason) in app.take_refusals() {
        metrics.refusal(platform, &reason);
    }
}

/// A computer's turn on a thread of its own: the decision, the rest of the pause, then the
/// move queued to the engine; its outcome goes to `finished`.
fn think(
    turn: ComputerTurn,
    jobs: mpsc::WeakUnboundedSender<Job>,
    finished: mpsc::UnboundedSender<Outcome>,
) {
    let pause = computer_pause().unwrap_or(turn.pause);
    let spawned = std::thread::Builder::new().name("igroteka-computer".into()).spawn(move || {
        let level = turn.level.name();
        let decide = || {
            let started = Instant::now();
            let input = turn.decide();
            crate::observe::metrics().computer_moved(level, started.elapsed());
            input
        };
        let input = decide_within_pause(pause, decide, Instant::now, std::thread::sleep);
        let Some(jobs) = jobs.upgrade() else { return };
        let (reply, outcome) = oneshot::channel();
        if jobs.send(Job { input, key: None, reply }).is_ok()
            && let Ok(outcome) = outcome.blocking_recv()
        {
            let _ = finished.send(outcome);
        }
    });
    if let Err(e) = spawned {
        // The turn stays due in the clock's index: the next tick hands it out again.
        tracing::error!("no thread for a computer player: {e}");
    }
}

/// Decides during the pause rather than after it, and waits only what is left of it: the
/// move appears when the pause ends, not a search's time (up to 200 ms, more on a busy core)
/// later; a decision longer than the pause is played at once. The clock and the sleep are
/// parameters so a test can run the order of events without waiting.
fn decide_within_pause<T>(
    pause: Duration,
    decide: impl FnOnce() -> T,
    now: impl Fn() -> Instant,
    sleep: impl FnOnce(Duration),
) -> T {
    let started = now();
    let decided = decide();
    let rest = pause.saturating_sub(now().saturating_duration_since(started));
    if !rest.is_zero() {
        sleep(rest);
    }
    decided
}

/// `IGROTEKA_COMPUTER_PAUSE_MS`: another pause before a computer moves (tests, demos).
fn computer_pause() -> Option<Duration> {
    let ms = std::env::var("IGROTEKA_COMPUTER_PAUSE_MS").ok()?.parse().ok()?;
    Some(Duration::from_millis(ms))
}

/// How often the adapters tick the turn clocks: every ten seconds (`IGROTEKA_TICK_MS` sets
/// another period, for tests that run a clock quickly).
pub fn tick_period() -> Duration {
    let ms = std::env::var("IGROTEKA_TICK_MS").ok().and_then(|v| v.parse().ok());
    Duration::from_millis(ms.unwrap_or(10_000).max(10))
}

/// A tick of the clock for `platform`'s tables at `now` (its chat and user are not read).
pub fn tick(platform: Platform, now: u64) -> Input {
    Input {
        platform,
        chat: Chat { id: String::new(), private: false, thread: None, server: None },
        user: User { id: String::new(), name: String::new(), admin: false, lang: None },
        now,
        action: Action::Tick,
    }
}

#[cfg(test)]
mod tests {
    use std::cell::{Cell, RefCell};

    use super::*;

    /// Runs `decide_within_pause` on a clock that only a decision taking `thinking` moves, and
    /// returns what happened in order.
    fn run(pause: Duration, thinking: Duration) -> Vec<String> {
        let start = Instant::now();
        let clock = Cell::new(start);
        let events = RefCell::new(Vec::new());
        let decided = decide_within_pause(
            pause,
            || {
                events.borrow_mut().push("decide".to_string());
                clock.set(clock.get() + thinking);
                "move"
            },
            || clock.get(),
            |rest| events.borrow_mut().push(format!("sleep {} ms", rest.as_millis())),
        );
        events.borrow_mut().push(format!("play {decided}"));
        events.into_inner()
    }

    /// The decision comes first and the wait is what the thinking left of the pause, so the
    /// move lands when the pause ends.
    #[test]
    fn the_computer_thinks_during_the_pause() {
        let pause = Duration::from_millis(1200);
        assert_eq!(
            run(pause, Duration::from_millis(191)),
            ["decide", "sleep 1009 ms", "play move"]
        );
        assert_eq!(run(pause, Duration::ZERO), ["decide", "sleep 1200 ms", "play move"]);
    }

    /// Thinking longer than the pause plays the move at once, and no pause waits for nothing.
    #[test]
    fn a_long_decision_is_played_at_once() {
        assert_eq!(
            run(Duration::from_millis(100), Duration::from_millis(250)),
            ["decide", "play move"]
        );
        assert_eq!(run(Duration::ZERO, Duration::from_millis(5)), ["decide", "play move"]);
    }
}
