//! Aeroplane Chess (飞行棋) for two to four players: the seed's rules plus the project's
//! decisions, as told in `docs/rules/aeroplane-chess.md`.
//!
//! The game is driven by chance actions so that every roll is logged and tests can force any
//! die: a turn is *Roll* (the player's button) → *Face* (the table's die) → *Move* (the player
//! picks a plane among the legal ones). A roll with no legal move is resolved inside the die's
//! own action, so the player never sees a button that does nothing.
//!
//! Seats play in table order, which is also the clockwise order of their corners. Planes are
//! kept per corner and count *steps* along their own path ([`board`]); opponents are compared
//! by absolute track square, since a step means a different square for every corner.

pub mod board;
mod check;
mod fleet;
mod heuristic;
mod path;
mod picture;
mod race;
mod rules;
mod text;
mod view;

use serde::{Deserialize, Serialize};

pub use fleet::Spot;
pub use rules::SETTINGS;
pub use view::*;

use crate::choice::{Choices, Label, Offer};
use crate::dice;
use crate::event::{Event, Journal, Unrecorded};
use crate::game::{Actor, Game, Outcome, Seat, Setup, SetupError, ToMove, Viewer};
use crate::registry::GameInfo;
use crate::view::AnyView;
use board::{CORNERS, opposite};
use fleet::{Fleet, leader, members};
use path::{DANGER_STEP, Hop, Landing, Route, plan, square};
use rules::Rules;

pub static INFO: GameInfo = crate::game_info!(
    Aeroplane,
    aliases: &[
        "飞行棋",
        "aeroplane-chess",
        "airplane-chess",
        "airplane",
        "ludo",
        "самолётики",
        "самолетики",
        "аэроплан",
    ],
    seats: crate::registry::SeatCounts(&[2, 3, 4]),
    settings: SETTINGS,
    private_setup: false,
    pace: crate::clock::Pace::Live,
);

/// One step of play. Plane numbers are 1..=4, as on the buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Chance, three players only, before the first turn: the corner left empty.
    EmptyCorner(u8),
    /// The seat to move asks for the die.
    Roll,
    /// Chance: the face the die shows.
    Face(u8),
    /// Use the roll on `plane` (a stack is named by its lowest plane); `stack` joins the own
    /// planes the move ends on.
    Move { plane: u8, stack: bool },
}

/// What the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    /// Chance: the empty corner of a three-player game.
    Draw,
    /// The seat to move presses Roll.
    Roll,
    /// Chance: the die.
    Dice,
    /// The seat to move picks a plane for `roll`.
    Pick {
        roll: u8,
    },
    Over,
}

/// A legal use of the roll by one plane (or the stack it leads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Candidate {
    /// Plane index 0..4 of the corner to move.
    plane: usize,
    /// The touch-downs of the move; none for a take-off.
    route: Route,
}

