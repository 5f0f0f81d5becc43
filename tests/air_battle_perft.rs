//! Move counts (perft) for «Воздушный бой», both editions, from the start and from hand-made
//! positions, two players and two against two.
//!
//! Two independent counters read the same fixtures: the engine, through the public `Game` API
//! and the move counter every game shares ([`harness::perft`]), and [`naive`], a deliberately
//! plain generator written in this file from the rules text alone (`shared/rules/air-battle.md`
//! and the decisions of `docs/rules/air-battle.md`): its own 12 × 16 grid of (x, y) pairs, its
//! own directions, its own copy of South's half of the board as the spec's decision 1 lists it
//! (North's half and the «Аэрофото» danger zones computed from the spec's formulas), every
//! motion sequence tried in full and checked motion by motion. It shares nothing with the
//! engine but the position's text form (`Rbe5N Gfe9S*`). (The spec gives the board as numbers,
//! so the naive counter writes them again rather than read `board.rs`; one test compares the
//! two boards, so a slip in either shows at once.) The recorded counts below were produced by
//! both and agree; the tests recompute both every run and compare them with the record, so a
//! change to either generator that alters a count fails until someone explains it.
//!
//! What a ply is, in both counters: every action the engine takes is one. In «Игрушка» that is
//! a whole operation of one aircraft (↺↑↑ is one ply); in «Аэрофото» one aircraft's move (its
//! one to three motions together) or a pass of one kind is one ply, so a side's turn is two
//! plies, fighter and bomber in either order. A side that cannot move in «Игрушка», and a kind
//! with no aircraft left in «Аэрофото», pass by themselves: not a ply. When both commanders of
//! a side may act (two against two), `harness::perft` counts each seat's actions as branches of
//! their own; as each commander moves only their own kind, the sum is the same as with one
//! commander per side, and the fixtures record both forms with the same figures. A sequence
//! that ends the game before the depth counts for nothing.
//!
//! Depth 1 of each hand-made position is also counted by hand, in the comment above it. Nodes
//! are named as on the board (files a–l, ranks 1–16); rows 14–16 are outside every AA unit and
//! every danger zone. `Gbl1S*` (a parked Green bomber on l1 facing the edge) and `Rba16N*` are
//! reserves that can never move: they keep an air force alive without adding moves.

use igroteka::game::{Game, Setup, ToMove};
use igroteka::games::air_battle::{Action, AirBattle, Edition, Form, SETTINGS, Side};
use igroteka::harness;
use igroteka::rng;
use igroteka::settings;

/// One position and its counts at depth 1, 2, ….
struct Fixture {
    name: &'static str,
    edition: Edition,
    form: Form,
    /// `None`: a new game. Otherwise the aircraft in the text form, `to_move` to play.
    planes: Option<&'static str>,
    to_move: Side,
    /// Turns already played in a row with nobody shot down.
    quiet: u32,
    counts: &'static [u64],
}

use Edition::{Photo, Toy};
use Form::{Duel, Teams};
use Side::South;

/// «Игрушка», South to move: take-off and blocking. c2 (parked bomber) has c3 in front: 0.
/// c3 (parked fighter) ↑↑↑ to c6: 1. d3 (parked) ↑↑↑ would pass d5, a friend: 0. d5 (fighter
/// facing east): ↑↑↑ to g5, ↺↺↺, ↻↻↻, ↺↺↑ and ↻↻↑ to c5, ↺↑↑ to d7 — and ↻↑↑ would end on d3, a
/// friend: 6. h3 (parked) ↑↑↑ ends on h6, a Green fighter facing south: head-on, and a fighter
/// may not: 0. i3 (parked) ↑↑↑ ends on i6, a Green bomber facing west: into its side: 1.
/// Depth 1 = 8. (At depth 2 Green's h6 ↑↑↑ shoots down the parked h3 head-on: a parked aircraft
/// can be shot down from any side.)
const TOY_TAKE_OFF: &str = "Rbc2N* Rfc3N* Rfd3N* Rfd5E Rfh3N* Rfi3N* Gfh6S Gbi6W Gbl1S*";

/// «Игрушка», South to move: attacks. b14 (fighter east): ↑↑↑ would fly through d14 (Green):
/// no; the six others are free (↻↑↑ to b12 passes b13, a Green gun, from its rear): 6.
/// f11 (bomber east): ↑↑ ends on h11, a Green fighter facing west: head-on, a bomber against
/// a fighter, allowed; ↺↺, ↻↻, ↺↑ to f12, ↻↑ to f10: 5. j13 (fighter north): ↑↑↑ ends on j16,
/// a Green bomber facing south: head-on by a fighter, no; ↺↺↺, ↻↻↻, ↺↺↑ and ↻↻↑ to j12, ↺↑↑ to
/// h13, ↻↑↑ to l13: 6. h14 (bomber west): ↑↑ ends on f14, a Green bomber facing east: head-on
/// bomber against bomber, no; ↺↺, ↻↻, ↺↑ to h13, ↻↑ to h15: 4. k10 (fighter west): all 7 —
/// ↑↑↑ into the side of h10's Green fighter (on a Green rocket launcher: at depth 2 the rocket
/// shoots the attacker down first and h10's fighter stays), ↺↑↑ into the tail of k8's, ↻↑↑ to
/// k12, ↺↺↺, ↻↻↻, ↺↺↑ and ↻↻↑ to l10. Depth 1 = 6 + 5 + 6 + 4 + 7 = 28.
const TOY_ATTACKS: &str =
    "Rfb14E Rbf11E Rfj13N Rbh14W Rfk10W Gfd14N Gfh11W Gbj16S Gbf14E Gfk8S Gfh10N";

