//! The circles each side's tanks stand on, kept up to date as tanks move, so that random play
//! does not look every tank up again before each question.
//!
//! Which moves a roll allows, whether the rolled tank may drive and the route it drives all ask
//! who stands where (a [`moves::Occupancy`]); working that out from the eight tanks each time
//! was about an eighth of a random game's time, yet tanks change circles only when one drives,
//! a plane bombs one, or one is brought back. Those three actions refresh the bits; turning
//! around stays on the same circle.
//!
//! The bits are derived data, not part of a game's state: they are not stored (a game read back
//! starts without them and looks the tanks up until its next action builds them), test set-ups
//! that move tanks by hand drop them, and they do not take part in comparing two games.

use super::army::{Army, Side};
use super::moves::Occupancy;

/// A bit per circle for each side's tanks on the field, by side index, once built.
#[derive(Debug, Clone, Default)]
pub struct Occupied {
    /// `None` until built (a game read back from storage, or tanks moved by hand in a test).
    bits: Option<[u128; 2]>,
}

impl Occupied {
    /// The circles of both armies' tanks.
    pub fn new(armies: &[Army; 2]) -> Occupied {
        Occupied { bits: Some([circles(&armies[0]), circles(&armies[1])]) }
    }

    /// Who stands where, seen from `side`.
    pub fn seen_by(&self, armies: &[Army; 2], side: Side) -> Occupancy {
        Occupancy { own: self.of(armies, side), opponent: self.of(armies, side.opponent()) }
    }

    /// The circles of `side`'s tanks on the field.
    pub fn of(&self, armies: &[Army; 2], side: Side) -> u128 {
        match self.bits {
            Some(bits) => bits[side.index()],
            None => circles(&armies[side.index()]),
        }
    }

    /// Builds the bits again after tanks changed circles.
    pub fn refresh(&mut self, armies: &[Army; 2]) {
        *self = Occupied::new(armies);
    }

    /// Brings the bits of `sides` up to date after their tanks changed circles (builds all of
    /// them if they were not built yet).
    pub fn refresh_sides(&mut self, armies: &[Army; 2], sides: &[Side]) {
        let Some(bits) = &mut self.bits else { return self.refresh(armies) };
        for side in sides {
            bits[side.index()] = circles(&armies[side.index()]);
        }
    }

    /// Builds the bits if they are not built yet.
    pub fn ensure(&mut self, armies: &[Army; 2]) {
        if self.bits.is_none() {
            self.refresh(armies);
        }
    }

    /// Forgets the bits: tanks may be moved by hand.
    pub fn drop_kept(&mut self) {
        self.bits = None;
    }
}

/// Derived data: two games in the same state are equal whether or not their bits are built.
impl PartialEq for Occupied {
    fn eq(&self, _: &Occupied) -> bool {
        true
    }
}

impl Eq for Occupied {}

/// The circles of `army`'s tanks on the field, from scratch.
pub fn circles(army: &Army) -> u128 {
    let nodes = army.tanks.iter().filter_map(|tank| tank.node());
    nodes.fold(0, |bits, node| bits | 1 << node)
}

/// Who stands where, seen from `side`, looked up from scratch: what the kept bits must say.
#[cfg(test)]
pub fn occupancy_from_scratch(armies: &[Army; 2], side: Side) -> Occupancy {
    let [own, opponent] = [side, side.opponent()].map(|s| circles(&armies[s.index()]));
    Occupancy { own, opponent }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_circles_are_the_circles() {
        let mut built = 0;
        super::super::each_random_state(11, |game, stored| {
            assert!(stored.occupied.bits.is_none());
            built += usize::from(game.occupied.bits.is_some());
            for side in Side::BOTH {
                let scratch = occupancy_from_scratch(&game.armies, side);
                assert_eq!(game.occupied.seen_by(&game.armies, side), scratch);
                assert_eq!(stored.occupied.seen_by(&stored.armies, side), scratch);
            }
        });
        assert!(built > 0, "the kept bits were used");
    }
}
