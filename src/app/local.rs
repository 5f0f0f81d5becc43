//! A local stand-in for a chat platform, shared by the console, `igroteka script` and tests:
//! it hands inputs to the engine and plays the messenger's part for the tables' outboxes,
//! giving each sent message an id, exactly as a real adapter's deliverer does with the id the
//! platform returns. It never refuses a call, so it shows the engine's intent plainly.
//!
//! A call counts as made when the observer has seen it (the console prints it, the script
//! writes its line), and only then does the deliverer mark it done — as a real platform's
//! confirmation comes before the mark — so a crash never loses a delivery the chat did not see.

use std::cell::RefCell;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use super::{App, ComputerTurn, Dest, Effect, Input, Message};
use crate::outbox::{self, Failure, Messenger};
use crate::store::{Store, StoreError};
use crate::table::Platform;

/// The most computer moves one input may lead to (a game of computers alone, after the last
/// person resigned, is played to its end in several inputs' time).
const MOST_COMPUTER_MOVES: usize = 2_000;

/// An effect (a platform call) and, for a sent message, the id the local platform gave it.
#[derive(Debug, Clone)]
pub struct Delivered {
    pub effect: Effect,
    pub message_id: Option<String>,
}

#[derive(Debug)]
pub struct LocalPlatform<S: Store> {
    pub app: App<S>,
    /// Plays the messenger's part; script mode moves it to a thread of its own.
    pub deliverer: LocalDeliverer,
}

/// The local platform's messenger side: makes the calls of the outboxes read for it
/// ([`LocalPlatform::read`]) and gives each sent message its id.
#[derive(Debug, Default)]
pub struct LocalDeliverer {
    /// Message ids taken from the store's generator and not handed out yet.
    message_ids: Vec<u64>,
    /// Threads opened (or refused) for tables and not yet reported to the engine: the
    /// platform, the table, where the thread is.
    threads: Vec<(Platform, u64, Option<Dest>)>,
}

/// A batch handled, not durable until the store is flushed ([`LocalPlatform::handle`]).
#[derive(Debug)]
pub struct Handled {
    /// Each input's answers, in the order of the inputs.
    pub answers: Vec<Vec<Effect>>,
    /// Each table whose outbox got entries, once: the last input that touched it, and that
    /// input's platform.
    pub tables: Vec<Touched>,
}

/// A table whose outbox got entries in a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Touched {
    pub table: u64,
    /// The last input of the batch that touched it: its calls are observed under it.
    pub input: usize,
    pub platform: Platform,
}

/// The outboxes of a batch's tables, leased and read ([`LocalPlatform::read`]), for a
/// [`LocalDeliverer`] to carry out: per platform, what was read and each table's input.
#[derive(Debug, Default)]
pub struct Deliveries(Vec<Read>);

/// One platform's part of [`Deliveries`].
#[derive(Debug)]
struct Read {
    reading: outbox::Reading,
    /// Each table read, and the input its calls are observed under.
    tables: Vec<(u64, usize)>,
}

/// A step of [`LocalPlatform::run_batch_in_steps`]: the platform, the step's inputs, and the
/// index every effect is observed under (a computer round's), if not each input's own.
pub type Step<'a, S> = dyn FnMut(&mut LocalPlatform<S>, &[Input], Option<usize>) + 'a;

/// How many message ids are taken from a shared store's generator at once: each take is a
/// round trip there (a message a press, in script mode). Ids taken and never handed out are
/// skipped, as after a crash. Over a store of one process's own each is taken alone, so ids
/// run on without gaps.
const SHARED_ID_BLOCK: usize = 64;

/// The local messenger: every call succeeds at once and is shown to the observer as it is
/// made; sends get ids `m…` that are never reused.
struct Local<'a, S: Store> {
    store: &'a S,
    ids: RefCell<&'a mut Vec<u64>>,
    observe: RefCell<&'a mut dyn FnMut(usize, Delivered)>,
    /// The input the table being delivered belongs to (each call is observed under it).
    input: std::cell::Cell<usize>,
    /// The table being delivered.
    table: std::cell::Cell<u64>,
}

