//! The flights of the last turn as a game keeps them, for the board to show.
//!
//! Every flight played is recorded — hundreds in every random game — while the board shows them
//! only now and then; the [`FlightView`] it shows holds the aircraft's label, the motions and the
//! path as strings and a vector, three allocations a flight. So the game keeps plain values (the
//! aircraft's number instead of its label, the motions and the path inline) and builds the view
//! when the board is drawn. Stored, a [`Played`] is exactly the `FlightView` it stands for, so
//! games stored before read back unchanged.

use serde::{Deserialize, Serialize};

use super::board::AaUnit;
use super::flight::{Flight, Motions, Path};
use super::position::Plane;
use super::view::{Dir, FlightView, Kind, Motion, Side};

/// One flight played, with what it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "FlightView", try_from = "FlightView")]
pub struct Played {
    plane: u8,
    side: Side,
    kind: Kind,
    /// The aircraft's number among its side's of its kind: its label's digits.
    number: u8,
    motions: Motions,
    path: Path,
    facing: Dir,
    shoots_down: Option<u8>,
    shot_by: Option<AaUnit>,
    bombs: bool,
}

impl Played {
    /// `flight` of `plane` (the aircraft as it stood before the flight).
    pub fn new(plane: &Plane, flight: &Flight) -> Played {
        Played {
            plane: flight.plane,
            side: plane.side,
            kind: plane.kind,
            number: plane.number,
            motions: flight.motions,
            path: flight.path,
            facing: flight.facing,
            shoots_down: flight.shoots_down,
            shot_by: flight.shot_by,
            bombs: flight.bombs,
        }
    }
}

impl From<Played> for FlightView {
    fn from(played: Played) -> FlightView {
        FlightView {
            plane: played.plane,
            side: played.side,
            kind: played.kind,
            label: format!("{}{}", played.kind.letter(), played.number),
            motions: played.motions.iter().map(|m| m.key()).collect(),
            path: played.path.to_vec(),
            facing: played.facing,
            end: *played.path.last().expect("a path holds its start"),
            shoots_down: played.shoots_down,
            shot_by: played.shot_by,
            bombs: played.bombs,
        }
    }
}

/// Reads a stored view back; the end is the path's last node, as it always was.
impl TryFrom<FlightView> for Played {
    type Error = String;

    fn try_from(view: FlightView) -> Result<Played, String> {
        let bad = || format!("not a flight played: {view:?}");
        let number = view.label.strip_prefix(view.kind.letter()).and_then(|n| n.parse().ok());
        let motions: Option<Vec<Motion>> =
            view.motions.chars().map(|c| Motion::from_key(c.encode_utf8(&mut [0; 4]))).collect();
        let (Some(number), Some(motions)) = (number, motions) else { return Err(bad()) };
        if view.path.is_empty() || view.path.len() > Path::CAPACITY || motions.len() > 4 {
            return Err(bad());
        }
        Ok(Played {
            plane: view.plane,
            side: view.side,
            kind: view.kind,
            number,
            motions: Motions::from_slice(&motions),
            path: Path::from_slice(&view.path),
            facing: view.facing,
            shoots_down: view.shoots_down,
            shot_by: view.shot_by,
            bombs: view.bombs,
        })
    }
}
