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

pub fn run<S: Store>(
    driver: &mut Driver<S>,
    input: impl BufRead,
    mut out: impl Write,
    render_dir: Option<PathBuf>,
) -> std::io::Result<()> {
    let mut images = 0usize;
    for (number, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let parsed: Input = match serde_json::from_str(&line) {
            Ok(parsed) => parsed,
            Err(e) => {
                let rejected = Rejected { input: number, error: e.to_string() };
                writeln!(out, "{}", serde_json::to_string(&rejected)?)?;
                writeln!(out, "{}", serde_json::to_string(&Done { input: number, done: true })?)?;
                out.flush()?;
                continue;
            }
        };
        for item in driver.run(&parsed) {
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
                input: number,
                effect: &item.effect,
                message_id: item.message_id.as_deref(),
                image,
            };
            writeln!(out, "{}", serde_json::to_string(&line)?)?;
        }
        writeln!(out, "{}", serde_json::to_string(&Done { input: number, done: true })?)?;
        out.flush()?;
    }
    Ok(())
}

fn board_of(effect: &Effect) -> Option<&igroteka::view::AnyView> {
    match effect {
        Effect::Send { message, .. } | Effect::Edit { message, .. } => message.board.as_ref(),
        Effect::Answer { .. } => None,
    }
}
