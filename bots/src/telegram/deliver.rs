//! Delivery of the tables' outboxes to Telegram, and of the replies that belong to no table.
//!
//! - [`Deliverers`]: one tokio task per table at a time runs [`outbox::deliver`] for it. A
//!   wake-up while it runs only sets a "run again" flag, so a table's messages go out in order
//!   across all its chats (the group and the players' private chats), and a table waiting for
//!   a rate limit never holds up another table or the handling of updates. Users a pass found
//!   unreachable go back to the engine as [`Action::Unreachable`] (it notes them in the group,
//!   once per game); a pass deferred by a transient failure is tried again after a backoff.
//!   At a stop the pass makes no new call, not even after a wait for the group's pace
//!   ([`crate::stop::Stoppable`]): what is left stays in the outbox for the next start.
//! - [`Courier`]: what the engine asks for at once that is not an answer to a press — a reply
//!   to a command, the buttons stripped from an old message — in order per chat, without
//!   making the update handler wait for the chat's rate limit.
//!
//! An entry that sent a message is marked done *durably* (the store flushes such a mark, on a
//! runtime thread that lets other tasks move elsewhere meanwhile: [`Durable`]): after a
//! `kill -9` the next start redelivers only what the platform had not confirmed, so a restart
//! does not post a second ping or board for what was already sent.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use igroteka::app::{Action, Chat, Dest, Effect, Input, User};
use igroteka::outbox::{self, Failure, LEASE_RENEW_MS, Messenger};
use igroteka::store::{
    Done, OutboxEntry, PendingEntry, SharedStore, Slot, SlotMessage, Store, StoreError,
};
use igroteka::table::{ChatId, LogEntry, Platform, Table, UserId};

use super::inbound;
use super::messenger::{Telegram, backoff, target};
use crate::engine::{Engine, Outcome};
use crate::stop::{STOP, Stoppable};

/// The running deliverers, by table: `true` when a wake-up came while it ran.
#[derive(Debug)]
pub struct Deliverers {
    store: SharedStore,
    messenger: Arc<Telegram>,
    engine: Engine,
    courier: Arc<Courier>,
    running: Mutex<HashMap<u64, bool>>,
}

impl Deliverers {
    pub fn new(
        store: SharedStore,
        messenger: Arc<Telegram>,
        engine: Engine,
        courier: Arc<Courier>,
    ) -> Deliverers {
        Deliverers { store, messenger, engine, courier, running: Mutex::default() }
    }

    fn running(&self) -> std::sync::MutexGuard<'_, HashMap<u64, bool>> {
        self.running.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Makes sure `table`'s outbox is delivered: starts its deliverer, or tells the running
    /// one to look again when it is done.
    pub fn wake(self: &Arc<Self>, table: u64) {
        let mut running = self.running();
        match running.get_mut(&table) {
            Some(again) => *again = true,
            None => {
                running.insert(table, false);
                let me = self.clone();
                tokio::spawn(async move { me.run(table).await });
            }
        }
    }

    /// Waits up to `within` until no deliverer runs; says whether none does. A stop lets the
    /// deliveries under way end rather than cut a call off (what is left stays in the outbox).
    pub async fn idle(&self, within: Duration) -> bool {
        crate::stop::settled(within, || self.running().is_empty()).await
    }

    /// Carries out what an engine outcome asks for at once and wakes its tables' deliverers.
    pub fn dispatch(self: &Arc<Self>, outcome: Outcome) {
        for effect in outcome.effects {
            if !matches!(effect, Effect::Answer { .. }) {
                self.courier.post(effect);
            }
        }
        for table in outcome.dirty {
            self.wake(table);
        }
    }

