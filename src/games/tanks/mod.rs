//! «Идут танки» — Tanks Are Coming, a two-player race of tanks down four crossing roads, through
//! hidden mines, rivers and rocket-guarded skies (`shared/rules/tanks-go.md`,
//! `docs/rules/tanks-go.md`).
//!
//! The pieces live apart so each can be read and tested alone: [`board`] is the road graph as
//! data, [`army`] one side's forces, [`moves`] where a tank may drive, `setup` the secret
//! set-up, `turn` the rolls, moves and turn order, `flight` the planes and rockets, `ending`
//! when the game stops and who won, `view` what each viewer may see, and `occupied` who stands
//! where, kept as tanks move so that random play need not look it up again. This file joins them
//! into the [`Game`] the table plays.
//!
//! Every random thing is a chance action drawn by the table: the die, a "random set-up", and
//! the deal of mine labels. So a logged game replays exactly, tests force any roll or deal, and
//! the game itself holds no RNG. Secrets (mine places and labels, rocket labels) stay in the
//! state; only [`Tanks::view`] of their owner shows them, and mine labels not even there.

pub mod army;
pub mod board;
mod check;
mod ending;
mod flight;
mod heuristic;
pub mod moves;
mod occupied;
mod rules;
mod secrets;
mod setup;
mod text;
mod turn;
mod view;

use serde::{Deserialize, Serialize};

pub use army::{Heading, MineLabel, Place, PlaneSpot, Side};
pub use board::NodeId;
pub use ending::{End, GUARD_TURNS};
pub use rules::{RocketLabel, Rules, SETTINGS};
pub use view::*;

pub use self::army::Army;
use crate::choice::{Choices, Offer};
use crate::event::{Event, Journal, Unrecorded};
use crate::game::{Actor, Game, Outcome, Seat, Setup, SetupError, ToMove, Viewer};
use crate::registry::GameInfo;
use crate::view::AnyView;
use occupied::Occupied;

pub static INFO: GameInfo = crate::game_info!(
    Tanks,
    aliases: &["идут танки", "танки", "tanks-go", "tanks-are-coming"],
    seats: crate::registry::SeatCounts(&[2]),
    settings: SETTINGS,
    private_setup: true,
);

/// One step of play. Tanks are numbered 0..4 within their side; circles by [`NodeId`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Set-up: lay a mine on this circle.
    Mine(NodeId),
    /// Set-up: lift the own mine from this circle.
    Unmine(NodeId),
    /// Set-up or re-arranging: put the odd rocket label (the one «Ц-П», or the one «П» with
    /// two hits) on stand 0..3; the other two get the other label.
    Rockets(u8),
    /// Set-up: let the table arrange mines and rockets at random (chance points follow).
    RandomSetup,
    /// Set-up: done.
    Confirm,
    /// Chance, in a random set-up: the next mine of the side that asked lies here.
    RandomMine(NodeId),
    /// Chance, ending a random set-up: the odd rocket label stands here.
    RandomRockets(u8),
    /// Chance: the labels of Red's and Green's mines, in the id order of their circles.
    DealMines([[MineLabel; 4]; 2]),
    /// Chance: the "1:3" die.
    Face(u8),
    /// Ask for the die.
    Roll,
    /// Turn tank 0..4 around instead of rolling.
    TurnAround(u8),
    /// Drive a tank `distance` circles, turning at the crossing in reach when `turn` is set.
    Move {
        tank: u8,
        distance: u8,
        turn: bool,
    },
    /// Send the plane on `airfield` against the opponent's tank on `target`.
    Fly {
        target: NodeId,
        airfield: u8,
    },
    /// Nothing to do but a flight, and no flight wanted: the turn ends.
    Pass,
    /// After an arrival: a destroyed tank returns on this own big circle.
    BringBack(NodeId),
    NoBringBack,
    /// After a flight over the own rockets: leave them as they are.
    KeepRockets,
}

/// What the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Phase {
    /// Both sides lay mines and label rockets in private, until both confirm.
    Setup,
    /// Chance: a random set-up for this side, one mine at a time, then the rockets.
    RandomSetup(Side),
    /// Chance: the mine labels.
    DealMines,
    /// The side to move rolls, turns a tank around or sends a plane (dice-free: moves).
    Act,
    /// Chance: the die.
    Dice,
    /// The side to move picks a tank for this roll.
    Pick(u8),
    /// The side to move may bring a destroyed tank back after an arrival.
    BringBack,
    /// This side, whose rockets a plane flew over, keeps or re-arranges them in private.
    Rearrange(Side),
    Over,
}

