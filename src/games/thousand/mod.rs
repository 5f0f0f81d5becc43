//! «Tysiąc na szachownicy» — A Thousand on the Chessboard: four colours of nine pawns race
//! along diagonal lanes from their corners to the opposite corner, jumping but never capturing,
//! with a score pad for the valued crossings in the middle (`shared/rules/thousand.md`,
//! `docs/rules/thousand.md`).
//!
//! The pieces of the rules live apart so that each can be read and tested alone: [`board`] is
//! the printed board as data, [`seating`] who commands which colour, [`position`] where the
//! pawns stand, [`moves`] where a pawn may step or hop, [`pad`] the score pad, [`scoring`] the
//! final count, [`ending`] when the game stops and who won. [`turn`] plays a move and passes the
//! turn on; this file joins them into the [`Game`] the table plays: the opening draw of colours
//! (a chance action), the choices (a pawn, then its destination, both named by square; during a
//! jump chain the next hop or "stop here"), and the view.

pub mod board;
mod check;
pub mod ending;
mod geometry;
mod heuristic;
pub mod moves;
pub mod pad;
mod picture;
pub mod position;
pub mod scoring;
pub mod seating;
mod sheet;
mod text;
mod turn;
mod view;

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

pub use self::ending::{End, ROUNDS};
pub use self::position::{Position, PositionError};
pub use self::seating::{SETTINGS, Seating};
pub use view::*;

use self::geometry::{CELLS, index};
use self::moves::Mover;
use self::pad::{CHARGE, Pad};
use crate::choice::{Choices, Label, Offer};
use crate::event::{Arg, Event, Journal, Unrecorded};
use crate::game::{Actor, Game, Outcome, Seat, Setup, SetupError, ToMove, Viewer};
use crate::registry::{GameInfo, SeatCounts};
use crate::rng;
use crate::view::AnyView;
use rand_chacha::ChaCha20Rng;

pub static INFO: GameInfo = crate::game_info!(
    Thousand,
    aliases: &["tysiąc", "tysiac", "tysiąc na szachownicy", "тысяча", "1000"],
    seats: SeatCounts(&[2, 4]),
    settings: SETTINGS,
    private_setup: false,
);

/// One step of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Chance, before the first turn: the colours are handed out the `n`-th way
    /// ([`Seating::drawn`]).
    Draw(u8),
    /// The pawn on `from` steps to the neighbouring square `to`, or hops to `to` over the pawn
    /// between — a jump's first hop, or the next hop of a chain in progress.
    Move { from: Square, to: Square },
    /// The jump chain in progress ends where the pawn stands.
    Stop,
}

/// A jump in progress: the pawn's square and the direction all its hops keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Chain {
    at: Square,
    /// Index into [`geometry::DIAGONALS`].
    direction: usize,
}

/// A legal `Move`: a hop (a jump's first or next) along `DIAGONALS[d]`, or a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MoveKind {
    Hop(usize),
    Step,
}

/// The one of the [`geometry::DIAGONALS`] along which a hop from `from` lands on `to`, two
/// squares away; none when `to` is not two squares along a diagonal.
fn hop_diagonal(from: Square, to: Square) -> Option<usize> {
    let leads_to = |step: &(i8, i8)| board::offset(from, *step, 2) == Some(to);
    geometry::DIAGONALS.iter().position(leads_to)
}

/// A game of «Tysiąc na szachownicy».
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thousand {
    seating: Seating,
    /// The colours have been drawn (the game's opening chance action).
    drawn: bool,
    position: Position,
    /// The colour whose turn it is (the one that would move, once the game is over).
    to_move: Colour,
    chain: Option<Chain>,
    /// Turns played: every colour's move or pass is one.
    turn: u32,
    /// Turns each colour has had.
    turns: [u32; 4],
    pad: Pad,
    last_move: Option<MoveView>,
    /// Seats in the order they resigned.
    resigned: Vec<Seat>,
    end: Option<End>,
}

/// Square names built once, by grid index: every choice list labels dozens of squares.
static SQUARE_NAMES: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..CELLS).map(|i| board::name(geometry::square(i))).collect());

fn square_name(sq: Square) -> &'static str {
    &SQUARE_NAMES[index(sq)]
}

