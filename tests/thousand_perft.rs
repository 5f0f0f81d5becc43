//! Move counts (perft) for «Tysiąc na szachownicy», from the start of each seat arrangement and
//! from hand-made positions.
//!
//! Two independent counters read the same fixtures: the engine, through the public `Game` API
//! and the move counter every game shares ([`harness::perft`]), and [`naive`], a deliberately
//! plain generator written in this file from the rules text alone (`shared/rules/thousand.md`):
//! an 11 × 11 array, the start fields and lanes computed from the spec's formulas, steps and
//! hops tried square by square. It shares nothing with the engine but the position's text form.
//! The recorded counts below were produced by both and agree; the tests recompute both every
//! run and compare them with the record, so a change to either generator that alters a count
//! fails until someone explains it.
//!
//! What a ply is, in both counters: every action the engine takes is one. The opening draw of
//! colours is a chance action (24 ways with four players, 2 with two), each hop of a jump chain
//! is an action of its own, and so is "stop here" between hops; a pass is not an action (the
//! engine passes by itself). A sequence that ends the game before the depth counts for nothing.
//! Depth 1 of each hand-made position is also counted by hand, in the comment above it.

use igroteka::game::{Game, Setup, ToMove};
use igroteka::games::thousand::{Action, Form, SETTINGS, Thousand};
use igroteka::harness;
use igroteka::rng;
use igroteka::settings;

/// One position and its counts at depth 1, 2, ….
struct Fixture {
    name: &'static str,
    form: Form,
    /// `None`: a new game, before the opening draw of colours. Otherwise pawns as in the
    /// rules docs (`Sc3 Nd4`), with `to_move` to play.
    pawns: Option<&'static str>,
    to_move: u8,
    counts: &'static [u64],
}

const S: u8 = 0;

/// The start fields written out, for the start positions after the draw.
const START_FOUR: &str = "Sa1 Sb1 Sc1 Sa2 Sb2 Sc2 Sa3 Sb3 Sc3 \
    Ei1 Ej1 Ek1 Ei2 Ej2 Ek2 Ei3 Ej3 Ek3 \
    Ni9 Nj9 Nk9 Ni10 Nj10 Nk10 Ni11 Nj11 Nk11 \
    Wa9 Wb9 Wc9 Wa10 Wb10 Wc10 Wa11 Wb11 Wc11";
const START_DIAGONAL: &str = "Sa1 Sb1 Sc1 Sa2 Sb2 Sc2 Sa3 Sb3 Sc3 \
    Ni9 Nj9 Nk9 Ni10 Nj10 Nk10 Ni11 Nj11 Nk11";