/// A game of «Идут танки». Seat 0 plays Red (top, moves first), seat 1 Green.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tanks {
    rules: Rules,
    armies: [Army; 2],
    phase: Phase,
    /// The side whose turn it is.
    turn: Side,
    /// Own turns each side has begun (a tank may not turn around in two running).
    turns: [u32; 2],
    /// Dice: rolls left this turn.
    rolls_left: u8,
    /// Dice-free: the distances 1..=4 used this turn, as bits 1..=4.
    used: u8,
    /// Nothing has been done yet this turn (a flight is still possible).
    fresh: bool,
    last_roll: Option<u8>,
    /// Player turns in a row without a tank destroyed, an arrival or a mine turned over.
    quiet_turns: u32,
    /// Something counted as progress in the current turn.
    progress: bool,
    last_move: Option<LastMove>,
    last_flight: Option<FlightView>,
    end: Option<End>,
    /// Who stands where, kept as tanks move (derived data: `occupied`).
    #[serde(skip)]
    occupied: Occupied,
}

impl Tanks {
    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn army(&self, side: Side) -> &Army {
        &self.armies[side.index()]
    }

    /// The side whose turn it is (or was, once the game is over).
    pub fn side_to_move(&self) -> Side {
        self.turn
    }

    pub fn quiet_turns(&self) -> u32 {
        self.quiet_turns
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Test positions: puts tank `tank` of `side` on `spot` heading `heading`, clearing its
    /// turn marks.
    #[doc(hidden)]
    pub fn place_tank(&mut self, side: Side, tank: usize, spot: board::Spot, heading: Heading) {
        let t = &mut self.armies[side.index()].tanks[tank];
        t.put(spot, heading);
        t.skip = false;
        t.resting = false;
        t.acted = false;
        t.turned_in = None;
        self.occupied.refresh(&self.armies);
    }

    /// Test positions: direct access to a side's forces (tank places, rockets, counts).
    #[doc(hidden)]
    pub fn army_mut(&mut self, side: Side) -> &mut Army {
        self.occupied.drop_kept();
        &mut self.armies[side.index()]
    }

    /// Test positions: sets the quiet-turn counter of the 120-turn guard.
    #[doc(hidden)]
    pub fn set_quiet_turns(&mut self, turns: u32) {
        self.quiet_turns = turns;
    }

    /// Test positions: begins a fresh turn of `side` (after the set-up), counting its rolls
    /// from the tanks now on the field.
    #[doc(hidden)]
    pub fn start_turn(&mut self, side: Side) -> Vec<Event> {
        let mut events = Vec::new();
        if self.end.is_none() && !matches!(self.phase, Phase::Setup) {
            self.begin_turn(side, &mut events);
        }
        events
    }

    /// The seat that acts now for a turn-phase choice, if `seat` is it.
    fn acting(&self, seat: Seat) -> Option<Side> {
        let side = Side::from_seat(seat)?;
        match self.phase {
            Phase::Act | Phase::Pick(_) | Phase::BringBack if side == self.turn => Some(side),
            Phase::Rearrange(owner) if owner == side => Some(side),
            Phase::Setup if !self.armies[side.index()].ready => Some(side),
            _ => None,
        }
    }
}

impl Game for Tanks {
    type Action = Action;

