//! Where a tank may drive: the route of one move, worked out from the open board alone.
//!
//! Legality never looks at mines — nobody may learn where they lie from the buttons — so a
//! route is planned as if there were none, and a mine can only cut it short while it is being
//! driven ([`super::Tanks`] does that). What the planner does know is public: own tanks block
//! (no jumping, no sharing a circle), an opponent's tank ends the move on its circle (a capture,
//! or both out when it stands in the river on a destroyed bridge), the road ends at the big
//! circles (an exact move), and one turn at a crossing costs one point (decision 5).

use std::sync::LazyLock;

use super::army::Heading;
use super::board::{self, NodeId, Spot};

/// Who stands on a circle, as the moving side sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occupant {
    Own,
    Opponent,
}

/// Who stands on each circle, as the side to move sees it: a bit per circle for its own tanks
/// and one for the opponent's (the game keeps both sides' bits as tanks move: `occupied`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Occupancy {
    pub own: u128,
    pub opponent: u128,
}

const _: () = assert!(board::NODES <= 128, "a circle per bit");

impl Occupancy {
    pub fn at(&self, node: NodeId) -> Option<Occupant> {
        let bit = 1u128 << node;
        if self.own & bit != 0 {
            Some(Occupant::Own)
        } else if self.opponent & bit != 0 {
            Some(Occupant::Opponent)
        } else {
            None
        }
    }
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
///
/// The road alone fixes where a route goes until it meets a tank, so the route on an empty
/// board comes from a table ([`with_free_route`]) and only the circles it enters are looked at: the
/// first one taken decides (an own tank forbids the move, an opponent's ends it there). Most
/// routes meet nobody, which one test of the route's circles against the board's shows.
pub fn plan(
    from: Spot,
    heading: Heading,
    points: u8,
    turn: bool,
    board: &Occupancy,
) -> Option<Route> {
    with_usable_free_route(from, heading, points, turn, |free| match free.meeting(board) {
        Meeting::Nobody => free.complete.then_some(Route {
            steps: free.steps,
            len: free.len,
            end: free.end,
            turned: free.turned,
            stop: Stop::Points,
        }),
        Meeting::Own => None,
        Meeting::Opponent { step } => {
            let turned = free.turned_before(step);
            if turn && turned.is_none() {
                return None;
            }
            let mut steps = [from; MAX_STEPS];
            steps[..=step].copy_from_slice(&free.steps[..=step]);
            let end = free.steps[step];
            let river = board::is_destroyed_bridge(board::node(end));
            let stop = if river { Stop::River } else { Stop::Capture };
            Some(Route { steps, len: step as u8 + 1, end, turned, stop })
        }
    })
}

/// Whether [`plan`] finds a route, without building it: the choices ask this of every tank
/// and distance, and only the picked move's route is driven (building and moving a [`Route`]
/// for each option cost more than the question itself).
pub fn allows(from: Spot, heading: Heading, points: u8, turn: bool, board: &Occupancy) -> bool {
    with_usable_free_route(from, heading, points, turn, |free| match free.meeting(board) {
        Meeting::Nobody => free.complete,
        Meeting::Own => false,
        Meeting::Opponent { step } => !turn || free.turned_before(step).is_some(),
    })
}

/// `answer` of the empty-board route for these arguments, or the default answer (`None`,
/// `false`) when no board can allow the move: more points than a move has, or a turn asked
/// for where no crossing is in reach.
fn with_usable_free_route<R: Default>(
    from: Spot,
    heading: Heading,
    points: u8,
    turn: bool,
    answer: impl FnOnce(&FreeRoute) -> R,
) -> R {
    if usize::from(points) > MAX_STEPS {
        return R::default();
    }
    with_free_route(from, heading, points, turn, |free| {
        if turn && free.turned.is_none() { R::default() } else { answer(free) }
    })
}

/// Where a route first meets a tank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meeting {
    Nobody,
    /// An own tank: the move is not allowed.
    Own,
    /// An opponent's tank on the `step`-th circle entered: the move ends there.
    Opponent {
        step: usize,
    },
}

