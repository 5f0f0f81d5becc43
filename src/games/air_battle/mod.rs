//! «Воздушный бой» — Air Battle: two sides of 6 bombers and 10 fighters take off from their
//! airfields to bomb the enemy headquarters or destroy the enemy air force, past the enemy's
//! anti-aircraft units; two editions, «Игрушка» and «Аэрофото», two players or two against two
//! (`shared/rules/air-battle.md`, `docs/rules/air-battle.md`).
//!
//! The pieces of the rules live apart so that each can be read and tested alone: [`board`] is
//! the printed board as data, [`seating`] who commands what, [`position`] where the aircraft
//! stand, [`flight`] how one aircraft may fly and what its flight does, `flight_set` which
//! flights it has (a bit per motion sequence), `counts` every aircraft's set kept up to date
//! for «Игрушка»'s random play, `draw` «Аэрофото»'s random draw (by rejection, with the same
//! chances), [`ending`] when the game stops and who won,
//! `played` the last turn's flights as the game keeps them. `turn` plays a flight and passes
//! the turn on; this file joins them into the [`Game`] the table plays.
//!
//! A side's turn fits the core's [`ToMove::Seats`]: in two against two both commanders of the
//! side to move are listed, each offered only their own kind of aircraft. In «Игрушка» the first
//! flight submitted ends the turn (the table then drops the teammate's half-made choice); in
//! «Аэрофото» the turn is a fighter's move and a bomber's move in either order, so a commander
//! stays listed until their kind has moved or passed. A move is one action — the aircraft, then
//! its operation and "confirm" («Игрушка»), or its motions one press each and "done"
//! («Аэрофото») — so the preview of a half-made move is just the view of the selection.

pub mod board;
mod counts;
mod draw;
pub mod ending;
pub mod flight;
mod flight_set;
mod heuristic;
mod picture;
mod played;
pub mod position;
mod route;
pub mod seating;
mod text;
mod turn;
mod view;

use serde::{Deserialize, Serialize};

pub use self::ending::{End, QUIET_LIMIT};
pub use self::flight::Motions;
pub use self::position::{Plane, Position, PositionError};
pub use self::seating::SETTINGS;
pub use view::*;

use crate::choice::{Choices, Label, Offer};
use crate::event::{Arg, Event, Journal, Unrecorded};
use crate::game::{Actor, Game, Outcome, Seat, SeatList, Setup, SetupError, ToMove, Viewer};
use crate::registry::{GameInfo, SeatCounts};
use crate::rng;
use crate::view::AnyView;
use counts::KeptFlights;
use draw::Unhindered;
use flight_set::FlightSet;
use played::Played;
use rand_chacha::ChaCha20Rng;

pub static INFO: GameInfo = crate::game_info!(
    AirBattle,
    aliases: &["воздушный бой", "airbattle", "air battle"],
    seats: SeatCounts(&[2, 4]),
    settings: SETTINGS,
    private_setup: false,
);

/// One step of play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Aircraft `plane` flies `motions`: a whole «Игрушка» operation, or one aircraft's
    /// «Аэрофото» move (1 to 3 motions for a fighter, 1 to 2 for a bomber).
    Fly { plane: u8, motions: Motions },
    /// «Аэрофото»: the side does not move an aircraft of this kind this turn.
    Pass(Kind),
}

/// A game of «Воздушный бой».
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirBattle {
    edition: Edition,
    form: Form,
    position: Position,
    /// The side whose turn it is (the one that moved last, once over).
    to_move: Side,
    /// «Аэрофото»: the kinds the side to move has moved or passed this turn (a kind with no
    /// aircraft left counts as passed).
    done: Vec<Kind>,
    /// Turns played: each side's turn, a pass included, is one.
    turn: u32,
    /// Turns in a row with nobody shot down (decision 8).
    quiet: u32,
    /// Someone was shot down in the turn being played.
    loss_this_turn: bool,
    /// The flights of the last turn that had any, and the turn they belong to.
    last: Vec<Played>,
    last_turn: u32,
    resigned: Vec<Seat>,
    end: Option<End>,
    /// Every aircraft's flights: derived from `position`, not stored.
    #[serde(skip)]
    flights: KeptFlights,
    /// How many flights each aircraft would have alone, for «Аэрофото»'s random draw: derived
    /// from `position`, not stored.
    #[serde(skip)]
    unhindered: Unhindered,
}