    const ID: &'static str = "tanks";
    /// What a replay lingers on: a tank captured, bombed, drowned or blown up, a plane shot down, a rocket label or a mine turned over.
    const HIGHLIGHTS: &'static [&'static str] = &[
        "tanks-captured",
        "tanks-shot-down",
        "tanks-bombed",
        "tanks-in-river",
        "tanks-mine-kill",
        "tanks-mine-dud",
        "tanks-label-hit",
        "tanks-label-miss",
        "tanks-rocket-revealed",
    ];
    /// What turns a secret over: a mine that goes off or fails, a rocket label shown.
    const REVEALS: &'static [&'static str] = &[
        "tanks-mine-kill",
        "tanks-mine-dud",
        "tanks-label-hit",
        "tanks-label-miss",
        "tanks-rocket-revealed",
    ];

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        if setup.seats != 2 {
            return Err(SetupError::SeatCount { min: 2, max: 2, got: setup.seats });
        }
        let armies = [Army::new(Side::Red), Army::new(Side::Green)];
        Ok(Tanks {
            rules: Rules::from_settings(&setup.settings)?,
            occupied: Occupied::new(&armies),
            armies,
            phase: Phase::Setup,
            turn: Side::Red,
            turns: [0, 0],
            rolls_left: 0,
            used: 0,
            fresh: false,
            last_roll: None,
            quiet_turns: 0,
            progress: false,
            last_move: None,
            last_flight: None,
            end: None,
        })
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Setup => ToMove::Seats(
                Side::BOTH.iter().filter(|s| !self.army(**s).ready).map(|s| s.seat()).collect(),
            ),
            Phase::RandomSetup(_) | Phase::DealMines | Phase::Dice => ToMove::Chance,
            Phase::Act | Phase::Pick(_) | Phase::BringBack => ToMove::seats([self.turn.seat()]),
            Phase::Rearrange(owner) => ToMove::seats([owner.seat()]),
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
            Phase::RandomSetup(side) => self.random_outcomes(side, out),
            Phase::DealMines => out.extend(setup::deals()),
            Phase::Dice => out.extend(crate::dice::faces(3, Action::Face)),
            _ => {}
        }
    }

    fn choices(&self, seat: Seat) -> Choices<Action> {
        let Some(side) = self.acting(seat) else { return Choices::default() };
        let mut choices = match self.phase {
            Phase::Setup => Choices::new(text::PROMPT_SETUP).private(),
            Phase::Act => Choices::new(self.act_prompt()),
            Phase::Pick(_) => Choices::new(text::PROMPT_PICK),
            Phase::BringBack => Choices::new(text::PROMPT_BRING_BACK),
            Phase::Rearrange(_) => Choices::new(text::PROMPT_REARRANGE).private(),
            _ => return Choices::default(),
        };
        self.offer(side, &mut choices);
        choices
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(side) = self.acting(seat) {
            self.offer(side, out);
        }
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Vec<Event> {
        let mut events = Vec::new();
        self.act(actor, action, &mut events);
        events
    }

    fn play(&mut self, actor: Actor, action: &Action) {
        self.act(actor, action, &mut Unrecorded);
    }

    /// The opponent's mines and rocket labels and every mine's label drawn anew (`secrets`).
    fn determinize(&self, seat: Seat, rng: &mut rand_chacha::ChaCha20Rng) -> Self {
        self.redraw_secrets(seat, rng)
    }

    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        let mut events = Vec::new();
        if let Some(side) = Side::from_seat(seat).filter(|_| self.end.is_none()) {
            self.finish(End::Resigned(side), &mut events);
        }
        events
    }

    fn view(&self, viewer: Viewer, selection: &[String]) -> AnyView {
        AnyView::Tanks(self.picture(viewer, selection))
    }

    fn final_view(&self) -> AnyView {
        AnyView::Tanks(self.revealed_picture())
    }

    /// Out of time in the set-up: a random set-up, then Confirm (the first options would only
    /// place and lift mines); in play, the first option (the engine's own order: the roll, or
    /// dice-free the first drive) that is neither a flight nor a turn-around — the turn is
    /// passed rather than a plane sent (every arc holds a «Ц-П», so it would be lost) or a tank
    /// turned for someone who is not there.
    fn timeout_action(&self, seat: Seat) -> Option<(Seat, Action)> {
        let choices = self.choices(seat).options;
        if matches!(self.phase, Phase::Setup) {
            let confirm = choices.iter().any(|c| c.action == Action::Confirm);
            return Some((seat, if confirm { Action::Confirm } else { Action::RandomSetup }));
        }
        let chosen =
            |action: &Action| !matches!(action, Action::Fly { .. } | Action::TurnAround(_));
        let first = choices.first().map(|choice| choice.action);
        let action = choices.into_iter().map(|choice| choice.action).find(chosen).or(first);
        action.map(|action| (seat, action))
    }

    fn seats(&self) -> usize {
        Side::BOTH.len()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|end| ending::outcome(end, &self.armies))
    }

    fn check_state(&self) -> Result<(), String> {
        self.state_error()
    }
}

/// Dispatch of actions to the module that owns their phase.
impl Tanks {
    /// Plays `action` of `actor`, telling `log` what happened.
    fn act(&mut self, actor: Actor, action: &Action, log: &mut impl Journal) {
        self.occupied.ensure(&self.armies);
        match actor {
            Actor::Chance => self.apply_chance(action, log),
            Actor::Seat(seat) => {
                if let Some(side) = self.acting(seat) {
                    self.apply_seat(side, action, log);
                }
            }
        }
    }

