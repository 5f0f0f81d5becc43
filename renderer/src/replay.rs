//! A replay as an animated GIF: the frames of [`igroteka::replay::frames`], each drawn like a
//! board and written as the pixels that changed since the one before.
//!
//! Why a GIF: both platforms play one inline and in a loop (Telegram turns it into a silent
//! video, Discord shows the file itself), and its 8-bit frames are exactly what the renderer
//! draws ([`crate::palette`]): the fixed palette is the GIF's one global colour table, so no
//! frame is ever quantised and the colours are the boards' own.
//!
//! Why it stays small: a move changes a few pieces and the status strip, so each frame after
//! the first is only the rectangle around the changed pixels, with the unchanged ones inside it
//! written as a transparent index (long runs that LZW packs to almost nothing), laid over the
//! previous picture (disposal "keep"). A long game whose animation would still pass
//! [`MAX_BYTES`] is drawn again at half the size, which always fits: a replay is never refused
//! for its length.
//!
//! This is CPU work of a second or more for a long game. [`draw_in_background`] does it on a
//! thread of its own at the idle scheduling priority (Linux `SCHED_IDLE`): it runs only on
//! CPU time nobody else wants, so on a one-CPU server a press never waits behind a replay
//! (docs/performance.md measures both ways). The adapters draw one replay at a time with it.

use std::borrow::Cow;

use igroteka::replay::{Frame, Hold};

use crate::canvas::IndexedImage;
use std::sync::OnceLock;

use crate::palette::{BASE, MAX_COLOURS, palette};

/// The largest animation sent: both platforms take far more, but a chat should not wait for
/// (or scroll past) a bigger file.
pub const MAX_BYTES: usize = 2 * 1024 * 1024;

/// How long a picture stays, in hundredths of a second (the GIF's unit).
pub fn delay(hold: Hold) -> u16 {
    match hold {
        Hold::Opening => 150,
        Hold::Move => 70,
        Hold::Highlight => 200,
        Hold::End => 500,
    }
}

/// The palette index that stands for "unchanged" in a frame, and the index its own colour is
/// drawn with instead in an animation (`None` while the palette has a free entry).
///
/// The palette is usually full (256 entries), so one entry is given up: the blend tone that
/// is nearest another entry, which then draws its pixels — a few anti-aliased edge pixels
/// shifted by a shade no eye tells apart, for transparent runs that make a move's frame
/// hundreds of times smaller than its changed rectangle written out.
pub fn transparency() -> (u8, Option<u8>) {
    static CHOSEN: OnceLock<(u8, Option<u8>)> = OnceLock::new();
    *CHOSEN.get_or_init(|| {
        let colours = &palette().colours;
        if colours.len() < MAX_COLOURS {
            return (colours.len() as u8, None);
        }
        let distance = |a: [u8; 3], b: [u8; 3]| {
            (0..3).map(|i| (i32::from(a[i]) - i32::from(b[i])).pow(2)).sum::<i32>()
        };
        let nearest = |i: usize| {
            (0..colours.len())
                .filter(|j| *j != i)
                .map(|j| (distance(colours[i], colours[j]), j))
                .min()
                .expect("the palette has more than one colour")
        };
        let (_, given_up, instead) = (BASE.len()..colours.len())
            .map(|i| {
                let (d, j) = nearest(i);
                (d, i, j)
            })
            .min()
            .expect("the full palette has blend tones");
        (given_up as u8, Some(instead as u8))
    })
}

/// Draws `frames` with [`animate`] on a new thread at the idle scheduling priority; the
/// handle's result is the animation. Where the priority cannot be lowered (not Linux, or not
/// allowed), the thread draws at the normal one.
pub fn draw_in_background(
    frames: Vec<Frame>,
    lang: String,
) -> std::thread::JoinHandle<Option<Animation>> {
    std::thread::Builder::new()
        .name("replay".into())
        .spawn(move || {
            idle_priority();
            animate(&frames, &lang)
        })
        .expect("a thread for a replay")
}

/// Lowers this thread to `SCHED_IDLE` (Linux), else leaves it as it is.
fn idle_priority() {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::ThreadPriority;
        use thread_priority::unix::{
            NormalThreadSchedulePolicy, ThreadSchedulePolicy, set_thread_priority_and_policy,
            thread_native_id,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        let _ = set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle);
    }
}

/// What [`animate`] made.
#[derive(Debug)]
pub struct Animation {
    /// The GIF file.
    pub gif: Vec<u8>,
    /// The boards are drawn at `1 / scale` of their size: 1 unless the game was too long.
    pub scale: u32,
    /// Every `stride`-th plain move has its own picture (1: every move; more only for a game
    /// too long even at the smallest scale).
    pub stride: usize,
}

