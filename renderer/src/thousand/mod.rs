//! «Tysiąc na szachownicy»: a frame is the cached board plus, per view, a gold frame round the
//! field of the colour to move, the last move (its start square framed, a line through every
//! square it landed on — each hop of a jump chain — and an arrow into the last, with its charge
//! if the step was charged), the picked pawn's gold disc, dashed red rings round the pawns that
//! could jump (a step now costs 5 for each), the pawns (sprites), small value tags above pawns
//! standing on valued squares, then the labels: pickable pawns' labels while nothing is picked,
//! the picked pawn's targets as green badges (red, with the cost under them, where the step
//! would be charged), and the status strip (whose turn, the round, every seat's score).

mod board;
mod layout;
mod pieces;

use std::sync::OnceLock;

use igroteka::games::thousand::board::{all_squares, crossing_value, field_of, field_value};
use igroteka::games::thousand::{Colour, Form, MoveView, Square, View};

use crate::canvas::IndexedImage;
use crate::palette;
use crate::shapes::{self, Pt, Shape, Style, paint};
use crate::sprite::Sprite;
use crate::strip::{self, Strip};
use crate::widgets::{self, BadgeKind};

use pieces::{RADIUS, signed};

/// Picture size: the 900 px board and the status strip under it.
pub const WIDTH: u32 = layout::BOARD;
pub const HEIGHT: u32 = layout::BOARD + strip::HEIGHT;

/// Draws `view` into `frame` (its buffer reused).
pub fn draw(view: &View, frame: &mut IndexedImage) {
    let background =
        if view.form == Form::Diagonal { &board::DIAGONAL } else { &board::BACKGROUND };
    background.start(frame);
    if let Some(colour) = view.to_move {
        field_frame(frame, colour);
    }
    if let Some(last) = &view.last_move {
        last_move(frame, last);
    }
    if let Some(sq) = view.selected {
        let disc = Shape::circle(layout::centre(sq), RADIUS + 10.0);
        paint(frame, &disc, Style::outlined(palette::GOLD, palette::INK, 2.0));
        for target in view.destinations.iter().filter(|t| t.jump) {
            let (a, b) = (layout::centre(sq), layout::centre(target.square));
            shapes::dashed(frame, a, b, 5.0, 12.0, 8.0, Style::fill(palette::MARK_GREEN));
        }
    }
    for sq in &view.jumpers {
        jumper_ring(frame, *sq);
    }
    for pawn in &view.pawns {
        pieces::pawn(pawn.colour, false).stamp(frame, layout::centre(pawn.square));
        if let Some(tag) = value_tag(pawn.square) {
            tag.stamp(frame, layout::value_tag(pawn.square));
        }
    }
    if let Some(last) = view.last_move.as_ref().filter(|m| m.charge < 0) {
        if let Some(end) = last.path.last() {
            let tag = pieces::value_tag(&signed(last.charge, false), palette::MARK_RED);
            let (x, y) = layout::centre(*end);
            tag.stamp(frame, (x + RADIUS, y + RADIUS));
        }
    }
    labels(frame, view);
    status(frame, view);
}

/// A gold frame round the start field of the colour to move.
fn field_frame(frame: &mut IndexedImage, colour: Colour) {
    let (min, max) = layout::field_box(colour);
    let grown = Shape::RoundRect {
        min: (min.0 - 4.0, min.1 - 4.0),
        max: (max.0 + 4.0, max.1 + 4.0),
        r: 6.0,
    };
    paint(frame, &grown, Style::stroke(palette::GOLD, 7.0));
}

/// The last move: its start square framed, a line through every square it landed on (the hops
/// of a jump chain, each landing ringed), an arrow into the last square stopping at its pawn.
fn last_move(frame: &mut IndexedImage, last: &MoveView) {
    static FRAME: OnceLock<Sprite> = OnceLock::new();
    let Some((&start, rest)) = last.path.split_first() else { return };
    let square_frame = FRAME.get_or_init(|| layout::GRID.square_frame(6.0, palette::LAST_MOVE));
    square_frame.stamp(frame, layout::centre(start));
    let points: Vec<Pt> = last.path.iter().map(|sq| layout::centre(*sq)).collect();
    if rest.is_empty() {
        return;
    }
    let n = points.len();
    let width = 8.0;
    if n > 2 {
        paint(
            frame,
            &Shape::path(points[..n - 1].to_vec(), width),
            Style::fill(palette::LAST_MOVE),
        );
        for p in &points[1..n - 1] {
            paint(frame, &Shape::circle(*p, RADIUS + 6.0), Style::stroke(palette::LAST_MOVE, 5.0));
        }
    }
    let (a, b) = (points[n - 2], points[n - 1]);
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1.0);
    let stop = RADIUS + 2.0;
    let tip = (b.0 - (b.0 - a.0) / len * stop, b.1 - (b.1 - a.1) / len * stop);
    widgets::arrow(frame, a, tip, width, palette::LAST_MOVE);
}