/// «Игрушка», South to move: anti-aircraft (legality ignores it, so depth 1 is geometry; the
/// AA decides what depth 2 starts from). h8 (fighter north): ↑↑↑ through h10, a Green rocket
/// launcher (shot down there); ↺↺↑ and ↻↻↑ to h7, South's own rocket launcher (safe); all 7
/// free. g14 (fighter south): ↑↑↑ passes g12, a Green gun, from its rear (safe); all 7 free.
/// i11 (fighter north): ↑↑↑ enters i13, a Green gun, from its front (shot down); all 7 free.
/// e6 (bomber north): ↑↑ over e7, its own rocket launcher; 5. k13 (bomber north): ↻↑ enters l13,
/// a Green gun, from its side; 5. Depth 1 = 7 + 7 + 7 + 5 + 5 = 31.
const TOY_AA: &str = "Rfh8N Rfg14S Rfi11N Rbe6N Rbk13N Gfa16E Gbl1S*";

/// «Игрушка», South to move: the headquarters and the ends. l14 (bomber north): ↑↑ to l16,
/// Green's headquarters (the game ends); ↺↺, ↻↻, ↺↑ to k14; ↻↑ off the board: 4. i16 (fighter
/// east): ↑↑↑ to l16 (a fighter does not bomb); ↺↺↺, ↻↻↻; ↺↺↑ and ↻↻↑ to h16; ↺↑↑ off the board;
/// ↻↑↑ into the side of i14, Green's only bomber, which leaves Green no bomber and two
/// fighters: its air force is destroyed and the game ends: 6. Depth 1 = 10.
const TOY_ENDS: &str = "Rbl14N Rfi16E Gbi14W Gfe16W Gff16W";

/// «Игрушка», South to move; Green cannot move (its only aircraft is a parked bomber facing the
/// edge) and passes by itself. f14 (fighter north): ↑↑↑ off the board; ↺↺↺, ↻↻↻, ↺↺↑ and ↻↻↑
/// to f13, ↺↑↑ to d14, ↻↑↑ to h14: 6. b15 (fighter east): ↑↑↑ to e15; ↺↺↺, ↻↻↻, ↺↺↑ and ↻↻↑ to
/// a15; ↺↑↑ off the board; ↻↑↑ to b13 (a Green gun, entered from its rear): 6. Depth 1 = 12.
/// From 115 quiet turns, Green's passes count too: South's third move is the 120th turn and
/// draws (depth 4 is only the lines where a fighter was shot down on the way, which resets the
/// count).
const TOY_STUCK: &str = "Rff14N Rfb15E Rba16N* Gbl1S*";

/// «Аэрофото», South to move: motions. f14 (fighter north, airborne): every sequence of up to
/// three motions (3 + 9 + 27 = 39) but ↑↑↑, which leaves the board: 38. i14 (bomber east): all
/// 3 + 9 = 12. c14 (parked fighter north): a step first, then up to two motions: ↑; ↑↑, ↑↺, ↑↻;
/// ↑↑↺, ↑↑↻ (↑↑↑ leaves the board), ↑↺↑, ↑↺↺, ↑↺↻, ↑↻↑, ↑↻↺, ↑↻↻: 12. Passes of bombers and
/// fighters: 2. Depth 1 = 38 + 12 + 12 + 2 = 64.
const PHOTO_MOTIONS: &str = "Rff14N Rbi14E Rfc14N* Gbl1S*";

/// «Аэрофото», South to move: attacks, which end the aircraft's move. c14 (bomber east): ↑↑
/// ends on e14, a Green fighter facing west: head-on, a bomber against a fighter, allowed; all
/// 12. h14 (bomber east): ↑↑ ends on j14, a Green bomber facing west: head-on, no: 11. a16
/// (fighter east): ↑↑ would meet c16, a parked Green fighter facing west, head-on — in
/// «Аэрофото» a parked aircraft follows the angle rule, and a fighter may not attack head-on —
/// so no ↑↑…; ↺↑, ↺↺↑, ↻↻↑ and ↑↺↑ leave the board. Left: ↑, ↺, ↻ (3); ↑↺, ↑↻, ↺↺, ↺↻, ↻↑,
/// ↻↺, ↻↻ (7); ↑↺↺ ↑↺↻ ↑↻↑ ↑↻↺ ↑↻↻ ↺↺↺ ↺↺↻ ↺↻↑ ↺↻↺ ↺↻↻ ↻↑↑ ↻↑↺ ↻↑↻ ↻↺↑ ↻↺↺ ↻↺↻ ↻↻↺ ↻↻↻ (18): 28.
/// g16 (fighter east): ↑ is a tail attack on h16 (facing east) and ends the move, so ↑… has no
/// sequel: ↑, ↺, ↻ (3); ↺↺, ↺↻, ↻↑, ↻↺, ↻↻ (5, ↺↑ leaves the board); all three of each of these
/// (15, ↺↻↑ and ↻↺↑ attacking h16 again): 23. Passes: 2. Depth 1 = 12 + 11 + 28 + 23 + 2 = 76.
const PHOTO_ATTACKS: &str = "Rbc14E Rbh14E Rfa16E Rfg16E Gfe14W Gbj14W Gfc16W* Gfh16E";