/// The smallest a replay's boards are drawn: a quarter of their size (225 px wide).
pub const SMALLEST: u32 = 4;

/// Draws `frames` (with the words in `lang`) as a looping GIF of at most [`MAX_BYTES`]: one
/// GIF frame per replay frame, in order, each lasting [`delay`] of its hold. `None` only for no
/// frames, or frames of different sizes (never the frames of one game).
pub fn animate(frames: &[Frame], lang: &str) -> Option<Animation> {
    animate_within(frames, lang, MAX_BYTES)
}

/// [`animate`] within `limit` bytes: at full size if it fits, else at half, a third, a quarter;
/// a game too long even then shows every `stride`-th plain move (its opening, captures,
/// reveals and end always), the fewest skipped that fit.
pub fn animate_within(frames: &[Frame], lang: &str, limit: usize) -> Option<Animation> {
    crate::labels::with(lang, || {
        for scale in 1..=SMALLEST {
            match encode(frames, scale, 1, Some(limit)) {
                Encoded::Done(gif) => return Some(Animation { gif, scale, stride: 1 }),
                Encoded::TooLarge(_) => continue,
                Encoded::Impossible => return None,
            }
        }
        let mut stride = 2;
        loop {
            match encode(frames, SMALLEST, stride, Some(limit)) {
                Encoded::Done(gif) => return Some(Animation { gif, scale: SMALLEST, stride }),
                Encoded::TooLarge(projected) => {
                    stride = (stride + 1).max(stride * projected / limit + 1);
                    // Past every frame being skipped, only the kept ones remain: it fits or
                    // nothing will.
                    if stride > frames.len() {
                        return match encode(frames, SMALLEST, stride, None) {
                            Encoded::Done(gif) => Some(Animation { gif, scale: SMALLEST, stride }),
                            _ => None,
                        };
                    }
                }
                Encoded::Impossible => return None,
            }
        }
    })
}

/// The GIF of `frames` at `1 / scale` of the boards' size, whatever its size (benches and
/// tests: [`animate`] picks the scale).
pub fn animate_at(frames: &[Frame], lang: &str, scale: u32) -> Option<Vec<u8>> {
    match crate::labels::with(lang, || encode(frames, scale, 1, None)) {
        Encoded::Done(gif) => Some(gif),
        _ => None,
    }
}

enum Encoded {
    Done(Vec<u8>),
    /// With the size the whole would have, as projected from the part written.
    TooLarge(usize),
    Impossible,
}

/// Frames written before a size is projected from them.
const PROJECT_AFTER: usize = 40;

/// The GIF at `1 / scale` of the boards' size, with every `stride`-th plain move (the skipped
/// ones' time dropped), given up as soon as it passes `limit` or is bound to.
fn encode(frames: &[Frame], scale: u32, stride: usize, limit: Option<usize>) -> Encoded {
    let Some((first, rest)) = frames.split_first() else { return Encoded::Impossible };
    let (transparent, instead) = transparency();
    let (mut drawn, mut shown, mut current) = Default::default();
    crate::render_into(&first.view, &mut drawn);
    shrink(&drawn, scale, &mut shown);
    stand_in(&mut shown, transparent, instead);
    let mut colours = palette().plte();
    colours.resize(3 * MAX_COLOURS, 0);
    let mut out = Vec::new();
    let written = (|| {
        let (width, height) = (shown.width as u16, shown.height as u16);
        let mut encoder = gif::Encoder::new(&mut out, width, height, &colours)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        write(&mut encoder, whole(&shown), first.hold)?;
        let mut moves = 0;
        for (i, frame) in rest.iter().enumerate() {
            if frame.hold == Hold::Move {
                moves += 1;
                if moves % stride != 0 {
                    continue;
                }
            }
            crate::render_into(&frame.view, &mut drawn);
            shrink(&drawn, scale, &mut current);
            stand_in(&mut current, transparent, instead);
            if (current.width, current.height) != (shown.width, shown.height) {
                return Ok(Encoded::Impossible);
            }
            write(&mut encoder, changes(&shown, &current, Some(transparent)), frame.hold)?;
            let (done, size) = (i + 2, encoder.get_ref().len());
            let projected = size * frames.len() / done;
            if let Some(limit) = limit
                && (size > limit || (done >= PROJECT_AFTER && projected > limit + limit / 4))
            {
                return Ok(Encoded::TooLarge(projected.max(size)));
            }
            std::mem::swap(&mut shown, &mut current);
        }
        Ok::<_, gif::EncodingError>(Encoded::Done(Vec::new()))
    })();
    match written {
        Ok(Encoded::Done(_)) => match limit {
            Some(limit) if out.len() > limit => Encoded::TooLarge(out.len()),
            _ => Encoded::Done(out),
        },
        Ok(other) => other,
        // Writing to memory fails only for a frame the format cannot hold.
        Err(_) => Encoded::Impossible,
    }
}