/// A route as an empty board lets it go: the circles entered (unused entries hold the start),
/// whether every point was driven before the road ended, and where and when it turned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FreeRoute {
    steps: [Spot; MAX_STEPS],
    len: u8,
    /// A bit per circle entered, as in [`Occupancy`].
    circles: u128,
    /// All points driven; `false` when the road ended first (a tank met before that may
    /// still make the move a capture).
    complete: bool,
    end: Spot,
    turned: Option<u8>,
    /// Circles entered before the turn (0: it turned on its starting circle).
    turned_after: u8,
}

impl FreeRoute {
    /// The first tank this route meets on `board`, if any.
    fn meeting(&self, board: &Occupancy) -> Meeting {
        if (board.own | board.opponent) & self.circles == 0 {
            return Meeting::Nobody;
        }
        for (step, &spot) in self.steps[..usize::from(self.len)].iter().enumerate() {
            match board.at(board::node(spot)) {
                None => {}
                Some(Occupant::Own) => return Meeting::Own,
                Some(Occupant::Opponent) => return Meeting::Opponent { step },
            }
        }
        Meeting::Nobody
    }

    /// The road turned onto if the route turns before entering its `step`-th circle.
    fn turned_before(&self, step: usize) -> Option<u8> {
        self.turned.filter(|_| usize::from(self.turned_after) <= step)
    }
}

/// Every start (road, index), heading, distance and choice to turn.
const FREE_ROUTES: usize =
    board::ROAD_LETTERS.len() * (board::LAST as usize + 1) * 2 * (MAX_STEPS + 1) * 2;

/// The empty-board routes, worked out once: a random game plans about ten routes per roll.
static FREE_ROUTE_TABLE: LazyLock<Vec<FreeRoute>> = LazyLock::new(|| {
    let mut table = Vec::with_capacity(FREE_ROUTES);
    for road in 0..board::ROAD_LETTERS.len() as u8 {
        for index in 0..=board::LAST {
            for heading in [Heading::Down, Heading::Up] {
                for points in 0..=MAX_STEPS as u8 {
                    for turn in [false, true] {
                        table.push(walk_free(Spot::new(road, index), heading, points, turn));
                    }
                }
            }
        }
    }
    table
});

/// `answer` of the table's entry for these arguments (`points` at most [`MAX_STEPS`]). The entry
/// is lent, not copied: copying the 32-byte route out of the table and through an `Option`
/// stalled the processor on every question (a load that spans two earlier stores).
fn with_free_route<R>(
    from: Spot,
    heading: Heading,
    points: u8,
    turn: bool,
    answer: impl FnOnce(&FreeRoute) -> R,
) -> R {
    let start = usize::from(from.road) * (usize::from(board::LAST) + 1) + usize::from(from.index);
    let slot = ((start * 2 + heading as usize) * (MAX_STEPS + 1) + usize::from(points)) * 2
        + usize::from(turn);
    match FREE_ROUTE_TABLE.get(slot) {
        Some(free) if from.index <= board::LAST => answer(free),
        _ => answer(&walk_free(from, heading, points, turn)),
    }
}

