//! «Воздушный бой»: a frame is the cached board of its edition plus, per view, the last turn's
//! flights, the move being chosen (the picked aircraft's ring, the previewed path with a ghost
//! where it ends facing the way it will face, and what it would shoot down, what would shoot it
//! down or the headquarters it would bomb), the aircraft, the labels of the aircraft that may
//! be picked while none is, in «Игрушка» the picked aircraft's operations as badges where each ends, and the
//! status strip.
//!
//! The picture takes everything from the view and the core's fixed board: what the view does
//! not carry (an aircraft shot down) is not drawn.

mod board;
mod flights;
mod layout;
mod pieces;
mod scenery;
mod status;

use igroteka::games::air_battle::{Dir, PlaneView, View};

use crate::canvas::IndexedImage;
use crate::palette;
use crate::shapes::{Pt, Shape, Style, paint};
use crate::strip;
use crate::widgets::{self, BadgeKind};

/// Picture size: the 900 × 1200 board and the status strip under it.
pub const WIDTH: u32 = layout::WIDTH;
pub const HEIGHT: u32 = layout::BOARD + strip::HEIGHT;

/// Draws `view` into `frame` (its buffer reused).
pub fn draw(view: &View, frame: &mut IndexedImage) {
    board::background(view.edition).start(frame);
    for flight in &view.last {
        flights::last_path(frame, flight);
    }
    if let Some(preview) = &view.preview {
        flights::preview_path(frame, preview);
    }
    if let Some(plane) = selected(view) {
        let ring = Shape::circle(layout::node(plane.node), layout::PITCH * 0.5);
        paint(frame, &ring, Style::outlined(palette::GOLD, palette::GOLD_DARK, 3.0));
    }
    // The ghost goes under an aircraft standing where the flight ends (the one it would shoot
    // down, which must stay seen: the arrow into it shows the way the attacker will face), on
    // top of everything else.
    let ghost_under = view
        .preview
        .as_ref()
        .filter(|p| view.planes.iter().any(|plane| plane.node == p.end && plane.id != p.plane));
    if let Some(preview) = ghost_under {
        flights::ghost(frame, preview);
    }
    for plane in &view.planes {
        let sprite = pieces::plane(plane.side, plane.kind, plane.facing, !plane.parked);
        sprite.stamp(frame, layout::node(plane.node));
    }
    for flight in &view.last {
        flights::last_marks(frame, flight);
    }
    if let Some(preview) = &view.preview {
        if ghost_under.is_none() {
            flights::ghost(frame, preview);
        }
        flights::preview_marks(frame, view, preview);
    }
    labels(frame, view);
    flights::options(frame, view);
    status::draw(frame, view);
}

/// The picked aircraft, if the view has it.
fn selected(view: &View) -> Option<&PlaneView> {
    view.selected.and_then(|id| view.planes.iter().find(|p| p.id == id))
}

/// Where an aircraft's label badge sits: over its tail half, so the nose still shows the way
/// it faces (below the aircraft, or above one facing down).
pub fn badge_spot(node: Pt, facing: Dir) -> Pt {
    let offset = layout::PITCH * 0.36;
    if facing == Dir::S { (node.0, node.1 - offset) } else { (node.0, node.1 + offset) }
}

/// The labels of the aircraft that may be picked, while none is (once one is, the buttons are
/// its operations or motions, and its gold ring says which it is).
fn labels(frame: &mut IndexedImage, view: &View) {
    if selected(view).is_some() {
        return;
    }
    for plane in view.planes.iter().filter(|p| p.pickable) {
        let at = badge_spot(layout::node(plane.node), plane.facing);
        widgets::small_badge(frame, at, &plane.label, BadgeKind::Choice);
    }
}
