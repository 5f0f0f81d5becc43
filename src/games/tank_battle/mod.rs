//! «Битка на танкове» — Tank Battle, a two-player race of queen-moving tanks across an 11 × 11
//! field of mines towards the opponent's base (`shared/rules/tank-battle.md`,
//! `docs/rules/tank-battle.md`).
//!
//! The pieces of the rules live apart so that each can be read and tested alone: [`board`] is
//! the printed board as data, [`position`] where the tanks stand and what they are worth,
//! `counts` how many moves each tank has, kept up to date as they move, [`moves`] where a tank
//! may go, [`ending`] when the game stops and who won. This file joins
//! them into the [`Game`] the table plays: whose turn it is, the two-step choice (a tank, then
//! its destination, both named by square), and the events each move announces.

pub mod board;
mod counts;
pub mod ending;
mod geometry;
mod heuristic;
pub mod moves;
pub mod position;
mod view;

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

pub use self::ending::End;
pub use self::position::{Position, PositionError, Side, Tank};
pub use view::*;

use self::moves::destinations;
use crate::choice::{Choices, Label, Offer};
use crate::event::Event;
use crate::game::{Actor, Game, Outcome, Seat, Setup, SetupError, ToMove, Viewer};
use crate::rng;
use crate::view::AnyView;
use rand_chacha::ChaCha20Rng;

/// Tank Battle has no table settings.
pub const SETTINGS: &[crate::settings::SettingSpec] = &[];

pub static INFO: crate::registry::GameInfo = crate::game_info!(
    TankBattle,
    aliases: &["битка на танкове", "битка", "tankbattle", "танковый бой"],
    seats: crate::registry::SeatCounts(&[2]),
    settings: SETTINGS,
    private_setup: false,
);

/// One move: the tank on `from` goes to `to`, destroying whatever opponent's tank stood there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Move { from: Square, to: Square },
}

/// A game of Tank Battle. Seat 0 plays White and moves first, seat 1 plays Black.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TankBattle {
    position: Position,
    to_move: Side,
    /// Single moves since the last capture or base entry.
    quiet_moves: u32,
    last_move: Option<(Square, Square)>,
    end: Option<End>,
}

/// Square names built once, `[rank][file]`: every choice list labels a few hundred squares.
type Names = [[String; board::SIZE as usize]; board::SIZE as usize];

static SQUARE_NAMES: LazyLock<Names> = LazyLock::new(|| {
    std::array::from_fn(|rank| std::array::from_fn(|file| board::name((file as u8, rank as u8))))
});

fn name_in(names: &Names, sq: Square) -> &String {
    &names[usize::from(sq.1)][usize::from(sq.0)]
}

fn square_name(sq: Square) -> &'static str {
    name_in(&SQUARE_NAMES, sq)
}

/// A square's button label. Cloning a stored name is the cheapest way to a new `String`, and
/// the choice list needs two per legal move.
fn label(names: &Names, sq: Square) -> Label {
    Label::Text(name_in(names, sq).clone())
}

impl TankBattle {
    /// A game from a hand-made position in [`Position`]'s text form (`Wk1 wg1 Ba11 bc3`),
    /// `to_move` to play. An end the position already meets is found at once.
    #[doc(hidden)]
    pub fn from_position(tanks: &str, to_move: Side) -> Result<TankBattle, PositionError> {
        Ok(TankBattle::at(Position::parse(tanks)?, to_move))
    }

    /// A game from `position` with `to_move` to play and no move made yet.
    fn at(position: Position, to_move: Side) -> TankBattle {
        let mut game = TankBattle { position, to_move, quiet_moves: 0, last_move: None, end: None };
        game.settle();
        game
    }