const FIXTURES: &[Fixture] = &[
    // A new four-player game: 24 draws, then S's three exits (a3-b4, c1-d2, c3-d4), E's
    // three, N's three, W's three: 24, 24 * 3, 24 * 9, 24 * 27, then the fields open up.
    Fixture {
        name: "start-four",
        form: Form::Four,
        pawns: None,
        to_move: S,
        counts: &[24, 72, 216, 648, 1944, 11664, 69984],
    },
    // The same after the draw. S's second move (depth 5): the pawn that left goes on (1), the
    // two other exits leave (2), or one of three neighbours fills the vacated exit (3): 6, so
    // 81 * 6 = 486.
    Fixture {
        name: "start-four-drawn",
        form: Form::Four,
        pawns: Some(START_FOUR),
        to_move: S,
        counts: &[3, 9, 27, 81, 486, 2916, 17496, 104976],
    },
    // Two on one diagonal: 2 draws, then S's three exits, N's three, S's six second moves
    // (as above): 2, 6, 18, 108.
    Fixture {
        name: "start-diagonal",
        form: Form::Diagonal,
        pawns: None,
        to_move: S,
        counts: &[2, 6, 18, 108, 648, 5508, 46818],
    },
    // The same after the draw: 3, 9, 9 * 6 = 54, 54 * 6 = 324.
    Fixture {
        name: "start-diagonal-drawn",
        form: Form::Diagonal,
        pawns: Some(START_DIAGONAL),
        to_move: S,
        counts: &[3, 9, 54, 324, 2754, 23409, 216036],
    },
    // Two with two colours each: 2 draws, then the same first moves as with four players:
    // 2, 6, 18, 54, 162.
    Fixture {
        name: "start-pairs",
        form: Form::Pairs,
        pawns: None,
        to_move: S,
        counts: &[2, 6, 18, 54, 162, 972, 5832, 34992],
    },
    // A triple jump over N, E and N again (decision 4; the spec's seed sentence "over any
    // number of opponent pawns"). Depth 1: c3 hops d4 to e5; c3 steps to b2, b3, c2 (d4 is
    // taken) = 4. In the chain, the next hop (g7, then i9) or "stop here" are plies of their own:
    // depth 2 is those 2, plus E's 4 answers (k1 to j1, j2, k2; f6 to e7) to each step = 14.
    Fixture {
        name: "chain-two-opponents",
        form: Form::Four,
        pawns: Some("Sc3 Nd4 Ef6 Nh8 Wa11 Ek1"),
        to_move: S,
        counts: &[4, 14, 30, 88, 445, 2667, 7401, 44367],
    },
    // Chains in three directions, and one that may not continue over S's own pawn.
    // Depth 1: a1 steps a2, b1 and hops b2 to c3 (the chain ends there: d4 is S's own) = 3;
    // c1 steps b1, c2, hops d2 to e3 (out of the field along the lane; on over f4 (E) and h6
    // (N) to g5, i7) and hops b2 to a3 inside the field = 4; d4 steps e5 = 1. Total 8.
    Fixture {
        name: "chains-and-own-pawns",
        form: Form::Four,
        pawns: Some("Sa1 Nb2 Sd4 Sc1 Nd2 Ef4 Nh6 Wa11 Nk11 Ek1"),
        to_move: S,
        counts: &[8, 30, 298, 932, 6849, 40671, 394257],
    },
    // S pawns inside N's field among N's pawns: free steps and diagonal hops inside the field,
    // never out of it. Depth 1: i9 hops j10 to k11 (its hop back over h8 to g7 would leave the
    // field: no); j9 steps k9, k10; f6 steps g7. Total 4; E's k1 answers each with 3: 12.
    Fixture {
        name: "opponent-field",
        form: Form::Four,
        pawns: Some("Si9 Sj9 Nj10 Ni10 Nh8 Sf6 Ek1 Wa11 Na1"),
        to_move: S,
        counts: &[4, 12, 141, 423, 2502, 15012, 177714],
    },
    // N's field nearly jammed: seven S pawns and N's k11 in it, i9 free. Depth 1: d4 e5, h8 i9
    // (fills the field; N's k11 cannot move, so S finishes and the game ends: nothing at
    // depth 2), and i10, j10, j9 stepping to i9 inside the field = 5. Depth 2: E's k1 steps
    // to j1, j2, k2 after each of the four other moves = 12.
    Fixture {
        name: "jammed-field",
        form: Form::Four,
        pawns: Some("Sj9 Sk9 Si10 Sj10 Sk10 Si11 Sj11 Nk11 Sh8 Sd4 Na1 Ek1 Wa11"),
        to_move: S,
        counts: &[5, 12, 42, 123, 729, 4212, 26784, 156924],
    },
    // Two on one diagonal, S's ninth pawn one step from home: h8 i9 ends the game; i10, j10,
    // j9 to i9 do not. Depth 1 = 4.
    Fixture {
        name: "ninth-pawn-home",
        form: Form::Diagonal,
        pawns: Some("Sj9 Sk9 Si10 Sj10 Sk10 Si11 Sj11 Sk11 Sh8 Nc3 Nb2 Nd4"),
        to_move: S,
        counts: &[4, 27, 162, 1260, 5810, 48880, 248066],
    },
    // Two on one diagonal in the middle of a game: crowded lanes, a chain over two N pawns
    // (e3 over f4 and h6), N pawns in S's field. Depth 1: b2 steps a1, a3, b3, c1, c2 (5);
    // c3 steps b3, c2 (2); d4 steps e5; e3 hops f4 to g5; g7 steps h8. Total 10.
    Fixture {
        name: "diagonal-middle",
        form: Form::Diagonal,
        pawns: Some("Sc3 Sb2 Sd4 Se3 Sg7 Nf4 Nh6 Nf6 Nb1 Na2 Ne7 Nd6 Nk11"),
        to_move: S,
        counts: &[10, 121, 1098, 13899, 123997],
    },
    // Two colours each: S may not hop its own player's E on e5 (d4 has no move), but c5 hops
    // W on d6 and then N on f8. Depth 1: c3 steps b2, b3, c2; c5 hops d6 to e7 = 4.
    Fixture {
        name: "pairs-middle",
        form: Form::Pairs,
        pawns: Some("Sc3 Sd4 Sc5 Ee5 Wd6 Nf8 Ei3 Wb10 Nk11 Nh8 Wg7 Ek1"),
        to_move: S,
        counts: &[4, 26, 112, 1016, 7184, 57186, 360533],
    },
    // The same pawns with four players: E is another player now, so d4 hops e5 to f6 (and may
    // go on over W's g7? no: h8 is taken). Depth 1 = 5.
    Fixture {
        name: "pairs-middle-as-four",
        form: Form::Four,
        pawns: Some("Sc3 Sd4 Sc5 Ee5 Wd6 Nf8 Ei3 Wb10 Nk11 Nh8 Wg7 Ek1"),
        to_move: S,
        counts: &[5, 34, 168, 1592, 11451, 92450],
    },
    // E, boxed in on e7 by W's d8 and c9, passes by itself: S, then N, W and S again.
    // Depth 1: a1 steps a2, b1, b2 = 3.
    Fixture {
        name: "passes",
        form: Form::Four,
        pawns: Some("Sa1 Ee7 Wd8 Wc9 Nk11"),
        to_move: S,
        counts: &[3, 9, 36, 216, 216, 1080, 5508, 28134],
    },
];

