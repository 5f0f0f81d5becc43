//! Aviation (decision 7): a flight instead of a whole turn, along the arc over the opponent's
//! half, turning the opponent's rocket labels over in flight order; and afterwards the rockets'
//! owner's private chance to re-arrange them.
//!
//! The order along the arc is what makes a flight a gamble: the first «Ц-П» met shoots the
//! plane down, and the target is bombed only if the plane has passed over it by then. Since a
//! flight passes every rocket, a side with any «Ц-П» always loses the plane; the general rule is
//! kept anyway (a plane that meets no «Ц-П» lands on the far airfield).

use super::army::{PlaneSpot, Side};
use super::board::{self, ArcItem, NodeId};
use super::rules::RocketLabel;
use super::setup::rocket_label_id;
use super::text;
use super::view::FlightView;
use super::{Action, Phase, Tanks, ending};
use crate::choice::{Label, Offer};
use crate::event::{Event, Journal};

impl Tanks {
    /// The opponent's tanks standing on the road circles under the side to move's arc, in arc
    /// order.
    pub(super) fn flight_targets(&self) -> impl Iterator<Item = NodeId> + '_ {
        let side = self.turn;
        let opponent = self.occupied.of(&self.armies, side.opponent());
        board::ARCS[side.index()]
            .iter()
            .filter_map(move |item| match item {
                ArcItem::Road(road) => Some(board::arc_node(side.id(), *road)),
                _ => None,
            })
            .filter(move |node| opponent & 1 << node != 0)
    }

    /// A flight may still be chosen this turn: nothing done yet, a plane left, a target there.
    pub(super) fn flight_possible(&self) -> bool {
        let planes = &self.army(self.turn).planes;
        self.fresh
            && planes.iter().any(|p| *p != PlaneSpot::Lost)
            && self.flight_targets().next().is_some()
    }

    /// A target, then the airfield the plane starts from (which sets the direction).
    pub(super) fn offer_flights(&self, out: &mut impl Offer<Action>) {
        if !self.flight_possible() {
            return;
        }
        let army = self.army(self.turn);
        for target in self.flight_targets() {
            for airfield in (0..2u8).filter(|a| army.plane_on(*a).is_some()) {
                let path = || {
                    vec![
                        Label::msg(text::BTN_PLANE),
                        Label::text(board::name(target)),
                        Label::msg(text::BTN_FROM[usize::from(airfield)]),
                    ]
                };
                out.offer(path, Action::Fly { target, airfield });
            }
        }
    }

    /// Flies the plane on `airfield` against the tank on `target`; the flight is the whole
    /// turn, and the rockets' owner may then re-arrange them.
    pub(super) fn fly(&mut self, target: NodeId, airfield: u8, log: &mut impl Journal) {
        let side = self.turn;
        let owner = side.opponent();
        let plane = self.army(side).plane_on(airfield);
        let (Some(plane), true) = (plane, self.flight_possible()) else { return };
        if !self.flight_targets().any(|node| node == target) {
            return;
        }
        self.fresh = false;
        let player = side.seat();
        log.record(|| {
            Event::new(text::FLIGHT)
                .seat("player", player)
                .text("target", board::name(target))
                .msg("from", text::AIRFIELDS[usize::from(airfield)])
        });
        let arc = &board::ARCS[side.index()];
        let order: Vec<ArcItem> = if airfield == 0 {
            arc.iter().skip(1).copied().collect()
        } else {
            arc.iter().rev().skip(1).copied().collect()
        };
        let labels = self.army(owner).rockets.unwrap_or([RocketLabel::Miss; 3]);
        let mut passed = false;
        let mut shot_down = false;
        for item in order {
            match item {
                ArcItem::Road(road) => passed |= board::arc_node(side.id(), road) == target,
                ArcItem::Rocket(k) => {
                    let k = usize::from(k);
                    self.armies[owner.index()].revealed[k] = true;
                    log.record(|| {
                        Event::new(text::ROCKET_REVEALED)
                            .seat("owner", owner.seat())
                            .text("rocket", board::ROCKET_NAMES[owner.index()][k])
                            .msg("label", rocket_label_id(labels[k]))
                    });
                    if labels[k] == RocketLabel::Hit {
                        shot_down = true;
                        break;
                    }
                }
                ArcItem::Airfield(far) => {
                    self.armies[side.index()].planes[plane] = PlaneSpot::Airfield(far);
                    log.record(|| {
                        let event = Event::new(text::LANDED).seat("player", player);
                        event.msg("airfield", text::AIRFIELDS[usize::from(far)])
                    });
                }
            }
        }
        if shot_down {
            let army = &mut self.armies[side.index()];
            army.planes[plane] = PlaneSpot::Lost;
            army.planes_lost += 1;
            log.record(|| Event::new(text::SHOT_DOWN).seat("player", player));
        }
        let victim = self.army(owner).tank_at(target);
        let bombed = passed && victim.is_some();
        if let (true, Some(victim)) = (bombed, victim) {
            self.armies[owner.index()].tanks[victim].destroy();
            self.occupied.refresh(&self.armies);
            self.progress = true;
            log.record(|| {
                let event = Event::new(text::BOMBED).seat("player", player);
                event.seat("opponent", owner.seat()).text("node", board::name(target))
            });
        } else {
            log.record(|| {
                Event::new(text::SPARED).seat("player", player).text("node", board::name(target))
            });
        }
        self.last_flight =
            Some(FlightView { side: side.id(), airfield, target, shot_down, bombed });
        self.last_move = None;
        if let Some(end) = ending::detect(&self.armies).or_else(|| self.close_turn()) {
            return self.finish(end, log);
        }
        self.phase = Phase::Rearrange(owner);
    }

    /// The rockets' owner, in private: keep, or put the odd label on another stand.
    pub(super) fn offer_rearrangements(&self, owner: Side, out: &mut impl Offer<Action>) {
        out.offer(|| vec![Label::msg(text::BTN_KEEP)], Action::KeepRockets);
        self.offer_rockets(owner, out);
    }

    /// The owner has decided: labels go face down again and the owner's turn begins.
    pub(super) fn rearranged(&mut self, owner: Side, odd: Option<u8>, log: &mut impl Journal) {
        match odd {
            Some(odd) if odd < 3 => self.set_rockets(owner, odd, log),
            Some(_) => return,
            None => log.record(|| self.rockets_event(owner)),
        }
        self.armies[owner.index()].revealed = [false; 3];
        log.record(|| Event::new(text::ROCKETS_READY).seat("player", owner.seat()));
        self.begin_turn(owner, log);
    }
}
