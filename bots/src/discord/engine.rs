//! The engine on its own thread, fed through a channel.
//!
//! sled's flush blocks, so the engine never runs on the async threads that acknowledge
//! interactions. Inputs that arrive while it is busy are handled together with one flush
//! ([`App::handle_batch`], a group commit); each caller awaits its own effects.

use std::sync::mpsc;

use igroteka::app::{App, Effect, Input};
use igroteka::store::SledStore;
use tokio::sync::oneshot;

/// Inputs handled with one flush, at most.
const BATCH: usize = 32;

/// What the engine made of one input.
#[derive(Debug, Default)]
pub struct Outcome {
    /// What to carry out at once (answers, strips, replies that belong to no table).
    pub effects: Vec<Effect>,
    /// Tables whose outboxes received entries in this input's batch (made durable already):
    /// their deliverers should run.
    pub dirty: Vec<u64>,
}

struct Job {
    input: Input,
    reply: oneshot::Sender<Outcome>,
}

/// A handle on the engine thread.
#[derive(Debug, Clone)]
pub struct Engine {
    jobs: mpsc::Sender<Job>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").finish_non_exhaustive()
    }
}

impl Engine {
    /// Starts the engine thread; it ends when every handle is dropped.
    pub fn start(mut app: App<SledStore>) -> Engine {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("igroteka-engine".into())
            .spawn(move || {
                while let Ok(first) = queue.recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        match queue.try_recv() {
                            Ok(job) => batch.push(job),
                            Err(_) => break,
                        }
                    }
                    let inputs: Vec<Input> = batch.iter().map(|job| job.input.clone()).collect();
                    let effects = app.handle_batch(&inputs);
                    let dirty = app.take_dirty();
                    for (job, effects) in batch.into_iter().zip(effects) {
                        let _ = job.reply.send(Outcome { effects, dirty: dirty.clone() });
                    }
                }
            })
            .expect("cannot start the engine thread");
        Engine { jobs }
    }

    /// Handles `input` (with whatever else is waiting) and returns what it produced.
    pub async fn run(&self, input: Input) -> Outcome {
        let (reply, answer) = oneshot::channel();
        if self.jobs.send(Job { input, reply }).is_err() {
            eprintln!("igroteka: discord: the engine has stopped");
            return Outcome::default();
        }
        answer.await.unwrap_or_default()
    }
}
