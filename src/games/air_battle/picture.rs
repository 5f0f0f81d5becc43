//! The [`View`] of a game: every aircraft with its facing and, when it may be picked, its
//! label; each side's losses; the last turn's flights; and the preview of the move being
//! chosen — the picked aircraft's operations with where each leads («Игрушка»), or the motions
//! pressed so far («Аэрофото»), each with its path, its end, what it would shoot down and what
//! would shoot it down. The renderer draws only this.

use super::flight;
use super::view::{Edition, Kind, Motion, OptionView, PlaneView, Side, SideView, View};
use super::{AirBattle, QUIET_LIMIT, seating};

impl AirBattle {
    /// Whether aircraft `id` may be picked now by one of the seats to move.
    fn pickable(&self, id: u8) -> bool {
        let plane = &self.position.planes()[usize::from(id)];
        self.end.is_none()
            && !plane.lost
            && plane.side == self.to_move
            && !self.done.contains(&plane.kind)
            && !self.flights_of(id).is_empty()
    }

    pub(super) fn picture(&self, selection: &[String]) -> View {
        let over = self.end.is_some();
        let planes = self
            .position
            .flying()
            .map(|id| {
                let plane = &self.position.planes()[usize::from(id)];
                PlaneView {
                    id,
                    side: plane.side,
                    kind: plane.kind,
                    label: plane.label(),
                    node: plane.node,
                    facing: plane.facing,
                    parked: !plane.moved,
                    pickable: self.pickable(id),
                }
            })
            .collect();
        let sides = Side::BOTH
            .into_iter()
            .map(|side| SideView {
                side,
                seats: seating::seats_of(self.form, side).to_vec(),
                bombers_lost: self.position.lost(side, Kind::Bomber) as u8,
                fighters_lost: self.position.lost(side, Kind::Fighter) as u8,
                resigned: self
                    .resigned
                    .iter()
                    .any(|seat| seating::side_of(self.form, *seat) == side),
            })
            .collect();
        let selected = selection.first().and_then(|label| {
            self.position.flying().find(|id| {
                self.pickable(*id) && self.position.planes()[usize::from(*id)].label() == *label
            })
        });
        let (mut preview, mut options) = (None, Vec::new());
        if let Some(id) = selected {
            match self.edition {
                Edition::Toy => {
                    let flights = self.flights_of(id).places().filter_map(|place| {
                        flight::trace(&self.position, self.edition, id, &self.motions_at(id, place))
                    });
                    for flight in flights {
                        let key: String = flight.motions.iter().map(|m| m.key()).collect();
                        let view = self.flight_view(&flight);
                        if selection.get(1) == Some(&key) {
                            preview = Some(view.clone());
                        }
                        options.push(OptionView { key, flight: view });
                    }
                }
                Edition::Photo => {
                    let motions: Vec<Motion> =
                        selection[1..].iter().map_while(|k| Motion::from_key(k)).collect();
                    if !motions.is_empty() {
                        preview = flight::trace(&self.position, self.edition, id, &motions)
                            .map(|f| self.flight_view(&f));
                    }
                }
            }
        }
        View {
            edition: self.edition,
            form: self.form,
            planes,
            sides,
            to_move: (!over).then_some(self.to_move),
            done: if over { Vec::new() } else { self.done.clone() },
            turn: if over { self.turn } else { self.turn + 1 },
            quiet: self.quiet,
            quiet_limit: QUIET_LIMIT,
            last: self.last.iter().map(|played| (*played).into()).collect(),
            selected,
            preview,
            options,
            winner: self.end.and_then(|e| e.winner()),
            over,
        }
    }
}