    fn apply_chance(&mut self, action: &Action, log: &mut impl Journal) {
        match (self.phase, *action) {
            (Phase::RandomSetup(side), Action::RandomMine(node)) => {
                self.random_mine(side, node, log)
            }
            (Phase::RandomSetup(side), Action::RandomRockets(odd)) => {
                self.random_rockets(side, odd, log)
            }
            (Phase::DealMines, Action::DealMines(labels)) => self.deal(labels, log),
            (Phase::Dice, Action::Face(face)) if (1..=3).contains(&face) => self.rolled(face, log),
            _ => {}
        }
    }

    fn apply_seat(&mut self, side: Side, action: &Action, log: &mut impl Journal) {
        match (self.phase, *action) {
            (Phase::Setup, _) => self.apply_setup(side, action, log),
            (Phase::Rearrange(owner), Action::Rockets(odd)) => {
                self.rearranged(owner, Some(odd), log)
            }
            (Phase::Rearrange(owner), Action::KeepRockets) => self.rearranged(owner, None, log),
            (Phase::Act, Action::Roll) if self.rules.dice && self.rolls_left > 0 => {
                self.phase = Phase::Dice;
                self.fresh = false;
            }
            (Phase::Act, Action::TurnAround(tank)) => self.turn_around(usize::from(tank), log),
            (Phase::Act, Action::Fly { target, airfield }) => self.fly(target, airfield, log),
            (Phase::Act, Action::Pass) => self.pass(log),
            (Phase::Act, Action::Move { tank, distance, turn }) if !self.rules.dice => {
                self.drive(usize::from(tank), distance, turn, log)
            }
            (Phase::Pick(roll), Action::Move { tank, distance, turn }) if distance == roll => {
                self.drive(usize::from(tank), distance, turn, log)
            }
            (Phase::BringBack, Action::BringBack(circle)) => self.bring_back(Some(circle), log),
            (Phase::BringBack, Action::NoBringBack) => self.bring_back(None, log),
            _ => {}
        }
    }

    /// Ends the game with `end` and announces it.
    /// The options of `side`, which may act now, to the buttons or to search.
    fn offer(&self, side: Side, out: &mut impl Offer<Action>) {
        match self.phase {
            Phase::Setup => self.offer_setup(side, out),
            Phase::Act => self.offer_act(out),
            Phase::Pick(roll) => self.offer_picks(roll, out),
            Phase::BringBack => self.offer_bring_back(out),
            Phase::Rearrange(owner) => self.offer_rearrangements(owner, out),
            _ => {}
        }
    }

    fn finish(&mut self, end: End, log: &mut impl Journal) {
        self.end = Some(end);
        self.phase = Phase::Over;
        self.rolls_left = 0;
        log.record_all(|| ending::events(end, &self.armies));
    }
}

/// Random games of both dice rules, for the tests of derived data: calls `check` with every
/// state reached and the same state read back from storage (which must compare equal).
#[cfg(test)]
fn each_random_state(seed: u64, mut check: impl FnMut(&Tanks, &Tanks)) {
    let mut rng = crate::rng::seeded(seed);
    for chosen in [["die", "one-hit"], ["no-die", "two-hits"]] {
        let settings = crate::settings::parse(SETTINGS, &chosen).expect("valid settings");
        for _ in 0..20 {
            let mut game = Tanks::new(&Setup { seats: 2, settings: settings.clone() }).unwrap();
            while let Some((actor, action)) =
                crate::harness::random_action(&game, &mut rng).unwrap()
            {
                game.play(actor, &action);
                let stored: Tanks =
                    serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
                assert_eq!(stored, game);
                check(&game, &stored);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings;

    #[test]
    fn every_text_id_is_translated() {
        let i18n = crate::i18n::I18n::new();
        for lang in crate::i18n::LANGUAGES {
            for id in text::ALL {
                assert!(i18n.has(lang, id), "{lang} lacks {id}");
            }
        }
    }

    #[test]
    fn a_game_starts_with_both_seats_setting_up() {
        let setup = Setup { seats: 2, settings: settings::defaults(SETTINGS) };
        let g = Tanks::new(&setup).unwrap();
        assert_eq!(g.to_move(), ToMove::seats([0, 1]));
        assert!(g.choices(0).private);
        let three = Setup { seats: 3, ..setup };
        assert!(matches!(Tanks::new(&three), Err(SetupError::SeatCount { .. })));
    }
}