/// «Аэрофото», South to move: danger zones (legality ignores them; depth 2 starts from what
/// they did). d13 (bomber north) stands on a Green gun: turning in place there ends its move in
/// the gun's zone (shot down), ↑ to d14 leaves it; all 12. k13 (fighter west): ↑↑↑ crosses j13
/// and i13, both in i13's zone, and ends on h13 outside it (safe); nothing near, all 39. d5
/// (fighter north) stands in the zone of South's own gun d4 (harmless); all 39. Passes: 2.
/// Depth 1 = 12 + 39 + 39 + 2 = 92.
const PHOTO_AA: &str = "Rbd13N Rfk13W Rfd5N Gbl1S*";

/// «Аэрофото», South to move: the headquarters and the ends. l15 (bomber north): ↑ stops on
/// l16, Green's headquarters, and bombs — no motion may follow, so not ↑↑, ↑↺, ↑↻; ↺, ↻, ↺↑ to
/// k15, ↺↺, ↺↻, ↻↺, ↻↻ (↻↑ leaves the board): 8. k16 (fighter east): ↑ to l16 (a fighter does
/// not bomb); ↺, ↻ (3); ↑↺, ↑↻, ↺↺, ↺↻, ↻↑, ↻↺, ↻↻ (7; ↑↑ and ↺↑ leave the board); ↑↺↺, ↑↺↻
/// (↑↺↑ leaves), ↑↻↺, ↑↻↻ (↑↻↑ would end on l15, a friend), and all three of ↺↺, ↺↻, ↻↑, ↻↺,
/// ↻↻ (15; ↺↺↑ and ↻↻↑ into the side of j16, Green's last aircraft: its air force is destroyed
/// and the game ends): 29. Passes: 2. Depth 1 = 8 + 29 + 2 = 39. Green has no bomber: that kind
/// passes by itself, and Green's turn is its fighter's move or pass.
const PHOTO_ENDS: &str = "Rbl15N Rfk16E Gfj16N";

const FIXTURES: &[Fixture] = &[
    // The start, «Игрушка»: only the front-row fighters can take off, ↑↑↑ each (c3 d3 e3 f3,
    // h3 i3 j3 k3): 8; Green likewise: 64. The same with two against two: each side's
    // fighter commander alone is listed, with the same eight.
    Fixture {
        name: "toy-start",
        edition: Toy,
        form: Duel,
        planes: None,
        to_move: South,
        quiet: 0,
        counts: &[8, 64, 952, 14_157, 248_022],
    },
    Fixture {
        name: "toy-start-teams",
        edition: Toy,
        form: Teams,
        planes: None,
        to_move: South,
        quiet: 0,
        counts: &[8, 64, 952, 14_157, 248_022],
    },
    // The start, «Аэрофото»: the eight front-row fighters, a step first and up to two more
    // motions, 13 each (nothing in the way) = 104; the bombers are all boxed in: the passes of
    // bombers and of fighters: 106. Depth 2 by hand too: after a fighter of c–e or i–k leaves,
    // the bomber behind it may step (↑, ↑↑, ↑↺, ↑↻) or pass: 5 answers after the 6 fighter moves
    // that end elsewhere, 4 after the 7 that end on the node ahead (↑, ↑↺, ↑↻, ↑↺↺, ↑↺↻, ↑↻↺,
    // ↑↻↻: ↑↑ is blocked); f3 and h3 have a fighter behind: a pass only. After the bombers'
    // pass, 104 fighter moves and the fighters' pass; after the fighters' pass, the bombers'.
    // 6 × (6 × 5 + 7 × 4) + 2 × 13 + 105 + 1 = 480.
    Fixture {
        name: "photo-start",
        edition: Photo,
        form: Duel,
        planes: None,
        to_move: South,
        quiet: 0,
        counts: &[106, 480, 50_880],
    },
    Fixture {
        name: "photo-start-teams",
        edition: Photo,
        form: Teams,
        planes: None,
        to_move: South,
        quiet: 0,
        counts: &[106, 480, 50_880],
    },
    Fixture {
        name: "toy-take-off",
        edition: Toy,
        form: Duel,
        planes: Some(TOY_TAKE_OFF),
        to_move: South,
        quiet: 0,
        counts: &[8, 76, 774, 7_328],
    },
    Fixture {
        name: "toy-attacks",
        edition: Toy,
        form: Duel,
        planes: Some(TOY_ATTACKS),
        to_move: South,
        quiet: 0,
        counts: &[28, 840, 22_604, 681_197],
    },
    Fixture {
        name: "toy-aa",
        edition: Toy,
        form: Duel,
        planes: Some(TOY_AA),
        to_move: South,
        quiet: 0,
        counts: &[31, 124, 3_708, 19_465],
    },
    Fixture {
        name: "toy-ends",
        edition: Toy,
        form: Duel,
        planes: Some(TOY_ENDS),
        to_move: South,
        quiet: 0,
        counts: &[10, 112, 1_029, 13_793],
    },
    Fixture {
        name: "toy-ends-teams",
        edition: Toy,
        form: Teams,
        planes: Some(TOY_ENDS),
        to_move: South,
        quiet: 0,
        counts: &[10, 112, 1_029, 13_793],
    },
    Fixture {
        name: "toy-stuck-quiet",
        edition: Toy,
        form: Duel,
        planes: Some(TOY_STUCK),
        to_move: South,
        quiet: 115,
        counts: &[12, 147, 1_791, 624, 3_711],
    },
    Fixture {
        name: "photo-motions",
        edition: Photo,
        form: Duel,
        planes: Some(PHOTO_MOTIONS),
        to_move: South,
        quiet: 0,
        counts: &[64, 1_326, 1_326, 89_030],
    },
    // (Depth 4, 4,282,624, agrees too, but the engine's labelled choice lists make it take
    // seconds.)
    Fixture {
        name: "photo-attacks",
        edition: Photo,
        form: Duel,
        planes: Some(PHOTO_ATTACKS),
        to_move: South,
        quiet: 0,
        counts: &[76, 2_496, 209_006],
    },
    Fixture {
        name: "photo-aa",
        edition: Photo,
        form: Duel,
        planes: Some(PHOTO_AA),
        to_move: South,
        quiet: 0,
        counts: &[92, 2_054, 2_054, 154_074],
    },
    Fixture {
        name: "photo-ends",
        edition: Photo,
        form: Duel,
        planes: Some(PHOTO_ENDS),
        to_move: South,
        quiet: 0,
        counts: &[39, 477, 10_266, 358_235],
    },
    Fixture {
        name: "photo-ends-teams",
        edition: Photo,
        form: Teams,
        planes: Some(PHOTO_ENDS),
        to_move: South,
        quiet: 0,
        counts: &[39, 477, 10_266, 358_235],
    },
];

