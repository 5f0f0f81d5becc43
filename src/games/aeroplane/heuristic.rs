//! The computer's judgement of Aeroplane Chess (issue 16): take a capture when there is one,
//! else a jump or a flight, else advance the rearmost plane (a take-off first of all). A
//! position is judged by the rolls each seat's fleet still needs to bring its planes home
//! ([`super::race`]).

use super::board::{CENTRE, CORNERS, PLANES};
use super::race::{RaceTable, place};
use super::{Action, Aeroplane, Phase, Spot};
use crate::ai::{Heuristic, logistic};
use crate::game::{Actor, Game, Seat};

/// Steps a plane has come: 0 in the hangar, 1 on the launch square, `CENTRE + 1` home.
fn progress(spot: Spot) -> i32 {
    match spot {
        Spot::Hangar => 0,
        Spot::Step(step) => i32::from(step) + 1,
        Spot::Finished => i32::from(CENTRE) + 1,
    }
}

impl Aeroplane {
    /// Planes of corners other than `own` standing out of their hangar.
    fn others_out(&self, own: u8) -> i32 {
        let out = |corner: u8| {
            (1..=PLANES).filter(|n| matches!(self.spot(corner, *n), Spot::Step(_))).count() as i32
        };
        (0..CORNERS).filter(|c| *c != own).map(out).sum()
    }
}

/// How many rolls of lead make a seat's race worth about 0.73: a fleet's remaining rolls spread
/// by several rolls either way, so a lead of a few rolls is likely but far from sure.
const RACE_SCALE: f64 = 6.0;

/// Rolls the seat about to roll is ahead by: its next roll is already its own, and in a race
/// of two the one who rolls first wins a tie of rolls. The search judges positions at
/// different points of a turn (after a six the mover rolls again), and this keeps them
/// comparable; 0, 0.5 and 1 scored within noise of each other over 2,000 duels
/// (docs/performance-journal.md), and half a roll is the even split.
const TEMPO: f64 = 0.5;

impl Heuristic for Aeroplane {
    /// No playout: the race table judges the position where the tree ends. Random playouts
    /// were what let the search see a race at all when a position was judged by its steps
    /// (60 actions: 92 % against random, 4: 78 %); with the table the search is as strong
    /// without them and four to eight times cheaper a move (docs/performance-journal.md).
    const PLAYOUT_ACTIONS: u32 = 0;

    /// A turn is a roll of six faces and a choice among at most four planes, and nothing is
    /// hidden: looked at exactly, five plies (the move, the opponent's roll and move, the next
    /// roll and move) beat the tree search's sampled dice against random play, 95.1 % against
    /// 93.8 % over the same 6,000 games, in about the same time a move
    /// (docs/performance-journal.md).
    const EXPECTIMAX: bool = true;

    fn prepare(&self) {
        RaceTable::for_rules(&self.rules);
    }

    /// The race as the table of expected rolls sees it ([`super::race`]): the rolls the
    /// other seats' fleets still need on average against the seat's own (less [`TEMPO`] for
    /// the seat about to roll), about 0.73 at a lead of [`RACE_SCALE`] rolls.
    fn evaluate(&self, seat: Seat) -> f64 {
        let Some(own) = self.corner_of(seat) else { return 0.5 };
        let table = RaceTable::for_rules(&self.rules);
        let about_to_roll = matches!(self.phase, Phase::Roll | Phase::Dice)
            .then(|| self.corner_of(self.turn))
            .flatten();
        let rolls = |corner: u8| {
            let own_roll = if about_to_roll == Some(corner) { TEMPO } else { 0.0 };
            f64::from(table.rolls(std::array::from_fn(|i| place(self.spot(corner, i as u8 + 1)))))
                - own_roll
        };
        // Every leaf of the search comes here: sum the others without collecting them.
        let (sum, count) = (0..self.seats)
            .filter(|s| *s != seat)
            .filter_map(|s| self.corner_of(s))
            .fold((0.0, 0u32), |(sum, count), corner| (sum + rolls(corner), count + 1));
        if count == 0 {
            return 0.5;
        }
        logistic(sum / f64::from(count) - rolls(own), RACE_SCALE)
    }

    fn score(&self, seat: Seat, action: &Action) -> i32 {
        let (Action::Move { plane, .. }, Phase::Pick { roll }, Some(corner)) =
            (*action, self.phase, self.corner_of(seat))
        else {
            return 0;
        };
        let mut after = self.clone();
        Game::play(&mut after, Actor::Seat(seat), action);
        let captures = self.others_out(corner) - after.others_out(corner);
        let from = progress(self.spot(corner, plane));
        let gain = progress(after.spot(corner, plane)) - from;
        let took_off = from == 0;
        let jumped = !took_off && gain > i32::from(roll);
        let finished = after.spot(corner, plane) == Spot::Finished;
        captures.max(0) * 100_000
            + i32::from(jumped) * (10_000 + gain * 10)
            + i32::from(finished) * 5_000
            + (i32::from(CENTRE) + 2 - from) * 10
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;
    use crate::games::aeroplane::SETTINGS;
    use crate::settings;

    /// `ai::choose` asks a game to prepare before a search starts its clock; Aeroplane Chess
    /// builds the race table of the table's own rules then.
    #[test]
    fn preparing_builds_the_race_table_of_the_tables_rules() {
        // Rules no other test of this binary plays, so nothing has built their table yet.
        let chosen = ["takeoff=five-six", "fly-then-jump=on"];
        let setup = Setup { seats: 2, settings: settings::parse(SETTINGS, &chosen).unwrap() };
        let game = Aeroplane::new(&setup).unwrap();
        assert!(!RaceTable::is_built(&game.rules));
        game.prepare();
        assert!(RaceTable::is_built(&game.rules));
    }
}
