//! Ratings and records, per chat and per game, computed from the chat's finished games
//! ([`crate::history`]).
//!
//! **One system for every game: Weng-Lin** (the `skillratings` crate's Bradley-Terry
//! "full pair" model, the one OpenSkill uses). It rates duels, free-for-all games of up to
//! four, ties, and teams (Air Battle two against two, where a side wins or loses as one) with
//! one formula, so a chat's table for a game means the same thing however the games were
//! seated. Glicko-2 rates only duels, TrueSkill's multi-team update needs the same factor
//! graph for less; Weng-Lin needs neither and is deterministic, so the same records always
//! give the same table (nothing is stored but the records).
//!
//! **What a player sees**: the skill estimate μ as points, `40 × μ` rounded, so everyone
//! starts at 1000 (μ = 25) and a first duel moves the winner to 1105 and the loser to 895. The
//! table is ordered by those points; the uncertainty σ (it shrinks as a player plays) is kept
//! for the next update but not shown.
//!
//! **Computer players** are rated too, one player per level (`computer:strong` is every strong
//! computer the chat played against), which makes a person's points against them mean
//! something; `/top` lists them unless the chat hides them.

use std::collections::BTreeMap;

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::ai::Level;
use crate::history::Finished;

/// Points per unit of μ: a new player's 25 is shown as 1000.
pub const POINTS_PER_MU: f64 = 40.0;

/// One player's line in a game's table.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// `UserId::key`, or `computer:<level>`.
    pub who: String,
    /// The name of their latest game.
    pub name: String,
    pub computer: Option<Level>,
    pub rating: WengLinRating,
    pub games: u32,
    pub wins: u32,
}

impl Standing {
    fn new(who: &str, name: &str, computer: Option<Level>) -> Standing {
        Standing {
            who: who.to_string(),
            name: name.to_string(),
            computer,
            rating: WengLinRating::new(),
            games: 0,
            wins: 0,
        }
    }

    /// The rating as shown: `40 × μ`, rounded.
    pub fn points(&self) -> i64 {
        (self.rating.rating * POINTS_PER_MU).round() as i64
    }
}

/// The table of `game` from the chat's `games` (oldest first): every player who finished one,
/// best first (points, then more games, then the name).
pub fn standings(games: &[Finished], game: &str) -> Vec<Standing> {
    let config = WengLinConfig::new();
    let mut table: BTreeMap<String, Standing> = BTreeMap::new();
    for finished in games.iter().filter(|g| g.game == game && g.ratable()) {
        for (index, seat) in finished.seats.iter().enumerate() {
            let line = table
                .entry(seat.who.clone())
                .or_insert_with(|| Standing::new(&seat.who, &seat.name, seat.computer));
            line.name.clone_from(&seat.name);
            line.games += 1;
            line.wins += u32::from(finished.won(index));
        }
        let teams = teams(finished);
        let rated: Vec<(Vec<WengLinRating>, MultiTeamOutcome)> = teams
            .iter()
            .map(|(seats, place)| {
                let ratings = seats.iter().map(|s| table[&finished.seats[*s].who].rating);
                (ratings.collect(), MultiTeamOutcome::new(usize::from(*place)))
            })
            .collect();
        let borrowed: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            rated.iter().map(|(r, o)| (r.as_slice(), *o)).collect();
        let updated = weng_lin_multi_team(&borrowed, &config);
        for ((seats, _), ratings) in teams.iter().zip(updated) {
            for (seat, rating) in seats.iter().zip(ratings) {
                if let Some(line) = table.get_mut(&finished.seats[*seat].who) {
                    line.rating = rating;
                }
            }
        }
    }
    let mut lines: Vec<Standing> = table.into_values().collect();
    lines.sort_by(|a, b| {
        b.points().cmp(&a.points()).then(b.games.cmp(&a.games)).then(a.name.cmp(&b.name))
    });
    lines
}

