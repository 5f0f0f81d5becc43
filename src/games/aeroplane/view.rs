//! What a viewer sees of an Aeroplane Chess game: plain data for the renderer and for tests.
//! The game has no secrets, so every viewer gets the same picture apart from the choice labels
//! shown to the seat to move.

use serde::{Deserialize, Serialize};

use crate::game::Seat;

/// Where a plane is, in board terms (corners, not seats): the renderer maps these to pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlaneSpot {
    /// Parked in the corner's hangar, in slot 0..4.
    Hangar { slot: u8 },
    /// Waiting on the corner's launch square.
    Launch,
    /// On the outer track, square `T0..T51`.
    Track(u8),
    /// In the corner's home column, cell 1..=5 (1 nearest the track).
    HomeColumn(u8),
    /// Reached the centre: shown face down in the hangar slot.
    Finished { slot: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaneView {
    /// The corner (colour) 0..4 the plane belongs to: 0 red, 1 yellow, 2 blue, 3 green.
    pub corner: u8,
    /// The plane's number within its fleet, 1..=4.
    pub number: u8,
    pub spot: PlaneSpot,
    /// How many planes stand in this plane's stack (1 when alone). Only the stack's lowest
    /// numbered plane is drawn with the count.
    pub stack: u8,
    /// The choice label on this plane when it may move now (matches the button).
    pub label: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CornerView {
    /// The seat playing this corner, if any.
    pub seat: Option<Seat>,
    /// Finished place (1 = first) once the fleet is home.
    pub place: Option<u8>,
    pub resigned: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Corners 0..4 in clockwise order (red, yellow, blue, green).
    pub corners: Vec<CornerView>,
    pub planes: Vec<PlaneView>,
    /// The corner to act now, if any.
    pub to_move: Option<u8>,
    /// The roll now waiting to be used (or just shown before the turn passes).
    pub last_roll: Option<u8>,
    /// Sixes rolled so far this turn (0..=2).
    pub sixes: u8,
}

impl View {
    /// The board without what only a player choosing a move needs: the marks of what may be
    /// picked now and of where a pick may go ([`crate::view::AnyView::settled`]).
    pub fn settle(&mut self) {
        for plane in &mut self.planes {
            plane.label = None;
        }
    }
}
