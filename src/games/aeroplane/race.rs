//! How far a fleet is from home, in rolls: the computer's measure of an Aeroplane Chess race.
//!
//! Steps come a poor measure of a race: a plane in the hangar waits for a take-off roll, one in
//! the home column waits for an exact roll (one chance in six for the last cell), a square
//! before an own-colour jump is worth more than its number. What a player wants to know is how
//! many rolls its planes still need, and that depends on the four of them together: a roll
//! one plane cannot use moves another. So the measure is the expected number of rolls a fleet
//! playing alone needs to bring all its planes home when it always picks the move that
//! finishes soonest — worked out once per table rules for every fleet (four planes, each in
//! the hangar, on one of the 56 steps or home: 521,855 fleets), by dynamic programming.
//!
//! The opponents are left out — captures, blocking, the danger cell — and so are stacks and
//! three sixes: the search sees those through its tree and playouts; the table tells it what a
//! position is worth as a race.

use std::sync::OnceLock;

use super::Spot;
use super::board::{CENTRE, PLANES};
use super::path;
use super::rules::{Rules, TakeOff};

/// A plane's place as the table counts it: 0 in the hangar, `1 + step` on steps 0..=55, and
/// [`HOME`] when it reached the centre.
pub type Place = u8;

/// The place of a plane that reached the centre.
pub const HOME: Place = CENTRE + 1;

/// Places a plane can be in.
const PLACES: usize = HOME as usize + 1;

const SEATS: usize = PLANES as usize;

/// Fleets of four planes as multisets of places: C(PLACES + 3, 4).
const FLEETS: usize = binomial(PLACES + SEATS - 1, SEATS);

const fn binomial(n: usize, k: usize) -> usize {
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// Where a plane is, as the table counts it.
pub fn place(spot: Spot) -> Place {
    match spot {
        Spot::Hangar => 0,
        Spot::Step(step) => step + 1,
        Spot::Finished => HOME,
    }
}

/// Expected rolls to bring every plane home, by fleet.
pub struct RaceTable {
    rolls: Vec<f32>,
}

impl RaceTable {
    /// The table for `rules`, built on first use and kept (12 rule sets at most, 2 MB each).
    pub fn for_rules(rules: &Rules) -> &'static RaceTable {
        slot(rules).get_or_init(|| RaceTable::build(rules))
    }

    /// Whether the table for `rules` has been built in this process.
    #[cfg(test)]
    pub fn is_built(rules: &Rules) -> bool {
        slot(rules).get().is_some()
    }

    /// The expected rolls of the fleet whose planes are at `places` (any order).
    pub fn rolls(&self, places: [Place; SEATS]) -> f32 {
        self.rolls[index(places)]
    }

    fn build(rules: &Rules) -> RaceTable {
        let moves = single_plane_moves(rules);
        let fleets = all_fleets();
        let mut rolls = vec![0f32; FLEETS];
        // Every move but a bounce brings a plane nearer home, so fleets further along (a larger
        // sum of places) are done first and one sweep settles the exact-centre rule; a bounce
        // looks back at fleets the sweep has not reached yet, so it sweeps until nothing moves.
        loop {
            let mut change = 0f32;
            for fleet in &fleets {
                let at = index(*fleet);
                let before = rolls[at];
                let after = value(*fleet, &moves, &rolls);
                change = change.max((after - before).abs());
                rolls[at] = after;
            }
            if !rules.bounce || change < 1e-4 {
                break;
            }
        }
        RaceTable { rolls }
    }
}

/// Where the table for `rules` is kept: stacking does not change a lone fleet's race.
fn slot(rules: &Rules) -> &'static OnceLock<RaceTable> {
    static TABLES: [OnceLock<RaceTable>; 12] = [const { OnceLock::new() }; 12];
    let take_off = match rules.take_off {
        TakeOff::Even => 0,
        TakeOff::Six => 1,
        TakeOff::FiveSix => 2,
    };
    &TABLES[take_off * 4 + usize::from(rules.bounce) * 2 + usize::from(rules.fly_then_jump)]
}

/// Where a lone plane at each place goes with each roll (`None`: the roll cannot move it).
type Moves = [[Option<Place>; 6]; PLACES];

fn single_plane_moves(rules: &Rules) -> Moves {
    let mut moves = [[None; 6]; PLACES];
    for (at, by_roll) in moves.iter_mut().enumerate() {
        for (face, to) in by_roll.iter_mut().enumerate() {
            let roll = face as u8 + 1;
            *to = match at as Place {
                0 => rules.take_off.allows(roll).then_some(1),
                HOME => None,
                at => path::plan(0, at - 1, roll, rules).map(|route| {
                    let step = route.destination();
                    if step >= CENTRE { HOME } else { step + 1 }
                }),
            };
        }
    }
    moves
}

