//! «Аэрофото»'s random draw: uniform among a side's legal actions without finding every
//! aircraft's flights.
//!
//! A uniform draw by index (`Game::random_legal_action`'s plain way) needs how many flights
//! each aircraft has, and so the flights of every aircraft of the side to move, kept up to date
//! after every flight ([`super::counts`]): finding again those each flight disturbed, and who
//! may enter each node, was more than half of a random «Аэрофото» game. Yet an aircraft's
//! flights are those it would have alone on the board ([`flight_set::unhindered`], a table
//! read) less the few another aircraft in reach forbids, and most are not forbidden. So a
//! flight is drawn among the unhindered flights of the side's aircraft (and the passes), and
//! drawn again, from the RNG's next numbers, while another aircraft forbids it
//! ([`flight::photo_allows`]): every legal action then comes out with the same chance, 1 in
//! their number, as by index. About one draw in six is drawn again.
//!
//! What the draw reads is kept as the aircraft fly: how many unhindered flights each aircraft
//! has, and their sum by side and kind, changed only for the aircraft a flight moved or shot
//! down. Like [`super::counts`], it is derived data, not stored: a game read back counts them
//! when it draws, until its next flight keeps them again.
//!
//! «Игрушка» keeps drawing by index: it asks after every flight whether a side can still move,
//! which needs the kept flights anyway, and with them the draw by index costs nothing more.

use rand_chacha::ChaCha20Rng;

use super::board::AIRCRAFT;
use super::flight;
use super::flight_set::{self, FlightSet};
use super::position::Position;
use super::view::{Edition, Kind, Side};
use super::{Action, Motions};
use crate::rng;

/// Room for both sides' aircraft.
const PLANES: usize = 2 * AIRCRAFT;

/// The flights each aircraft would have alone on the board and how many, once counted.
#[derive(Debug, Clone, Default)]
pub struct Unhindered {
    /// `None` until counted (a game read back from storage).
    counted: Option<Counts>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Counts {
    /// By aircraft id, [`flight_set::unhindered`] (none once it is lost)…
    sets: [FlightSet; PLANES],
    /// … and its size.
    lens: [u8; PLANES],
    /// Their sums, by side and kind.
    totals: [[u16; 2]; 2],
}

impl Counts {
    fn new(position: &Position, edition: Edition) -> Counts {
        let mut counts =
            Counts { sets: [FlightSet::EMPTY; PLANES], lens: [0; PLANES], totals: [[0; 2]; 2] };
        for id in position.flying() {
            counts.update(position, edition, id);
        }
        counts
    }

    /// Counts aircraft `id`'s unhindered flights again (it flew, or was shot down).
    fn update(&mut self, position: &Position, edition: Edition, id: u8) {
        let plane = &position.planes()[usize::from(id)];
        let (set, len) =
            if plane.lost { (FlightSet::EMPTY, 0) } else { flight_set::unhindered(edition, plane) };
        self.sets[usize::from(id)] = set;
        let old = std::mem::replace(&mut self.lens[usize::from(id)], len as u8);
        let total = &mut self.totals[plane.side.index()][plane.kind as usize];
        *total = *total + len as u16 - u16::from(old);
    }
}

impl Unhindered {
    /// Counted for `position`.
    pub fn new(position: &Position, edition: Edition) -> Unhindered {
        Unhindered { counted: Some(Counts::new(position, edition)) }
    }

    /// Counts again the aircraft in `flown`, the only ones a flight changed (counts all if
    /// they were not counted yet).
    pub fn after_flight(&mut self, position: &Position, edition: Edition, flown: &[u8]) {
        match &mut self.counted {
            Some(counts) => flown.iter().for_each(|id| counts.update(position, edition, *id)),
            None => *self = Unhindered::new(position, edition),
        }
    }

    /// One of the flights of `side`'s aircraft of `kinds` and of the `passes` (a "pass" of
    /// each kind they name), each as likely as any other; `None` when there are none. The
    /// candidates are taken in the choices' order (each aircraft's flights by id, then the
    /// passes), but a refused one is drawn again, so the index drawn is not the place in the
    /// list (`Game::draws_by_index`).
    pub fn draw(
        &self,
        position: &Position,
        edition: Edition,
        (side, kinds): (Side, &[Kind]),
        passes: &[Kind],
        rng: &mut ChaCha20Rng,
    ) -> Option<Action> {
        let counted;
        let counts = match &self.counted {
            Some(counts) => counts,
            None => {
                counted = Counts::new(position, edition);
                &counted
            }
        };
        let mine = kinds.iter().fold(0, |mine, kind| mine | position.in_play(side, *kind));
        let flights: usize =
            kinds.iter().map(|kind| usize::from(counts.totals[side.index()][*kind as usize])).sum();
        // Every candidate refused, a pass is drawn at the latest: a side with flights to draw
        // from may always pass.
        debug_assert!(flights == 0 || !passes.is_empty(), "flights to draw but no pass");
        'draw: loop {
            let mut n = rng::index_below(rng, flights + passes.len())?;
            for id in crate::bits::ones(mine) {
                let len = usize::from(counts.lens[id as usize]);
                if n >= len {
                    n -= len;
                    continue;
                }
                let plane = &position.planes()[id as usize];
                let place = counts.sets[id as usize].nth(n)?;
                if !flight::photo_allows(position, plane, place) {
                    continue 'draw;
                }
                let motions: Motions = flight_set::sequences(edition, plane.kind)[place];
                return Some(Action::Fly { plane: id as u8, motions });
            }
            return passes.get(n).map(|kind| Action::Pass(*kind));
        }
    }
}

