//! `igroteka script`: JSON-lines [`Input`]s on stdin, JSON-lines effects on stdout, so tests
//! and tools can drive the whole bot without a chat platform. See docs/scripting.md.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use igroteka::app::local::{Deliveries, LocalDeliverer};
use igroteka::app::{Effect, Input};
use igroteka::store::SharedStore;
use serde::Serialize;

use crate::driver::{Delivered, Driver};

/// One output line.
#[derive(Debug, Serialize)]
struct Line<'a> {
    /// The 0-based number of the input line this effect answers.
    input: usize,
    effect: &'a Effect,
    /// The id the local platform gave a sent message.
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<&'a str>,
    /// Where the board picture of this message was written (with `--render DIR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<String>,
}

/// A delivery a crash had left pending, made at start.
#[derive(Debug, Serialize)]
struct Resumed<'a> {
    resumed: bool,
    effect: &'a Effect,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<&'a str>,
}

/// Closes the effects of one input, so a driver knows when to send the next.
#[derive(Debug, Serialize)]
struct Done {
    input: usize,
    done: bool,
}

/// An input line that could not be read.
#[derive(Debug, Serialize)]
struct Rejected {
    input: usize,
    error: String,
}

/// Inputs that arrive together share one flush (group commit), up to this many: on PostgreSQL
/// a batch's fixed round trips (the read ahead, the commit, the outbox read) are spread over
/// more presses — 512 did ~25 % more presses a second pipelined than 256; on sled it made no
/// difference the noise let through (docs/performance-journal.md, 2026-12-07).
const BATCH: usize = 512;
/// How long the input may be quiet before delivery reports are flushed on their own.
const IDLE: std::time::Duration = std::time::Duration::from_millis(20);

