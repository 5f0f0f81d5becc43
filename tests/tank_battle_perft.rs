//! Move counts (perft) for Tank Battle, from `tests/fixtures/tank_battle/perft.txt`.
//!
//! Two independent counters read the same fixtures: the engine, through the public `Game`
//! API and the move counter every game shares ([`harness::perft`]), and [`naive`], a
//! deliberately simple generator written in this file. The hand-made fixtures were counted by
//! hand (the reasoning is in the fixture file); the start position's figures were produced by
//! the naive counter and agree with the engine. Where the two disagree, one of them misreads a
//! rule.

use std::collections::BTreeMap;

use igroteka::game::{Game, Setup};
use igroteka::games::tank_battle::{Side, Square, TankBattle, board, moves};
use igroteka::harness;
use igroteka::rng;

/// One block of the fixture file.
#[derive(Debug)]
struct Fixture {
    name: String,
    /// `None` for the start position.
    tanks: Option<String>,
    to_move: Side,
    counts: Vec<u64>,
}

const FIXTURES: &str = include_str!("fixtures/tank_battle/perft.txt");

fn fixtures() -> Vec<Fixture> {
    FIXTURES.split("\n\n").filter_map(parse_block).collect()
}

fn parse_block(block: &str) -> Option<Fixture> {
    let fields: BTreeMap<&str, &str> = block
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(':'))
        .map(|(key, value)| (key.trim(), value.trim()))
        .collect();
    let name = fields.get("name")?.to_string();
    let tanks = fields["tanks"];
    let to_move = match fields["to-move"] {
        "white" => Side::White,
        "black" => Side::Black,
        other => panic!("{name}: unknown side {other}"),
    };
    let counts = fields["counts"].split_whitespace().map(|n| n.parse().unwrap()).collect();
    let tanks = (tanks != "start").then(|| tanks.to_string());
    Some(Fixture { name, tanks, to_move, counts })
}

fn engine_game(fixture: &Fixture) -> TankBattle {
    match &fixture.tanks {
        None => TankBattle::new(&Setup { seats: 2, settings: Default::default() }).unwrap(),
        Some(tanks) => TankBattle::from_position(tanks, fixture.to_move).unwrap(),
    }
}

#[test]
fn fixtures_cover_the_start_and_the_hand_made_positions() {
    let names: Vec<String> = fixtures().into_iter().map(|f| f.name).collect();
    for name in ["start", "zone-commander", "zone-shield", "mines", "base-locked", "captures"] {
        assert!(names.iter().any(|n| n == name), "missing fixture {name}");
    }
}

#[test]
fn engine_move_counts_match_the_fixtures() {
    for fixture in fixtures() {
        let game = engine_game(&fixture);
        for (depth, expected) in (1..).zip(&fixture.counts) {
            assert_eq!(harness::perft(&game, depth), *expected, "{} depth {depth}", fixture.name);
        }
    }
}

#[test]
fn naive_move_counts_match_the_fixtures() {
    for fixture in fixtures() {
        let position = naive::Position::from_fixture(&fixture);
        for (depth, expected) in (1..).zip(&fixture.counts) {
            assert_eq!(position.perft(depth), *expected, "{} depth {depth}", fixture.name);
        }
    }
}

/// Along random games the two generators must offer exactly the same moves everywhere, not
/// only the same number of them.
#[test]
fn naive_and_engine_moves_agree_along_random_games() {
    let setup = Setup { seats: 2, settings: Default::default() };
    for seed in 0..30 {
        let mut random = rng::seeded(seed);
        let mut game = TankBattle::new(&setup).unwrap();
        while let Some((actor, action)) = harness::random_action(&game, &mut random).unwrap() {
            let side = game.side_to_move();
            let text = game.position().to_string();
            let mut engine: Vec<(Square, Square)> = moves::moves(game.position(), side).collect();
            engine.sort();
            let naive = naive::Position::parse(&text, side).moves();
            assert_eq!(engine, naive, "seed {seed}, {text}, {side:?} to move");
            game.apply(actor, &action);
        }
    }
}

/// An independent move generator, naive on purpose. It does not walk rays: it tries every
/// (from, to) pair of squares, accepts it when the two are on one line, and then checks the
/// rules square by square on the squares strictly between and on the target. It shares only
/// the printed board (`board`: mines, zone, bases) with the engine.
mod naive {
    use std::collections::BTreeMap;

    use super::{Fixture, Side, Square, board};

    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Piece {
        white: bool,
        commander: bool,
    }

    #[derive(Debug, Clone)]
    pub struct Position {
        pieces: BTreeMap<Square, Piece>,
        white_to_move: bool,
    }