impl AirBattle {
    /// A game from a hand-made position in [`Position`]'s text form, `to_move` to play, no turn
    /// played yet. An end the position already meets is found at once.
    #[doc(hidden)]
    pub fn from_position(
        edition: Edition,
        form: Form,
        planes: &str,
        to_move: Side,
    ) -> Result<AirBattle, String> {
        let position = Position::parse(planes).map_err(|e| e.to_string())?;
        let mut game = AirBattle::at(edition, form, position, to_move);
        game.settle(&mut Unrecorded);
        Ok(game)
    }

    /// The same game with `quiet` turns in a row already played with nobody shot down.
    #[doc(hidden)]
    pub fn with_quiet(mut self, quiet: u32) -> AirBattle {
        self.quiet = quiet;
        self
    }

    fn at(edition: Edition, form: Form, position: Position, to_move: Side) -> AirBattle {
        AirBattle {
            flights: KeptFlights::kept_for(&position, edition),
            unhindered: match edition {
                Edition::Toy => Unhindered::default(),
                Edition::Photo => Unhindered::new(&position, edition),
            },
            edition,
            form,
            position,
            to_move,
            done: Vec::new(),
            turn: 0,
            quiet: 0,
            loss_this_turn: false,
            last: Vec::new(),
            last_turn: 0,
            resigned: Vec::new(),
            end: None,
        }
    }

    pub fn edition(&self) -> Edition {
        self.edition
    }

    pub fn form(&self) -> Form {
        self.form
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    pub fn turns_played(&self) -> u32 {
        self.turn
    }

    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// «Аэрофото»: the kinds the side to move has already moved or passed this turn.
    pub fn done(&self) -> &[Kind] {
        &self.done
    }

    /// The seat commanding `side`'s aircraft of `kind`.
    pub fn seat_of(&self, side: Side, kind: Kind) -> Seat {
        seating::seat_of(self.form, side, kind)
    }

    /// The kinds `seat` may move now: those it commands, of the side to move, not yet moved
    /// this turn.
    fn kinds_for(&self, seat: Seat) -> &'static [Kind] {
        if self.end.is_some()
            || seat >= seating::seats(self.form)
            || seating::side_of(self.form, seat) != self.to_move
        {
            return &[];
        }
        let moves = |kind| seating::commands(self.form, seat, kind) && !self.done.contains(&kind);
        // A static list rather than one built kind by kind: asked before every action, and a
        // list built on the stack a byte at a time was read back whole before the bytes had
        // landed (a stalled load, a tenth of a random game's time).
        match (moves(Kind::Bomber), moves(Kind::Fighter)) {
            (true, true) => &Kind::BOTH,
            (true, false) => &[Kind::Bomber],
            (false, true) => &[Kind::Fighter],
            (false, false) => &[],
        }
    }

    /// The ids of the aircraft in play of the side to move of one of `kinds`, as bits.
    fn own_mask(&self, kinds: &[Kind]) -> u32 {
        kinds.iter().fold(0, |mask, kind| mask | self.position.in_play(self.to_move, *kind))
    }

    /// Whether `seat` has anything to do now.
    fn may_act(&self, seat: Seat) -> bool {
        let kinds = self.kinds_for(seat);
        match self.edition {
            Edition::Toy => self.movable(self.own_mask(kinds)) != 0,
            Edition::Photo => !kinds.is_empty(),
        }
    }

    /// The ids of the aircraft among `ids` with a flight, as bits.
    fn movable(&self, ids: u32) -> u32 {
        self.flights.with(&self.position, self.edition, ids, |kept| kept.movable() & ids)
    }

    /// Finds again the flights that have gone stale (`counts`) of the aircraft about to move:
    /// the side to move's, of the kinds it has not moved yet this turn.
    fn refresh_flights(&mut self) {
        if self.end.is_some() {
            return;
        }
        let kinds = Kind::BOTH.iter().filter(|kind| !self.done.contains(kind));
        let ids = kinds.fold(0, |ids, kind| ids | self.position.in_play(self.to_move, *kind));
        self.flights.refresh(&self.position, self.edition, ids);
    }

    /// The legal flights of aircraft `id` ([`flight_set::of`]).
    fn flights_of(&self, id: u8) -> FlightSet {
        self.flights.get(&self.position, self.edition, id)
    }

    /// The motions of `plane`'s flight at `place` among its kind's sequences.
    fn motions_at(&self, plane: u8, place: usize) -> Motions {
        let kind = self.position.planes()[usize::from(plane)].kind;
        flight_set::sequences(self.edition, kind)[place]
    }

