//! Replay animations, read back by an independent GIF reader (`gif_reader`, written from the
//! format's specification): for a whole random game of every registered game, one picture per
//! replay frame, each exactly the public board of its moment (so nothing secret shows before
//! the end), the holds' delays, a loop, and the size budget.

mod gif_reader;

use igroteka::registry::GAMES;
use igroteka::replay::{self, Frame, Hold, Reel};
use igroteka_renderer::replay::{
    Animation, MAX_BYTES, SMALLEST, animate, animate_at, animate_within, delay, transparency,
};
use igroteka_renderer::{IndexedImage, palette::palette, render_into};

/// The board of `frame` as the animation should show it, at `1 / scale` of its size.
fn expected(frame: &Frame, scale: usize) -> (usize, usize, Vec<u8>) {
    let mut image = IndexedImage::default();
    render_into(&frame.view, &mut image);
    let (w, h) = (image.width as usize, image.height as usize);
    let (sw, sh) = (w / scale, h / scale);
    let mut pixels = Vec::with_capacity(sw * sh);
    for y in 0..sh {
        pixels.extend((0..sw).map(|x| image.pixels[y * scale * w + x * scale]));
    }
    (sw, sh, pixels)
}

/// The frames an animation drawn with `stride` keeps: every `stride`-th plain move, and every
/// frame that is not a plain move.
fn kept(frames: &[Frame], stride: usize) -> Vec<&Frame> {
    let mut moves = 0;
    frames
        .iter()
        .filter(|frame| {
            if frame.hold != Hold::Move {
                return true;
            }
            moves += 1;
            moves % stride == 0
        })
        .collect()
}

/// Reads `gif` back and checks it shows exactly `frames` (as kept at `stride`), at `scale`.
fn read_back(name: &str, gif: &[u8], frames: &[Frame], scale: u32, stride: usize) {
    let read = gif_reader::read(gif).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(read.loops);
    let kept = kept(frames, stride);
    assert_eq!(read.pictures.len(), kept.len(), "{name}: one picture per frame kept");
    let colours = &palette().colours;
    let (given_up, instead) = transparency();
    let mut palette_shown = colours.clone();
    if let Some(instead) = instead {
        palette_shown[usize::from(given_up)] = colours[usize::from(instead)];
    }
    for (i, (picture, frame)) in read.pictures.iter().zip(kept).enumerate() {
        let (w, h, pixels) = expected(frame, scale as usize);
        assert_eq!((read.width, read.height), (w, h));
        // Compared as colours: the palette entry given up for transparency is drawn with its
        // nearest neighbour, a shade apart.
        let differs = picture.canvas.iter().zip(&pixels).position(|(got, want)| {
            read.palette[usize::from(*got)] != palette_shown[usize::from(*want)]
        });
        assert!(
            differs.is_none(),
            "{name}: picture {i} is not the board of its moment at pixel {differs:?}"
        );
        assert_eq!(picture.delay, delay(frame.hold));
    }
}

fn check(reel: &Reel) -> Animation {
    let frames = replay::frames(reel).unwrap();
    let animation = animate(&frames, "en").unwrap();
    assert!(animation.gif.len() <= MAX_BYTES, "{}: {} bytes", reel.game, animation.gif.len());
    assert_eq!(animation.stride, 1, "{}: a random game shows every move", reel.game);
    read_back(&reel.game, &animation.gif, &frames, animation.scale, animation.stride);
    animation
}

#[test]
fn every_games_replay_reads_back_as_its_public_boards() {
    for info in GAMES {
        for seats in [info.seats.min(), info.seats.max()] {
            let reel = replay::random_reel(info.id, seats, 5).unwrap();
            let animation = check(&reel);
            eprintln!(
                "{} ({seats}): {} moves, {} bytes, scale {}",
                info.id,
                reel.moves(),
                animation.gif.len(),
                animation.scale
            );
        }
    }
}

#[test]
fn the_end_holds_longest_and_captures_linger() {
    let reel = replay::random_reel("tank-battle", 2, 9).unwrap();
    let frames = replay::frames(&reel).unwrap();
    assert!(frames.iter().any(|f| f.hold == Hold::Highlight), "a random game has a capture");
    assert!(delay(Hold::End) > delay(Hold::Highlight));
    assert!(delay(Hold::Highlight) > delay(Hold::Move));
}

#[test]
fn a_replay_too_large_shrinks_then_skips_plain_moves() {
    let reel = replay::random_reel("thousand", 4, 2).unwrap();
    let frames = replay::frames(&reel).unwrap();
    let full = animate(&frames, "en").unwrap();
    // Budgets below what the game needs at each size: smaller boards, then fewer moves.
    let half = animate_within(&frames, "en", full.gif.len() / 2).unwrap();
    assert!(half.scale > full.scale && half.gif.len() <= full.gif.len() / 2);
    read_back("half", &half.gif, &frames, half.scale, half.stride);
    let smallest = animate_at(&frames, "en", SMALLEST).unwrap().len();
    let budget = smallest * 2 / 3;
    let tiny = animate_within(&frames, "en", budget).unwrap();
    assert_eq!(tiny.scale, SMALLEST);
    assert!(
        tiny.stride > 1 && tiny.gif.len() <= budget,
        "{} bytes, stride {}",
        tiny.gif.len(),
        tiny.stride
    );
    read_back("sampled", &tiny.gif, &frames, tiny.scale, tiny.stride);
}