impl Candidate {
    fn is_take_off(&self) -> bool {
        self.route.landings().is_empty()
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Aeroplane {
    rules: Rules,
    seats: usize,
    /// The corner of each seat; empty until a three-player game has drawn its empty corner.
    corners: Vec<u8>,
    /// The planes of each corner (an empty corner's stay in its hangar).
    fleets: [Fleet; CORNERS as usize],
    phase: Phase,
    /// The seat whose turn it is.
    turn: Seat,
    /// Sixes rolled so far this turn.
    sixes: u8,
    /// The planes of the turn's corner that moved with this turn's sixes.
    six_movers: u8,
    /// The roll waiting to be used, or just shown before the turn passed.
    last_roll: Option<u8>,
    /// Seats in the order they brought all four planes home.
    finished: Vec<Seat>,
    /// Seats in the order they resigned.
    resigned: Vec<Seat>,
}

impl Game for Aeroplane {
    type Action = Action;
    const ID: &'static str = "aeroplane";
    /// What a replay lingers on: a plane sent home, a plane reaching the centre.
    const HIGHLIGHTS: &'static [&'static str] = &["aero-sent-home", "aero-reached-centre"];

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        if !INFO.seats.contains(&setup.seats) {
            let (min, max) = (INFO.seats.min(), INFO.seats.max());
            return Err(SetupError::SeatCount { min, max, got: setup.seats });
        }
        let corners = match setup.seats {
            2 => vec![0, 2],
            4 => vec![0, 1, 2, 3],
            _ => Vec::new(),
        };
        let phase = if corners.is_empty() { Phase::Draw } else { Phase::Roll };
        Ok(Aeroplane {
            rules: Rules::from_settings(&setup.settings)?,
            seats: setup.seats,
            corners,
            fleets: Default::default(),
            phase,
            turn: 0,
            sixes: 0,
            six_movers: 0,
            last_roll: None,
            finished: Vec::new(),
            resigned: Vec::new(),
        })
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Draw | Phase::Dice => ToMove::Chance,
            Phase::Roll | Phase::Pick { .. } => ToMove::seats([self.turn]),
            Phase::Over => ToMove::Over,
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        let mut outcomes = Vec::new();
        self.chance_outcomes_into(&mut outcomes);
        outcomes
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, u32)>) {
        match self.phase {
            Phase::Draw => out.extend((0..CORNERS).map(|c| (Action::EmptyCorner(c), 1))),
            Phase::Dice => out.extend(dice::faces(6, Action::Face)),
            _ => {}
        }
    }

    fn choices(&self, seat: Seat) -> Choices<Action> {
        let prompt = match self.phase {
            Phase::Roll => text::PROMPT_ROLL,
            Phase::Pick { .. } => text::PROMPT_PLANE,
            _ => return Choices::default(),
        };
        if seat != self.turn {
            return Choices::default();
        }
        let mut choices = Choices::new(prompt);
        self.offer(seat, &mut choices);
        choices
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.offer(seat, out);
    }

    fn apply(&mut self, _actor: Actor, action: &Action) -> Vec<Event> {
        let mut events = Vec::new();
        self.act(action, &mut events);
        events
    }

    fn play(&mut self, _actor: Actor, action: &Action) {
        self.act(action, &mut Unrecorded);
    }

    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        if self.phase == Phase::Over || seat >= self.seats || !self.active(seat) {
            return Vec::new();
        }
        self.resigned.push(seat);
        if let Some(corner) = self.corner_of(seat) {
            let fleet = &mut self.fleets[usize::from(corner)];
            let out = fleet.mask_where(|spot| spot != Spot::Finished);
            members(out).for_each(|i| fleet.send_home(i));
        }
        let events = vec![Event::new(text::RESIGNED).seat("player", seat)];
        if self.active_count() <= 1 {
            self.phase = Phase::Over;
        } else if seat == self.turn {
            self.pass_turn();
        }
        events
    }

    fn view(&self, _viewer: Viewer, _selection: &[String]) -> AnyView {
        AnyView::Aeroplane(self.picture())
    }

    fn seats(&self) -> usize {
        self.seats
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::from_order(self.seats, &self.ranking()))
    }

    fn check_state(&self) -> Result<(), String> {
        self.state_error()
    }
}

/// Read-only access for tests and tools.
impl Aeroplane {
    /// The corner (colour) `seat` plays, once assigned.
    pub fn corner_of(&self, seat: Seat) -> Option<u8> {
        self.corners.get(seat).copied()
    }

    /// Where plane `number` (1..=4) of `corner` is.
    pub fn spot(&self, corner: u8, number: u8) -> Spot {
        self.fleets[usize::from(corner)].spot(usize::from(number) - 1)
    }

    /// The plane numbers in the stack of plane `number` of `corner` (just itself when alone).
    pub fn stack(&self, corner: u8, number: u8) -> Vec<u8> {
        let mask = self.fleets[usize::from(corner)].stack(usize::from(number) - 1);
        members(mask).map(plane_number).collect()
    }

    /// Test positions: puts plane `number` of `corner` alone on `spot`, leaving turn and dice
    /// as they are.
    #[doc(hidden)]
    pub fn place(&mut self, corner: u8, number: u8, spot: Spot) {
        self.fleets[usize::from(corner)].place(usize::from(number) - 1, spot);
    }
}

fn plane_number(index: usize) -> u8 {
    u8::try_from(index + 1).expect("four planes")
}

/// The button label of the plane with index `index` (a table, not `to_string`: choices are
/// listed on every action of random play).
fn plane_label(index: usize) -> &'static str {
    ["1", "2", "3", "4"][index]
}

