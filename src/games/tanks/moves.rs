//! Where a tank may drive: the route of one move, worked out from the open board alone.
//!
//! Legality never looks at mines — nobody may learn where they lie from the buttons — so a
//! route is planned as if there were none, and a mine can only cut it short while it is being
//! driven ([`super::Tanks`] does that). What the planner does know is public: own tanks block
//! (no jumping, no sharing a circle), an opponent's tank ends the move on its circle (a capture,
//! or both out when it stands in the river on a destroyed bridge), the road ends at the big
//! circles (an exact move), and one turn at a crossing costs one point (decision 5).

use super::army::Heading;
use super::board::{self, NodeId, Spot};

/// Who stands on a circle, as the moving side sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occupant {
    Own,
    Opponent,
}

/// How a planned route ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// All points were driven.
    Points,
    /// On an opponent's tank, which is destroyed.
    Capture,
    /// On an opponent's tank in the river on a destroyed bridge: both are out.
    River,
}

/// The most circles one move can enter (the dice-free variant's longest distance).
pub const MAX_STEPS: usize = 4;

/// One legal way to drive a tank a number of points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// The circles entered, in order, each with the road the tank was on when entering: the
    /// first `len` entries (a fixed array, since choices plan many routes per step).
    steps: [Spot; MAX_STEPS],
    len: u8,
    /// Where the tank ends when nothing stops it (the road may differ from the last step's
    /// after a turn at the last circle).
    pub end: Spot,
    /// The road turned onto at a crossing, if the route turns.
    pub turned: Option<u8>,
    pub stop: Stop,
}

impl Route {
    /// The circles entered, in order.
    pub fn steps(&self) -> &[Spot] {
        &self.steps[..usize::from(self.len)]
    }
}

/// The route of a tank at `from` heading `heading` that drives `points`, turning at the one
/// crossing in reach when `turn` is set; `None` when that move is not allowed: it would leave
/// the road, meets an own tank, or asks for a turn it cannot make.
pub fn plan(
    from: Spot,
    heading: Heading,
    points: u8,
    turn: bool,
    occupant: impl Fn(NodeId) -> Option<Occupant>,
) -> Option<Route> {
    let mut at = from;
    let mut left = points;
    let mut turned = None;
    if usize::from(points) > MAX_STEPS {
        return None;
    }
    let mut steps = [from; MAX_STEPS];
    let mut len = 0u8;
    let mut stop = Stop::Points;
    let mut try_turn = |at: &mut Spot, left: &mut u8| {
        if turn && turned.is_none() && *left > 0 {
            if let Some(road) = board::crossing_road(*at) {
                at.road = road;
                *left -= 1;
                turned = Some(road);
            }
        }
    };
    try_turn(&mut at, &mut left);
    while left > 0 {
        let spot = Spot::new(at.road, heading.step(at.index)?);
        let id = board::node(spot);
        at = spot;
        steps[usize::from(len)] = spot;
        len += 1;
        left -= 1;
        match occupant(id) {
            Some(Occupant::Own) => return None,
            Some(Occupant::Opponent) => {
                stop = if board::is_destroyed_bridge(id) { Stop::River } else { Stop::Capture };
                break;
            }
            None => try_turn(&mut at, &mut left),
        }
    }
    if turn && turned.is_none() {
        return None;
    }
    Some(Route { steps, len, end: at, turned, stop })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty(_: NodeId) -> Option<Occupant> {
        None
    }

    #[test]
    fn straight_moves_stop_at_the_end_of_the_road() {
        let r = plan(Spot::new(0, 20), Heading::Down, 3, false, empty).unwrap();
        assert_eq!(r.end, Spot::new(0, 23));
        assert!(plan(Spot::new(0, 22), Heading::Down, 3, false, empty).is_none());
        assert!(plan(Spot::new(0, 1), Heading::Up, 2, false, empty).is_none());
    }

    #[test]
    fn a_turn_costs_one_point_and_no_circle() {
        // A11 down 3: A12, turn onto C, C13.
        let r = plan(Spot::new(0, 11), Heading::Down, 3, true, empty).unwrap();
        assert_eq!(r.steps(), [Spot::new(0, 12), Spot::new(2, 13)]);
        assert_eq!(r.end, Spot::new(2, 13));
        assert_eq!(r.turned, Some(2));
        // Starting on a crossing with one point: the tank only changes road.
        let r = plan(Spot::new(1, 6), Heading::Down, 1, true, empty).unwrap();
        assert!(r.steps().is_empty());
        assert_eq!(r.end, Spot::new(2, 6));
        // No crossing in reach: no turning route.
        assert!(plan(Spot::new(0, 2), Heading::Down, 3, true, empty).is_none());
    }

    #[test]
    fn own_tanks_block_and_opponents_end_the_move() {
        let own = |id| (id == board::node(Spot::new(0, 5))).then_some(Occupant::Own);
        assert!(plan(Spot::new(0, 3), Heading::Down, 3, false, own).is_none());
        assert!(plan(Spot::new(0, 3), Heading::Down, 1, false, own).is_some());
        let foe = |id| (id == board::node(Spot::new(0, 24))).then_some(Occupant::Opponent);
        let r = plan(Spot::new(0, 22), Heading::Down, 3, false, foe).unwrap();
        assert_eq!((r.end, r.stop), (Spot::new(0, 24), Stop::Capture));
        let river = |id| (id == board::node(Spot::new(0, 15))).then_some(Occupant::Opponent);
        let r = plan(Spot::new(0, 13), Heading::Down, 3, false, river).unwrap();
        assert_eq!((r.end, r.stop), (Spot::new(0, 15), Stop::River));
    }
}
