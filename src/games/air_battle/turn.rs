//! Playing a flight and passing the turn on: what a flight does to the board (the attack, the
//! AA fire, the bombing), the ends it may bring (decisions 5, 6), and, once the side's turn is
//! over, the draw counter (decision 8) and the next side — which passes at once when it cannot
//! move («Игрушка»), and whose kinds with no aircraft left pass by themselves («Аэрофото»).

use super::board::{self, AaUnit};
use super::ending::{self, End, QUIET_LIMIT};
use super::flight::Flight;
use super::played::Played;
use super::view::{Edition, FlightView, Kind, Side};
use super::{AirBattle, seating, text};
use crate::event::{Event, Journal};
use crate::game::Seat;
use crate::inline::InlineList;

impl AirBattle {
    /// The view of a flight, played or previewed.
    pub(super) fn flight_view(&self, flight: &Flight) -> FlightView {
        let plane = &self.position.planes()[usize::from(flight.plane)];
        Played::new(plane, flight).into()
    }

    fn aa_event(&self, plane: &str, side: Side, unit: &AaUnit, at: (u8, u8)) -> Event {
        Event::new(text::AA_HIT)
            .text("plane", plane)
            .msg("side", text::side(side))
            .msg("aa", text::aa(unit.kind))
            .text("unit", board::name(unit.node))
            .text("node", board::name(at))
    }

    /// Plays a legal flight of `seat`.
    pub(super) fn fly(&mut self, seat: Seat, flight: Flight, log: &mut impl Journal) {
        if self.last_turn != self.turn + 1 {
            self.last.clear();
            self.last_turn = self.turn + 1;
        }
        let plane = self.position.planes()[usize::from(flight.plane)].clone();
        self.last.push(Played::new(&plane, &flight));
        let side = plane.side;
        let from = flight.path[0];
        log.record(|| {
            let label = plane.label();
            let arrows: String = flight.motions.iter().map(|m| m.arrow()).collect();
            if flight.path.len() > 1 {
                Event::new(text::FLEW)
                    .seat("player", seat)
                    .msg("side", text::side(side))
                    .text("plane", label)
                    .text("arrows", arrows)
                    .text("from", board::name(from))
                    .text("to", board::name(flight.end()))
            } else {
                Event::new(text::TURNED)
                    .seat("player", seat)
                    .msg("side", text::side(side))
                    .text("plane", label)
                    .text("arrows", arrows)
                    .text("node", board::name(from))
            }
        });
        if let Some(target) = flight.shoots_down {
            log.record(|| {
                Event::new(text::SHOT_DOWN)
                    .text("plane", plane.label())
                    .msg("side", text::side(side))
                    .text("target", self.label_of(target))
                    .msg("enemy", text::side(side.other()))
                    .text("node", board::name(flight.end()))
            });
            self.position.shoot_down(target);
            self.loss_this_turn = true;
        }
        // An aircraft shot down on entering a node («Игрушка») never takes it: the enemy
        // aircraft standing there, if any, stays.
        if flight.shot_by.is_none() || self.edition == Edition::Photo {
            self.position.fly(flight.plane, flight.end(), flight.facing);
        }
        if let Some(unit) = flight.shot_by {
            self.position.shoot_down(flight.plane);
            self.loss_this_turn = true;
            log.record(|| self.aa_event(&plane.label(), side, &unit, flight.end()));
        }
        let flown: InlineList<u8, 2> =
            [flight.plane].into_iter().chain(flight.shoots_down).collect();
        match self.edition {
            Edition::Toy => self.flights.after_flight(
                &self.position,
                self.edition,
                &flown,
                &[from, flight.end()],
            ),
            Edition::Photo => self.unhindered.after_flight(&self.position, self.edition, &flown),
        }
        if flight.bombs {
            log.record(|| {
                Event::new(text::BOMBED)
                    .text("plane", plane.label())
                    .msg("side", text::side(side))
                    .msg("enemy", text::side(side.other()))
            });
            return self.finish(End::Bombed(side), log);
        }
        if let Some(end) = ending::air_force(&self.position, self.edition, side) {
            return self.finish(end, log);
        }
        match self.edition {
            Edition::Toy => self.end_turn(log),
            Edition::Photo => {
                self.done.push(plane.kind);
                self.settle(log);
            }
        }
    }

    /// «Аэрофото»: `seat` does not move an aircraft of `kind` this turn.
    pub(super) fn pass(&mut self, seat: Seat, kind: Kind, log: &mut impl Journal) {
        self.done.push(kind);
        log.record(|| {
            Event::new(text::PASSED)
                .seat("player", seat)
                .msg("side", text::side(self.to_move))
                .msg("kind", text::kind(kind))
        });
        self.settle(log);
    }

    /// The side to move has finished its turn: count it, look for the draw, hand the turn on.
    fn end_turn(&mut self, log: &mut impl Journal) {
        self.turn += 1;
        self.quiet = if self.loss_this_turn { 0 } else { self.quiet + 1 };
        self.loss_this_turn = false;
        self.done.clear();
        if self.quiet >= QUIET_LIMIT {
            return self.finish(End::Quiet, log);
        }
        self.to_move = self.to_move.other();
        self.settle(log)
    }

    /// Brings the game to a point where someone must act, or to its end: an end the position
    /// already meets; in «Аэрофото» the kinds with no aircraft left pass by themselves and a
    /// turn with both kinds done ends; in «Игрушка» a side that cannot move passes.
    pub(super) fn settle(&mut self, log: &mut impl Journal) {
        if self.end.is_some() {
            return;
        }
        if let Some(end) = ending::air_force(&self.position, self.edition, self.to_move.other()) {
            return self.finish(end, log);
        }
        match self.edition {
            Edition::Photo => {
                for kind in Kind::BOTH {
                    if self.position.left(self.to_move, kind) == 0 && !self.done.contains(&kind) {
                        self.done.push(kind);
                    }
                }
                if self.done.len() == Kind::BOTH.len() {
                    self.end_turn(log);
                }
            }
            Edition::Toy => {
                let side = self.to_move;
                self.refresh_flights();
                let can = self.movable(self.own_mask(&Kind::BOTH)) != 0;
                if !can {
                    log.record(|| Event::new(text::CANNOT_MOVE).msg("side", text::side(side)));
                    self.end_turn(log);
                }
            }
        }
    }

    /// Ends the game with `end` and announces it.
    fn finish(&mut self, end: End, log: &mut impl Journal) {
        self.end = Some(end);
        self.done.clear();
        match end {
            End::Bombed(_) | End::Resigned(_) => {}
            End::AirForce(winner) => log.record(|| {
                Event::new(text::OVER_AIR_FORCE)
                    .msg("side", text::side(winner.other()))
                    .msg("winner", text::side(winner))
            }),
            End::Both(winner) => {
                log.record(|| Event::new(text::OVER_BOTH).msg("winner", text::side(winner)))
            }
            End::Quiet => log.record(|| Event::new(text::OVER_DRAW).int("turns", QUIET_LIMIT)),
        }
    }

    /// `seat` gives up, and with it its side (a commander's resignation concedes for the
    /// team).
    pub(super) fn resign_seat(&mut self, seat: Seat) -> Vec<Event> {
        self.resigned.push(seat);
        let side = seating::side_of(self.form, seat);
        let mut events =
            vec![Event::new(text::RESIGNED).seat("player", seat).msg("side", text::side(side))];
        self.finish(End::Resigned(side.other()), &mut events);
        events
    }
}