/// Reads input lines on a thread of their own, so that whatever has arrived while the last
/// batch was being handled is handled next as one batch: a driver that writes many inputs
/// without waiting gets them made durable together, one that waits gets each at once.
///
/// A batch's tables are delivered, and every line written, on a thread of their own
/// ([`Delivery`]) while the next batch is handled, made durable and its outboxes read (in one
/// call of the store), as a chat adapter's deliverers run beside its engine. The lines still
/// come in the order a batch at a time would give.
pub fn run(
    driver: &mut Driver<SharedStore>,
    input: impl BufRead + Send + 'static,
    mut out: impl Write + Send + 'static,
    render_dir: Option<PathBuf>,
) -> std::io::Result<()> {
    let (lines, arriving) = std::sync::mpsc::channel::<std::io::Result<String>>();
    std::thread::spawn(move || {
        for line in input.lines() {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    // Messages a crash left undelivered go out first, before any input is read; each line is
    // written before the delivery is marked done.
    let mut failed = None;
    driver.resume_observed(crate::driver::PLATFORM, &mut |item| {
        let line =
            Resumed { resumed: true, effect: &item.effect, message_id: item.message_id.as_deref() };
        if let Err(e) = write_line(&mut out, &line) {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let writer = Writer { out, render_dir, images: 0 };
    let deliverer = std::mem::take(&mut driver.deliverer);
    let mut delivery = Delivery::start(driver.app.store().clone(), deliverer, writer);
    let mut number = 0usize;
    let mut unflushed = false;
    loop {
        // Delivery reports ride on the next batch's flush; when no batch comes, an idle
        // moment makes them durable, so a crash after that re-sends nothing.
        let first = match arriving.recv_timeout(IDLE) {
            Ok(line) => line,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if std::mem::take(&mut unflushed) {
                    delivery.wait()?;
                    let _ = driver.app.store().flush();
                }
                continue;
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        };
        unflushed = true;
        let mut batch = vec![first?];
        while batch.len() < BATCH {
            match arriving.try_recv() {
                Ok(line) => batch.push(line?),
                Err(_) => break,
            }
        }
        // (line number, parsed input or why not)
        let mut parsed: Vec<(usize, Result<Input, String>)> = Vec::with_capacity(batch.len());
        for line in batch {
            let this = number;
            number += 1;
            if line.trim().is_empty() {
                continue;
            }
            parsed.push((this, serde_json::from_str(&line).map_err(|e| e.to_string())));
        }
        let inputs: Vec<Input> =
            parsed.iter().filter_map(|(_, p)| p.as_ref().ok().cloned()).collect();
        let numbers: Vec<usize> =
            parsed.iter().filter(|(_, p)| p.is_ok()).map(|(n, _)| *n).collect();
        for (number, input) in &parsed {
            if let Err(error) = input {
                delivery.send(Job::Rejected(Rejected { input: *number, error: error.clone() }))?;
            }
        }
        let mut failed = None;
        driver.run_batch_in_steps(&inputs, &mut |driver, inputs, under| {
            if failed.is_some() {
                return;
            }
            let numbers = match under {
                Some(last) => vec![numbers[last]; inputs.len()],
                None => numbers.clone(),
            };
            if let Err(e) = step(driver, &mut delivery, inputs, numbers) {
                failed = Some(e);
            }
        });
        if let Some(e) = failed {
            return Err(delivery.end().err().unwrap_or(e));
        }
        delivery.send(Job::Done(parsed.iter().map(|(number, _)| *number).collect()))?;
    }
    delivery.end()
}

/// One step of a batch: its inputs handled and made durable, their answers queued to be
/// written, their tables' outboxes read and handed to the delivery thread.
fn step(
    driver: &mut Driver<SharedStore>,
    delivery: &mut Delivery,
    inputs: &[Input],
    numbers: Vec<usize>,
) -> std::io::Result<()> {
    let handled = driver.handle(inputs);
    // A table's deliveries follow one another: one still being delivered must not be leased
    // and read again before that delivery's marks and release, nor get entries it would find
    // at its end and carry out under the earlier batch's inputs. The other tables are read
    // while the deliveries before run.
    if handled.tables.iter().any(|t| delivery.is_delivering(t.table)) {
        delivery.wait()?;
    }
    delivery.make_room()?;
    let Ok(deliveries) = driver.flush_and_read(&handled.tables) else {
        tracing::error!("storage flush failed");
        return Ok(());
    };
    delivery.send(Job::Answers { answers: handled.answers, numbers: numbers.clone() })?;
    delivery.send(Job::Deliver { deliveries, numbers })
}

/// What the delivery thread does, in the order it is queued.
enum Job {
    /// An input line that could not be read.
    Rejected(Rejected),
    /// A step's answers (durable now), each input's under its line number.
    Answers { answers: Vec<Vec<Effect>>, numbers: Vec<usize> },
    /// A step's outboxes to carry out; each call is written under the line number of its
    /// table's input.
    Deliver { deliveries: Deliveries, numbers: Vec<usize> },
    /// The closing lines of a batch.
    Done(Vec<usize>),
}

/// How many deliveries may be queued or under way at once: a batch's outboxes are read while
/// the delivery before it runs, not earlier — a reading waits behind one delivery at most, so
/// its leases are young when it is carried out.
const DELIVERIES_AHEAD: usize = 2;

/// The delivery thread: it makes the local platform's calls and writes every output line.
struct Delivery {
    jobs: Option<std::sync::mpsc::Sender<Job>>,
    /// Told after each [`Job::Deliver`] is carried out.
    delivered: std::sync::mpsc::Receiver<()>,
    /// The tables of each delivery queued and not carried out yet, oldest first.
    outstanding: std::collections::VecDeque<Vec<u64>>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Delivery {
    fn start<W: Write + Send + 'static>(
        store: SharedStore,
        mut deliverer: LocalDeliverer,
        mut writer: Writer<W>,
    ) -> Delivery {
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let (done, delivered) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("igroteka-delivery".into())
            .spawn(move || {
                for job in queue {
                    match job {
                        Job::Rejected(line) => writer.line(&line)?,
                        Job::Answers { answers, numbers } => {
                            for (index, effects) in answers.into_iter().enumerate() {
                                for effect in effects {
                                    let item = Delivered { effect, message_id: None };
                                    writer.effect(numbers[index], &item)?;
                                }
                            }
                        }
                        Job::Deliver { deliveries, numbers } => {
                            // Each call's line is written (and flushed) as the call is made,
                            // before the deliverer marks it done: a crash never loses a
                            // delivery the reader did not see.
                            let mut failed = None;
                            deliverer.deliver(&store, deliveries, &mut |index, item| {
                                if let Err(e) = writer.effect(numbers[index], &item) {
                                    failed.get_or_insert(e);
                                }
                            });
                            if let Some(e) = failed {
                                return Err(e);
                            }
                            // A thread opened is not reported back here (docs/scripting.md):
                            // the driver's `thread` input, or the table's clock, starts the game.
                            drop(deliverer.thread_reports(0));
                            let _ = done.send(());
                        }
                        Job::Done(numbers) => {
                            for input in numbers {
                                writer.line(&Done { input, done: true })?;
                            }
                        }
                    }
                }
                Ok(())
            })
            .expect("cannot start the delivery thread");
        Delivery {
            jobs: Some(jobs),
            delivered,
            outstanding: std::collections::VecDeque::new(),
            thread: Some(thread),
        }
    }

    /// Whether a delivery queued or under way holds `table`.
    fn is_delivering(&mut self, table: u64) -> bool {
        while self.delivered.try_recv().is_ok() {
            self.outstanding.pop_front();
        }
        self.outstanding.iter().any(|tables| tables.contains(&table))
    }

    fn send(&mut self, job: Job) -> std::io::Result<()> {
        if let Job::Deliver { deliveries, .. } = &job {
            self.outstanding.push_back(deliveries.tables().collect());
        }
        let sent = self.jobs.as_ref().is_some_and(|jobs| jobs.send(job).is_ok());
        if sent { Ok(()) } else { Err(self.end().err().unwrap_or_else(stopped)) }
    }

    /// Waits until another delivery may be queued ([`DELIVERIES_AHEAD`]).
    fn make_room(&mut self) -> std::io::Result<()> {
        while self.outstanding.len() >= DELIVERIES_AHEAD {
            self.wait_for_one()?;
        }
        Ok(())
    }

    /// Waits until every delivery queued is carried out.
    fn wait(&mut self) -> std::io::Result<()> {
        while !self.outstanding.is_empty() {
            self.wait_for_one()?;
        }
        Ok(())
    }

    /// Waits until the oldest delivery queued is carried out.
    fn wait_for_one(&mut self) -> std::io::Result<()> {
        if self.delivered.recv().is_err() {
            return Err(self.end().err().unwrap_or_else(stopped));
        }
        self.outstanding.pop_front();
        Ok(())
    }

    /// Lets the thread finish what is queued, and says how it ended.
    fn end(&mut self) -> std::io::Result<()> {
        self.jobs = None;
        match self.thread.take().map(std::thread::JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(std::io::Error::other("the delivery thread panicked")),
            None => Ok(()),
        }
    }
}

fn stopped() -> std::io::Error {
    std::io::Error::other("the delivery thread stopped")
}

/// Writes the output lines, and the board pictures with `--render`.
struct Writer<W: Write> {
    out: W,
    render_dir: Option<PathBuf>,
    images: usize,
}

impl<W: Write> Writer<W> {
    fn effect(&mut self, input: usize, item: &Delivered) -> std::io::Result<()> {
        let image = match (&self.render_dir, board_of(&item.effect)) {
            (Some(dir), Some(view)) => {
                self.images += 1;
                let path = dir.join(format!("board-{:04}.png", self.images));
                std::fs::create_dir_all(dir)?;
                std::fs::write(&path, igroteka_renderer::render(view))?;
                Some(path.display().to_string())
            }
            _ => None,
        };
        let line =
            Line { input, effect: &item.effect, message_id: item.message_id.as_deref(), image };
        self.line(&line)
    }

    fn line(&mut self, line: &impl Serialize) -> std::io::Result<()> {
        write_line(&mut self.out, line)
    }
}

fn write_line(out: &mut impl Write, line: &impl Serialize) -> std::io::Result<()> {
    writeln!(out, "{}", serde_json::to_string(line)?)?;
    out.flush()
}

fn board_of(effect: &Effect) -> Option<&igroteka::view::AnyView> {
    match effect {
        Effect::Send { message, .. } | Effect::Edit { message, .. } => message.board.as_ref(),
        _ => None,
    }
}