    fn label_of(&self, id: u8) -> String {
        self.position.plane(id).map(Plane::label).unwrap_or_default()
    }

    /// The path of labels that leads to the flight of aircraft `plane` by `motions`.
    fn path_of(&self, plane: u8, motions: &[Motion]) -> Vec<Label> {
        let mut path = vec![Label::Text(self.label_of(plane))];
        match self.edition {
            Edition::Toy => {
                let key: String = motions.iter().map(|m| m.key()).collect();
                let arrows: String = motions.iter().map(|m| m.arrow()).collect();
                let args = vec![("arrows".to_string(), Arg::Text(arrows))];
                path.push(Label::described(key, text::BTN_OPERATION, args));
                path.push(Label::msg(text::BTN_CONFIRM));
            }
            Edition::Photo => {
                for motion in motions {
                    let args = vec![("arrow".to_string(), Arg::Text(motion.arrow().to_string()))];
                    path.push(Label::described(motion.key(), text::BTN_MOTION, args));
                }
                path.push(Label::msg(text::BTN_DONE));
            }
        }
        path
    }
}

/// Playing an action.
impl AirBattle {
    /// Plays `action` of `actor` if it is legal, telling `log` what happened.
    fn act(&mut self, actor: Actor, action: &Action, log: &mut impl Journal) {
        if let Actor::Seat(seat) = actor
            && self.is_legal(seat, action)
        {
            self.perform(seat, action, log);
        }
    }

    /// Plays `action` of `seat`, known to be legal (search and random play, which draw from
    /// the legal actions, do not ask again: `Game::play`).
    fn perform(&mut self, seat: Seat, action: &Action, log: &mut impl Journal) {
        match action {
            Action::Pass(kind) => self.pass(seat, *kind, log),
            Action::Fly { plane, motions } => {
                let flight = flight::trace_legal(&self.position, self.edition, *plane, motions);
                self.fly(seat, flight, log);
            }
        }
        self.refresh_flights();
    }
}

/// The aircraft ids in `mask`, a bit per id, in increasing order.
fn ids(mask: u32) -> impl Iterator<Item = u8> {
    crate::bits::ones(mask).map(|id| id as u8)
}

/// The legal actions, to the buttons or to search.
impl AirBattle {
    /// Every flight of the aircraft of `kinds`, then («Аэрофото») a pass for each kind.
    fn offer(&self, kinds: &[Kind], out: &mut impl Offer<Action>) {
        for id in ids(self.own_mask(kinds)) {
            for place in self.flights_of(id).places() {
                let motions = self.motions_at(id, place);
                out.offer(|| self.path_of(id, &motions), Action::Fly { plane: id, motions });
            }
        }
        if self.edition == Edition::Photo {
            for kind in kinds {
                let label = match kind {
                    Kind::Bomber => text::BTN_PASS_BOMBER,
                    Kind::Fighter => text::BTN_PASS_FIGHTER,
                };
                out.offer(|| vec![Label::msg(label)], Action::Pass(*kind));
            }
        }
    }
}

impl Game for AirBattle {
    type Action = Action;