impl Thousand {
    /// A game from a hand-made position in [`Position`]'s text form (`Sa1 Sc3 Ee5 Nk11`),
    /// `to_move` to play, no turn played yet. An end the position already meets is found at
    /// once, and a colour without a move passes.
    #[doc(hidden)]
    pub fn from_position(form: Form, pawns: &str, to_move: Colour) -> Result<Thousand, String> {
        let seating = Seating::drawn(form, 0);
        let position = Position::parse(pawns).map_err(|e| e.to_string())?;
        if let Some((sq, _)) = position.pawns().find(|(_, c)| seating.seat_of(*c).is_none()) {
            return Err(format!("nobody plays the pawn on {} in this form", board::name(sq)));
        }
        if seating.seat_of(to_move).is_none() {
            return Err(format!("nobody plays colour {to_move} in this form"));
        }
        let mut game = Thousand::at(seating, position, to_move);
        game.settle(&mut Unrecorded);
        Ok(game)
    }

    /// The same game with every colour having had `turns` turns already, for tests of the
    /// round limit.
    #[doc(hidden)]
    pub fn with_turns(mut self, turns: u32) -> Thousand {
        for colour in self.seating.colours() {
            self.turns[usize::from(*colour)] = turns;
        }
        self.turn = turns * self.seating.colours().len() as u32;
        self.settle(&mut Unrecorded);
        self
    }

    fn at(seating: Seating, position: Position, to_move: Colour) -> Thousand {
        Thousand {
            seating,
            drawn: true,
            position,
            to_move,
            chain: None,
            turn: 0,
            turns: [0; 4],
            pad: Pad::default(),
            last_move: None,
            resigned: Vec::new(),
            end: None,
        }
    }