/// The moves: set-up, roll, plane choice.
impl Aeroplane {
    /// Plays `action`, telling `log` what happened.
    fn act(&mut self, action: &Action, log: &mut impl Journal) {
        match (self.phase, *action) {
            (Phase::Draw, Action::EmptyCorner(empty)) if empty < CORNERS => self.draw(empty, log),
            (Phase::Roll, Action::Roll) => {
                self.phase = Phase::Dice;
                self.last_roll = None;
            }
            (Phase::Dice, Action::Face(roll)) if (1..=6).contains(&roll) => self.rolled(roll, log),
            (Phase::Pick { roll }, Action::Move { plane, stack }) => {
                self.move_plane(roll, usize::from(plane).wrapping_sub(1), stack, log)
            }
            _ => {}
        }
    }

    /// Three players: `empty` stays unused, the others go to seats clockwise after it.
    fn draw(&mut self, empty: u8, log: &mut impl Journal) {
        self.corners = (1..CORNERS).map(|k| (empty + k) % CORNERS).collect();
        self.phase = Phase::Roll;
        log.record(|| Event::new(text::EMPTY_CORNER).msg("colour", text::colour(empty)));
        for (seat, corner) in self.corners.iter().enumerate() {
            log.record(|| {
                let colour = text::colour(*corner);
                Event::new(text::SEAT_COLOUR).seat("player", seat).msg("colour", colour)
            });
        }
    }

    /// The die shows `roll`: count sixes, then wait for a plane or resolve a roll that
    /// cannot be used.
    fn rolled(&mut self, roll: u8, log: &mut impl Journal) {
        self.last_roll = Some(roll);
        log.record(|| self.event(text::ROLLED).int("roll", roll));
        if roll == 6 {
            self.sixes += 1;
            if self.sixes == 3 {
                self.three_sixes(log);
                self.pass_turn();
                return;
            }
        }
        if self.candidates(roll).next().is_none() {
            log.record(|| self.event(text::NO_MOVE).int("roll", roll));
            self.roll_again_or_pass(roll, log);
        } else {
            self.phase = Phase::Pick { roll };
        }
    }

    /// Plays plane `plane` (index) with `roll`, if that is a legal choice.
    fn move_plane(&mut self, roll: u8, plane: usize, stack: bool, log: &mut impl Journal) {
        let Some(candidate) = self.candidates(roll).find(|c| c.plane == plane) else {
            return;
        };
        self.fly(&candidate, roll, stack, log);
        self.last_roll = None;
        if self.own_fleet().all_finished() {
            self.fleet_home(log);
        } else {
            self.roll_again_or_pass(roll, log);
        }
    }

    /// A six rolls again; anything else ends the turn.
    fn roll_again_or_pass(&mut self, roll: u8, log: &mut impl Journal) {
        if roll == 6 {
            self.phase = Phase::Roll;
            log.record(|| self.event(text::EXTRA_ROLL));
        } else {
            self.pass_turn();
        }
    }

    /// The third six: the planes moved by the first two go home (finished ones stay finished).
    fn three_sixes(&mut self, log: &mut impl Journal) {
        let corner = self.turn_corner();
        let fleet = &mut self.fleets[usize::from(corner)];
        let back = self.six_movers & fleet.mask_where(|spot| spot != Spot::Finished);
        members(back).for_each(|i| fleet.send_home(i));
        log.record(|| self.event(text::THREE_SIXES).int("count", back.count_ones()));
    }

    /// The turn's player brought the last plane home: ranked now, and the turn ends.
    fn fleet_home(&mut self, log: &mut impl Journal) {
        self.finished.push(self.turn);
        log.record(|| self.event(text::FINISHED).int("place", self.finished.len() as i64));
        if self.active_count() <= 1 {
            self.phase = Phase::Over;
        } else {
            self.pass_turn();
        }
    }

    /// The next seat still playing takes the turn.
    fn pass_turn(&mut self) {
        self.sixes = 0;
        self.six_movers = 0;
        if let Some(next) =
            (1..=self.seats).map(|d| (self.turn + d) % self.seats).find(|s| self.active(*s))
        {
            self.turn = next;
        }
        if self.phase != Phase::Draw {
            self.phase = Phase::Roll;
        }
    }
}

