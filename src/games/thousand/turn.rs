//! Playing a move and passing the turn on: what a step, a hop and "stop here" write on the board
//! and the pad, and, once the turn is over, the ends (decision 7) and the next colour — which
//! passes at once when it cannot move, a pass counting as a turn.

use super::ending::{self, End, ROUNDS};
use super::geometry::{GEOMETRY, Ground, index};
use super::view::{Colour, MoveView, Square};
use super::{Chain, Thousand, square_name, text};
use crate::event::{Event, Journal};
use crate::game::Seat;

impl Thousand {
    /// An event about the seat commanding `colour`.
    pub(super) fn announce(&self, id: &str, colour: Colour) -> Event {
        Event::new(id)
            .seat("player", self.seating.seat_of(colour).unwrap_or_default())
            .msg("colour", text::colour(colour))
    }

    fn mover_seat(&self) -> Seat {
        self.seating.seat_of(self.to_move).unwrap_or_default()
    }

    /// A one-square step; charged when a pawn of the colour could have jumped (decision 5).
    pub(super) fn step(&mut self, from: Square, to: Square, log: &mut impl Journal) {
        let (colour, seat) = (self.to_move, self.mover_seat());
        let could_jump = self.could_jump(colour);
        let charge = self.pad.charge(self.turn + 1, seat, colour, could_jump);
        self.position.move_pawn(from, to);
        log.record(|| {
            self.announce(text::STEPPED, colour)
                .text("from", square_name(from))
                .text("to", square_name(to))
        });
        if charge != 0 {
            log.record(|| {
                self.announce(text::CHARGED, colour)
                    .int("cost", -charge)
                    .int("pawns", i64::from(could_jump))
            });
        }
        self.entered(colour, from, to, log);
        self.record_move(
            MoveView { colour, seat, path: Vec::new(), jump: false, charge },
            from,
            to,
        );
        self.end_turn(log)
    }

    /// Makes `last` (its path left empty) the last move, from `from` to `to`. The path reuses
    /// the last move's, so a game played out in search allocates none after its first.
    fn record_move(&mut self, mut last: MoveView, from: Square, to: Square) {
        let mut path = self.last_move.take().map(|before| before.path).unwrap_or_default();
        path.clear();
        path.extend([from, to]);
        last.path = path;
        self.last_move = Some(last);
    }

    /// One hop of a jump. The same player goes on choosing while a further hop in the same
    /// direction exists; the turn ends when none does.
    pub(super) fn hop(
        &mut self,
        from: Square,
        to: Square,
        direction: usize,
        log: &mut impl Journal,
    ) {
        let (colour, seat) = (self.to_move, self.mover_seat());
        let over = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
        self.position.move_pawn(from, to);
        log.record(|| {
            self.announce(text::HOPPED, colour)
                .text("from", square_name(from))
                .text("over", square_name(over))
                .text("to", square_name(to))
        });
        self.entered(colour, from, to, log);
        match (&mut self.last_move, self.chain) {
            (Some(last), Some(_)) => last.path.push(to),
            _ => {
                let last = MoveView { colour, seat, path: Vec::new(), jump: true, charge: 0 };
                self.record_move(last, from, to)
            }
        }
        let again = self.mover(colour).hop(&self.position, index(to), direction).is_some();
        if again {
            self.chain = Some(Chain { at: to, direction });
        } else {
            self.end_turn(log)
        }
    }

    /// "Stop here": the jump chain in progress ends where the pawn stands.
    pub(super) fn stop(&mut self, log: &mut impl Journal) {
        let Some(chain) = self.chain else { return };
        log.record(|| {
            self.announce(text::STOPPED, self.to_move).text("square", square_name(chain.at))
        });
        self.end_turn(log)
    }

    /// A pawn landed on `to` (decision 6): a valued crossing goes on the pad, every time; a
    /// first arrival on the opponent's field is announced with the count.
    fn entered(&mut self, colour: Colour, from: Square, to: Square, log: &mut impl Journal) {
        let seat = self.mover_seat();
        if let Some(points) = self.pad.enter(self.turn + 1, seat, colour, to) {
            log.record(|| {
                self.announce(text::CROSSING, colour)
                    .text("square", square_name(to))
                    .text("points", text::signed(points))
            });
        }
        let ground = |sq: Square| GEOMETRY.ground(colour, index(sq));
        if ground(from) != Ground::Target && ground(to) == Ground::Target {
            log.record(|| {
                let count = self.position.count_on(colour, Ground::Target);
                self.announce(text::ENTERED, colour)
                    .text("square", square_name(to))
                    .int("count", count as i64)
            });
        }
    }