/// The teams of a game, each with its place: the sides where seats played together, else
/// every seat on its own.
fn teams(finished: &Finished) -> Vec<(Vec<usize>, u8)> {
    let seats = 0..finished.seats.len();
    match &finished.sides {
        Some(sides) => {
            let mut by_side: BTreeMap<u8, (Vec<usize>, u8)> = BTreeMap::new();
            for seat in seats {
                let side = sides.get(seat).copied().unwrap_or(u8::MAX);
                let team = by_side.entry(side).or_insert((Vec::new(), u8::MAX));
                team.0.push(seat);
                team.1 = team.1.min(finished.places[seat]);
            }
            by_side.into_values().collect()
        }
        None => seats.map(|seat| (vec![seat], finished.places[seat])).collect(),
    }
}

/// One player's record in one game, for `/stats` (a draw is a game, not a win, and ends a
/// run of wins).
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub game: String,
    pub games: u32,
    pub wins: u32,
    /// The sum of their places (the average is this over `games`).
    pub places: u32,
    /// Their longest run of wins in a row in this game.
    pub best_streak: u32,
}

impl Record {
    pub fn average_place(&self) -> f64 {
        f64::from(self.places) / f64::from(self.games.max(1))
    }
}

/// `who`'s record in each game they finished in the chat, in the registry's order of first
/// play.
pub fn records(games: &[Finished], who: &str) -> Vec<Record> {
    let mut records: Vec<(Record, u32)> = Vec::new();
    for finished in games {
        let Some(seat) = finished.seats.iter().position(|s| s.who == who) else { continue };
        let index = match records.iter().position(|(r, _)| r.game == finished.game) {
            Some(index) => index,
            None => {
                let record = Record {
                    game: finished.game.clone(),
                    games: 0,
                    wins: 0,
                    places: 0,
                    best_streak: 0,
                };
                records.push((record, 0));
                records.len() - 1
            }
        };
        let (record, streak) = &mut records[index];
        record.games += 1;
        record.places += u32::from(finished.places[seat]);
        if finished.won(seat) {
            record.wins += 1;
            *streak += 1;
            record.best_streak = record.best_streak.max(*streak);
        } else {
            *streak = 0;
        }
    }
    records.into_iter().map(|(r, _)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::{Seated, computer_key};

    fn person(n: u32) -> Seated {
        Seated { who: format!("tg:{n}"), name: format!("P{n}"), computer: None }
    }

    fn game(seats: Vec<Seated>, places: Vec<u8>, sides: Option<Vec<u8>>) -> Finished {
        Finished { table: 1, game: "g".into(), ended_at: 1, seats, places, sides }
    }

    fn line<'a>(table: &'a [Standing], who: &str) -> &'a Standing {
        table.iter().find(|s| s.who == who).unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-3
    }

    // The expected numbers are worked out by hand from Weng & Lin (2011), algorithm 1 with the
    // Bradley-Terry full-pair model: μ = 25, σ = 25/3, β = 25/6 for new players, so for two
    // players c = √(2σ² + 2β²) = √173.611 = 13.176 and each pair's p = 1/2.

    #[test]
    fn a_first_duel_moves_each_player_by_sigma_squared_over_2c() {
        let table = standings(&[game(vec![person(1), person(2)], vec![1, 2], None)], "g");
        // Δμ = σ²/c · (1 − ½) = 69.444 / 13.176 / 2 = 2.6352.
        assert!(close(line(&table, "tg:1").rating.rating, 27.6352), "{table:?}");
        assert!(close(line(&table, "tg:2").rating.rating, 22.3648), "{table:?}");
        // σ' = σ·√(1 − (σ/c)³·¼) = 8.3333·√(1 − 0.063246) = 8.0655.
        assert!(close(line(&table, "tg:1").rating.uncertainty, 8.0655), "{table:?}");
        assert_eq!(table.iter().map(Standing::points).collect::<Vec<_>>(), [1105, 895]);
        assert_eq!((table[0].games, table[0].wins, table[1].wins), (1, 1, 0));
    }

    #[test]
    fn a_four_player_game_moves_each_by_its_wins_and_losses_against_the_others() {
        let seats = (1..=4).map(person).collect();
        let table = standings(&[game(seats, vec![2, 4, 1, 3], None)], "g");
        // Each pair as in a duel: 2.6352 per opponent beaten, less 2.6352 per one lost to.
        for (who, mu) in
            [("tg:3", 32.9057), ("tg:1", 27.6352), ("tg:4", 22.3648), ("tg:2", 17.0943)]
        {
            assert!(close(line(&table, who).rating.rating, mu), "{who}: {table:?}");
        }
        assert_eq!(table.iter().map(Standing::points).collect::<Vec<_>>(), [1316, 1105, 895, 684]);
    }

    #[test]
    fn two_against_two_moves_each_teammate_by_their_share_of_the_team() {
        let seats = (1..=4).map(person).collect();
        // Seats 0 and 1 are one side, 2 and 3 the other; the second side won.
        let table = standings(&[game(seats, vec![2, 2, 1, 1], Some(vec![0, 0, 1, 1]))], "g");
        // A team's σ² = 2 · 69.444 = 138.889; c = √(2·138.889 + 2β²) = √312.5 = 17.678;
        // the team's Ω = 138.889 / 17.678 / 2 = 3.9284, each player's σ²/σ²_team = ½ of it.
        for who in ["tg:3", "tg:4"] {
            assert!(close(line(&table, who).rating.rating, 26.9642), "{table:?}");
        }
        for who in ["tg:1", "tg:2"] {
            assert!(close(line(&table, who).rating.rating, 23.0358), "{table:?}");
        }
        // As four players on their own, the update would differ (so the sides are used).
        let apart = standings(&[game((1..=4).map(person).collect(), vec![2, 2, 1, 1], None)], "g");
        assert!(!close(line(&apart, "tg:3").rating.rating, 26.9642), "{apart:?}");
    }

    #[test]
    fn a_draw_between_equals_moves_nobody_and_other_games_and_unratable_ones_do_not_count() {
        let draw = game(vec![person(1), person(2)], vec![1, 1], None);
        let mut other = game(vec![person(1), person(2)], vec![1, 2], None);
        other.game = "other".into();
        let twice = game(vec![person(1), person(1)], vec![1, 2], None);
        let table = standings(&[draw, other, twice], "g");
        assert_eq!(table.len(), 2);
        // A draw is nobody's win.
        assert!(table.iter().all(|s| close(s.rating.rating, 25.0) && s.games == 1 && s.wins == 0));
    }

    #[test]
    fn a_computer_level_is_one_player_across_games() {
        let strong = || Seated {
            who: computer_key(Level::Strong),
            name: "🤖 Computer 2 (strong)".into(),
            computer: Some(Level::Strong),
        };
        let games = [
            game(vec![person(1), strong()], vec![2, 1], None),
            game(vec![strong(), person(2)], vec![1, 2], None),
        ];
        let table = standings(&games, "g");
        assert_eq!(table[0].who, "computer:strong");
        assert_eq!((table[0].games, table[0].wins), (2, 2));
        assert!(table[0].points() > 1105, "{table:?}");
    }

    #[test]
    fn a_record_counts_games_wins_places_and_the_longest_run_of_wins() {
        let mut games = Vec::new();
        for places in [[1, 2], [1, 2], [2, 1], [1, 2], [1, 2], [1, 2], [2, 1]] {
            games.push(game(vec![person(1), person(2)], places.to_vec(), None));
        }
        let mut elsewhere = game(vec![person(2), person(1)], vec![1, 2], None);
        elsewhere.game = "other".into();
        games.push(elsewhere);
        let found = records(&games, "tg:1");
        assert_eq!(found.len(), 2);
        let g = &found[0];
        assert_eq!((g.game.as_str(), g.games, g.wins, g.places, g.best_streak), ("g", 7, 5, 9, 3));
        assert!(close(g.average_place(), 9.0 / 7.0));
        assert_eq!((found[1].games, found[1].wins, found[1].places), (1, 0, 2));
        assert!(records(&games, "tg:9").is_empty());
    }
}