/// The legal moves and how they are offered.
impl Aeroplane {
    /// Every legal use of `roll` by the turn's corner, by plane number. Hangar planes are
    /// interchangeable, so only the lowest-numbered one is offered for take-off.
    fn candidates(&self, roll: u8) -> impl Iterator<Item = Candidate> + '_ {
        let corner = self.turn_corner();
        let fleet = self.own_fleet();
        let take_off = self.rules.take_off.allows(roll).then(|| fleet.first_in_hangar()).flatten();
        (0..usize::from(board::PLANES)).filter_map(move |plane| {
            if take_off == Some(plane) {
                return Some(Candidate { plane, route: Route::default() });
            }
            let Spot::Step(from) = fleet.spot(plane) else { return None };
            if leader(fleet.stack(plane)) != plane {
                return None;
            }
            let route = plan(corner, from, roll, &self.rules)?;
            Some(Candidate { plane, route })
        })
    }

    /// Own planes, outside the moving stack, that a move ends on and could join.
    fn joinable(&self, candidate: &Candidate) -> u8 {
        let end = candidate.route.destination();
        if !self.rules.stacking || !(1..board::CENTRE).contains(&end) {
            return 0;
        }
        let fleet = self.own_fleet();
        fleet.at_step(end) & !fleet.stack(candidate.plane)
    }

    /// The legal actions of `seat`, to the buttons or to search.
    fn offer(&self, seat: Seat, out: &mut impl Offer<Action>) {
        if seat != self.turn {
            return;
        }
        match self.phase {
            Phase::Roll => out.offer(|| vec![Label::msg(text::BTN_ROLL)], Action::Roll),
            Phase::Pick { roll } => self.offer_planes(roll, out),
            _ => {}
        }
    }

    /// Each plane that can use `roll`; a move that ends on own planes asks whether to join them.
    fn offer_planes(&self, roll: u8, out: &mut impl Offer<Action>) {
        for candidate in self.candidates(roll) {
            let number = plane_number(candidate.plane);
            let label = || Label::text(plane_label(candidate.plane));
            if self.joinable(&candidate) == 0 {
                out.offer(|| vec![label()], Action::Move { plane: number, stack: false });
                continue;
            }
            for (button, stack) in [(text::BTN_STACK, true), (text::BTN_NO_STACK, false)] {
                out.offer(
                    || vec![label(), Label::msg(button)],
                    Action::Move { plane: number, stack },
                );
            }
        }
    }
}

/// A move's effects on the board.
impl Aeroplane {
    /// Moves the candidate's stack through its touch-downs, sending opponents home at each,
    /// then joins own planes where it ends when the player asked to.
    fn fly(&mut self, candidate: &Candidate, roll: u8, join: bool, log: &mut impl Journal) {
        let corner = self.turn_corner();
        let group = self.own_fleet().stack(candidate.plane);
        if roll == 6 {
            self.six_movers |= group;
        }
        let (seat, plane) = (self.turn, plane_number(leader(group)));
        let mover = move |id: &str| {
            Event::new(id).seat("player", seat).int("plane", plane).int("count", group.count_ones())
        };
        if candidate.is_take_off() {
            self.fleets[usize::from(corner)].put(group, Spot::Step(0));
            log.record(|| mover(text::TOOK_OFF));
            return;
        }
        for landing in candidate.route.landings().iter().copied() {
            log.record(|| landing_event(&mover, landing));
            self.fleets[usize::from(corner)].put(group, Spot::arrive(landing.step));
            if landing.hop == Hop::Flight {
                self.shoot_danger_cell(corner, log);
            }
            self.send_home_at(corner, landing.step, log);
        }
        if join && self.joinable(candidate) != 0 {
            let end = candidate.route.destination();
            let fleet = &mut self.fleets[usize::from(corner)];
            let stack = fleet.at_step(end);
            fleet.join(stack);
            log.record(|| {
                self.event(text::STACKED)
                    .int("plane", plane_number(leader(stack)))
                    .int("count", stack.count_ones())
            });
        }
    }

    /// Sends home every opponent plane on the track square under `corner`'s `step`.
    fn send_home_at(&mut self, corner: u8, step: u8, log: &mut impl Journal) {
        let Some(target) = square(corner, step) else { return };
        for other in (0..CORNERS).filter(|other| *other != corner) {
            let Some(their_step) = board::step_of_square(other, target) else { continue };
            let hit = self.fleets[usize::from(other)].at_step(their_step);
            self.send_home(other, hit, text::SENT_HOME, log);
        }
    }