    const ID: &'static str = "air-battle";
    /// What a replay lingers on: an aircraft shot down, a target bombed.
    const HIGHLIGHTS: &'static [&'static str] = &["air-shot-down", "air-aa-hit", "air-bombed"];

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        let form = seating::form(setup.seats)?;
        let edition = seating::edition(&setup.settings)?;
        let mut game = AirBattle::at(edition, form, Position::start(), Side::South);
        game.settle(&mut Unrecorded);
        Ok(game)
    }

    fn to_move(&self) -> ToMove {
        if self.end.is_some() {
            return ToMove::Over;
        }
        let mut seats = SeatList::default();
        for &seat in seating::seats_of(self.form, self.to_move).iter() {
            if self.may_act(seat) {
                seats.push(seat);
            }
        }
        if seats.is_empty() { ToMove::Over } else { ToMove::Seats(seats) }
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        Vec::new()
    }

    fn choices(&self, seat: Seat) -> Choices<Action> {
        let kinds = self.kinds_for(seat);
        if kinds.is_empty() {
            return Choices::default();
        }
        let mut choices = Choices::new(text::prompt(self.edition, kinds));
        self.offer(kinds, &mut choices);
        choices
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.offer(self.kinds_for(seat), out);
    }

    /// «Игрушка» reads each aircraft's flights (kept up to date as they fly: `counts`) and
    /// builds only the one drawn, by index; «Аэрофото» (~150 flights a step) draws by rejection
    /// among the flights each aircraft would have alone (`draw`), with the same chances.
    fn random_legal_action(
        &self,
        seat: Seat,
        rng: &mut ChaCha20Rng,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        let kinds = self.kinds_for(seat);
        if self.edition == Edition::Photo {
            // Each kind still to move may pass instead.
            let mover = (self.to_move, kinds);
            return self.unhindered.draw(&self.position, self.edition, mover, kinds, rng);
        }
        let mine = self.own_mask(kinds);
        self.flights.with(&self.position, self.edition, mine, |kept| {
            // The `n`th of `offer`'s actions: each aircraft's flights in turn (no passes here).
            let flights: usize = kinds.iter().map(|kind| kept.total(self.to_move, *kind)).sum();
            let mut n = rng::index_below(rng, flights)?;
            for plane in ids(mine & kept.movable()) {
                let len = kept.len(plane);
                if n < len {
                    let place = kept.set(plane).nth(n)?;
                    return Some(Action::Fly { plane, motions: self.motions_at(plane, place) });
                }
                n -= len;
            }
            None
        })
    }

    /// «Аэрофото» draws by rejection ([`draw`]); «Игрушка», which keeps every aircraft's
    /// flights anyway, by index.
    fn draws_by_index(&self) -> bool {
        self.edition == Edition::Toy
    }

    fn is_legal(&self, seat: Seat, action: &Action) -> bool {
        let kinds = self.kinds_for(seat);
        match action {
            Action::Pass(kind) => self.edition == Edition::Photo && kinds.contains(kind),
            Action::Fly { plane, motions } => self.position.plane(*plane).is_some_and(|p| {
                !p.lost
                    && p.side == self.to_move
                    && kinds.contains(&p.kind)
                    && flight_set::place(self.edition, p.kind, motions)
                        .is_some_and(|place| self.flights_of(*plane).contains(place))
            }),
        }
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Vec<Event> {
        let mut events = Vec::new();
        self.act(actor, action, &mut events);
        events
    }

    fn play(&mut self, actor: Actor, action: &Action) {
        debug_assert!(matches!(actor, Actor::Seat(s) if self.is_legal(s, action)), "{action:?}");
        if let Actor::Seat(seat) = actor {
            self.perform(seat, action, &mut Unrecorded);
        }
    }

    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        if self.end.is_some() || seat >= seating::seats(self.form) {
            return Vec::new();
        }
        self.resign_seat(seat)
    }

    fn view(&self, _viewer: Viewer, selection: &[String]) -> AnyView {
        AnyView::AirBattle(self.picture(selection))
    }

    /// Out of time: in «Аэрофото», where a side may pass, the commander's kinds pass; in
    /// «Игрушка», where a side that can move must, the first flight the side is offered that
    /// no AA unit shoots down is flown (the first of all when every one is). Two against two,
    /// either commander's flight is the side's turn and both ran out of time together, so the
    /// flight is chosen among the side's kinds and flown by the commander of its kind.
    fn timeout_action(&self, seat: Seat) -> Option<(Seat, Action)> {
        let kinds = self.kinds_for(seat);
        match self.edition {
            Edition::Photo => kinds.first().map(|kind| (seat, Action::Pass(*kind))),
            Edition::Toy if kinds.is_empty() => None,
            Edition::Toy => {
                let side = self.to_move;
                let side_kinds: Vec<Kind> = seating::seats_of(self.form, side)
                    .iter()
                    .flat_map(|commander| self.kinds_for(*commander).iter().copied())
                    .collect();
                let mut flights = Vec::new();
                self.offer(&side_kinds, &mut flights);
                let safe = flights.iter().find(|action| match action {
                    Action::Fly { plane, motions } => {
                        let flight =
                            flight::trace_legal(&self.position, self.edition, *plane, motions);
                        flight.shot_by.is_none()
                    }
                    Action::Pass(_) => true,
                });
                let action = safe.or(flights.first()).cloned()?;
                let kind = match &action {
                    Action::Fly { plane, .. } => self.position.planes()[usize::from(*plane)].kind,
                    Action::Pass(kind) => *kind,
                };
                Some((self.seat_of(side, kind), action))
            }
        }
    }

    fn seats(&self) -> usize {
        seating::seats(self.form)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|end| ending::outcome(self.form, end))
    }
}