fn write(
    encoder: &mut gif::Encoder<&mut Vec<u8>>,
    mut frame: gif::Frame<'_>,
    hold: Hold,
) -> Result<(), gif::EncodingError> {
    frame.delay = delay(hold);
    frame.dispose = gif::DisposalMethod::Keep;
    encoder.write_frame(&frame)
}

/// `source` at `1 / scale` of its size, each pixel the top-left one of its block (indices
/// cannot be averaged; the palette's colours stay exact).
fn shrink(source: &IndexedImage, scale: u32, out: &mut IndexedImage) {
    if scale == 1 {
        out.clone_from(source);
        return;
    }
    out.width = source.width / scale;
    out.height = source.height / scale;
    out.pixels.clear();
    let (step, width) = (scale as usize, source.width as usize);
    for y in 0..out.height as usize {
        let row = &source.pixels[y * step * width..][..width];
        out.pixels.extend(row.iter().step_by(step).take(out.width as usize));
    }
}

/// Shortest run of unchanged pixels written as transparent: a shorter one is written as its own
/// colours, which continue the changed pixels' runs (a moved piece's background) and so cost
/// LZW less than breaking them up.
const SEE_THROUGH_RUN: usize = 16;

/// One row of a frame's rectangle: `new`, with the runs of at least [`SEE_THROUGH_RUN`]
/// pixels equal in `old` made `transparent`.
fn see_through(old: &[u8], new: &[u8], transparent: u8, out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(new);
    let row = &mut out[start..];
    let mut x = 0;
    while x < row.len() {
        if old[x] != new[x] {
            x += 1;
            continue;
        }
        let run = old[x..].iter().zip(&new[x..]).take_while(|(a, b)| a == b).count();
        if run >= SEE_THROUGH_RUN {
            row[x..x + run].fill(transparent);
        }
        x += run;
    }
}

/// Draws the given-up palette entry's pixels with the one that stands in for it.
fn stand_in(image: &mut IndexedImage, given_up: u8, instead: Option<u8>) {
    if let Some(instead) = instead {
        image.pixels.iter_mut().filter(|p| **p == given_up).for_each(|p| *p = instead);
    }
}

fn whole(image: &IndexedImage) -> gif::Frame<'static> {
    gif::Frame {
        width: image.width as u16,
        height: image.height as u16,
        buffer: Cow::Owned(image.pixels.clone()),
        ..gif::Frame::default()
    }
}

/// The rectangle of `after` that differs from `before` (a 1 × 1 transparent frame when
/// nothing does), its unchanged pixels `transparent` where there is such an index.
fn changes(
    before: &IndexedImage,
    after: &IndexedImage,
    transparent: Option<u8>,
) -> gif::Frame<'static> {
    let width = after.width as usize;
    let rows = before.pixels.chunks_exact(width).zip(after.pixels.chunks_exact(width));
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for (y, (old, new)) in rows.enumerate() {
        let Some(first) = old.iter().zip(new).position(|(a, b)| a != b) else { continue };
        let last = width
            - 1
            - old.iter().rev().zip(new.iter().rev()).position(|(a, b)| a != b).unwrap_or(0);
        top = top.min(y);
        bottom = y;
        left = left.min(first);
        right = right.max(last);
    }
    if top == usize::MAX {
        let keep = transparent.unwrap_or(before.pixels[0]);
        return gif::Frame {
            width: 1,
            height: 1,
            transparent,
            buffer: Cow::Owned(vec![keep]),
            ..gif::Frame::default()
        };
    }
    let (w, h) = (right - left + 1, bottom - top + 1);
    let mut buffer = Vec::with_capacity(w * h);
    for y in top..=bottom {
        let old = &before.pixels[y * width + left..][..w];
        let new = &after.pixels[y * width + left..][..w];
        match transparent {
            Some(t) => see_through(old, new, t, &mut buffer),
            None => buffer.extend_from_slice(new),
        }
    }
    gif::Frame {
        left: left as u16,
        top: top as u16,
        width: w as u16,
        height: h as u16,
        transparent,
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}