    /// The base a side wants to reach: White (0) aims at Black's (1) and back.
    fn target_base(white: bool) -> u8 {
        if white { 1 } else { 0 }
    }

    fn every_square() -> Vec<Square> {
        (0..11).flat_map(|f| (0..11).map(move |r| (f, r))).collect()
    }

    /// The unit step from `a` towards `b` when they share a file, rank or diagonal.
    fn line_step(a: Square, b: Square) -> Option<(i32, i32)> {
        let df = i32::from(b.0) - i32::from(a.0);
        let dr = i32::from(b.1) - i32::from(a.1);
        let on_line = df == 0 || dr == 0 || df.abs() == dr.abs();
        (on_line && (df, dr) != (0, 0)).then_some((df.signum(), dr.signum()))
    }

    fn squares_between(a: Square, b: Square, step: (i32, i32)) -> Vec<Square> {
        let mut out = Vec::new();
        let (mut f, mut r) = (i32::from(a.0) + step.0, i32::from(a.1) + step.1);
        while (f, r) != (i32::from(b.0), i32::from(b.1)) {
            out.push((f as u8, r as u8));
            f += step.0;
            r += step.1;
        }
        out
    }

    impl Position {
        pub fn from_fixture(fixture: &Fixture) -> Position {
            match &fixture.tanks {
                Some(tanks) => Position::parse(tanks, fixture.to_move),
                None => Position::start(),
            }
        }

        fn start() -> Position {
            let mut pieces = BTreeMap::new();
            for side in 0..2u8 {
                for sq in board::base_squares(side) {
                    let commander = sq == board::commander_start(side);
                    pieces.insert(sq, Piece { white: side == 0, commander });
                }
            }
            Position { pieces, white_to_move: true }
        }

        pub fn parse(text: &str, to_move: Side) -> Position {
            let pieces = text
                .split_whitespace()
                .map(|token| {
                    let (letter, square) = token.split_at(1);
                    let piece = Piece {
                        white: letter == "W" || letter == "w",
                        commander: letter == "W" || letter == "B",
                    };
                    (board::parse(square).unwrap(), piece)
                })
                .collect();
            Position { pieces, white_to_move: to_move == Side::White }
        }

        fn is_legal(&self, from: Square, to: Square) -> bool {
            let piece = self.pieces[&from];
            let Some(step) = line_step(from, to) else {
                return false;
            };
            let target = target_base(piece.white);
            let locked = board::base_of(from) == Some(target);
            // A square the tank may stand on or pass: no mine, no zone for an ordinary tank,
            // nothing outside the opponent's base once locked in it.
            let allowed = |sq: Square| {
                !board::is_mine(sq)
                    && (piece.commander || !board::is_zone(sq))
                    && (!locked || board::base_of(sq) == Some(target))
            };
            let path_clear = squares_between(from, to, step)
                .into_iter()
                .all(|sq| allowed(sq) && !self.pieces.contains_key(&sq));
            let target_ok = match self.pieces.get(&to) {
                None => true,
                Some(other) => other.white != piece.white && !board::is_zone(to),
            };
            path_clear && allowed(to) && target_ok
        }

        /// Every legal move of the side to move, sorted.
        pub fn moves(&self) -> Vec<(Square, Square)> {
            let mut out = Vec::new();
            for (from, piece) in &self.pieces {
                if piece.white != self.white_to_move {
                    continue;
                }
                for to in every_square() {
                    if self.is_legal(*from, to) {
                        out.push((*from, to));
                    }
                }
            }
            out.sort();
            out
        }

        fn after(&self, (from, to): (Square, Square)) -> Position {
            let mut next = self.clone();
            let piece = next.pieces.remove(&from).unwrap();
            next.pieces.insert(to, piece);
            next.white_to_move = !self.white_to_move;
            next
        }

        /// A side with no tanks, or with every tank in the opponent's base, ends the game. (The
        /// quiet-move rule cannot trigger within a few moves of a fixture.)
        fn is_over(&self) -> bool {
            [true, false].into_iter().any(|white| {
                let target = target_base(white);
                self.pieces
                    .iter()
                    .filter(|(_, p)| p.white == white)
                    .all(|(sq, _)| board::base_of(*sq) == Some(target))
            })
        }

        pub fn perft(&self, depth: usize) -> u64 {
            let moves = self.moves();
            if depth == 1 {
                return moves.len() as u64;
            }
            moves
                .into_iter()
                .map(|m| self.after(m))
                .filter(|next| !next.is_over())
                .map(|next| next.perft(depth - 1))
                .sum()
        }
    }
}