/// One roll from `fleet`: the best move each face allows, and staying put on a face no plane can
/// use (which is why a fleet's value appears on both sides and is solved for).
fn value(fleet: [Place; SEATS], moves: &Moves, rolls: &[f32]) -> f32 {
    if fleet.iter().all(|p| *p == HOME) {
        return 0.0;
    }
    let mut sum = 0f32;
    let mut stuck = 0u32;
    for face in [0, 1, 2, 3, 4, 5] {
        let mut best = f32::INFINITY;
        for plane in 0..SEATS {
            if plane > 0 && fleet[plane] == fleet[plane - 1] {
                continue;
            }
            if let Some(to) = moves[usize::from(fleet[plane])][face] {
                let mut next = fleet;
                next[plane] = to;
                best = best.min(rolls[index(next)]);
            }
        }
        if best.is_finite() {
            sum += best;
        } else {
            stuck += 1;
        }
    }
    // v = 1 + (sum + stuck · v) / 6  ⇒  v = (6 + sum) / (6 − stuck)
    (6.0 + sum) / (6 - stuck) as f32
}

/// Every fleet as a sorted array, the furthest along (largest sum of places) first.
fn all_fleets() -> Vec<[Place; SEATS]> {
    let mut fleets = Vec::with_capacity(FLEETS);
    let top = PLACES as Place;
    for a in 0..top {
        for b in a..top {
            for c in b..top {
                for d in c..top {
                    fleets.push([a, b, c, d]);
                }
            }
        }
    }
    fleets.sort_by_key(|f| std::cmp::Reverse(f.iter().map(|p| u32::from(*p)).sum::<u32>()));
    fleets
}

/// `BINOMIALS[n][k]` = C(n, k) for the indices [`index`] needs.
const BINOMIALS: [[usize; SEATS + 1]; PLACES + SEATS] = {
    let mut table = [[0; SEATS + 1]; PLACES + SEATS];
    let mut n = 0;
    while n < PLACES + SEATS {
        let mut k = 0;
        while k <= SEATS {
            table[n][k] = if k > n { 0 } else { binomial(n, k) };
            k += 1;
        }
        n += 1;
    }
    table
};

/// A fleet's slot: its places sorted, spread into a strictly rising sequence (`p_i + i`) and
/// numbered in the combinatorial number system.
fn index(mut places: [Place; SEATS]) -> usize {
    places.sort_unstable();
    let mut slot = 0;
    for (i, p) in places.iter().enumerate() {
        slot += BINOMIALS[usize::from(*p) + i][i + 1];
    }
    slot
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXACT: Rules =
        Rules { take_off: TakeOff::Even, bounce: false, fly_then_jump: false, stacking: true };

    #[test]
    fn every_fleet_has_its_own_slot() {
        let mut seen = vec![false; FLEETS];
        for fleet in all_fleets() {
            let at = index(fleet);
            assert!(!seen[at], "{fleet:?}");
            seen[at] = true;
        }
        assert!(seen.iter().all(|s| *s));
        assert_eq!(FLEETS, 521_855);
    }

    #[test]
    fn a_lone_plane_on_the_last_cell_waits_six_rolls_for_its_one() {
        let table = RaceTable::for_rules(&EXACT);
        let last = place(Spot::Step(CENTRE - 1));
        let one_left = [last, HOME, HOME, HOME];
        assert!((table.rolls(one_left) - 6.0).abs() < 1e-3, "{}", table.rolls(one_left));
        // Two planes there: the first 1 sends one home, the next 1 the other: 12 rolls.
        let two_left = [last, last, HOME, HOME];
        assert!((table.rolls(two_left) - 12.0).abs() < 1e-3);
        // From the hangar a plane waits for an even roll (two rolls on average) first.
        let hangar = [0, HOME, HOME, HOME];
        let launch = [1, HOME, HOME, HOME];
        assert!((table.rolls(hangar) - table.rolls(launch) - 2.0).abs() < 1e-3);
        assert_eq!(table.rolls([HOME; 4]), 0.0);
    }

    #[test]
    fn further_along_is_never_worse_on_the_open_track() {
        let table = RaceTable::for_rules(&EXACT);
        // A plane on step 20 is nearer home than one on step 1, and two planes out of the
        // hangar nearer than one.
        let rest = [HOME, HOME];
        let fleet = |a, b| table.rolls([a, b, rest[0], rest[1]]);
        assert!(fleet(21, 0) < fleet(2, 0));
        assert!(fleet(1, 1) < fleet(1, 0));
        assert!(table.rolls([0; 4]) > fleet(0, 0));
    }

    #[test]
    fn a_bouncing_centre_is_solved_too() {
        let bounce = RaceTable::for_rules(&Rules { bounce: true, ..EXACT });
        let exact = RaceTable::for_rules(&EXACT);
        // Bouncing, every roll moves a plane in the home column, but each cell still has one
        // face that finishes: a lone plane there needs six rolls either way.
        let last = [place(Spot::Step(CENTRE - 1)), HOME, HOME, HOME];
        assert!((bounce.rolls(last) - 6.0).abs() < 1e-3, "{}", bounce.rolls(last));
        assert!((exact.rolls(last) - 6.0).abs() < 1e-3);
        // Elsewhere the two rules differ only near the centre.
        let early = [0; 4];
        assert!(bounce.rolls(early).is_finite() && exact.rolls(early).is_finite());
    }
}