    /// The shortcut flies over the opposite corner's danger cell: its planes there go home.
    fn shoot_danger_cell(&mut self, corner: u8, log: &mut impl Journal) {
        let other = opposite(corner);
        let hit = self.fleets[usize::from(other)].at_step(DANGER_STEP);
        self.send_home(other, hit, text::DANGER_CELL_HIT, log);
    }

    /// Sends the planes `hit` of `corner` home, reported as event `id`.
    fn send_home(&mut self, corner: u8, hit: u8, id: &str, log: &mut impl Journal) {
        if hit == 0 {
            return;
        }
        let fleet = &mut self.fleets[usize::from(corner)];
        members(hit).for_each(|i| fleet.send_home(i));
        if let Some(victim) = self.corners.iter().position(|c| *c == corner) {
            log.record(|| self.event(id).seat("victim", victim).int("count", hit.count_ones()));
        }
    }
}

/// The event reporting one touch-down.
fn landing_event(mover: &impl Fn(&str) -> Event, landing: Landing) -> Event {
    let step = landing.step;
    let cell = i64::from(step) - i64::from(board::TURN_IN);
    match landing.hop {
        Hop::Roll if step >= board::CENTRE => mover(text::REACHED_CENTRE),
        Hop::Roll if step > board::TURN_IN => mover(text::MOVED_COLUMN).int("cell", cell),
        Hop::Roll => mover(text::MOVED).int("step", step),
        Hop::Bounce => mover(text::BOUNCED).int("cell", cell),
        Hop::Jump => mover(text::JUMPED).int("step", step),
        Hop::Flight => mover(text::FLEW).int("step", step),
    }
}

/// Seats, turns and ranking.
impl Aeroplane {
    /// Still playing: neither finished nor resigned.
    fn active(&self, seat: Seat) -> bool {
        !self.finished.contains(&seat) && !self.resigned.contains(&seat)
    }

    fn active_count(&self) -> usize {
        (0..self.seats).filter(|s| self.active(*s)).count()
    }

    fn turn_corner(&self) -> u8 {
        self.corner_of(self.turn).expect("corners are assigned before the first turn")
    }

    fn own_fleet(&self) -> &Fleet {
        &self.fleets[usize::from(self.turn_corner())]
    }

    /// An event about the seat to move.
    fn event(&self, id: &str) -> Event {
        Event::new(id).seat("player", self.turn)
    }

    /// Best to worst: finishers in order, then whoever is still playing, then resigned seats,
    /// the last to resign ranked highest.
    fn ranking(&self) -> Vec<Seat> {
        let playing = (0..self.seats).filter(|s| self.active(*s));
        self.finished
            .iter()
            .copied()
            .chain(playing)
            .chain(self.resigned.iter().rev().copied())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings;

    fn game(seats: usize) -> Aeroplane {
        Aeroplane::new(&Setup { seats, settings: settings::defaults(SETTINGS) }).unwrap()
    }

    #[test]
    fn seat_counts_outside_two_to_four_are_refused() {
        for seats in [0, 1, 5] {
            let setup = Setup { seats, settings: settings::defaults(SETTINGS) };
            assert!(matches!(Aeroplane::new(&setup), Err(SetupError::SeatCount { .. })));
        }
    }

    #[test]
    fn three_players_start_by_drawing_the_empty_corner() {
        let mut g = game(3);
        assert_eq!(g.to_move(), ToMove::Chance);
        assert_eq!(g.chance_outcomes().len(), 4);
        g.apply(Actor::Chance, &Action::EmptyCorner(1));
        assert_eq!(g.corners, [2, 3, 0]);
        assert_eq!(g.to_move(), ToMove::seats([0]));
    }

    #[test]
    fn an_unusable_roll_passes_without_a_button() {
        let mut g = game(2);
        g.apply(Actor::Seat(0), &Action::Roll);
        let events = g.apply(Actor::Chance, &Action::Face(3));
        assert!(events.iter().any(|e| e.id == text::NO_MOVE));
        assert_eq!(g.to_move(), ToMove::seats([1]));
    }

    #[test]
    fn only_one_take_off_is_offered_for_a_full_hangar() {
        let mut g = game(4);
        g.apply(Actor::Seat(0), &Action::Roll);
        g.apply(Actor::Chance, &Action::Face(2));
        let options = g.choices(0).options;
        assert_eq!(options.len(), 1);
        assert_eq!(options[0].action, Action::Move { plane: 1, stack: false });
    }
}
