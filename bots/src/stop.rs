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
//!
//! **A stop never waits on a rate limit.** A table's deliverer may be waiting for its chat's
//! pace (Telegram spreads a group's 20 calls a minute one every 3.5 s; Discord's buckets can
//! hold a channel for seconds) or for a retry pause. Waiting that out would hold the stop for
//! seconds (it used to: 3 s, the whole drain, in most stops during a burst), and nothing is
//! gained by it, since the outbox is durable. So the deliverers see the messenger through
//! [`Stoppable`]: once the stop is asked for, a wait for a rate limit ends at once
//! ([`Stop::unless_stopped`]) and a call not yet begun is refused as a transient failure, which
//! leaves its entry in the outbox for the next start; a call already begun ends normally
//! (within [`DRAIN`]), so nothing is cut off between being sent and being marked done. The
//! outbox's guarantees are the pass's own: an entry is marked done only once the platform
//! confirmed it, and the entries left keep their order.

use std::future::Future;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use igroteka::app::{Dest, Message};
use igroteka::outbox::{Failure, Messenger};
use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// How long a graceful stop may take before the process exits anyway.
pub const GRACE: Duration = Duration::from_secs(5);

/// How long the adapters wait, once stopped, for what they started to finish (inside
/// [`GRACE`], with room for the flush). Only calls already under way are waited for (no wait
/// for a rate limit, see the module docs): this bounds a slow or stuck one.
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

    /// Runs `wait` unless the stop comes first (or came already): `None` then. Only for a
    /// wait that makes no call (a rate limit, a retry pause): it is dropped where it stands.
    pub async fn unless_stopped<F: Future>(&self, wait: F) -> Option<F::Output> {
        if self.is_requested() {
            return None;
        }
        tokio::select! {
            biased;
            () = self.requested() => None,
            out = wait => Some(out),
        }
    }
}

/// Why a deliverer's call was not made: the bot is stopping (see the module docs).
pub const LEFT_AT_STOP: &str = "the bot is stopping: left in the outbox for the next start";

/// A table deliverer's messenger that gives way to a stop: [`Messenger::ready`] ends when the
/// stop is asked for, and from then on a call is refused as [`Failure::Transient`]
/// ([`LEFT_AT_STOP`]) before it begins, so the pass ends with the entry still pending. A call
/// begun before the stop is the wrapped messenger's to finish. Both adapters' deliverers use
/// it.
#[derive(Debug)]
pub struct Stoppable<'a, M> {
    messenger: &'a M,
    stop: &'a Stop,
}

impl<'a, M: Messenger> Stoppable<'a, M> {
    pub fn new(messenger: &'a M, stop: &'a Stop) -> Stoppable<'a, M> {
        Stoppable { messenger, stop }
    }

    fn going_on(&self) -> Result<(), Failure> {
        match self.stop.is_requested() {
            true => Err(Failure::Transient(LEFT_AT_STOP.into())),
            false => Ok(()),
        }
    }
}