fn setup(form: Form) -> Setup {
    let (seats, two) = match form {
        Form::Four => (4, "diagonal"),
        Form::Diagonal => (2, "diagonal"),
        Form::Pairs => (2, "pairs"),
    };
    Setup { seats, settings: settings::parse(SETTINGS, &[two]).unwrap() }
}

fn engine_game(fixture: &Fixture) -> Thousand {
    match fixture.pawns {
        None => Thousand::new(&setup(fixture.form)).unwrap(),
        Some(pawns) => Thousand::from_position(fixture.form, pawns, fixture.to_move).unwrap(),
    }
}

fn naive_game(fixture: &Fixture) -> naive::Game {
    let form = match fixture.form {
        Form::Four => naive::Form::Four,
        Form::Diagonal => naive::Form::Diagonal,
        Form::Pairs => naive::Form::Pairs,
    };
    match fixture.pawns {
        None => naive::Game::new(form),
        Some(pawns) => naive::Game::from_position(form, pawns, fixture.to_move),
    }
}

#[test]
fn fixtures_cover_the_starts_and_the_hand_made_positions() {
    for form in [Form::Four, Form::Diagonal, Form::Pairs] {
        assert!(FIXTURES.iter().any(|f| f.form == form && f.pawns.is_none()), "{form:?}");
        assert!(FIXTURES.iter().any(|f| f.form == form && f.pawns.is_some()), "{form:?}");
    }
    for name in
        ["chain-two-opponents", "chains-and-own-pawns", "opponent-field", "jammed-field", "passes"]
    {
        assert!(FIXTURES.iter().any(|f| f.name == name), "missing fixture {name}");
    }
    for fixture in FIXTURES {
        assert!(fixture.counts.len() >= 5, "{}: too shallow", fixture.name);
    }
}

#[test]
fn engine_move_counts_match_the_fixtures() {
    for fixture in FIXTURES {
        let game = engine_game(fixture);
        for (depth, expected) in (1..).zip(fixture.counts) {
            assert_eq!(harness::perft(&game, depth), *expected, "{} depth {depth}", fixture.name);
        }
    }
}

#[test]
fn naive_move_counts_match_the_fixtures() {
    for fixture in FIXTURES {
        let game = naive_game(fixture);
        for (depth, expected) in (1..).zip(fixture.counts) {
            assert_eq!(game.perft(depth), *expected, "{} depth {depth}", fixture.name);
        }
    }
}