fn setup(edition: Edition, form: Form) -> Setup {
    let seats = if form == Duel { 2 } else { 4 };
    let edition = if edition == Toy { "toy" } else { "photo" };
    Setup { seats, settings: settings::parse(SETTINGS, &[edition]).unwrap() }
}

fn engine_game(fixture: &Fixture) -> AirBattle {
    match fixture.planes {
        None => AirBattle::new(&setup(fixture.edition, fixture.form)).unwrap(),
        Some(planes) => {
            AirBattle::from_position(fixture.edition, fixture.form, planes, fixture.to_move)
                .unwrap()
                .with_quiet(fixture.quiet)
        }
    }
}

fn naive_game(fixture: &Fixture) -> naive::Game {
    let (photo, teams) = (fixture.edition == Photo, fixture.form == Teams);
    match fixture.planes {
        None => naive::Game::start(photo, teams),
        Some(planes) => naive::Game::from_position(
            photo,
            teams,
            planes,
            fixture.to_move == South,
            fixture.quiet,
        ),
    }
}

#[test]
fn fixtures_cover_both_editions_forms_and_the_hand_made_positions() {
    for edition in [Toy, Photo] {
        for form in [Duel, Teams] {
            let of = |f: &&Fixture| f.edition == edition && f.form == form;
            assert!(FIXTURES.iter().filter(of).any(|f| f.planes.is_none()), "{edition:?} {form:?}");
            assert!(FIXTURES.iter().filter(of).any(|f| f.planes.is_some()), "{edition:?} {form:?}");
        }
    }
    for fixture in FIXTURES {
        assert!(fixture.counts.len() >= 3, "{}: too shallow", fixture.name);
    }
    // Two against two counts as two players do (see the module docs).
    for teams in FIXTURES.iter().filter(|f| f.form == Teams) {
        let duel = FIXTURES
            .iter()
            .find(|f| f.form == Duel && f.edition == teams.edition && f.planes == teams.planes)
            .unwrap_or_else(|| panic!("{}: no two-player twin", teams.name));
        assert_eq!(teams.counts, duel.counts, "{}", teams.name);
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

/// The board the naive counter wrote down from the spec is the engine's `board.rs`.
#[test]
fn the_naive_board_is_the_engines() {
    use igroteka::games::air_battle::board;
    let mut engine: Vec<String> = board::AA_UNITS
        .iter()
        .map(|u| {
            let zone: Vec<String> = board::danger_zone(u).into_iter().map(board::name).collect();
            let south = u.side == South;
            let kind = if u.kind == board::AaKind::Rocket { "rocket" } else { "gun" };
            format!("{south} {kind} {} {:?} {zone:?}", board::name(u.node), u.facing)
        })
        .collect();
    let mut plain = naive::aa_description();
    engine.sort();
    plain.sort();
    assert_eq!(engine, plain);
    for side in [South, Side::North] {
        let hq = board::name(board::headquarters(side));
        assert_eq!(hq, naive::hq_name(side == South));
    }
    let start = AirBattle::new(&setup(Toy, Duel)).unwrap();
    let mut engine: Vec<&str> = Vec::new();
    let text = start.position().to_string();
    engine.extend(text.split_whitespace());
    let naive_text = naive::Game::start(false, false).text();
    let mut plain: Vec<&str> = naive_text.split_whitespace().collect();
    engine.sort();
    plain.sort();
    assert_eq!(engine, plain);
}

/// Along random games of both editions and both forms, the two generators offer exactly the
/// same actions at every step, seat by seat, and agree on when the game is over.
#[test]
fn naive_and_engine_moves_agree_along_random_games() {
    for (edition, form, games) in
        [(Toy, Duel, 12), (Toy, Teams, 6), (Photo, Duel, 4), (Photo, Teams, 3)]
    {
        for seed in 0..games {
            let mut random = rng::seeded(seed);
            let mut game = AirBattle::new(&setup(edition, form)).unwrap();
            let mut plain = naive::Game::start(edition == Photo, form == Teams);
            let mut actions = 0;
            loop {
                let label = format!("{edition:?} {form:?} seed {seed} action {actions}");
                assert_eq!(engine_actions(&game), plain.actions(), "{label}: {}", game.position());
                assert_eq!(game.to_move() == ToMove::Over, plain.is_over(), "{label}");
                let Some((actor, action)) = harness::random_action(&game, &mut random).unwrap()
                else {
                    break;
                };
                let igroteka::game::Actor::Seat(seat) = actor else { unreachable!() };
                plain.play(&written(&game, seat, &action));
                game.apply(actor, &action);
                actions += 1;
            }
        }
    }
}

/// An action as the naive counter writes it: the seat, then the aircraft's node and motions,
/// or the kind passed.
fn written(game: &AirBattle, seat: usize, action: &Action) -> String {
    match action {
        Action::Fly { plane, motions } => {
            let node = game.position().planes()[usize::from(*plane)].node;
            let name = format!("{}{}", char::from(b'a' + node.0), node.1 + 1);
            let keys: String = motions.iter().map(|m| m.key()).collect();
            format!("{seat} {name} {keys}")
        }
        Action::Pass(kind) => format!("{seat} pass {}", kind.letter()),
    }
}

/// The engine's legal actions now, every listed seat's, sorted, as the naive counter writes
/// them.
fn engine_actions(game: &AirBattle) -> Vec<String> {
    let ToMove::Seats(seats) = game.to_move() else { return Vec::new() };
    let mut out: Vec<String> = seats
        .iter()
        .flat_map(|seat| {
            game.choices(*seat).options.into_iter().map(|c| written(game, *seat, &c.action))
        })
        .collect();
    out.sort();
    out
}

/// An independent move generator for «Воздушный бой», plain on purpose and written from the
/// spec's text, not from the engine: the board is (x, y) pairs on a 12 × 16 grid, directions
/// are 0–3 (N, E, S, W), aircraft are a list searched node by node, and every candidate motion
/// sequence is walked in full from the aircraft's node.
mod naive {
    /// One step north, east, south, west as (dx, dy): north is up, +y.
    const STEP: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const NAMES: [char; 4] = ['N', 'E', 'S', 'W'];

    /// Decision 1, South's half: "headquarters at (0, 0); two airfields of 4 × 2 parking nodes
    /// (x 2–5 and x 7–10, y 1–2), each with 3 bombers on the back row (y = 1 at x 2, 3, 4 and
    /// x 8, 9, 10) and fighters on the other five nodes, all facing north; rocket launchers at
    /// (1,5), (4,6), (7,6), (10,5); gun emplacements at (0,3), (3,3), (5,4), (6,4), (8,3),
    /// (10,3), (2,7), (9,7), each facing the enemy."
    const SOUTH_HQ: (i32, i32) = (0, 0);
    const BOMBER_XS: [i32; 6] = [2, 3, 4, 8, 9, 10];
    const AIRFIELD_XS: [i32; 8] = [2, 3, 4, 5, 7, 8, 9, 10];
    const ROCKETS: [(i32, i32); 4] = [(1, 5), (4, 6), (7, 6), (10, 5)];
    const GUNS: [(i32, i32); 8] = [(0, 3), (3, 3), (5, 4), (6, 4), (8, 3), (10, 3), (2, 7), (9, 7)];

    /// "North is South turned 180° ((x, y) → (11 − x, 15 − y))".
    fn turned((x, y): (i32, i32)) -> (i32, i32) {
        (11 - x, 15 - y)
    }

    fn on_board((x, y): (i32, i32)) -> bool {
        (0..12).contains(&x) && (0..16).contains(&y)
    }

    fn name((x, y): (i32, i32)) -> String {
        format!("{}{}", char::from(b'a' + x as u8), y + 1)
    }

    fn hq(south: bool) -> (i32, i32) {
        if south { SOUTH_HQ } else { turned(SOUTH_HQ) }
    }

    pub fn hq_name(south: bool) -> String {
        name(hq(south))
    }

    struct Aa {
        south: bool,
        rocket: bool,
        at: (i32, i32),
        /// Towards the enemy: north for South's, south for North's.
        facing: usize,
    }

    fn aa_units() -> Vec<Aa> {
        let mut units = Vec::new();
        for south in [true, false] {
            for (list, rocket) in [(&ROCKETS[..], true), (&GUNS[..], false)] {
                for at in list {
                    let at = if south { *at } else { turned(*at) };
                    units.push(Aa { south, rocket, at, facing: if south { 0 } else { 2 } });
                }
            }
        }
        units
    }

    /// "«Аэрофото» danger zone of a South unit at (x, y): (x, y), (x − 1, y), (x, y + 1),
    /// (x − 1, y + 1); North's …: (x, y), (x + 1, y), (x, y − 1), (x + 1, y − 1)", off-board
    /// nodes left out.
    fn zone(unit: &Aa) -> Vec<(i32, i32)> {
        let (x, y) = unit.at;
        let nodes = if unit.south {
            [(x, y), (x - 1, y), (x, y + 1), (x - 1, y + 1)]
        } else {
            [(x, y), (x + 1, y), (x, y - 1), (x + 1, y - 1)]
        };
        nodes.into_iter().filter(|n| on_board(*n)).collect()
    }

    /// The AA units as the board test compares them.
    pub fn aa_description() -> Vec<String> {
        aa_units()
            .iter()
            .map(|u| {
                let zone: Vec<String> = zone(u).into_iter().map(name).collect();
                let kind = if u.rocket { "rocket" } else { "gun" };
                format!("{} {kind} {} {} {zone:?}", u.south, name(u.at), NAMES[u.facing])
            })
            .collect()
    }

    /// «Игрушка» operations: "Bomber: 2 nodes straight; or two 90° turns; or one turn and 1
    /// node forward. Fighter: 3 nodes straight; or three turns; or two turns and 1 node; or one
    /// turn and 2 nodes" — turns first, all the same way; straight ahead only before take-off.
    fn toy_operations(bomber: bool, airborne: bool) -> Vec<&'static str> {
        let all = if bomber {
            vec!["FF", "LL", "RR", "LF", "RF"]
        } else {
            vec!["FFF", "LLL", "RRR", "LLF", "RRF", "LFF", "RFF"]
        };
        if airborne { all } else { all[..1].to_vec() }
    }

    /// «Аэрофото»: every sequence of 1 to 3 (fighter) or 2 (bomber) motions; a parked
    /// aircraft's first motion is a step.
    fn photo_sequences(bomber: bool, airborne: bool) -> Vec<String> {
        let most = if bomber { 2 } else { 3 };
        let mut all: Vec<String> = Vec::new();
        let mut last = vec![String::new()];
        for _ in 0..most {
            let mut next = Vec::new();
            for prefix in &last {
                for m in ["F", "L", "R"] {
                    next.push(format!("{prefix}{m}"));
                }
            }
            all.extend(next.iter().cloned());
            last = next;
        }
        all.retain(|s| airborne || s.starts_with('F'));
        all
    }

    #[derive(Debug, Clone)]
    struct Plane {
        south: bool,
        bomber: bool,
        at: (i32, i32),
        facing: usize,
        airborne: bool,
        lost: bool,
    }

    /// A legal flight's walk: every node entered with the way it was entered, where it ends,
    /// and the enemy it attacks at the end.
    struct Walk {
        entered: Vec<((i32, i32), usize)>,
        end: (i32, i32),
        facing: usize,
        target: Option<usize>,
    }

    #[derive(Debug, Clone)]
    pub struct Game {
        photo: bool,
        teams: bool,
        planes: Vec<Plane>,
        south_to_move: bool,
        /// «Аэрофото»: bombers [0] and fighters [1] moved or passed this turn.
        done: [bool; 2],
        quiet: u32,
        loss: bool,
        over: bool,
    }

    #[derive(Debug, Clone)]
    enum Move {
        Fly { seat: usize, plane: usize, motions: String },
        Pass { seat: usize, bomber: bool },
    }

    impl Game {
        fn empty(photo: bool, teams: bool, south_to_move: bool) -> Game {
            Game {
                photo,
                teams,
                planes: Vec::new(),
                south_to_move,
                done: [false; 2],
                quiet: 0,
                loss: false,
                over: false,
            }
        }

        /// A new game: both sides parked on their airfields facing the enemy, Red (South) to
        /// move.
        pub fn start(photo: bool, teams: bool) -> Game {
            let mut game = Game::empty(photo, teams, true);
            for south in [true, false] {
                for x in AIRFIELD_XS {
                    for y in [1, 2] {
                        let bomber = y == 1 && BOMBER_XS.contains(&x);
                        let at = if south { (x, y) } else { turned((x, y)) };
                        let facing = if south { 0 } else { 2 };
                        game.planes.push(Plane {
                            south,
                            bomber,
                            at,
                            facing,
                            airborne: false,
                            lost: false,
                        });
                    }
                }
            }
            game
        }

        /// A hand-made position in the text form `Rbe5N Gfe9S*`.
        pub fn from_position(
            photo: bool,
            teams: bool,
            text: &str,
            south_to_move: bool,
            quiet: u32,
        ) -> Game {
            let mut game = Game::empty(photo, teams, south_to_move);
            game.quiet = quiet;
            for token in text.split_whitespace() {
                let chars: Vec<char> = token.chars().collect();
                let parked = chars.last() == Some(&'*');
                let body = if parked { &chars[..chars.len() - 1] } else { &chars[..] };
                let facing = NAMES.iter().position(|c| *c == body[body.len() - 1]).unwrap();
                let x = body[2] as i32 - 'a' as i32;
                let rank: String = body[3..body.len() - 1].iter().collect();
                let y = rank.parse::<i32>().unwrap() - 1;
                game.planes.push(Plane {
                    south: body[0] == 'R',
                    bomber: body[1] == 'b',
                    at: (x, y),
                    facing,
                    airborne: !parked,
                    lost: false,
                });
            }
            if game.destroyed(true) || game.destroyed(false) {
                game.over = true;
            } else {
                game.settle();
            }
            game
        }

        /// The aircraft in play in the text form.
        pub fn text(&self) -> String {
            let tokens: Vec<String> = self
                .planes
                .iter()
                .filter(|p| !p.lost)
                .map(|p| {
                    let side = if p.south { 'R' } else { 'G' };
                    let kind = if p.bomber { 'b' } else { 'f' };
                    let parked = if p.airborne { "" } else { "*" };
                    format!("{side}{kind}{}{}{parked}", name(p.at), NAMES[p.facing])
                })
                .collect();
            tokens.join(" ")
        }

        fn plane_at(&self, node: (i32, i32)) -> Option<usize> {
            (0..self.planes.len()).find(|i| !self.planes[*i].lost && self.planes[*i].at == node)
        }

        /// "Destroy the enemy's air force: in «Игрушка» shoot down all of its bombers and at
        /// least 8 fighters, in «Аэрофото» all 16 aircraft" — of a hand-made position's
        /// aircraft, no bomber and at most 2 fighters left, or none at all.
        fn destroyed(&self, south: bool) -> bool {
            let left = |bomber: bool| {
                self.planes
                    .iter()
                    .filter(|p| !p.lost && p.south == south && p.bomber == bomber)
                    .count()
            };
            if self.photo {
                left(true) + left(false) == 0
            } else {
                left(true) == 0 && left(false) <= 2
            }
        }

        /// Decision 2: "opposite = head-on, the same = tail, at right angles = side"; side and
        /// tail for anyone, head-on only a bomber against a fighter; in «Игрушка» a parked
        /// aircraft from any side.
        fn may_attack(&self, attacker: &Plane, step: usize, target: &Plane) -> bool {
            if !self.photo && !target.airborne {
                return true;
            }
            if step == (target.facing + 2) % 4 { attacker.bomber && !target.bomber } else { true }
        }

        /// Walks `motions` with aircraft `p`: `None` if it leaves the board, meets a friend,
        /// goes on after meeting an enemy, meets an enemy at an angle it may not attack, or (a
        /// bomber) goes on after reaching the enemy headquarters.
        fn walk(&self, p: usize, motions: &str) -> Option<Walk> {
            let plane = &self.planes[p];
            let (mut at, mut facing) = (plane.at, plane.facing);
            let mut walk = Walk { entered: Vec::new(), end: at, facing, target: None };
            let mut finished = false;
            for m in motions.chars() {
                if finished {
                    return None;
                }
                match m {
                    'L' => facing = (facing + 3) % 4,
                    'R' => facing = (facing + 1) % 4,
                    _ => {
                        at = (at.0 + STEP[facing].0, at.1 + STEP[facing].1);
                        if !on_board(at) {
                            return None;
                        }
                        if let Some(q) = self.plane_at(at) {
                            let other = &self.planes[q];
                            if other.south == plane.south || !self.may_attack(plane, facing, other)
                            {
                                return None;
                            }
                            walk.target = Some(q);
                            finished = true;
                        }
                        if plane.bomber && at == hq(!plane.south) {
                            finished = true;
                        }
                        walk.entered.push((at, facing));
                    }
                }
            }
            walk.end = at;
            walk.facing = facing;
            Some(walk)
        }

        /// The seats of the side to move, each with the kinds it commands (bombers, fighters).
        fn commanders(&self) -> Vec<(usize, [bool; 2])> {
            let side = if self.south_to_move { 0 } else { 1 };
            if self.teams {
                vec![(2 * side, [true, false]), (2 * side + 1, [false, true])]
            } else {
                vec![(side, [true, true])]
            }
        }

        /// Every legal action of `seat` commanding `kinds`.
        fn moves_of(&self, seat: usize, kinds: [bool; 2]) -> Vec<Move> {
            let mut out = Vec::new();
            for (i, plane) in self.planes.iter().enumerate() {
                let kind = if plane.bomber { 0 } else { 1 };
                if plane.lost || plane.south != self.south_to_move || !kinds[kind] {
                    continue;
                }
                if self.photo && self.done[kind] {
                    continue;
                }
                let candidates: Vec<String> = if self.photo {
                    photo_sequences(plane.bomber, plane.airborne)
                } else {
                    toy_operations(plane.bomber, plane.airborne)
                        .into_iter()
                        .map(String::from)
                        .collect()
                };
                for motions in candidates {
                    if self.walk(i, &motions).is_some() {
                        out.push(Move::Fly { seat, plane: i, motions });
                    }
                }
            }
            if self.photo {
                for (kind, bomber) in [(0, true), (1, false)] {
                    if kinds[kind] && !self.done[kind] {
                        out.push(Move::Pass { seat, bomber });
                    }
                }
            }
            out
        }

        /// Every listed seat's actions: in «Игрушка» a commander is listed when they can move,
        /// in «Аэрофото» when one of their kinds has not moved yet.
        fn moves(&self) -> Vec<Move> {
            if self.over {
                return Vec::new();
            }
            self.commanders()
                .into_iter()
                .flat_map(|(seat, kinds)| self.moves_of(seat, kinds))
                .collect()
        }

        fn can_move(&self) -> bool {
            self.commanders().into_iter().any(|(seat, kinds)| {
                self.moves_of(seat, kinds).iter().any(|m| matches!(m, Move::Fly { .. }))
            })
        }

        /// Where the turn passes on: the draw after 120 quiet turns, then the other side.
        fn end_turn(&mut self) {
            self.quiet = if self.loss { 0 } else { self.quiet + 1 };
            self.loss = false;
            self.done = [false; 2];
            if self.quiet >= 120 {
                self.over = true;
                return;
            }
            self.south_to_move = !self.south_to_move;
            self.settle();
        }

        /// «Игрушка»: "a side that cannot move passes"; «Аэрофото»: a kind with no aircraft
        /// left passes by itself, and the turn ends when both kinds have moved or passed.
        fn settle(&mut self) {
            if self.photo {
                for (kind, bomber) in [(0, true), (1, false)] {
                    let any = self
                        .planes
                        .iter()
                        .any(|p| !p.lost && p.south == self.south_to_move && p.bomber == bomber);
                    if !any {
                        self.done[kind] = true;
                    }
                }
                if self.done == [true, true] {
                    self.end_turn();
                }
            } else if !self.can_move() {
                self.end_turn();
            }
        }

        fn lose(&mut self, p: usize) {
            self.planes[p].lost = true;
            self.loss = true;
        }

        fn after(&self, m: &Move) -> Game {
            let mut next = self.clone();
            match m {
                Move::Pass { bomber, .. } => {
                    next.done[if *bomber { 0 } else { 1 }] = true;
                    next.settle();
                }
                Move::Fly { plane, motions, .. } => next.fly(*plane, motions),
            }
            next
        }

        fn fly(&mut self, p: usize, motions: &str) {
            let walk = self.walk(p, motions).expect("a legal flight");
            let (south, bomber) = (self.planes[p].south, self.planes[p].bomber);
            let enemy_units: Vec<Aa> =
                aa_units().into_iter().filter(|u| u.south != south).collect();
            let mut bombed = false;
            if self.photo {
                // "The attack happens on arrival and the AA fires at the end of the aircraft's
                // move, on its final node."
                if let Some(q) = walk.target {
                    self.lose(q);
                }
                let plane = &mut self.planes[p];
                plane.at = walk.end;
                plane.facing = walk.facing;
                plane.airborne = true;
                if enemy_units.iter().any(|u| zone(u).contains(&walk.end)) {
                    self.lose(p);
                } else if bomber && walk.end == hq(!south) {
                    bombed = true;
                }
            } else {
                // "Over an enemy rocket launcher an aircraft is shot down from any side; over a
                // gun emplacement — if it came in from the front or from a side": every node
                // entered, in order; one shot down goes no further, attacks and bombs nothing.
                let shot = walk.entered.iter().any(|(node, step)| {
                    enemy_units.iter().any(|u| u.at == *node && (u.rocket || *step != u.facing))
                });
                if shot {
                    self.lose(p);
                } else {
                    if let Some(q) = walk.target {
                        self.lose(q);
                    }
                    let plane = &mut self.planes[p];
                    plane.at = walk.end;
                    plane.facing = walk.facing;
                    plane.airborne = true;
                    bombed = bomber && walk.end == hq(!south);
                }
            }
            if bombed || self.destroyed(true) || self.destroyed(false) {
                self.over = true;
                return;
            }
            if self.photo {
                self.done[if bomber { 0 } else { 1 }] = true;
                self.settle();
            } else {
                self.end_turn();
            }
        }

        pub fn perft(&self, depth: usize) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = self.moves();
            if depth == 1 {
                return moves.len() as u64;
            }
            moves.iter().map(|m| self.after(m).perft(depth - 1)).sum()
        }

        fn write(&self, m: &Move) -> String {
            match m {
                Move::Fly { seat, plane, motions } => {
                    format!("{seat} {} {motions}", name(self.planes[*plane].at))
                }
                Move::Pass { seat, bomber } => {
                    format!("{seat} pass {}", if *bomber { 'B' } else { 'F' })
                }
            }
        }

        /// The legal actions now, sorted, written as the test writes the engine's.
        pub fn actions(&self) -> Vec<String> {
            let mut out: Vec<String> = self.moves().iter().map(|m| self.write(m)).collect();
            out.sort();
            out
        }

        /// Plays the action written as [`Game::actions`] writes it.
        pub fn play(&mut self, action: &str) {
            let m = self
                .moves()
                .into_iter()
                .find(|m| self.write(m) == action)
                .unwrap_or_else(|| panic!("the naive counter has no {action}"));
            *self = self.after(&m);
        }

        pub fn is_over(&self) -> bool {
            self.over
        }
    }
}
