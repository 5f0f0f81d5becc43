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
