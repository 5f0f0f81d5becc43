//! Replay animations for the adapters: drawn on a thread of their own at the idle scheduling
//! priority (`igroteka_renderer::replay::draw_in_background`), one at a time in the process, so
//! a replay never holds up the engine or the async threads, and several asked at once queue
//! rather than share the one CPU of a small server (docs/performance.md has what a replay
//! costs, and the presses' p99 while one is drawn).

use igroteka::replay::{self, Reel};
use tokio::sync::Semaphore;

/// The file name both platforms show.
pub const FILE_NAME: &str = "replay.gif";

/// One replay drawn at a time.
static DRAWING: Semaphore = Semaphore::const_new(1);

/// The GIF of `reel`, its words in `lang`; `None` for a log its game refuses (a damaged
/// record: the message goes without it).
pub async fn draw(reel: &Reel, lang: &str) -> Option<Vec<u8>> {
    let _turn = DRAWING.acquire().await.ok()?;
    let (reel, lang) = (reel.clone(), lang.to_string());
    // The frames are cheap (a replay of the log: a millisecond); the pictures are not, and are
    // drawn at the idle priority.
    let work = move || {
        crate::observe::metrics().time_replay(|| {
            let frames = match replay::frames(&reel) {
                Ok(frames) => frames,
                Err(e) => {
                    tracing::warn!(table = reel.table, "a replay could not be drawn: {e}");
                    return None;
                }
            };
            let drawing = igroteka_renderer::replay::draw_in_background(frames, lang);
            drawing.join().ok().flatten().map(|animation| animation.gif)
        })
    };
    tokio::task::spawn_blocking(work).await.ok().flatten()
}