/// Along random games of every seat arrangement, from the draw to the end, the two generators
/// offer exactly the same actions at every step, not only the same number of them, and agree
/// on when the game is over (passes, finishes, jammed fields, the round limit included).
#[test]
fn naive_and_engine_moves_agree_along_random_games() {
    for form in [Form::Four, Form::Diagonal, Form::Pairs] {
        let fixture = FIXTURES.iter().find(|f| f.form == form && f.pawns.is_none()).unwrap();
        for seed in 0..25 {
            let mut random = rng::seeded(seed);
            let mut game = engine_game(fixture);
            let mut naive = naive_game(fixture);
            let mut actions = 0;
            loop {
                let (engine, plain) = (engine_actions(&game), naive.actions());
                assert_eq!(
                    engine,
                    plain,
                    "{form:?} seed {seed}, action {actions}: {}",
                    game.position()
                );
                assert_eq!(game.to_move() == ToMove::Over, naive.is_over(), "{form:?} seed {seed}");
                let Some((actor, action)) = harness::random_action(&game, &mut random).unwrap()
                else {
                    break;
                };
                naive.play(&written(&action));
                game.apply(actor, &action);
                actions += 1;
            }
            assert!(game.end().is_some());
        }
    }
}

/// An action as the naive counter writes it.
fn written(action: &Action) -> String {
    let name = |sq: (u8, u8)| format!("{}{}", char::from(b'a' + sq.0), sq.1 + 1);
    match action {
        Action::Draw(n) => format!("draw {n}"),
        Action::Move { from, to } => format!("{} {}", name(*from), name(*to)),
        Action::Stop => "stop".to_string(),
    }
}

/// The engine's legal actions now, sorted, as the naive counter writes them.
fn engine_actions(game: &Thousand) -> Vec<String> {
    let actions: Vec<Action> = match game.to_move() {
        ToMove::Chance => game.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
        ToMove::Seats(seats) => {
            game.choices(seats[0]).options.into_iter().map(|c| c.action).collect()
        }
        ToMove::Over => Vec::new(),
    };
    let mut out: Vec<String> = actions.iter().map(written).collect();
    out.sort();
    out
}

/// An independent move generator for «Tysiąc na szachownicy», plain on purpose and written from
/// the spec's text, not from the engine: a board is an 11 × 11 array of colours indexed
/// `[x][y]`; a start field is "its 3 × 3 block" at a corner; a lane square is a square with
/// x − y ∈ {−2, 0, 2} (S and N) or x + y ∈ {8, 10, 12} (E and W) outside the blocks. Every
/// rule is checked where it applies, square by square, with nothing precomputed.
mod naive {
    /// Colours in turn order S, E, N, W; their corners, (x, y) 0-based from the bottom-left.
    const CORNERS: [(i32, i32); 4] = [(0, 0), (10, 0), (10, 10), (0, 10)];
    const LETTERS: [char; 4] = ['S', 'E', 'N', 'W'];
    const PAWNS: usize = 9;
    const ROUNDS: u32 = 100;
    const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const NEIGHBOURS: [(i32, i32); 8] =
        [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (0, -1), (1, 0), (-1, 0)];

    #[derive(Debug, Clone, Copy, PartialEq)]
    pub enum Form {
        Four,
        Diagonal,
        Pairs,
    }

    /// "each seat's opponent is the diagonally opposite corner"
    fn opponent(colour: usize) -> usize {
        (colour + 2) % 4
    }

    /// "the one diagonal direction that gets closer on both axes" to the opponent's corner.
    fn forward(colour: usize) -> (i32, i32) {
        let (from, to) = (CORNERS[colour], CORNERS[opponent(colour)]);
        ((to.0 - from.0).signum(), (to.1 - from.1).signum())
    }

    fn on_board((x, y): (i32, i32)) -> bool {
        (0..11).contains(&x) && (0..11).contains(&y)
    }

    /// "Each corner's start field is its 3 × 3 block."
    fn in_field(colour: usize, (x, y): (i32, i32)) -> bool {
        let (cx, cy) = CORNERS[colour];
        (x - cx).abs() <= 2 && (y - cy).abs() <= 2
    }