    pub fn form(&self) -> Form {
        self.seating.form
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The colour whose turn it is.
    pub fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// The square of the pawn in the middle of a jump chain, if one is in progress.
    pub fn chain_at(&self) -> Option<Square> {
        self.chain.map(|c| c.at)
    }

    pub fn pad(&self) -> &Pad {
        &self.pad
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Turns played so far (moves and passes).
    pub fn turns_played(&self) -> u32 {
        self.turn
    }

    /// Every seat's score as it would stand if the game ended now (the final score once over).
    pub fn scores(&self) -> Vec<Breakdown> {
        let finisher = self.end.and_then(End::finisher);
        scoring::breakdowns(&self.position, &self.seating, &self.pad, finisher)
    }

    /// The seat commanding `colour`, if any.
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.seating.seat_of(colour)
    }

    /// The pawns of `colour` and the colours they may not jump.
    fn mover(&self, colour: Colour) -> Mover {
        let own = self.seating.seat_of(colour).map_or(0, |seat| self.seating.own_mask(seat));
        Mover { colour, own }
    }

    /// Whether `colour` still takes turns: a seat commands it and has not resigned.
    fn playing(&self, colour: Colour) -> bool {
        self.seating.seat_of(colour).is_some_and(|seat| !self.resigned.contains(&seat))
    }

    /// The colour `seat` moves now, if it is that seat's turn.
    fn acting(&self, seat: Seat) -> Option<Colour> {
        (self.drawn && self.end.is_none() && self.seating.seat_of(self.to_move) == Some(seat))
            .then_some(self.to_move)
    }

    /// "Colours are drawn by lot": hands them out the `n`-th way and announces who plays what.
    fn draw(&mut self, n: u8, log: &mut impl Journal) {
        self.seating = Seating::drawn(self.seating.form, usize::from(n));
        self.drawn = true;
        for c in self.seating.colours() {
            log.record(|| {
                let corner = board::CORNERS[usize::from(*c)];
                self.announce(text::SEAT_COLOUR, *c).text("corner", square_name(corner))
            });
        }
    }

    /// How many pawns of `colour` could jump now.
    fn could_jump(&self, colour: Colour) -> u8 {
        let count = self.mover(colour).jumper_set(&self.position).len();
        u8::try_from(count).unwrap_or(u8::MAX)
    }

    /// Whether the pawn on `sq` belongs to the colour to move and can move now (outside a
    /// chain).
    fn is_movable(&self, sq: Square) -> bool {
        self.end.is_none()
            && self.chain.is_none()
            && self.position.get(sq) == Some(self.to_move)
            && self.mover(self.to_move).can_move(&self.position, index(sq))
    }

    /// The hop a legal `Move` from `from` to `to` makes, as its direction; none for a step or
    /// an illegal move.
    fn hop_direction(&self, colour: Colour, from: Square, to: Square) -> Option<usize> {
        if self.position.get(from) != Some(colour) {
            return None;
        }
        let mover = self.mover(colour);
        match self.chain {
            Some(chain) => (chain.at == from
                && mover.hop(&self.position, index(from), chain.direction) == Some(index(to)))
            .then_some(chain.direction),
            None => {
                let direction = hop_diagonal(from, to)?;
                let hop = mover.hop(&self.position, index(from), direction);
                (hop == Some(index(to))).then_some(direction)
            }
        }
    }

    /// What a `Move` from `from` to `to` of `colour` is, if it is legal: a hop in some
    /// direction or a step. Asked once per action played, for its legality and its kind both.
    fn move_kind(&self, colour: Colour, from: Square, to: Square) -> Option<MoveKind> {
        // A step goes one square, a hop two: only one of them can lead from `from` to `to`.
        let distance = from.0.abs_diff(to.0).max(from.1.abs_diff(to.1));
        if distance != 1 {
            return self.hop_direction(colour, from, to).map(MoveKind::Hop);
        }
        let step = self.chain.is_none()
            && self.position.get(from) == Some(colour)
            && self.mover(colour).steps(&self.position, index(from)).any(|at| at == index(to));
        step.then_some(MoveKind::Step)
    }

    /// What a move already known to be legal is: a step goes one square, a hop two, along the
    /// chain's diagonal or the one that leads to `to`. [`Game::play`] asks this, not
    /// [`Thousand::move_kind`], which checks the move on the board as well.
    fn trusted_move_kind(&self, from: Square, to: Square) -> MoveKind {
        let distance = from.0.abs_diff(to.0).max(from.1.abs_diff(to.1));
        if distance == 1 {
            return MoveKind::Step;
        }
        MoveKind::Hop(hop_diagonal(from, to).expect("a hop goes along a diagonal"))
    }

    fn is_legal_move(&self, colour: Colour, from: Square, to: Square) -> bool {
        self.move_kind(colour, from, to).is_some()
    }

    /// The moves of `colour`, which moves now: inside a jump chain the next hop and Stop, else
    /// every pawn's steps and jumps.
    fn offer(&self, colour: Colour, out: &mut impl Offer<Action>) {
        let mover = self.mover(colour);
        if let Some(chain) = self.chain {
            if let Some(hop) = self.next_hop(mover, chain) {
                let Action::Move { to, .. } = hop else { unreachable!("a hop is a move") };
                out.offer(|| vec![Label::Text(square_name(to).to_string())], hop);
            }
            out.offer(|| vec![Label::msg(text::BTN_STOP)], Action::Stop);
            return;
        }
        // Counted only when a label needs it: what a charged step costs.
        let could_jump = std::cell::OnceCell::new();
        for from in self.position.pawns_of(colour) {
            for (to, jump) in mover.destinations(&self.position, from) {
                let path = || {
                    let could_jump = *could_jump.get_or_init(|| self.could_jump(colour));
                    vec![
                        Label::Text(square_name(from).to_string()),
                        Thousand::destination_label(to, jump, could_jump),
                    ]
                };
                out.offer(path, Action::Move { from, to });
            }
        }
    }

    /// The next hop of the jump chain in progress, if it may go on: offered before Stop.
    fn next_hop(&self, mover: Mover, chain: Chain) -> Option<Action> {
        let to = mover.hop(&self.position, index(chain.at), chain.direction)?;
        Some(Action::Move { from: chain.at, to: geometry::square(to) })
    }

    /// The `n`-th (from 0) of the moves [`Thousand::offer`] lists for `colour`, building no
    /// other: in a chain the hop or Stop, else each pawn's moves counted ([`Mover::counted`])
    /// and only the drawn one built. `draw` picks `n` from the number of moves.
    fn drawn_move(
        &self,
        colour: Colour,
        draw: impl FnOnce(usize) -> Option<usize>,
    ) -> Option<Action> {
        let mover = self.mover(colour);
        if let Some(chain) = self.chain {
            let hop = self.next_hop(mover, chain);
            let n = draw(usize::from(hop.is_some()) + 1)?;
            return if n == 0 { hop.or(Some(Action::Stop)) } else { Some(Action::Stop) };
        }
        let counted = mover.counted(&self.position);
        let (from, to) = counted.nth(&self.position, draw(counted.len())?)?;
        Some(Action::Move { from, to })
    }

    /// Plays `action` of `actor` if it is legal, telling `log` what happened.
    fn act(&mut self, actor: Actor, action: &Action, log: &mut impl Journal) {
        match (actor, *action) {
            (Actor::Chance, Action::Draw(n)) if !self.drawn => self.draw(n, log),
            (Actor::Seat(seat), Action::Move { from, to }) => {
                let kind = self.acting(seat).and_then(|colour| self.move_kind(colour, from, to));
                match kind {
                    Some(MoveKind::Hop(direction)) => self.hop(from, to, direction, log),
                    Some(MoveKind::Step) => self.step(from, to, log),
                    None => {}
                }
            }
            (Actor::Seat(seat), Action::Stop) if self.acting(seat).is_some() => self.stop(log),
            _ => {}
        }
    }

    /// The button label of a destination: the square, and for a charged step what it costs.
    fn destination_label(to: Square, jump: bool, could_jump: u8) -> Label {
        let name = square_name(to);
        if jump || could_jump == 0 {
            return Label::Text(name.to_string());
        }
        let args = vec![
            ("square".to_string(), Arg::Text(name.to_string())),
            ("cost".to_string(), Arg::Int(CHARGE * i64::from(could_jump))),
            ("pawns".to_string(), Arg::Int(i64::from(could_jump))),
        ];
        Label::described(name, text::BTN_CHARGED, args)
    }
}

impl Game for Thousand {
    type Action = Action;

