//! The [`View`] of a game: every plane in board terms (corners and absolute squares), so the
//! renderer needs no rules. Nothing is secret; the plane labels of a pending choice are shown
//! to everyone, matching the buttons of the seat to move.

use super::board::{CORNERS, PLANES, TURN_IN, track_square};
use super::fleet::{Spot, bit};
use super::view::{CornerView, PlaneSpot, PlaneView, View};
use super::{Aeroplane, Phase, plane_label, plane_number};

impl Aeroplane {
    pub(super) fn picture(&self) -> View {
        let labelled = self.labelled_planes();
        let planes = self
            .corners
            .iter()
            .flat_map(|corner| {
                (0..usize::from(PLANES)).map(move |i| self.plane_view(*corner, i, labelled))
            })
            .collect();
        let on_turn = self.phase != Phase::Over;
        View {
            corners: (0..CORNERS).map(|c| self.corner_view(c)).collect(),
            planes,
            to_move: on_turn.then(|| self.corner_of(self.turn)).flatten(),
            last_roll: self.last_roll,
            sixes: self.sixes,
        }
    }

    fn corner_view(&self, corner: u8) -> CornerView {
        let seat = self.corners.iter().position(|c| *c == corner);
        let place = seat
            .and_then(|s| self.finished.iter().position(|f| *f == s))
            .map(|p| u8::try_from(p + 1).expect("at most four places"));
        CornerView { seat, place, resigned: seat.is_some_and(|s| self.resigned.contains(&s)) }
    }

    /// The planes of the turn's corner that carry a button label now (a mask).
    fn labelled_planes(&self) -> u8 {
        match self.phase {
            Phase::Pick { roll } => self.candidates(roll).fold(0, |m, c| m | bit(c.plane)),
            _ => 0,
        }
    }

    fn plane_view(&self, corner: u8, i: usize, labelled: u8) -> PlaneView {
        let fleet = &self.fleets[usize::from(corner)];
        let spot = fleet.spot(i);
        let on_turn = self.corner_of(self.turn) == Some(corner);
        let number = plane_number(i);
        PlaneView {
            corner,
            number,
            spot: board_spot(corner, spot, i),
            stack: if matches!(spot, Spot::Step(_)) {
                fleet.stack(i).count_ones() as u8
            } else {
                1
            },
            label: (on_turn && labelled & bit(i) != 0).then(|| plane_label(i).to_string()),
        }
    }
}

/// Where plane `i` of `corner` at `spot` is drawn.
fn board_spot(corner: u8, spot: Spot, i: usize) -> PlaneSpot {
    let slot = u8::try_from(i).expect("four planes");
    match spot {
        Spot::Hangar => PlaneSpot::Hangar { slot },
        Spot::Finished => PlaneSpot::Finished { slot },
        Spot::Step(0) => PlaneSpot::Launch,
        Spot::Step(s) if s <= TURN_IN => PlaneSpot::Track(track_square(corner, s)),
        Spot::Step(s) => PlaneSpot::HomeColumn(s - TURN_IN),
    }
}
