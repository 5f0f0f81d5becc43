//! Draws Igroteka game views as small PNG boards for chat.
//!
//! The renderer sees only a game's [`AnyView`], never its state. Each frame is drawn straight
//! into an 8-bit palette image ([`IndexedImage`]) from a fixed palette ([`palette`]), starting
//! from a background cached per game ([`background`]), so encoding ([`encode_png`]) needs no
//! colour quantisation and the PNGs stay small. See `docs/renderer.md`.
//!
//! The Aeroplane Chess, Tank Battle and «Tysiąc na szachownicy» pictures are [`WIDTH`] ×
//! [`HEIGHT`] pixels: a 900 px square board and a 100 px status strip under it. «Идут танки» and
//! «Воздушный бой» are portrait boards, [`WIDTH`] × [`TANKS_HEIGHT`]: 1200 px of board and the
//! same strip.

pub mod background;
pub mod canvas;
pub mod encode;
pub mod grid;
pub mod labels;
pub mod palette;
pub mod replay;
pub mod shapes;
pub mod sprite;
pub mod strip;
pub mod text;
pub mod widgets;

mod aeroplane;
mod air_battle;
mod tank_battle;
mod tanks;
mod thousand;

use std::cell::RefCell;

use igroteka::view::AnyView;

pub use canvas::IndexedImage;
pub use encode::encode_png;

/// Width of every picture in pixels.
pub const WIDTH: u32 = 900;
/// Height of the square-board pictures in pixels (board and status strip).
pub const HEIGHT: u32 = 1000;
/// Height of the portrait pictures, «Идут танки» and «Воздушный бой» (a 1200 px board and the
/// status strip).
pub const TANKS_HEIGHT: u32 = 1300;

const _: () = assert!(aeroplane::WIDTH == WIDTH && aeroplane::HEIGHT == HEIGHT);
const _: () = assert!(air_battle::WIDTH == WIDTH && air_battle::HEIGHT == TANKS_HEIGHT);
const _: () = assert!(tank_battle::WIDTH == WIDTH && tank_battle::HEIGHT == HEIGHT);
const _: () = assert!(tanks::WIDTH == WIDTH && tanks::HEIGHT == TANKS_HEIGHT);
const _: () = assert!(thousand::WIDTH == WIDTH && thousand::HEIGHT == HEIGHT);

thread_local! {
    /// This thread's frame buffer, reused by every [`render`]: a frame is 0.9–1.2 MB, and a
    /// buffer fresh from the system costs a page fault for every 4 KB written.
    static FRAME: RefCell<IndexedImage> = RefCell::new(IndexedImage::default());
}

/// Draws `view` into `frame` with its words in `lang` (a language code; anything unknown is
/// English), reusing the frame's buffer.
pub fn render_into_lang(view: &AnyView, frame: &mut IndexedImage, lang: &str) {
    labels::with(lang, || render_into(view, frame));
}

/// Draws `view` and encodes it, its words in `lang`: the PNG bytes to send.
pub fn render_lang(view: &AnyView, lang: &str) -> Vec<u8> {
    labels::with(lang, || render(view))
}

/// Draws `view` into `frame`, reusing its buffer (it is grown if too small; its old contents
/// do not matter, every pixel is drawn anew). The words are in the language of the enclosing
/// [`render_lang`] / [`render_into_lang`], else English.
pub fn render_into(view: &AnyView, frame: &mut IndexedImage) {
    match view {
        AnyView::Aeroplane(v) => aeroplane::draw(v, frame),
        AnyView::AirBattle(v) => air_battle::draw(v, frame),
        AnyView::TankBattle(v) => tank_battle::draw(v, frame),
        AnyView::Tanks(v) => tanks::draw(v, frame),
        AnyView::Thousand(v) => thousand::draw(v, frame),
    }
}

/// Draws `view` as a new palette image, ready for [`encode_png`].
pub fn render_frame(view: &AnyView) -> IndexedImage {
    let mut frame = IndexedImage::default();
    render_into(view, &mut frame);
    frame
}

/// Draws `view` as an RGBA image (for viewers and tests; the PNG path never needs RGBA).
pub fn render_image(view: &AnyView) -> image::RgbaImage {
    render_frame(view).to_rgba()
}

/// Draws `view` and encodes it: the PNG bytes to send. The frame is drawn in this thread's
/// reused buffer, so nothing large is allocated but the PNG itself.
pub fn render(view: &AnyView) -> Vec<u8> {
    FRAME.with_borrow_mut(|frame| {
        render_into(view, frame);
        encode_png(frame)
    })
}