    async fn run(self: Arc<Self>, table: u64) {
        let mut wait = None;
        loop {
            let store = Durable::new(&self.store);
            // At a stop, a wait for the chat's pace ends and no call begins (`crate::stop`).
            let messenger = Stoppable::new(&*self.messenger, &STOP);
            let pass = outbox::deliver(&store, Platform::Telegram, table, &messenger);
            let result = crate::lease::renewing(&self.store, table, pass).await;
            let deferred = match result {
                Ok(report) if report.elsewhere => {
                    // Another process delivers this table now; look again shortly, in case
                    // it finished just before what woke this one was saved.
                    let pause = tokio::time::sleep(Duration::from_millis(LEASE_RENEW_MS));
                    if STOP.unless_stopped(pause).await.is_none() {
                        self.running().remove(&table);
                        return;
                    }
                    continue;
                }
                Ok(report) => {
                    for user in report.unreachable {
                        self.unreachable(table, user).await;
                    }
                    if let Some(opened) = report.thread {
                        // The game starts in its topic (or, refused, in the group).
                        let input = Input::thread_report(
                            Platform::Telegram,
                            table,
                            opened,
                            inbound::now_ms(),
                        );
                        let outcome = self.engine.run(input).await;
                        self.dispatch(outcome);
                    }
                    report.deferred
                }
                Err(e) => {
                    tracing::warn!(table, "telegram: delivery failed: {e}");
                    true
                }
            };
            if deferred {
                // Try again later, whatever woke it meanwhile; at a stop, the next start does.
                let pause = backoff(wait);
                wait = Some(pause);
                if STOP.unless_stopped(tokio::time::sleep(pause)).await.is_none() {
                    crate::lease::leave_at_stop(&self.store, table);
                    self.running().remove(&table);
                    return;
                }
                continue;
            }
            wait = None;
            let mut running = self.running();
            if running.get(&table) == Some(&true) {
                running.insert(table, false);
                continue;
            }
            running.remove(&table);
            return;
        }
    }

    /// Tells the engine that `user` cannot be written to privately; it notes them in the
    /// table's group (once per game), which wakes this table again.
    async fn unreachable(self: &Arc<Self>, table: u64, user: String) {
        let chat = self.store.load(table).ok().flatten().map(|t| t.chat);
        let chat = Chat {
            id: chat.as_ref().map_or_else(|| "0".to_string(), |c| c.chat.clone()),
            // Never private: a private input would tell the engine they are reachable again.
            private: false,
            thread: chat.and_then(|c| c.thread),
            server: None,
        };
        let input = Input {
            platform: Platform::Telegram,
            chat,
            user: User { id: user, name: String::new(), admin: false, lang: None },
            now: inbound::now_ms(),
            action: Action::Unreachable { table },
        };
        let outcome = self.engine.run(input).await;
        self.dispatch(outcome);
    }
}

/// Replies that belong to no table, sent in order per chat by one task per chat at a time.
#[derive(Debug)]
pub struct Courier {
    store: SharedStore,
    messenger: Arc<Telegram>,
    queues: Mutex<HashMap<i64, VecDeque<Effect>>>,
}

impl Courier {
    pub fn new(store: SharedStore, messenger: Arc<Telegram>) -> Courier {
        Courier { store, messenger, queues: Mutex::default() }
    }

    fn queues(&self) -> std::sync::MutexGuard<'_, HashMap<i64, VecDeque<Effect>>> {
        self.queues.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues `effect` for its chat; the chat's task starts if it is not running.
    pub fn post(self: &Arc<Self>, effect: Effect) {
        let Some(chat) = destination(&effect).and_then(target).map(|(chat, _)| chat.0) else {
            tracing::warn!("telegram: an effect without a Telegram destination was dropped");
            return;
        };
        let mut queues = self.queues();
        let start = !queues.contains_key(&chat);
        queues.entry(chat).or_default().push_back(effect);
        if start {
            let me = self.clone();
            tokio::spawn(async move { me.drain(chat).await });
        }
    }

    async fn drain(self: Arc<Self>, chat: i64) {
        loop {
            let next = {
                let mut queues = self.queues();
                let next = queues.get_mut(&chat).and_then(VecDeque::pop_front);
                if next.is_none() {
                    queues.remove(&chat);
                }
                next
            };
            let Some(effect) = next else { return };
            self.carry_out(effect).await;
        }
    }

    async fn carry_out(&self, effect: Effect) {
        let messenger = &*self.messenger;
        let (to, result) = match &effect {
            Effect::Send { to, message } => (to, messenger.send(to, message).await.map(drop)),
            Effect::Strip { to, message_id } => (to, messenger.strip(to, message_id).await),
            Effect::Edit { to, message_id, message } => {
                (to, messenger.edit(to, message_id, message).await)
            }
            Effect::Delete { to, message_id } => (to, messenger.delete(to, message_id).await),
            _ => return,
        };
        match (result, to) {
            (Ok(()), _) | (Err(Failure::Gone), _) => {}
            (Err(Failure::Unreachable), Dest::User { user }) => {
                // They wrote to the bot but cannot be answered (blocked it): spare them
                // further attempts until they write again.
                let _ = self.store.set_unreachable(Platform::Telegram, user, true);
            }
            // Already logged by the messenger.
            (Err(_), _) => {}
        }
    }
}