/// A dashed red ring round a pawn that could jump now.
fn jumper_ring(frame: &mut IndexedImage, sq: Square) {
    let (cx, cy) = layout::centre(sq);
    let r = RADIUS + 8.0;
    let ring: Vec<Pt> = (0..=48)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / 48.0;
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect();
    shapes::dashed_path(frame, &ring, 5.0, 11.0, 7.0, Style::fill(palette::MARK_RED));
}

/// The small value tag of a valued square (a start field square or a crossing), drawn once.
fn value_tag(sq: Square) -> Option<&'static Sprite> {
    static TAGS: OnceLock<Vec<Option<Sprite>>> = OnceLock::new();
    let tags = TAGS.get_or_init(|| {
        all_squares()
            .map(|sq| {
                if let (Some(value), Some(colour)) = (field_value(sq), field_of(sq)) {
                    Some(pieces::value_tag(&value.to_string(), pieces::inks(colour).dark))
                } else {
                    crossing_value(sq).map(|value| {
                        let ink = if value > 0 { palette::MARK_GREEN } else { palette::MARK_RED };
                        pieces::value_tag(&signed(value, true), ink)
                    })
                }
            })
            .collect()
    });
    let size = usize::from(igroteka::games::thousand::board::SIZE);
    let (file, rank) = (usize::from(sq.0), usize::from(sq.1));
    (file < size && rank < size).then(|| tags[rank * size + file].as_ref()).flatten()
}

/// The choice labels: the pickable pawns' while nothing is picked (once a pawn is, the buttons
/// are its targets), then the targets: green, or red with the cost under them when charged.
fn labels(frame: &mut IndexedImage, view: &View) {
    if view.selected.is_none() {
        for pawn in &view.pawns {
            if let Some(label) = &pawn.label {
                widgets::label_badge(frame, layout::badge(pawn.square), label, BadgeKind::Choice);
            }
        }
    }
    for target in &view.destinations {
        let at = layout::centre(target.square);
        if target.charge < 0 {
            widgets::label_badge(frame, at, &target.label, BadgeKind::Capture);
            let tag = pieces::value_tag(&signed(target.charge, false), palette::MARK_RED);
            tag.stamp(frame, (at.0, at.1 + widgets::BADGE_HEIGHT / 2.0 + 9.0));
        } else {
            widgets::label_badge(frame, at, &target.label, BadgeKind::Destination);
        }
    }
}

fn status(frame: &mut IndexedImage, view: &View) {
    let mut strip = Strip::new(frame);
    let token =
        |colour: Colour| move |c: &mut IndexedImage, p| pieces::pawn(colour, true).stamp(c, p);
    match view.to_move {
        Some(colour) => {
            strip.turn_marker();
            strip.left(56.0, token(colour));
        }
        None => {
            // Game over: a gold star before the winners' colours.
            strip.left(40.0, |c, p| paint(c, &widgets::star(p, 20.0), Style::fill(palette::GOLD)));
            for seat in view.seats.iter().filter(|s| s.place == Some(1)) {
                for colour in &seat.colours {
                    strip.left(56.0, token(*colour));
                }
            }
        }
    }
    strip.left(24.0, |c, p| widgets::hourglass(c, p, 0.8, palette::GREY_LIGHT, palette::WHITE));
    let round = format!("{}/{}", view.round.min(view.rounds), view.rounds);
    strip.left_text_sized(&round, SCORE_SIZE, palette::GREY_LIGHT);
    for seat in view.seats.iter().rev() {
        let ink = if seat.resigned {
            palette::GREY
        } else if seat.place == Some(1) {
            palette::GOLD
        } else {
            palette::WHITE
        };
        strip.right_text_sized(&signed(seat.score.total, false), SCORE_SIZE, ink);
        for colour in seat.colours.iter().rev() {
            strip.right(46.0, token(*colour));
        }
    }
}

/// Size of the round and the scores in the strip: smaller than the strip's usual text, so four
/// scores of four digits fit beside the turn.
const SCORE_SIZE: f32 = 28.0;
