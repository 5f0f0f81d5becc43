//! One corner's four planes and how they are stacked.
//!
//! A stack is a bitmask of plane indices stored on each of its members. A mask (not a shared
//! "stacked" flag) lets two stacks share a square when the player declines to join them, and
//! lets one member leave a stack (three sixes) without renumbering the others.

use serde::{Deserialize, Serialize};

use super::board::{CENTRE, PLANES};

/// Where a plane is, on its own path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spot {
    Hangar,
    /// Step 0 (launch square) to 55 (last home-column cell).
    Step(u8),
    /// Reached the centre; face down in the hangar.
    Finished,
}

impl Spot {
    /// The spot for a plane that arrives at `step`; the centre means finished.
    pub fn arrive(step: u8) -> Spot {
        if step >= CENTRE { Spot::Finished } else { Spot::Step(step) }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Plane {
    spot: Spot,
    /// The members of this plane's stack, itself included.
    stack: u8,
}

/// A corner's planes, indexed 0..4 (the plane numbered `i + 1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    planes: [Plane; PLANES as usize],
}

/// The mask of plane `i` alone.
pub fn bit(i: usize) -> u8 {
    1 << i
}

/// The plane indices in `mask`, lowest first.
pub fn members(mask: u8) -> impl Iterator<Item = usize> {
    (0..usize::from(PLANES)).filter(move |i| mask & bit(*i) != 0)
}

/// The lowest plane index of a non-empty mask: the plane that names a stack.
pub fn leader(mask: u8) -> usize {
    mask.trailing_zeros() as usize
}

impl Default for Fleet {
    fn default() -> Self {
        let mut planes = [Plane { spot: Spot::Hangar, stack: 0 }; PLANES as usize];
        for (i, plane) in planes.iter_mut().enumerate() {
            plane.stack = bit(i);
        }
        Fleet { planes }
    }
}

impl Fleet {
    pub fn spot(&self, i: usize) -> Spot {
        self.planes[i].spot
    }

    /// The stack plane `i` belongs to (just itself when alone).
    pub fn stack(&self, i: usize) -> u8 {
        self.planes[i].stack
    }

    /// The lowest-numbered plane in the hangar.
    pub fn first_in_hangar(&self) -> Option<usize> {
        (0..self.planes.len()).find(|i| self.spot(*i) == Spot::Hangar)
    }

    /// The planes standing on `step`.
    pub fn at_step(&self, step: u8) -> u8 {
        let mut mask = 0;
        for (i, plane) in self.planes.iter().enumerate() {
            if plane.spot == Spot::Step(step) {
                mask |= bit(i);
            }
        }
        mask
    }

    /// The planes whose spot satisfies `test`.
    pub fn mask_where(&self, test: impl Fn(Spot) -> bool) -> u8 {
        (0..self.planes.len()).filter(|i| test(self.spot(*i))).fold(0, |m, i| m | bit(i))
    }

    pub fn all_finished(&self) -> bool {
        self.planes.iter().all(|p| p.spot == Spot::Finished)
    }

    /// Moves every plane of `mask` to `spot`; off the board they stand alone again.
    pub fn put(&mut self, mask: u8, spot: Spot) {
        for i in members(mask) {
            self.planes[i].spot = spot;
        }
        if !matches!(spot, Spot::Step(_)) {
            members(mask).for_each(|i| self.leave_stack(i));
        }
    }

    /// Sends plane `i` back to the hangar, out of any stack.
    pub fn send_home(&mut self, i: usize) {
        self.put(bit(i), Spot::Hangar);
    }

    /// Puts plane `i` alone on `spot` (test positions).
    pub fn place(&mut self, i: usize, spot: Spot) {
        self.leave_stack(i);
        self.planes[i].spot = spot;
    }

    /// Makes the planes of `mask` one stack.
    pub fn join(&mut self, mask: u8) {
        for i in members(mask) {
            self.planes[i].stack = mask;
        }
    }