    /// "three diagonal lanes per pair of opposite players (x − y ∈ {−2, 0, 2} for the
    /// bottom-left/top-right pair, x + y ∈ {8, 10, 12} for bottom-right/top-left)".
    fn on_lane(colour: usize, (x, y): (i32, i32)) -> bool {
        if colour % 2 == 0 { [-2, 0, 2].contains(&(x - y)) } else { [8, 10, 12].contains(&(x + y)) }
    }

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Ground {
        Own,
        Lane,
        Target,
        Off,
    }

    fn ground(colour: usize, sq: (i32, i32)) -> Ground {
        if !on_board(sq) {
            Ground::Off
        } else if in_field(colour, sq) {
            Ground::Own
        } else if in_field(opponent(colour), sq) {
            Ground::Target
        } else if (0..4).any(|c| in_field(c, sq)) {
            Ground::Off
        } else if on_lane(colour, sq) {
            Ground::Lane
        } else {
            Ground::Off
        }
    }

    fn add((x, y): (i32, i32), (dx, dy): (i32, i32), k: i32) -> (i32, i32) {
        (x + k * dx, y + k * dy)
    }

    fn name((x, y): (i32, i32)) -> String {
        format!("{}{}", char::from(b'a' + x as u8), y + 1)
    }

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Move {
        Draw(usize),
        Step((i32, i32), (i32, i32)),
        Hop((i32, i32), (i32, i32), (i32, i32)),
        Stop,
    }

    #[derive(Debug, Clone)]
    pub struct Game {
        board: [[Option<usize>; 11]; 11],
        /// The player commanding each colour; none for an empty corner.
        player: [Option<usize>; 4],
        /// Ways to draw the colours; zero once drawn.
        draws: usize,
        to_move: usize,
        /// A jump chain in progress: where the pawn stands and the direction of its hops.
        chain: Option<((i32, i32), (i32, i32))>,
        turns: [u32; 4],
        over: bool,
    }

    impl Game {
        fn empty(form: Form) -> Game {
            let player = match form {
                Form::Four => [Some(0), Some(1), Some(2), Some(3)],
                Form::Diagonal => [Some(0), None, Some(1), None],
                Form::Pairs => [Some(0), Some(0), Some(1), Some(1)],
            };
            Game {
                board: [[None; 11]; 11],
                player,
                draws: 0,
                to_move: 0,
                chain: None,
                turns: [0; 4],
                over: false,
            }
        }

        /// A new game: "Colours are drawn by lot" (every order of four players, or which of
        /// two takes S), then every colour in play on its own field, S to move.
        pub fn new(form: Form) -> Game {
            let mut game = Game::empty(form);
            game.draws = if form == Form::Four { 24 } else { 2 };
            for colour in 0..4 {
                if game.player[colour].is_none() {
                    continue;
                }
                for x in 0..11 {
                    for y in 0..11 {
                        if in_field(colour, (x, y)) {
                            game.board[x as usize][y as usize] = Some(colour);
                        }
                    }
                }
            }
            game
        }

        /// A hand-made position in the text form `Sa1 Nk11`, `to_move` to play.
        pub fn from_position(form: Form, pawns: &str, to_move: u8) -> Game {
            let mut game = Game::empty(form);
            for token in pawns.split_whitespace() {
                let mut chars = token.chars();
                let letter = chars.next();
                let colour = LETTERS.iter().position(|l| Some(*l) == letter).unwrap();
                let file = chars.next().unwrap() as i32 - 'a' as i32;
                let rank: i32 = chars.as_str().parse().unwrap();
                game.board[file as usize][(rank - 1) as usize] = Some(colour);
            }
            game.to_move = usize::from(to_move);
            // The position may already be over, or its colour to move may have to pass.
            if game.ended() {
                game.over = true;
            } else {
                game.pass_while_stuck();
            }
            game
        }

        fn at(&self, sq: (i32, i32)) -> Option<usize> {
            on_board(sq).then(|| self.board[sq.0 as usize][sq.1 as usize]).flatten()
        }

        fn free(&self, sq: (i32, i32)) -> bool {
            on_board(sq) && self.at(sq).is_none()
        }