/// Derived data: two games in the same state are equal whether or not they are counted.
impl PartialEq for Unhindered {
    fn eq(&self, _: &Unhindered) -> bool {
        true
    }
}

impl Eq for Unhindered {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Actor, Game, Setup};
    use crate::games::air_battle::{AirBattle, SETTINGS};
    use crate::{harness, rng, settings};

    /// A flight [`flight::photo_allows`] lets through is exactly one of the aircraft's flights
    /// ([`flight_set::of`]), for every unhindered flight of every aircraft at every step of
    /// random «Аэрофото» games, two players and four; the kept counts are those counted
    /// afresh, a game read back (uncounted) draws what the game draws from the same RNG, and
    /// no aircraft's flights are kept.
    #[test]
    fn allowed_unhindered_flights_are_the_flights() {
        let mut checked = 0;
        for seats in [2, 4] {
            let setup = Setup { seats, settings: settings::parse(SETTINGS, &["photo"]).unwrap() };
            let mut rng = rng::seeded(11);
            for _ in 0..4 {
                let mut game = AirBattle::new(&setup).unwrap();
                while let Some((actor, action)) = harness::random_action(&game, &mut rng).unwrap() {
                    let position = &game.position;
                    let fresh = Counts::new(position, Edition::Photo);
                    assert_eq!(game.unhindered.counted, Some(fresh), "{position}");
                    assert!(!game.flights.is_built(), "flight sets kept in «Аэрофото»");
                    let stored: AirBattle =
                        serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
                    assert!(stored.unhindered.counted.is_none());
                    let Actor::Seat(seat) = actor else { panic!("no chance here") };
                    let draw = |g: &AirBattle| {
                        g.random_legal_action(seat, &mut rng.clone(), &mut Vec::new())
                    };
                    assert_eq!(draw(&stored), draw(&game), "{position}");
                    for id in position.flying() {
                        let plane = &position.planes()[usize::from(id)];
                        let legal = flight_set::of(position, Edition::Photo, plane);
                        let (unhindered, _) = flight_set::unhindered(Edition::Photo, plane);
                        assert_eq!(legal.places().filter(|p| !unhindered.contains(*p)).count(), 0);
                        for place in unhindered.places() {
                            let allowed = flight::photo_allows(position, plane, place);
                            assert_eq!(
                                allowed,
                                legal.contains(place),
                                "{place} of {id} in {position}"
                            );
                            checked += 1;
                        }
                    }
                    game.play(actor, &action);
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Every legal action is as likely as any other. At positions along random games, two
    /// players and four (every 100th action), the side to move draws a hundred times as often
    /// as it has legal actions: every listed action is drawn, nothing else is, and the counts
    /// pass a chi-square test against the uniform law (below df + 6·√(2·df), which a draw that
    /// favoured the flights next to forbidden ones, or the passes, would not).
    #[test]
    fn each_legal_action_is_as_likely_as_any_other() {
        let mut positions = 0;
        for seats in [2, 4] {
            let setup = Setup { seats, settings: settings::parse(SETTINGS, &["photo"]).unwrap() };
            let mut rng = rng::seeded(5);
            let mut game = AirBattle::new(&setup).unwrap();
            let mut step = 0;
            while let Some((actor, action)) = harness::random_action(&game, &mut rng).unwrap() {
                let Actor::Seat(seat) = actor else {
                    panic!("no chance in «Воздушный бой»")
                };
                if step % 100 == 0 {
                    let mut listed = Vec::new();
                    game.legal_actions(seat, &mut listed);
                    let mut counts = vec![0u32; listed.len()];
                    let mut scratch = Vec::new();
                    for _ in 0..100 * listed.len() {
                        let drawn = game.random_legal_action(seat, &mut rng, &mut scratch);
                        let drawn = drawn.expect("a legal action");
                        let at = listed.iter().position(|a| *a == drawn);
                        counts[at.unwrap_or_else(|| panic!("{drawn:?} is not listed"))] += 1;
                    }
                    let chi2: f64 =
                        counts.iter().map(|c| (f64::from(*c) - 100.0).powi(2) / 100.0).sum();
                    let df = (listed.len() - 1) as f64;
                    let at = format!("{seats} seats, step {step}, {} actions", listed.len());
                    assert!(chi2 < df + 6.0 * (2.0 * df).sqrt(), "{at}: chi-square {chi2:.0}");
                    assert!(counts.iter().all(|c| *c > 0), "{at}: one never drawn");
                    positions += 1;
                }
                game.play(actor, &action);
                step += 1;
            }
        }
        assert!(positions >= 10, "{positions}");
    }
}