    const ID: &'static str = "thousand";
    /// What a replay lingers on: a jump, a pawn reaching the opponent's field.
    const HIGHLIGHTS: &'static [&'static str] = &["thousand-hopped", "thousand-entered"];

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        let seating = Seating::new(setup.seats, &setup.settings)?;
        let position = Position::start(seating.colours());
        Ok(Thousand { drawn: false, ..Thousand::at(seating, position, 0) })
    }

    fn to_move(&self) -> ToMove {
        match (self.drawn, self.end, self.seating.seat_of(self.to_move)) {
            (false, _, _) => ToMove::Chance,
            (true, None, Some(seat)) => ToMove::seats([seat]),
            _ => ToMove::Over,
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        let mut outcomes = Vec::new();
        self.chance_outcomes_into(&mut outcomes);
        outcomes
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, u32)>) {
        if !self.drawn {
            let draws = Seating::draws(self.seating.form) as u8;
            out.extend((0..draws).map(|n| (Action::Draw(n), 1)));
        }
    }

    fn choices(&self, seat: Seat) -> Choices<Action> {
        let Some(colour) = self.acting(seat) else {
            return Choices::default();
        };
        let prompt = match self.chain {
            Some(_) => text::PROMPT_CHAIN,
            None if self.could_jump(colour) > 0 => text::PROMPT_JUMP,
            None => text::PROMPT_MOVE,
        };
        let mut choices = Choices::new(prompt);
        self.offer(colour, &mut choices);
        choices
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(colour) = self.acting(seat) {
            self.offer(colour, out);
        }
    }

    /// Counts each pawn's moves and lists only the drawn pawn's ([`Thousand::drawn_move`]).
    fn random_legal_action(
        &self,
        seat: Seat,
        rng: &mut ChaCha20Rng,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        let colour = self.acting(seat)?;
        self.drawn_move(colour, |len| rng::index_below(rng, len))
    }

    fn is_legal(&self, seat: Seat, action: &Action) -> bool {
        let Some(colour) = self.acting(seat) else { return false };
        match *action {
            Action::Draw(_) => false,
            Action::Stop => self.chain.is_some(),
            Action::Move { from, to } => self.is_legal_move(colour, from, to),
        }
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Vec<Event> {
        let mut events = Vec::new();
        self.act(actor, action, &mut events);
        events
    }

    fn play(&mut self, actor: Actor, action: &Action) {
        debug_assert!(match actor {
            Actor::Seat(seat) => self.is_legal(seat, action),
            Actor::Chance => self.chance_outcomes().iter().any(|(a, _)| a == action),
        });
        match (actor, *action) {
            (Actor::Seat(_), Action::Move { from, to }) => match self.trusted_move_kind(from, to) {
                MoveKind::Hop(direction) => self.hop(from, to, direction, &mut Unrecorded),
                MoveKind::Step => self.step(from, to, &mut Unrecorded),
            },
            _ => self.act(actor, action, &mut Unrecorded),
        }
    }

    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        if self.end.is_some() || seat >= self.seating.seats() || self.resigned.contains(&seat) {
            return Vec::new();
        }
        self.resign_seat(seat)
    }

    fn view(&self, _viewer: Viewer, selection: &[String]) -> AnyView {
        AnyView::Thousand(self.picture(selection))
    }

    fn seats(&self) -> usize {
        self.seating.seats()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|end| ending::outcome(end, &self.scores(), &self.resigned))
    }

    fn score_sheet(&self) -> Option<crate::sheet::Sheet> {
        Some(self.sheet())
    }

    fn check_state(&self) -> Result<(), String> {
        self.state_error()
    }
}
