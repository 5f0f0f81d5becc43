//! A local stand-in for a chat platform, shared by the console, `igroteka script` and tests:
//! it hands inputs to the engine and plays the messenger's part for the tables' outboxes,
//! giving each sent message an id, exactly as a real adapter's deliverer does with the id the
//! platform returns. It never refuses a call, so it shows the engine's intent plainly.

use std::cell::RefCell;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use super::{App, Dest, Effect, Input, Message};
use crate::outbox::{self, Call, Failure, Messenger};
use crate::store::Store;

/// An effect (a platform call) and, for a sent message, the id the local platform gave it.
#[derive(Debug, Clone)]
pub struct Delivered {
    pub effect: Effect,
    pub message_id: Option<String>,
}

#[derive(Debug)]
pub struct LocalPlatform<S: Store> {
    pub app: App<S>,
}

/// The local messenger: every call succeeds at once; sends get ids `m1`, `m2`, …
struct Local<'a, S: Store> {
    store: &'a S,
    sent: RefCell<Vec<String>>,
}

impl<S: Store> Local<'_, S> {
    /// A fresh message id, never reused, across crashes too (from the store's id generator,
    /// which moves past every id it may have handed out before a crash).
    fn next_message_id(&self) -> String {
        match self.store.new_table_id() {
            Ok(id) => format!("m{id}"),
            Err(_) => format!("m{}", self.sent.borrow().len() + 1),
        }
    }
}

impl<S: Store> Messenger for Local<'_, S> {
    async fn ready(&self, _to: &Dest) {}
    async fn send(&self, _to: &Dest, _message: &Message) -> Result<String, Failure> {
        let id = self.next_message_id();
        self.sent.borrow_mut().push(id.clone());
        Ok(id)
    }
    async fn edit(&self, _to: &Dest, _id: &str, _message: &Message) -> Result<(), Failure> {
        Ok(())
    }
    async fn delete(&self, _to: &Dest, _id: &str) -> Result<(), Failure> {
        Ok(())
    }
    async fn strip(&self, _to: &Dest, _id: &str) -> Result<(), Failure> {
        Ok(())
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
        LocalPlatform { app }
    }

    /// Handles one input: what answers it at once, then what its tables' deliverers did.
    pub fn run(&mut self, input: &Input) -> Vec<Delivered> {
        self.run_batch(std::slice::from_ref(input)).pop().unwrap_or_default()
    }

    /// Handles several inputs with one flush (group commit), then delivers their tables'
    /// outboxes; each input's list holds its own answers, and the deliveries follow in the
    /// list of the last input that touched the table.
    pub fn run_batch(&mut self, inputs: &[Input]) -> Vec<Vec<Delivered>> {
        let mut out: Vec<Vec<Delivered>> = Vec::with_capacity(inputs.len());
        let mut owner = Vec::new();
        for input in inputs {
            // Inputs are handled one by one so each one's tables are known, then flushed once.
            let effects = self.app.handle_deferred(input);
            owner.push(self.app.take_dirty());
            out.push(
                effects.into_iter().map(|effect| Delivered { effect, message_id: None }).collect(),
            );
        }
        if self.app.store().flush().is_err() {
            eprintln!("igroteka: storage flush failed");
        }
        let mut done: Vec<u64> = Vec::new();
        for index in (0..inputs.len()).rev() {
            for table in owner[index].clone() {
                if !done.contains(&table) {
                    done.push(table);
                    out[index].extend(self.deliver(inputs[index].platform, table));
                }
            }
        }
        out
    }

    /// Delivers whatever is pending for every table (after a restart).
    pub fn resume(&mut self, platform: crate::table::Platform) -> Vec<Delivered> {
        let tables = self.app.store().outbox_tables().unwrap_or_default();
        tables.into_iter().flat_map(|table| self.deliver(platform, table)).collect()
    }

    fn deliver(&mut self, platform: crate::table::Platform, table: u64) -> Vec<Delivered> {
        let store = self.app.store();
        let messenger = Local { store, sent: RefCell::new(Vec::new()) };
        let report = match now_or_never(outbox::deliver(store, platform, table, &messenger)) {
            Ok(report) => report,
            Err(e) => {
                eprintln!("igroteka: delivery failed: {e}");
                return Vec::new();
            }
        };
        report
            .calls
            .into_iter()
            .map(|call| match call {
                Call::Send { to, message, id } => {
                    Delivered { effect: Effect::Send { to, message }, message_id: Some(id) }
                }
                Call::Edit { to, id, message } => Delivered {
                    effect: Effect::Edit { to, message_id: id, message },
                    message_id: None,
                },
                Call::Delete { to, id } => {
                    Delivered { effect: Effect::Delete { to, message_id: id }, message_id: None }
                }
                Call::Strip { to, id } => {
                    Delivered { effect: Effect::Strip { to, message_id: id }, message_id: None }
                }
            })
            .collect()
    }
}