impl<S: Store> Local<'_, S> {
    /// A message id from the store's id generator, which moves past every id it may have
    /// handed out before a crash.
    fn message_id(&self) -> Result<u64, StoreError> {
        let mut ids = self.ids.borrow_mut();
        if ids.is_empty() {
            let count = if self.store.shared() { SHARED_ID_BLOCK } else { 1 };
            let mut block = self.store.new_table_ids(count)?;
            block.reverse();
            **ids = block;
        }
        ids.pop().ok_or_else(|| StoreError::Backend("no id came from the store".into()))
    }

    fn made(&self, effect: Effect, message_id: Option<String>) {
        (self.observe.borrow_mut())(self.input.get(), Delivered { effect, message_id });
    }
}

impl<S: Store> Messenger for Local<'_, S> {
    async fn ready(&self, _to: &Dest) {}
    async fn send(&self, to: &Dest, message: &Message) -> Result<String, Failure> {
        let id = self.message_id().map_err(|e| Failure::Transient(e.to_string()))?;
        let id = format!("m{id}");
        self.made(Effect::Send { to: to.clone(), message: message.clone() }, Some(id.clone()));
        Ok(id)
    }
    async fn edit(&self, to: &Dest, id: &str, message: &Message) -> Result<(), Failure> {
        let effect =
            Effect::Edit { to: to.clone(), message_id: id.to_string(), message: message.clone() };
        self.made(effect, None);
        Ok(())
    }
    async fn delete(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        self.made(Effect::Delete { to: to.clone(), message_id: id.to_string() }, None);
        Ok(())
    }
    async fn strip(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        self.made(Effect::Strip { to: to.clone(), message_id: id.to_string() }, None);
        Ok(())
    }
    /// A thread in the same chat, as a forum topic is (the console has one chat, no threads).
    async fn open_thread(&self, to: &Dest, name: &str, _: Option<&str>) -> Result<Dest, Failure> {
        let Dest::Chat { chat, thread: None } = to else {
            return Err(Failure::Permanent("not a chat without threads".into()));
        };
        let id = self.message_id().map_err(|e| Failure::Transient(e.to_string()))?;
        let thread = format!("t{id}");
        let (to, name, table) = (to.clone(), name.to_string(), self.table.get());
        let effect = Effect::OpenThread { to, name, table };
        self.made(effect, Some(thread.clone()));
        Ok(Dest::Chat { chat: chat.clone(), thread: Some(thread) })
    }
}

/// Runs a future whose every await is ready at once (the local messenger's).
fn now_or_never<T>(future: impl Future<Output = T>) -> T {
    let mut future = pin!(future);
    let mut context = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut context) {
            return value;
        }
    }
}

impl<S: Store> LocalPlatform<S> {
    pub fn new(app: App<S>) -> LocalPlatform<S> {
        LocalPlatform { app, deliverer: LocalDeliverer::default() }
    }

    /// Handles one input: what answers it at once, then what its tables' deliverers did.
    pub fn run(&mut self, input: &Input) -> Vec<Delivered> {
        self.run_batch(std::slice::from_ref(input)).pop().unwrap_or_default()
    }

    /// [`LocalPlatform::run_batch_observed`], collected per input.
    pub fn run_batch(&mut self, inputs: &[Input]) -> Vec<Vec<Delivered>> {
        let mut out: Vec<Vec<Delivered>> = vec![Vec::new(); inputs.len()];
        self.run_batch_observed(inputs, &mut |index, item| out[index].push(item));
        out
    }