impl<M: Messenger> Messenger for Stoppable<'_, M> {
    async fn ready(&self, to: &Dest) {
        self.stop.unless_stopped(self.messenger.ready(to)).await;
    }

    async fn send(&self, to: &Dest, message: &Message) -> Result<String, Failure> {
        self.going_on()?;
        self.messenger.send(to, message).await
    }

    async fn edit(&self, to: &Dest, id: &str, message: &Message) -> Result<(), Failure> {
        self.going_on()?;
        self.messenger.edit(to, id, message).await
    }

    async fn delete(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        self.going_on()?;
        self.messenger.delete(to, id).await
    }

    async fn strip(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        self.going_on()?;
        self.messenger.strip(to, id).await
    }

    async fn open_thread(
        &self,
        to: &Dest,
        name: &str,
        from: Option<&str>,
    ) -> Result<Dest, Failure> {
        self.going_on()?;
        self.messenger.open_thread(to, name, from).await
    }

    fn has_private_route(&self, user: &str) -> bool {
        self.messenger.has_private_route(user)
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

    /// A group's messenger as a paced platform shows it: the first message may go at once,
    /// each next one only [`PACE`] after the one before; calls take [`CALL`].
    #[derive(Default)]
    struct Paced {
        sent: Mutex<Vec<(String, tokio::time::Instant)>>,
    }

    const PACE: Duration = Duration::from_millis(3500);
    const CALL: Duration = Duration::from_millis(100);

    impl Paced {
        fn sent(&self) -> Vec<String> {
            self.sent.lock().unwrap().iter().map(|(text, _)| text.clone()).collect()
        }
    }

    impl Messenger for Paced {
        async fn ready(&self, _to: &Dest) {
            let last = self.sent.lock().unwrap().last().map(|(_, at)| *at);
            if let Some(last) = last {
                tokio::time::sleep_until(last + PACE).await;
            }
        }
        async fn send(&self, _to: &Dest, message: &Message) -> Result<String, Failure> {
            tokio::time::sleep(CALL).await;
            let mut sent = self.sent.lock().unwrap();
            sent.push((message.text.clone(), tokio::time::Instant::now()));
            Ok(sent.len().to_string())
        }
        async fn edit(&self, _: &Dest, _: &str, _: &Message) -> Result<(), Failure> {
            Ok(())
        }
        async fn delete(&self, _: &Dest, _: &str) -> Result<(), Failure> {
            Ok(())
        }
        async fn strip(&self, _: &Dest, _: &str) -> Result<(), Failure> {
            Ok(())
        }
        async fn open_thread(&self, _: &Dest, _: &str, _: Option<&str>) -> Result<Dest, Failure> {
            Err(Failure::Permanent("no threads".into()))
        }
    }

    /// Three messages queued for a group; the stop comes while the first call is under way.
    /// Returns how long after the stop the pass ended, what was sent, and what was left.
    async fn stop_during_a_pass(stoppable: bool) -> (Duration, Vec<String>, Vec<String>) {
        use igroteka::app::Effect;
        use igroteka::store::{SledStore, Store};
        use igroteka::table::Platform;
        let stop: &'static Stop = Box::leak(Box::new(Stop::new()));
        let store = SledStore::temporary().unwrap();
        let to = Dest::Chat { chat: "-1".into(), thread: None };
        let sends: Vec<Effect> = ["one", "two", "three"]
            .map(|text| Effect::Send { to: to.clone(), message: Message::text(text) })
            .into();
        store.enqueue(7, &igroteka::outbox::entries(&sends)).unwrap();
        store.flush().unwrap();
        let messenger = Paced::default();
        let asker = tokio::spawn(async move {
            tokio::time::sleep(CALL / 2).await;
            stop.request();
            tokio::time::Instant::now()
        });
        let report = match stoppable {
            true => {
                let messenger = Stoppable::new(&messenger, stop);
                igroteka::outbox::deliver(&store, Platform::Telegram, 7, &messenger).await
            }
            false => igroteka::outbox::deliver(&store, Platform::Telegram, 7, &messenger).await,
        };
        let took = tokio::time::Instant::now() - asker.await.unwrap();
        assert_eq!(report.unwrap().deferred, stoppable);
        let left =
            igroteka::outbox::pending(&store, 7).unwrap().into_iter().map(|p| match p.effect {
                Effect::Send { message, .. } => message.text,
                other => panic!("{other:?}"),
            });
        (took, messenger.sent(), left.collect())
    }

    /// The call under way ends and is marked done; the rest is left, in order, without waiting
    /// for the pace — which a plain messenger waits out for every message.
    #[tokio::test(start_paused = true)]
    async fn a_stop_ends_a_pass_without_waiting_on_the_pace_and_leaves_the_rest_queued() {
        let (took, sent, left) = stop_during_a_pass(true).await;
        assert_eq!(sent, ["one"]);
        assert_eq!(left, ["two", "three"]);
        assert_eq!(took, CALL / 2, "only the call under way is waited for");
        let (took, sent, left) = stop_during_a_pass(false).await;
        assert_eq!(sent, ["one", "two", "three"]);
        assert!(left.is_empty());
        assert!(took >= PACE * 2, "{took:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_wait_unless_stopped_ends_at_the_stop_or_not_at_all() {
        let stop: &'static Stop = Box::leak(Box::new(Stop::new()));
        let short = stop.unless_stopped(tokio::time::sleep(Duration::from_secs(1))).await;
        assert_eq!(short, Some(()));
        let start = tokio::time::Instant::now();
        let asker = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(2)).await;
            stop.request();
        });
        let long = stop.unless_stopped(tokio::time::sleep(Duration::from_secs(60))).await;
        assert_eq!((long, tokio::time::Instant::now() - start), (None, Duration::from_secs(2)));
        asker.await.unwrap();
        assert_eq!(stop.unless_stopped(async { 5 }).await, None, "after the stop: not at all");
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