    /// The turn of the colour to move is over: look for an end, else hand the turn on.
    fn end_turn(&mut self, log: &mut impl Journal) {
        self.chain = None;
        self.turns[usize::from(self.to_move)] += 1;
        self.turn += 1;
        let mover = self.to_move;
        if let Some(end) = self.detect(mover) {
            return self.finish(end, log);
        }
        self.to_move = self.next_colour(mover);
        self.seek_mover(log);
    }

    /// Looks for an end the position already meets and, if none, makes sure the colour to move
    /// can move (for a game built from a position, and after a resignation).
    pub(super) fn settle(&mut self, log: &mut impl Journal) {
        if self.end.is_some() {
            return;
        }
        if let Some(end) = self.detect(self.to_move) {
            return self.finish(end, log);
        }
        if !self.playing(self.to_move) {
            self.to_move = self.next_colour(self.to_move);
        }
        self.seek_mover(log)
    }

    /// The colour after `colour` that still takes turns.
    fn next_colour(&self, colour: Colour) -> Colour {
        self.seating.next(colour, |c| self.playing(c)).unwrap_or(colour)
    }

    /// From the colour to move on, every colour that cannot move passes (a turn each) until one
    /// can; the round limit may end the game on the way. Some colour can move, or
    /// [`Thousand::detect`] would have ended the game.
    fn seek_mover(&mut self, log: &mut impl Journal) {
        while !self.mover(self.to_move).has_move(&self.position) {
            log.record(|| self.announce(text::PASSED, self.to_move));
            self.turns[usize::from(self.to_move)] += 1;
            self.turn += 1;
            if self.rounds_done() {
                return self.finish(End::Rounds, log);
            }
            self.to_move = self.next_colour(self.to_move);
        }
    }

    /// Decision 7's ends, in its order: a colour that finished (the mover first), no colour
    /// able to move, the round limit.
    fn detect(&self, mover: Colour) -> Option<End> {
        let colours = self.seating.colours();
        let start = colours.iter().position(|c| *c == mover).unwrap_or(0);
        // Asked after every turn: by index rather than a chain of iterators, which stayed a
        // twentieth of a four-player random game.
        let playing = (0..colours.len())
            .map(|i| colours[(start + i) % colours.len()])
            .filter(|c| self.playing(*c));
        for colour in playing.clone() {
            let opponent = super::board::opponent(colour);
            let blocker = || self.playing(opponent).then(|| self.mover(opponent));
            if let Some(end) = ending::finished(&self.position, colour, blocker) {
                return Some(end);
            }
        }
        if playing.into_iter().all(|c| !self.mover(c).has_move(&self.position)) {
            return Some(End::NoMove);
        }
        self.rounds_done().then_some(End::Rounds)
    }

    /// Every colour still playing has had its [`ROUNDS`] turns.
    fn rounds_done(&self) -> bool {
        let mut playing = self.seating.colours().iter().filter(|c| self.playing(**c)).peekable();
        playing.peek().is_some() && playing.all(|c| self.turns[usize::from(*c)] >= ROUNDS)
    }

    /// Ends the game with `end` and announces it with the final scoring.
    fn finish(&mut self, end: End, log: &mut impl Journal) {
        self.end = Some(end);
        self.chain = None;
        log.record_all(|| {
            let scores = self.scores();
            let outcome = ending::outcome(end, &scores, &self.resigned);
            ending::events(end, &self.seating, &scores, &outcome)
        });
    }

    /// `seat` gives up: its colours stop moving and their pawns stay where they stand. When one
    /// seat is left, the game is over; otherwise play goes on (the turn, if it was theirs,
    /// passes on without being counted).
    pub(super) fn resign_seat(&mut self, seat: Seat) -> Vec<Event> {
        self.resigned.push(seat);
        let mut events = vec![Event::new(text::RESIGNED).seat("player", seat)];
        if self.seating.seats() - self.resigned.len() < 2 {
            self.finish(End::Resigned, &mut events);
            return events;
        }
        if self.seating.seat_of(self.to_move) == Some(seat) {
            self.chain = None;
        }
        self.settle(&mut events);
        events
    }
}