    /// Handles several inputs with one flush (group commit), then delivers their tables'
    /// outboxes. `observe` sees, with the index of the input it belongs to, first each input's
    /// answers (once they are durable), then every platform call as the deliverers make it,
    /// under the last input that touched the table.
    ///
    /// Computer players answer here at once, on this thread and without a pause: their moves
    /// are observed under the last input, as if it had led to them.
    pub fn run_batch_observed(
        &mut self,
        inputs: &[Input],
        observe: &mut dyn FnMut(usize, Delivered),
    ) {
        self.run_batch_in_steps(inputs, &mut |platform, inputs, under| {
            platform.run_once(inputs, &mut |index, item| observe(under.unwrap_or(index), item));
        });
    }

    /// Runs `inputs` as one `step`, then the computer moves they lead to, each round of them
    /// a step of its own. A step handles its inputs, makes them durable and delivers their
    /// tables ([`LocalPlatform::run_batch_observed`] does all of it at once; script mode
    /// hands the delivery to a thread of its own); a computer round's step is given the index
    /// of the last input, under which all it shows is observed.
    pub fn run_batch_in_steps(&mut self, inputs: &[Input], step: &mut Step<'_, S>) {
        step(self, inputs, None);
        let Some(last) = inputs.len().checked_sub(1) else { return };
        let now = inputs[last].now;
        for _ in 0..MOST_COMPUTER_MOVES {
            // Threads opened are reported as a platform's deliverer reports them.
            let mut next = self.deliverer.thread_reports(now);
            let turns = self.app.take_computer_turns();
            next.extend(turns.into_iter().map(ComputerTurn::decide));
            if next.is_empty() {
                break;
            }
            step(self, &next, Some(last));
        }
    }

    fn run_once(&mut self, inputs: &[Input], observe: &mut dyn FnMut(usize, Delivered)) {
        let handled = self.handle(inputs);
        let Ok(deliveries) = self.flush_and_read(&handled.tables) else {
            tracing::error!("storage flush failed");
            return;
        };
        for (index, effects) in handled.answers.into_iter().enumerate() {
            for effect in effects {
                observe(index, Delivered { effect, message_id: None });
            }
        }
        self.deliverer.deliver(self.app.store(), deliveries, observe);
    }

    /// Handles `inputs` one by one, so each one's tables are known; nothing is durable until
    /// the caller flushes the store (once for them all).
    pub fn handle(&mut self, inputs: &[Input]) -> Handled {
        self.app.prefetch(inputs);
        let mut answers = Vec::with_capacity(inputs.len());
        let mut owner = Vec::with_capacity(inputs.len());
        for input in inputs {
            answers.push(self.app.handle_deferred(input));
            owner.push(self.app.take_dirty());
        }
        // Each table once, under the last input that touched it.
        let mut tables: Vec<Touched> = Vec::new();
        for index in (0..inputs.len()).rev() {
            for &table in &owner[index] {
                if !tables.iter().any(|t| t.table == table) {
                    let platform = inputs[index].platform;
                    tables.push(Touched { table, input: index, platform });
                }
            }
        }
        Handled { answers, tables }
    }

    /// Makes what was handled durable, then leases and reads the outboxes of `tables`, all of
    /// a platform's at once: the flush and the first platform's read are one call of the store
    /// ([`outbox::flush_and_read_all`]; one round trip on PostgreSQL), any other platform's
    /// read one more ([`outbox::read_all`]). The error is the flush's: nothing handled since
    /// the last flush is durable. A read that fails is logged, and its tables wait for a later
    /// delivery.
    pub fn flush_and_read(&self, tables: &[Touched]) -> Result<Deliveries, StoreError> {
        let mut platforms = by_platform(tables).into_iter();
        let Some((platform, first)) = platforms.next() else {
            self.app.store().flush()?;
            return Ok(Deliveries::default());
        };
        let ids: Vec<u64> = first.iter().map(|(table, _)| *table).collect();
        let mut deliveries = Deliveries::default();
        match outbox::flush_and_read_all(outbox::holder(), self.app.store(), platform, &ids)? {
            Ok(reading) => deliveries.0.push(Read { reading, tables: first }),
            Err(e) => tracing::warn!("delivery failed: {e}"),
        }
        deliveries.0.extend(self.read_tables(platforms).0);
        Ok(deliveries)
    }