        fn squares_of(&self, colour: usize) -> Vec<(i32, i32)> {
            let mut out = Vec::new();
            for x in 0..11 {
                for y in 0..11 {
                    if self.at((x, y)) == Some(colour) {
                        out.push((x, y));
                    }
                }
            }
            out
        }

        /// Decision 3: "Outside the start fields a pawn steps one square along its lane towards
        /// the opponent's corner. Inside its own or the opponent's start field it may step to
        /// any adjacent free square of that field, in all 8 directions. A pawn leaves its own
        /// start field only by a forward step from one of the field's three exit squares onto
        /// the next square of that lane. … Once in the opponent's field it stays there."
        fn steps(&self, colour: usize, from: (i32, i32)) -> Vec<(i32, i32)> {
            let mut out = Vec::new();
            let fwd = add(from, forward(colour), 1);
            match ground(colour, from) {
                Ground::Own | Ground::Target => {
                    let here = ground(colour, from);
                    for d in NEIGHBOURS {
                        let to = add(from, d, 1);
                        if ground(colour, to) == here && self.free(to) {
                            out.push(to);
                        }
                    }
                    // An exit: the field square on a lane whose next square forward is on the
                    // lane, outside the field.
                    if here == Ground::Own
                        && on_lane(colour, from)
                        && ground(colour, fwd) == Ground::Lane
                        && self.free(fwd)
                    {
                        out.push(fwd);
                    }
                }
                Ground::Lane => {
                    if matches!(ground(colour, fwd), Ground::Lane | Ground::Target)
                        && self.free(fwd)
                    {
                        out.push(fwd);
                    }
                }
                Ground::Off => {}
            }
            out
        }

        /// Decision 4: "Each hop goes over exactly one pawn of another player (never one's
        /// own) onto the free square directly behind it … On a lane a pawn jumps only forward
        /// along the lane; inside a start field it may jump in the four diagonal directions
        /// (a jump out of one's own field goes along a lane)", and decision 3: never out of the
        /// opponent's field. Decision 8: "a player's two colours never jump each other".
        fn hop(&self, colour: usize, from: (i32, i32), d: (i32, i32)) -> Option<(i32, i32)> {
            let (over, land) = (add(from, d, 1), add(from, d, 2));
            let jumped = self.at(over)?;
            if self.player[jumped] == self.player[colour] || !self.free(land) {
                return None;
            }
            let forward = d == forward(colour);
            let ok = match (ground(colour, from), ground(colour, land)) {
                (Ground::Own, Ground::Own) | (Ground::Target, Ground::Target) => true,
                (Ground::Own, Ground::Lane) => forward,
                (Ground::Lane, Ground::Lane | Ground::Target) => forward,
                _ => false,
            };
            ok.then_some(land)
        }

        fn can_move_pawn(&self, colour: usize, from: (i32, i32)) -> bool {
            !self.steps(colour, from).is_empty()
                || DIAGONALS.iter().any(|d| self.hop(colour, from, *d).is_some())
        }

        fn can_move(&self, colour: usize) -> bool {
            self.squares_of(colour).into_iter().any(|sq| self.can_move_pawn(colour, sq))
        }

        fn in_play(&self) -> Vec<usize> {
            (0..4).filter(|c| self.player[*c].is_some()).collect()
        }

        /// Decision 7 (1): "a player whose ninth pawn reaches the opponent's field finishes …
        /// and a player also finishes when their pawns and the opponent's pawns fill the
        /// opponent's start field and none of those opponent pawns can move".
        fn finished(&self, colour: usize) -> bool {
            let other = opponent(colour);
            let field: Vec<(i32, i32)> = (0..11)
                .flat_map(|x| (0..11).map(move |y| (x, y)))
                .filter(|sq| in_field(other, *sq))
                .collect();
            let home = field.iter().filter(|sq| self.at(**sq) == Some(colour)).count();
            if home == PAWNS {
                return true;
            }
            let full =
                field.iter().all(|sq| matches!(self.at(*sq), Some(c) if c == colour || c == other));
            let stuck = field
                .iter()
                .filter(|sq| self.at(**sq) == Some(other))
                .all(|sq| !self.can_move_pawn(other, *sq));
            home > 0 && full && stuck
        }

        fn rounds_done(&self) -> bool {
            self.in_play().iter().all(|c| self.turns[*c] >= ROUNDS)
        }