    /// Why no game could leave these planes so, if none could ([`crate::game::Game::check_state`]):
    /// a plane past the end of its path, or a stack its members disagree about — one that
    /// does not hold its own plane, a plane stacked off the board, members that list another
    /// stack or stand elsewhere.
    pub fn check(&self) -> Result<(), String> {
        for (i, plane) in self.planes.iter().enumerate() {
            let number = i + 1;
            if let Spot::Step(step) = plane.spot
                && step >= CENTRE
            {
                return Err(format!("plane {number} is at step {step} of a {CENTRE}-step path"));
            }
            let stack = plane.stack;
            if stack & bit(i) == 0 || stack >> PLANES != 0 {
                return Err(format!("plane {number}'s stack {stack:#06b} does not hold it"));
            }
            if stack != bit(i) && !matches!(plane.spot, Spot::Step(_)) {
                return Err(format!("plane {number} is stacked off the board"));
            }
            if let Some(j) = members(stack).find(|j| self.planes[*j] != *plane) {
                return Err(format!("planes {number} and {} disagree about their stack", j + 1));
            }
        }
        Ok(())
    }

    /// Takes plane `i` out of its stack; the rest stay stacked together.
    fn leave_stack(&mut self, i: usize) {
        let rest = self.planes[i].stack & !bit(i);
        for j in members(rest) {
            self.planes[j].stack = rest;
        }
        self.planes[i].stack = bit(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaving_a_stack_keeps_the_others_together() {
        let mut fleet = Fleet::default();
        fleet.put(0b1011, Spot::Step(20));
        fleet.join(0b1011);
        fleet.send_home(0);
        assert_eq!(fleet.stack(1), 0b1010);
        assert_eq!(fleet.stack(3), 0b1010);
        assert_eq!(fleet.stack(0), 0b0001);
        assert_eq!(fleet.first_in_hangar(), Some(0));
    }

    /// Every way [`Fleet::check`] refuses planes, each alone, and the fleets play makes pass.
    #[test]
    fn a_damaged_fleet_is_refused() {
        let mut stacked = Fleet::default();
        stacked.put(0b0011, Spot::Step(20));
        stacked.join(0b0011);
        assert_eq!(stacked.check(), Ok(()));
        assert_eq!(Fleet::default().check(), Ok(()));

        let damage = |change: &dyn Fn(&mut Fleet)| {
            let mut fleet = stacked.clone();
            change(&mut fleet);
            fleet.check().unwrap_err()
        };
        let past_the_end = damage(&|f| f.planes[2].spot = Spot::Step(CENTRE));
        assert!(past_the_end.contains("plane 3 is at step 56"), "{past_the_end}");
        let not_its_own = damage(&|f| f.planes[2].stack = 0b0001);
        assert!(not_its_own.contains("does not hold it"), "{not_its_own}");
        let fifth_plane = damage(&|f| f.planes[2].stack = 0b10100);
        assert!(fifth_plane.contains("does not hold it"), "{fifth_plane}");
        let in_the_hangar = damage(&|f| {
            f.planes[0].spot = Spot::Hangar;
            f.planes[1].spot = Spot::Hangar;
        });
        assert!(in_the_hangar.contains("stacked off the board"), "{in_the_hangar}");
        let apart = damage(&|f| f.planes[1].spot = Spot::Step(21));
        assert!(apart.contains("planes 1 and 2 disagree"), "{apart}");
        let one_sided = damage(&|f| f.planes[1].stack = 0b0010);
        assert!(one_sided.contains("planes 1 and 2 disagree"), "{one_sided}");
    }

    #[test]
    fn a_finished_stack_comes_apart() {
        let mut fleet = Fleet::default();
        fleet.put(0b0110, Spot::Step(54));
        fleet.join(0b0110);
        fleet.put(0b0110, Spot::arrive(56));
        assert_eq!(fleet.spot(1), Spot::Finished);
        assert_eq!(fleet.stack(2), 0b0100);
    }
}
