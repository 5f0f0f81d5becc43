//! The deliverers: one task per table at a time, carrying out the table's outbox
//! ([`igroteka::outbox::deliver`]) through [`Discord`].
//!
//! A table is *woken* when its outbox got entries (the engine's dirty tables, and every table
//! with pending entries when the gateway says READY). A wake while the table's task runs only
//! asks it for one more pass, so a table's messages leave in order across its channel and its
//! players' DMs, while other tables — and the acknowledgement of interactions — never wait for
//! it. A pass that ends on a transient failure is tried again after a growing pause, or sooner
//! when the table is woken meanwhile (new entries must not wait out a long pause); users
//! found unreachable are handed to the engine (`Action::Unreachable`), which notes them in the
//! channel once per game. At a stop a pass makes no new call, not even after a wait for a
//! bucket ([`crate::stop::Stoppable`]), and a retry pause ends the deliverer: what is left stays
//! in the outbox for the next start.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use igroteka::app::{Action, Chat, Input, User};
use igroteka::outbox;
use igroteka::store::{SharedStore, Store};
use igroteka::table::Platform;
use tokio::sync::{Notify, oneshot};

use super::inbound::now_ms;
use super::messenger::Discord;
use crate::engine::Engine;
use crate::stop::{STOP, Stoppable};

/// The pause after a pass deferred by a transient failure: doubled each time, up to a minute.
const FIRST_RETRY: Duration = Duration::from_millis(500);
const LAST_RETRY: Duration = Duration::from_secs(60);

/// A table whose task is running.
#[derive(Debug, Default)]
struct Running {
    /// Woken again during the pass: run another.
    again: bool,
    /// Told when the next pass ends.
    waiting: Vec<oneshot::Sender<()>>,
    /// Ends a retry pause early: notified by every wake.
    woken: Arc<Notify>,
}

#[derive(Debug)]
struct Inner {
    store: SharedStore,
    discord: Arc<Discord>,
    engine: Engine,
    running: Mutex<HashMap<u64, Running>>,
}

/// The deliverers of every table.
#[derive(Debug, Clone)]
pub struct Deliverers {
    inner: Arc<Inner>,
}

impl Deliverers {
    pub fn new(store: SharedStore, discord: Arc<Discord>, engine: Engine) -> Deliverers {
        let running = Mutex::default();
        Deliverers { inner: Arc::new(Inner { store, discord, engine, running }) }
    }

    /// Makes `table`'s deliverer run (again); the receiver is told when a pass that started
    /// after this call has ended.
    pub fn wake(&self, table: u64) -> oneshot::Receiver<()> {
        let (done, receiver) = oneshot::channel();
        let mut running = self.inner.running.lock().unwrap_or_else(|e| e.into_inner());
        match running.get_mut(&table) {
            Some(task) => {
                task.again = true;
                task.waiting.push(done);
                task.woken.notify_one();
            }
            None => {
                let task = Running { again: true, waiting: vec![done], woken: Arc::default() };
                running.insert(table, task);
                tokio::spawn(self.clone().run(table));
            }
        }
        receiver
    }

    /// Whether no deliverer runs.
    pub fn idle(&self) -> bool {
        self.inner.running.lock().unwrap_or_else(|e| e.into_inner()).is_empty()
    }

    /// Wakes every table with pending entries (at start-up: what a crash left undelivered).
    pub fn wake_pending(&self) {
        match self.inner.store.outbox_tables() {
            Ok(tables) => {
                for table in tables {
                    drop(self.wake(table));
                }
            }
            Err(e) => tracing::warn!("discord: reading the pending deliveries failed: {e}"),
        }
    }

    async fn run(self, table: u64) {
        let mut pause = Duration::ZERO;
        loop {
            let (waiting, woken) = {
                let mut running = self.inner.running.lock().unwrap_or_else(|e| e.into_inner());
                let task = running.entry(table).or_default();
                task.again = false;
                (std::mem::take(&mut task.waiting), task.woken.clone())
            };
            // Its own task, so a panic ends the pass, not the deliverer's bookkeeping.
            let retry = tokio::spawn(self.clone().pass(table)).await.unwrap_or_else(|_| {
                tracing::error!(table, "discord: delivery failed unexpectedly");
                true
            });
            for done in waiting {
                let _ = done.send(());
            }
            if retry {
                pause = (pause * 2).clamp(FIRST_RETRY, LAST_RETRY);
                // A wake during the pass or the pause ends the pause: a new entry (a player's
                // DM board, say) is worth a try at once; the pause still grows when nobody
                // wakes the table. A stop ends it too, and the deliverer: what is left stays
                // in the outbox for the next start.
                let paused = async {
                    tokio::select! {
                        () = tokio::time::sleep(pause) => {}
                        () = woken.notified() => {}
                    }
                };
                if STOP.unless_stopped(paused).await.is_none() {
                    crate::lease::leave_at_stop(&self.inner.store, table);
                    let mut running = self.inner.running.lock().unwrap_or_else(|e| e.into_inner());
                    running.remove(&table);
                    return;
                }
            } else {
                pause = Duration::ZERO;
            }
            let mut running = self.inner.running.lock().unwrap_or_else(|e| e.into_inner());
            let again = retry || running.get(&table).is_some_and(|task| task.again);
            if !again {
                running.remove(&table);
                return;
            }
        }
    }

    /// One pass over the table's outbox; `true` when something is left for a later pass.
    async fn pass(self, table: u64) -> bool {
        let inner = &self.inner;
        let channel = match inner.store.load(table) {
            Ok(Some(t)) if t.chat.platform == Platform::Discord => t.chat.chat.clone(),
            // Another platform's table (both adapters can share a data folder), or a record
            // set aside: not ours to deliver.
            Ok(_) | Err(_) => return false,
        };
        let messenger = inner.discord.for_table(table, channel.parse().ok());
        // At a stop, a wait for a bucket ends and no call begins (`crate::stop`).
        let messenger = Stoppable::new(&messenger, &STOP);
        let pass = outbox::deliver(&inner.store, Platform::Discord, table, &messenger);
        let report = match crate::lease::renewing(&inner.store, table, pass).await {
            Ok(report) => report,
            Err(e) => {
                tracing::warn!(table, "discord: delivery failed: {e}");
                return true;
            }
        };
        for user in report.unreachable {
            let input = Input {
                platform: Platform::Discord,
                chat: Chat { id: channel.clone(), private: false, thread: None, server: None },
                user: User { id: user, name: String::new(), admin: false, lang: None },
                now: now_ms(),
                action: Action::Unreachable { table },
            };
            let outcome = inner.engine.run(input).await;
            for dirty in outcome.dirty {
                drop(self.wake(dirty));
            }
        }
        if let Some(opened) = report.thread {
            // The game starts in its thread (or, refused, in the channel).
            let input = Input::thread_report(Platform::Discord, table, opened, now_ms());
            let outcome = inner.engine.run(input).await;
            for dirty in outcome.dirty {
                drop(self.wake(dirty));
            }
        }
        report.deferred
    }
}
