//! `igroteka script`: JSON-lines [`Input`]s on stdin, JSON-lines effects on stdout, so tests
//! and tools can drive the whole bot without a chat platform. See docs/scripting.md.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use igroteka::app::{Effect, Input};
use igroteka::store::Store;
use serde::Serialize;

use crate::driver::Driver;

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

/// Inputs that arrive together share one flush (group commit), up to this many.
const BATCH: usize = 256;
/// How long the input may be quiet before delivery reports are flushed on their own.
const IDLE: std::time::Duration = std::time::Duration::from_millis(20);

/// Reads input lines on a thread of their own, so that whatever has arrived while the last
/// batch was being handled is handled next as one batch: a driver that writes many inputs
/// without waiting gets them made durable together, one that waits gets each at once.
pub fn run<S: Store>(
    driver: &mut Driver<S>,
    input: impl BufRead + Send + 'static,
    mut out: impl Write,
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
    let mut images = 0usize;
    let mut number = 0usize;
    let mut unflushed = false;
    loop {
        // Delivery reports ride on the next batch's flush; when no batch comes, an idle
        // moment makes them durable, so a crash after that re-sends nothing.
        let first = match arriving.recv_timeout(IDLE) {
            Ok(line) => line,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if std::mem::take(&mut unflushed) {
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
                let rejected = Rejected { input: *number, error: error.clone() };
                writeln!(out, "{}", serde_json::to_string(&rejected)?)?;
            }
        }
        // Each call's line is written (and flushed) as the call is made, before the deliverer
        // marks it done: a crash never loses a delivery the reader did not see.
        let mut failed = None;
        driver.run_batch_observed(&inputs, &mut |index, item| {
            let result = (|| {
                let image = match (&render_dir, board_of(&item.effect)) {
                    (Some(dir), Some(view)) => {
                        images += 1;
                        let path = dir.join(format!("board-{images:04}.png"));
                        std::fs::create_dir_all(dir)?;
                        std::fs::write(&path, igroteka_renderer::render(view))?;
                        Some(path.display().to_string())
                    }
                    _ => None,
                };
                let line = Line {
                    input: numbers[index],
                    effect: &item.effect,
                    message_id: item.message_id.as_deref(),
                    image,
                };
                write_line(&mut out, &line)
            })();
            if let Err(e) = result {
                failed.get_or_insert(e);
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        for (number, _) in &parsed {
            writeln!(out, "{}", serde_json::to_string(&Done { input: *number, done: true })?)?;
        }
        out.flush()?;
    }
    Ok(())
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
