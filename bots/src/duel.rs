//! `igroteka duel`: two kinds of player — a computer level or `random` — play each other over
//! many games, changing seats every game, to measure how strong the computer is and how long
//! it thinks (docs/performance.md, "Computer players: strength").

use std::io::Write;
use std::time::{Duration, Instant};

use igroteka::ai::Level;
use igroteka::game::{Actor, ToMove};
use igroteka::harness;
use igroteka::registry::DynGame;
use igroteka::rng;
use rand_chacha::ChaCha20Rng;

use crate::cli::parse_game_args;

/// Actions after which a duel game counts as unfinished.
const MAX_ACTIONS: usize = 20_000;

/// A player of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Player {
    Random,
    Computer(Level),
}

impl Player {
    fn parse(word: &str) -> Result<Player, String> {
        if word == "random" { Ok(Player::Random) } else { word.parse().map(Player::Computer) }
    }

    fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Computer(level) => level.name(),
        }
    }
}

/// What one side of the duel did.
#[derive(Debug, Default)]
struct Tally {
    wins: usize,
    moves: u64,
    thinking: Duration,
    longest: Duration,
}

impl Tally {
    fn time(&mut self, took: Duration) {
        self.moves += 1;
        self.thinking += took;
        self.longest = self.longest.max(took);
    }

    fn mean_ms(&self) -> f64 {
        self.thinking.as_secs_f64() * 1000.0 / self.moves.max(1) as f64
    }
}

/// `igroteka duel <game> --a LEVEL --b LEVEL [--games N] [--seed S] [--seats K] [key=value …]`.
/// Player A takes seat `g % K` in game `g`, player B every other seat.
pub fn duel(args: &[String], out: &mut impl Write) -> Result<(), String> {
    let parsed = parse_game_args(args, &["--a", "--b", "--games"])?;
    let flag = |name: &str| parsed.rest.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let a = Player::parse(&flag("--a").unwrap_or_else(|| "strong".into()))?;
    let b = Player::parse(&flag("--b").unwrap_or_else(|| "random".into()))?;
    let games: usize = match flag("--games") {
        Some(n) => n.parse().map_err(|_| "--games takes a number")?,
        None => 100,
    };
    let seats = parsed.setup.seats;
    let (mut tally_a, mut tally_b) = (Tally::default(), Tally::default());
    let (mut draws, mut unfinished) = (0, 0);
    let started = Instant::now();
    for g in 0..games {
        let seat_a = g % seats;
        let players: Vec<Player> = (0..seats).map(|s| if s == seat_a { a } else { b }).collect();
        let mut rng = rng::seeded(parsed.seed.wrapping_add(g as u64));
        let mut game = (parsed.info.start)(&parsed.setup).map_err(|e| e.to_string())?;
        let mut tallies = [&mut tally_a, &mut tally_b];
        let finished = play(game.as_mut(), &players, seat_a, &mut tallies, &mut rng)?;
        let Some(outcome) = finished.then(|| game.outcome()).flatten() else {
            unfinished += 1;
            continue;
        };
        let a_first = outcome.places[seat_a] == 1;
        let b_first = (0..seats).any(|s| s != seat_a && outcome.places[s] == 1);
        match (a_first, b_first) {
            (true, false) => tally_a.wins += 1,
            (false, true) => tally_b.wins += 1,
            _ => draws += 1,
        }
    }
    let percent = |wins: usize| 100.0 * (wins as f64 + draws as f64 / 2.0) / games.max(1) as f64;
    let report = format!(
        "game {} seats {} seed {} games {} in {:.1} s\n\
         A {}: wins {} ({:.1} % with half the draws), per move mean {:.2} ms, max {:.1} ms\n\
         B {}: wins {} ({:.1} % with half the draws), per move mean {:.2} ms, max {:.1} ms\n\
         draws {draws}, unfinished {unfinished}",
        parsed.info.id,
        seats,
        parsed.seed,
        games,
        started.elapsed().as_secs_f64(),
        a.name(),
        tally_a.wins,
        percent(tally_a.wins),
        tally_a.mean_ms(),
        tally_a.longest.as_secs_f64() * 1000.0,
        b.name(),
        tally_b.wins,
        percent(tally_b.wins),
        tally_b.mean_ms(),
        tally_b.longest.as_secs_f64() * 1000.0,
    );
    writeln!(out, "{report}").map_err(|e| e.to_string())
}

/// Plays one game to its end; `false` if it did not end within [`MAX_ACTIONS`].
fn play(
    game: &mut dyn DynGame,
    players: &[Player],
    seat_a: usize,
    tallies: &mut [&mut Tally; 2],
    rng: &mut ChaCha20Rng,
) -> Result<bool, String> {
    for _ in 0..MAX_ACTIONS {
        let (actor, action) = match game.to_move() {
            ToMove::Over => return Ok(true),
            ToMove::Chance => {
                match harness::random_dyn_action(game, rng).map_err(|e| e.to_string())? {
                    Some(step) => step,
                    None => return Ok(true),
                }
            }
            ToMove::Seats(seats) => {
                let seat = seats[0];
                let action = match players[seat] {
                    Player::Random => {
                        let options = game.choices(seat).options;
                        if options.is_empty() {
                            return Err(format!("seat {seat} may act but has no choices"));
                        }
                        options[rng::below(rng, options.len() as u64) as usize].action.clone()
                    }
                    Player::Computer(level) => {
                        let started = Instant::now();
                        let action = game.computer_action(seat, level, rng);
                        tallies[usize::from(seat != seat_a)].time(started.elapsed());
                        action.ok_or(format!("the computer had nothing to play for seat {seat}"))?
                    }
                };
                (Actor::Seat(seat), action)
            }
        };
        game.apply(actor, &action).map_err(|e| format!("{action}: {e}"))?;
    }
    Ok(false)
}
