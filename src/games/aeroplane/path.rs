//! Where one move takes a plane, as a pure function of its step and the roll: the squares it
//! touches down on, in order. Every touch-down sends opponents home, so the rules need the whole
//! list, not just the end; keeping it free of game state lets the legal-move check, the stacking
//! offer and the move itself share one computation.

use super::board::{
    self, CENTRE, DANGER_CELL, JUMP, SHORTCUT_FROM, SHORTCUT_TO, TURN_IN, is_own_colour,
};
use super::rules::Rules;

/// The home-column step of the danger cell (the opposite corner's cell 3).
pub const DANGER_STEP: u8 = TURN_IN + DANGER_CELL;

/// How the plane reached a touch-down square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hop {
    /// The end of the roll.
    Roll,
    /// The end of a roll that overshot the centre and came back (bounce setting).
    Bounce,
    /// A jump from an own-colour square to the next one.
    Jump,
    /// The shortcut flight from step 18 to step 30.
    Flight,
}

/// One square a plane touches down on during its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    pub hop: Hop,
    /// The step (1..=56) on the mover's own path.
    pub step: u8,
}

/// The touch-downs of one move, in order: at most a roll's end, one jump and one flight.
/// A fixed array, not a `Vec`: legal moves are listed on every action of random play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    stops: [Landing; 3],
    len: usize,
}

impl Default for Route {
    fn default() -> Self {
        Route { stops: [Landing { hop: Hop::Roll, step: 0 }; 3], len: 0 }
    }
}

impl Route {
    /// The touch-downs; none for a take-off.
    pub fn landings(&self) -> &[Landing] {
        &self.stops[..self.len]
    }

    /// The step the move ends on (0, the launch square, for a take-off).
    pub fn destination(&self) -> u8 {
        self.landings().last().map_or(0, |l| l.step)
    }

    fn push(&mut self, landing: Landing) {
        self.stops[self.len] = landing;
        self.len += 1;
    }
}

/// The touch-downs of a plane of `corner` on step `from` (0..=55) moving `roll`, or `None` when
/// the roll would overshoot the centre and the centre needs an exact roll.
pub fn plan(corner: u8, from: u8, roll: u8, rules: &Rules) -> Option<Route> {
    let mut route = Route::default();
    route.push(end_of_roll(from, roll, rules)?);
    let (mut jumped, mut flew) = (false, false);
    while let Some(&last) = route.landings().last() {
        let next = if last.step == SHORTCUT_FROM && !flew {
            flew = true;
            Landing { hop: Hop::Flight, step: SHORTCUT_TO }
        } else if !jumped && may_jump(corner, last, rules) {
            jumped = true;
            Landing { hop: Hop::Jump, step: last.step + JUMP }
        } else {
            break;
        };
        route.push(next);
    }
    Some(route)
}

/// Where the roll itself ends.
fn end_of_roll(from: u8, roll: u8, rules: &Rules) -> Option<Landing> {
    let target = from + roll;
    if target <= CENTRE {
        Some(Landing { hop: Hop::Roll, step: target })
    } else if rules.bounce {
        Some(Landing { hop: Hop::Bounce, step: 2 * CENTRE - target })
    } else {
        None
    }
}

/// Whether a touch-down on `at` jumps on: own colour before the turn-in square, and after a
/// flight only with the fly-then-jump setting.
fn may_jump(corner: u8, at: Landing, rules: &Rules) -> bool {
    at.step < TURN_IN
        && is_own_colour(corner, at.step)
        && (at.hop != Hop::Flight || rules.fly_then_jump)
}

/// The track square under `corner`'s step, when the step is on the shared outer track.
pub fn square(corner: u8, step: u8) -> Option<u8> {
    (1..=TURN_IN).contains(&step).then(|| board::track_square(corner, step))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::aeroplane::rules::TakeOff;

    const EXACT: Rules =
        Rules { take_off: TakeOff::Even, bounce: false, fly_then_jump: false, stacking: true };

    fn steps(corner: u8, from: u8, roll: u8, rules: &Rules) -> Option<Vec<u8>> {
        plan(corner, from, roll, rules).map(|r| r.landings().iter().map(|l| l.step).collect())
    }

    #[test]
    fn plain_squares_stop_where_the_roll_ends() {
        assert_eq!(steps(1, 0, 3, &EXACT), Some(vec![3]));
        assert_eq!(steps(1, 50, 6, &EXACT), Some(vec![56]));
    }

    #[test]
    fn jumps_and_flights_chain_at_most_once_each() {
        for corner in 0..4 {
            assert_eq!(steps(corner, 0, 2, &EXACT), Some(vec![2, 6]));
            assert_eq!(steps(corner, 10, 4, &EXACT), Some(vec![14, 18, 30]));
            assert_eq!(steps(corner, 12, 6, &EXACT), Some(vec![18, 30]));
            assert_eq!(steps(corner, 44, 2, &EXACT), Some(vec![46, 50]));
            assert_eq!(steps(corner, 45, 5, &EXACT), Some(vec![50]));
            assert_eq!(steps(corner, 24, 6, &EXACT), Some(vec![30, 34]));
        }
        let ftj = Rules { fly_then_jump: true, ..EXACT };
        assert_eq!(steps(0, 12, 6, &ftj), Some(vec![18, 30, 34]));
        assert_eq!(steps(0, 10, 4, &ftj), Some(vec![14, 18, 30]));
    }

    #[test]
    fn overshoot_is_refused_or_bounces() {
        assert_eq!(steps(2, 52, 5, &EXACT), None);
        let bounce = Rules { bounce: true, ..EXACT };
        assert_eq!(steps(2, 52, 5, &bounce), Some(vec![55]));
        assert_eq!(steps(2, 55, 6, &bounce), Some(vec![51]));
        assert_eq!(plan(2, 55, 6, &bounce).unwrap().landings()[0].hop, Hop::Bounce);
    }
}