fn destination(effect: &Effect) -> Option<&Dest> {
    match effect {
        Effect::Send { to, .. }
        | Effect::Show { to, .. }
        | Effect::Clear { to, .. }
        | Effect::Edit { to, .. }
        | Effect::Delete { to, .. }
        | Effect::Strip { to, .. }
        | Effect::OpenThread { to, .. } => Some(to),
        Effect::Answer { .. } => None,
    }
}

/// The store as the deliverer uses it: the calls that may flush (a mark of an entry that sent a
/// message, a flush) run with `block_in_place`, so the runtime moves its other tasks elsewhere
/// while this thread waits for the disk.
#[derive(Debug)]
pub struct Durable<'a> {
    store: &'a SharedStore,
}

impl<'a> Durable<'a> {
    pub fn new(store: &'a SharedStore) -> Durable<'a> {
        Durable { store }
    }
}

/// A flush on a runtime thread, letting the runtime move other tasks elsewhere meanwhile.
fn flush(store: &SharedStore) -> Result<(), StoreError> {
    tokio::task::block_in_place(|| store.flush())
}

impl Store for Durable<'_> {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        self.store.new_table_id()
    }
    fn lease_outbox(
        &self,
        table: u64,
        holder: &str,
        now: u64,
        ttl: u64,
    ) -> Result<bool, StoreError> {
        self.store.lease_outbox(table, holder, now, ttl)
    }
    fn release_outbox(&self, table: u64, holder: &str) -> Result<(), StoreError> {
        self.store.release_outbox(table, holder)
    }
    fn shared(&self) -> bool {
        self.store.shared()
    }
    fn load(&self, id: u64) -> Result<Option<Table>, StoreError> {
        self.store.load(id)
    }
    fn save(
        &self,
        table: &Table,
        read_seq: Option<u64>,
        outbox: &[OutboxEntry],
    ) -> Result<(), StoreError> {
        self.store.save(table, read_seq, outbox)
    }
    fn enqueue(&self, table: u64, outbox: &[OutboxEntry]) -> Result<(), StoreError> {
        self.store.enqueue(table, outbox)
    }
    fn outbox(&self, table: u64) -> Result<Vec<PendingEntry>, StoreError> {
        self.store.outbox(table)
    }
    fn outbox_tables(&self) -> Result<Vec<u64>, StoreError> {
        self.store.outbox_tables()
    }
    fn outbox_done(&self, key: &[u8], done: Done<'_>) -> Result<(), StoreError> {
        tokio::task::block_in_place(|| self.store.outbox_done(key, done))
    }
    fn slot_shown(&self, table: u64, slot: Slot) -> Result<Option<SlotMessage>, StoreError> {
        self.store.slot_shown(table, slot)
    }
    fn set_unreachable(&self, platform: Platform, user: &str, yes: bool) -> Result<(), StoreError> {
        self.store.set_unreachable(platform, user, yes)
    }
    fn is_unreachable(&self, platform: Platform, user: &str) -> Result<bool, StoreError> {
        self.store.is_unreachable(platform, user)
    }
    fn log(&self, id: u64) -> Result<Vec<LogEntry>, StoreError> {
        self.store.log(id)
    }
    fn chat_table(&self, chat: &ChatId) -> Result<Option<u64>, StoreError> {
        self.store.chat_table(chat)
    }
    fn user_tables(&self, user: &UserId) -> Result<Vec<u64>, StoreError> {
        self.store.user_tables(user)
    }
    fn unfinished(&self) -> Result<Vec<u64>, StoreError> {
        self.store.unfinished()
    }
    fn due_tables(
        &self,
        platform: Platform,
        now: u64,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError> {
        self.store.due_tables(platform, now, limit)
    }
    fn pref(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.store.pref(key)
    }
    fn set_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.store.set_pref(key, value)
    }
    fn prefs_with_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        self.store.prefs_with_prefix(prefix)
    }
    fn stage_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.store.stage_pref(key, value)
    }
    fn flush(&self) -> Result<(), StoreError> {
        flush(self.store)
    }
    fn quarantined(&self) -> Result<Vec<(u64, String)>, StoreError> {
        self.store.quarantined()
    }
    fn was_taken(&self, key: &str) -> Result<bool, StoreError> {
        self.store.was_taken(key)
    }
    fn mark_taken(&self, key: &str, now: u64) -> Result<(), StoreError> {
        self.store.mark_taken(key, now)
    }
    fn forget_taken(&self, before: u64) -> Result<usize, StoreError> {
        self.store.forget_taken(before)
    }
}