    fn read_tables(&self, each: impl Iterator<Item = (Platform, Vec<(u64, usize)>)>) -> Deliveries {
        let mut deliveries = Deliveries::default();
        for (platform, tables) in each {
            let ids: Vec<u64> = tables.iter().map(|(table, _)| *table).collect();
            match outbox::read_all(outbox::holder(), self.app.store(), platform, &ids) {
                Ok(reading) => deliveries.0.push(Read { reading, tables }),
                Err(e) => tracing::warn!("delivery failed: {e}"),
            }
        }
        deliveries
    }

    /// Delivers whatever is pending for every table (after a restart).
    pub fn resume(&mut self, platform: Platform) -> Vec<Delivered> {
        let mut out = Vec::new();
        self.resume_observed(platform, &mut |item| out.push(item));
        out
    }

    /// [`LocalPlatform::resume`], each call shown to `observe` as it is made.
    pub fn resume_observed(&mut self, platform: Platform, observe: &mut dyn FnMut(Delivered)) {
        let tables = self.app.store().outbox_tables().unwrap_or_default();
        let tables: Vec<(u64, usize)> = tables.into_iter().map(|table| (table, 0)).collect();
        let deliveries = self.read_tables(std::iter::once((platform, tables)));
        self.deliverer.deliver(self.app.store(), deliveries, &mut |_, item| observe(item));
    }
}

impl LocalDeliverer {
    /// Carries out `deliveries` ([`outbox::Reading::deliver`]), each call observed under the
    /// input index paired with its table.
    pub fn deliver<S: Store>(
        &mut self,
        store: &S,
        deliveries: Deliveries,
        observe: &mut dyn FnMut(usize, Delivered),
    ) {
        for Read { reading, tables } in deliveries.0 {
            let messenger = Local {
                store,
                ids: RefCell::new(&mut self.message_ids),
                observe: RefCell::new(&mut *observe),
                input: std::cell::Cell::new(0),
                table: std::cell::Cell::new(0),
            };
            let serving = |table: u64| {
                messenger.table.set(table);
                if let Some((_, index)) = tables.iter().find(|(t, _)| *t == table) {
                    messenger.input.set(*index);
                }
            };
            let platform = reading.platform();
            let delivered = reading.deliver(outbox::holder(), store, &messenger, serving);
            match now_or_never(delivered) {
                Ok(reports) => {
                    for (table, report) in reports {
                        if let Some(opened) = report.thread {
                            self.threads.push((platform, table, opened));
                        }
                    }
                }
                Err(e) => tracing::warn!("delivery failed: {e}"),
            }
        }
    }

    /// The engine's inputs for the threads opened since the last call ([`Action::Thread`]).
    ///
    /// [`Action::Thread`]: super::Action::Thread
    pub fn thread_reports(&mut self, now: u64) -> Vec<Input> {
        let threads = std::mem::take(&mut self.threads);
        threads
            .into_iter()
            .map(|(platform, table, opened)| Input::thread_report(platform, table, opened, now))
            .collect()
    }
}

/// `tables` platform by platform, in the order each platform first appears: each table with
/// the index of its input.
fn by_platform(tables: &[Touched]) -> Vec<(Platform, Vec<(u64, usize)>)> {
    let mut platforms: Vec<(Platform, Vec<(u64, usize)>)> = Vec::new();
    for touched in tables {
        let entry = (touched.table, touched.input);
        match platforms.iter_mut().find(|(p, _)| *p == touched.platform) {
            Some((_, of)) => of.push(entry),
            None => platforms.push((touched.platform, vec![entry])),
        }
    }
    platforms
}

impl Deliveries {
    /// The tables read, of every platform.
    pub fn tables(&self) -> impl Iterator<Item = u64> + '_ {
        self.0.iter().flat_map(|read| read.tables.iter().map(|(table, _)| *table))
    }
}