/// Drives a route on an empty board: along the road, turning onto the other road at the first
/// crossing in reach when `turn` is set (the turn costs a point and enters no circle).
fn walk_free(from: Spot, heading: Heading, points: u8, turn: bool) -> FreeRoute {
    let mut free = FreeRoute {
        steps: [from; MAX_STEPS],
        len: 0,
        circles: 0,
        complete: false,
        end: from,
        turned: None,
        turned_after: 0,
    };
    let mut at = from;
    let mut left = points;
    let try_turn = |free: &mut FreeRoute, at: &mut Spot, left: &mut u8| {
        if turn && free.turned.is_none() && *left > 0 {
            if let Some(road) = board::crossing_road(*at) {
                at.road = road;
                *left -= 1;
                free.turned = Some(road);
                free.turned_after = free.len;
            }
        }
    };
    try_turn(&mut free, &mut at, &mut left);
    while left > 0 {
        let Some(index) = heading.step(at.index) else { return free };
        at = Spot::new(at.road, index);
        free.steps[usize::from(free.len)] = at;
        free.circles |= 1 << board::node(at);
        free.len += 1;
        left -= 1;
        try_turn(&mut free, &mut at, &mut left);
    }
    free.complete = true;
    free.end = at;
    free
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMPTY: &Occupancy = &Occupancy { own: 0, opponent: 0 };

    /// A board with one tank, own or the opponent's, on `spot`.
    fn one(spot: Spot, occupant: Occupant) -> Occupancy {
        let bit = 1u128 << board::node(spot);
        match occupant {
            Occupant::Own => Occupancy { own: bit, opponent: 0 },
            Occupant::Opponent => Occupancy { own: 0, opponent: bit },
        }
    }

    /// The planner as it was before the table: one walk that looks at each circle entered.
    fn walk(
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

    #[test]
    fn the_table_plans_what_a_walk_plans() {
        let mut rng = crate::rng::seeded(5);
        let mut boards = vec![(0u128, 0u128)];
        for _ in 0..300 {
            let own =
                rand_core::RngCore::next_u64(&mut rng) & rand_core::RngCore::next_u64(&mut rng);
            let opponent =
                rand_core::RngCore::next_u64(&mut rng) & rand_core::RngCore::next_u64(&mut rng);
            let high =
                rand_core::RngCore::next_u64(&mut rng) & rand_core::RngCore::next_u64(&mut rng);
            boards.push((
                u128::from(own),
                (u128::from(high) << 64 | u128::from(opponent)) & !u128::from(own),
            ));
        }
        let mut compared = 0;
        for (own, opponent) in boards {
            let board = &Occupancy { own, opponent };
            for road in 0..board::ROAD_LETTERS.len() as u8 {
                for index in 0..=board::LAST {
                    for heading in [Heading::Down, Heading::Up] {
                        for points in 0..=MAX_STEPS as u8 + 1 {
                            for turn in [false, true] {
                                let from = Spot::new(road, index);
                                let planned = plan(from, heading, points, turn, board);
                                assert_eq!(
                                    planned,
                                    walk(from, heading, points, turn, |id| board.at(id)),
                                    "{from:?} {heading:?} {points} turn {turn}"
                                );
                                assert_eq!(
                                    allows(from, heading, points, turn, board),
                                    planned.is_some()
                                );
                                compared += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(compared, 301 * 4 * 25 * 2 * 6 * 2);
    }

    #[test]
    fn straight_moves_stop_at_the_end_of_the_road() {
        let r = plan(Spot::new(0, 20), Heading::Down, 3, false, EMPTY).unwrap();
        assert_eq!(r.end, Spot::new(0, 23));
        assert!(plan(Spot::new(0, 22), Heading::Down, 3, false, EMPTY).is_none());
        assert!(plan(Spot::new(0, 1), Heading::Up, 2, false, EMPTY).is_none());
    }

    #[test]
    fn a_turn_costs_one_point_and_no_circle() {
        // A11 down 3: A12, turn onto C, C13.
        let r = plan(Spot::new(0, 11), Heading::Down, 3, true, EMPTY).unwrap();
        assert_eq!(r.steps(), [Spot::new(0, 12), Spot::new(2, 13)]);
        assert_eq!(r.end, Spot::new(2, 13));
        assert_eq!(r.turned, Some(2));
        // Starting on a crossing with one point: the tank only changes road.
        let r = plan(Spot::new(1, 6), Heading::Down, 1, true, EMPTY).unwrap();
        assert!(r.steps().is_empty());
        assert_eq!(r.end, Spot::new(2, 6));
        // No crossing in reach: no turning route.
        assert!(plan(Spot::new(0, 2), Heading::Down, 3, true, EMPTY).is_none());
    }

    #[test]
    fn own_tanks_block_and_opponents_end_the_move() {
        let own = &one(Spot::new(0, 5), Occupant::Own);
        assert!(plan(Spot::new(0, 3), Heading::Down, 3, false, own).is_none());
        assert!(plan(Spot::new(0, 3), Heading::Down, 1, false, own).is_some());
        let foe = &one(Spot::new(0, 24), Occupant::Opponent);
        let r = plan(Spot::new(0, 22), Heading::Down, 3, false, foe).unwrap();
        assert_eq!((r.end, r.stop), (Spot::new(0, 24), Stop::Capture));
        let river = &one(Spot::new(0, 15), Occupant::Opponent);
        let r = plan(Spot::new(0, 13), Heading::Down, 3, false, river).unwrap();
        assert_eq!((r.end, r.stop), (Spot::new(0, 15), Stop::River));
    }
}