        /// Decision 7: a colour finished, or no colour can move, or 100 rounds are done.
        fn ended(&self) -> bool {
            let colours = self.in_play();
            colours.iter().any(|c| self.finished(*c))
                || colours.iter().all(|c| !self.can_move(*c))
                || self.rounds_done()
        }

        fn next_colour(&self, colour: usize) -> usize {
            (1..=4).map(|k| (colour + k) % 4).find(|c| self.player[*c].is_some()).unwrap()
        }

        /// "A player with no legal move passes; a pass counts as a turn."
        fn pass_while_stuck(&mut self) {
            while !self.can_move(self.to_move) {
                self.turns[self.to_move] += 1;
                if self.rounds_done() {
                    self.over = true;
                    return;
                }
                self.to_move = self.next_colour(self.to_move);
            }
        }

        fn end_turn(&mut self) {
            self.chain = None;
            self.turns[self.to_move] += 1;
            if self.ended() {
                self.over = true;
                return;
            }
            self.to_move = self.next_colour(self.to_move);
            self.pass_while_stuck();
        }

        fn moves(&self) -> Vec<Move> {
            if self.over {
                return Vec::new();
            }
            if self.draws > 0 {
                return (0..self.draws).map(Move::Draw).collect();
            }
            let colour = self.to_move;
            if let Some((at, d)) = self.chain {
                let mut out: Vec<Move> =
                    self.hop(colour, at, d).map(|to| Move::Hop(at, to, d)).into_iter().collect();
                out.push(Move::Stop);
                return out;
            }
            let mut out = Vec::new();
            for from in self.squares_of(colour) {
                for to in self.steps(colour, from) {
                    out.push(Move::Step(from, to));
                }
                for d in DIAGONALS {
                    if let Some(to) = self.hop(colour, from, d) {
                        out.push(Move::Hop(from, to, d));
                    }
                }
            }
            out
        }

        fn after(&self, m: Move) -> Game {
            let mut next = self.clone();
            match m {
                Move::Draw(_) => next.draws = 0,
                Move::Step(from, to) => {
                    next.board[to.0 as usize][to.1 as usize] = Some(self.to_move);
                    next.board[from.0 as usize][from.1 as usize] = None;
                    next.end_turn();
                }
                Move::Hop(from, to, d) => {
                    next.board[to.0 as usize][to.1 as usize] = Some(self.to_move);
                    next.board[from.0 as usize][from.1 as usize] = None;
                    // The player chooses between the next hop and "stop here" while a next hop
                    // in the same direction exists; otherwise the turn is over.
                    if next.hop(self.to_move, to, d).is_some() {
                        next.chain = Some((to, d));
                    } else {
                        next.end_turn();
                    }
                }
                Move::Stop => next.end_turn(),
            }
            next
        }

        pub fn perft(&self, depth: usize) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = self.moves();
            if depth == 1 {
                return moves.len() as u64;
            }
            moves.into_iter().map(|m| self.after(m).perft(depth - 1)).sum()
        }

        /// The legal actions now, sorted, written as the test writes the engine's.
        pub fn actions(&self) -> Vec<String> {
            let mut out: Vec<String> = self
                .moves()
                .into_iter()
                .map(|m| match m {
                    Move::Draw(n) => format!("draw {n}"),
                    Move::Step(from, to) | Move::Hop(from, to, _) => {
                        format!("{} {}", name(from), name(to))
                    }
                    Move::Stop => "stop".to_string(),
                })
                .collect();
            out.sort();
            out
        }

        /// Plays the action written as [`Game::actions`] writes it.
        pub fn play(&mut self, action: &str) {
            let m = self
                .moves()
                .into_iter()
                .find(|m| match m {
                    Move::Draw(n) => action == format!("draw {n}"),
                    Move::Step(from, to) | Move::Hop(from, to, _) => {
                        action == format!("{} {}", name(*from), name(*to))
                    }
                    Move::Stop => action == "stop",
                })
                .unwrap_or_else(|| panic!("the naive counter has no {action}"));
            *self = self.after(m);
        }

        pub fn is_over(&self) -> bool {
            self.over
        }
    }
}
