//! A stop asked for by the system (SIGTERM from systemd or `docker stop`, SIGINT from Ctrl-C).
//!
//! The chat adapters stop *gracefully*: they stop taking updates, finish what they took (the
//! engine's changes are durable already; the answers and messages go out if they can) and
//! return, so the store is flushed and closed before the process ends. Nothing the platform
//! was told is taken can be lost that way, and nothing half-handled is confirmed.
//!
//! A stuck stop must still end: [`GRACE`] after the signal, or at a second signal, the
//! process flushes the store and exits anyway (whatever was not finished is still in the
//! outbox, or is delivered again by the platform, and the next start carries on).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// How long a graceful stop may take before the process exits anyway.
pub const GRACE: Duration = Duration::from_secs(5);

/// How long the adapters wait, once stopped, for what they started to finish (inside
/// [`GRACE`], with room for the flush).
pub const DRAIN: Duration = Duration::from_secs(3);

/// A stop request: set once, awaited by any number of tasks.
#[derive(Debug)]
pub struct Stop {
    asked: AtomicBool,
    notify: Notify,
}

/// The process's stop request.
pub static STOP: Stop = Stop::new();

impl Stop {
    pub const fn new() -> Stop {
        Stop { asked: AtomicBool::new(false), notify: Notify::const_new() }
    }

    /// Asks everything waiting on [`Stop::requested`] to stop; says whether it had been asked
    /// already.
    pub fn request(&self) -> bool {
        let before = self.asked.swap(true, Ordering::SeqCst);
        self.notify.notify_waiters();
        before
    }

    pub fn is_requested(&self) -> bool {
        self.asked.load(Ordering::SeqCst)
    }

    /// Resolves once a stop is asked for (at once if it was).
    pub async fn requested(&self) {
        loop {
            let notified = self.notify.notified();
            if self.is_requested() {
                return;
            }
            notified.await;
        }
    }
}

impl Default for Stop {
    fn default() -> Self {
        Stop::new()
    }
}

/// The tasks started for updates already taken (answers, replies), so that a stop can let
/// them end.
#[derive(Debug, Default)]
pub struct Finishing {
    tasks: Mutex<Vec<JoinHandle<()>>>,
}

impl Finishing {
    pub fn track(&self, task: JoinHandle<()>) {
        let mut tasks = self.tasks.lock().unwrap_or_else(|p| p.into_inner());
        tasks.retain(|task| !task.is_finished());
        tasks.push(task);
    }

    /// Waits up to `within` for every task tracked so far; says whether they all ended.
    pub async fn drain(&self, within: Duration) -> bool {
        let tasks = std::mem::take(&mut *self.tasks.lock().unwrap_or_else(|p| p.into_inner()));
        let all = async {
            for task in tasks {
                let _ = task.await;
            }
        };
        tokio::time::timeout(within, all).await.is_ok()
    }
}

/// Waits up to `within` until `settled` holds, looking every 20 ms; says whether it does.
pub async fn settled(within: Duration, settled: impl Fn() -> bool) -> bool {
    let deadline = tokio::time::Instant::now() + within;
    while !settled() {
        if tokio::time::Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_waiter_sees_the_stop_even_one_that_comes_late() {
        let stop: &'static Stop = Box::leak(Box::new(Stop::new()));
        let waiters: Vec<_> = (0..3).map(|_| tokio::spawn(stop.requested())).collect();
        tokio::task::yield_now().await;
        assert!(waiters.iter().all(|w| !w.is_finished()));
        assert!(!stop.request(), "the first request");
        for waiter in waiters {
            tokio::time::timeout(Duration::from_secs(5), waiter).await.unwrap().unwrap();
        }
        tokio::time::timeout(Duration::from_secs(5), stop.requested()).await.unwrap();
        assert!(stop.request(), "asked twice");
    }

    #[tokio::test(start_paused = true)]
    async fn a_drain_waits_for_the_tasks_but_not_past_its_limit() {
        let finishing = Finishing::default();
        finishing.track(tokio::spawn(tokio::time::sleep(Duration::from_secs(1))));
        assert!(finishing.drain(Duration::from_secs(2)).await, "a task within the limit");
        finishing.track(tokio::spawn(tokio::time::sleep(Duration::from_secs(10))));
        assert!(!finishing.drain(Duration::from_secs(2)).await, "a task past the limit");
    }
}