    /// The same game with the 100-move counter set, for tests of the quiet-move end.
    #[doc(hidden)]
    pub fn with_quiet_moves(mut self, quiet_moves: u32) -> TankBattle {
        self.quiet_moves = quiet_moves;
        self.settle();
        self
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side whose turn it is (the side that would move, once the game is over).
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    pub fn quiet_moves(&self) -> u32 {
        self.quiet_moves
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Looks for an end the position meets, unless the game has already ended.
    fn settle(&mut self) {
        if self.end.is_none() {
            self.end = ending::detect(&self.position, self.to_move.opponent(), self.quiet_moves);
        }
    }

    /// The side that may act now, if `seat` is it.
    fn acting_side(&self, seat: Seat) -> Option<Side> {
        Side::from_seat(seat).filter(|side| self.end.is_none() && *side == self.to_move)
    }

    /// Whether the tank on `sq` belongs to the side to move and has somewhere to go.
    fn is_movable(&self, sq: Square) -> bool {
        let may_act =
            self.position.get(sq).is_some_and(|t| self.acting_side(t.side.seat()).is_some());
        may_act && destinations(&self.position, sq).next().is_some()
    }

    fn is_legal_move(&self, side: Side, from: Square, to: Square) -> bool {
        let owned = self.position.get(from).is_some_and(|tank| tank.side == side);
        owned && destinations(&self.position, from).any(|sq| sq == to)
    }

    /// Every move of `side`: a tank (file by file), then its destinations.
    fn offer(&self, side: Side, out: &mut impl Offer<Action>) {
        let names = &*SQUARE_NAMES;
        for (from, _) in self.position.army(side) {
            for to in destinations(&self.position, from) {
                out.offer(|| vec![label(names, from), label(names, to)], Action::Move { from, to });
            }
        }
    }

    /// Plays a legal move and settles the counters and the end, returning what the events
    /// need: the tank, the one it captured, and whether it entered the opponent's base.
    fn make_move(&mut self, from: Square, to: Square) -> (Tank, Option<Tank>, bool) {
        let side = self.to_move;
        let entered = !side.is_target_base(from) && side.is_target_base(to);
        let tank = self.position.get(from).expect("a legal move starts at a tank");
        let captured = self.position.move_tank(from, to);
        self.quiet_moves = if captured.is_some() || entered { 0 } else { self.quiet_moves + 1 };
        self.last_move = Some((from, to));
        self.to_move = side.opponent();
        self.settle();
        (tank, captured, entered)
    }

    /// Plays a legal move and returns what it announces.
    fn apply_move(&mut self, from: Square, to: Square) -> Vec<Event> {
        let side = self.to_move;
        let player = side.seat();
        let (tank, captured, entered) = self.make_move(from, to);

        let mut events = vec![
            Event::new("tb-moved")
                .seat("player", player)
                .text("from", square_name(from))
                .text("to", square_name(to)),
        ];
        if let Some(victim) = captured {
            let kind = if victim.commander { "commander" } else { "tank" };
            let event = square_event("tb-captured", player, to);
            events.push(event.seat("opponent", victim.side.seat()).text("kind", kind));
        }
        if entered {
            events.push(square_event("tb-entered-base", player, to));
        }
        if tank.commander && to == board::commander_start(side.opponent().index()) {
            events.push(square_event("tb-commander-square", player, to));
        }
        if let Some(end) = self.end {
            events.extend(ending::events(end, &self.position));
        }
        events
    }
}

/// An event about `player` and one square.
fn square_event(id: &str, player: Seat, sq: Square) -> Event {
    Event::new(id).seat("player", player).text("square", square_name(sq))
}

impl Game for TankBattle {
    type Action = Action;

    const ID: &'static str = "tank-battle";
    /// What a replay lingers on: a capture, a tank entering the enemy base.
    const HIGHLIGHTS: &'static [&'static str] = &["tb-captured", "tb-entered-base"];

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        if setup.seats != 2 {
            return Err(SetupError::SeatCount { min: 2, max: 2, got: setup.seats });
        }
        Ok(TankBattle::at(Position::start(), Side::White))
    }

    fn to_move(&self) -> ToMove {
        match self.end {
            Some(_) => ToMove::Over,
            None => ToMove::seats([self.to_move.seat()]),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        Vec::new()
    }

    fn choices(&self, seat: Seat) -> Choices<Action> {
        let Some(side) = self.acting_side(seat) else {
            return Choices::default();
        };
        let mut choices = Choices::new("prompt-tb-move");
        choices.options.reserve(128);
        self.offer(side, &mut choices);
        choices
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(side) = self.acting_side(seat) {
            self.offer(side, out);
        }
    }

    /// Draws an index below the side's number of moves, which the position keeps, and builds
    /// only that move ([`moves::nth`]): a ply has ~100 moves, and listing them was most of a
    /// random game's time.
    fn random_legal_action(
        &self,
        seat: Seat,
        rng: &mut ChaCha20Rng,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        let side = self.acting_side(seat)?;
        let n = rng::index_below(rng, moves::count(&self.position, side))?;
        let (from, to) = moves::nth(&self.position, side, n)?;
        Some(Action::Move { from, to })
    }

    fn play(&mut self, actor: Actor, action: &Action) {
        let Action::Move { from, to } = *action;
        if matches!(actor, Actor::Seat(seat) if self.acting_side(seat).is_some()) {
            self.make_move(from, to);
        }
    }

    fn is_legal(&self, seat: Seat, action: &Action) -> bool {
        let Action::Move { from, to } = *action;
        self.acting_side(seat).is_some_and(|side| self.is_legal_move(side, from, to))
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Vec<Event> {
        let Action::Move { from, to } = *action;
        let legal = match actor {
            Actor::Seat(seat) => {
                self.acting_side(seat).is_some_and(|side| self.is_legal_move(side, from, to))
            }
            Actor::Chance => false,
        };
        if legal { self.apply_move(from, to) } else { Vec::new() }
    }

    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        let Some(side) = Side::from_seat(seat).filter(|_| self.end.is_none()) else {
            return Vec::new();
        };
        let end = End::Resigned(side);
        self.end = Some(end);
        ending::events(end, &self.position)
    }

    fn view(&self, _viewer: Viewer, selection: &[String]) -> AnyView {
        let tanks = self
            .position
            .tanks()
            .map(|(square, tank)| TankView {
                side: tank.side.index(),
                commander: tank.commander,
                square,
                label: self.is_movable(square).then(|| square_name(square).to_string()),
            })
            .collect();
        let selected = selection
            .first()
            .and_then(|label| board::parse(label))
            .filter(|sq| self.is_movable(*sq));
        let destinations = selected
            .map(|from| {
                destinations(&self.position, from)
                    .map(|sq| (sq, square_name(sq).to_string()))
                    .collect()
            })
            .unwrap_or_default();
        AnyView::TankBattle(View {
            tanks,
            to_move: self.end.is_none().then_some(self.to_move.index()),
            selected,
            destinations,
            last_move: self.last_move,
            scores: ending::scores(&self.position),
            quiet_moves: self.quiet_moves,
        })
    }

    fn seats(&self) -> usize {
        2
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|end| ending::outcome(end, &self.position))
    }

    /// The board is checked while its text form is read; what else a damaged record could
    /// hold that play cannot is a last move off the board (drawn off the picture).
    fn check_state(&self) -> Result<(), String> {
        match self.last_move {
            Some((from, to)) if !crate::grid::on_grid(from) || !crate::grid::on_grid(to) => {
                Err("a last move off the board".to_string())
            }
            _ => Ok(()),
        }
    }
}
