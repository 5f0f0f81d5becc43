//! «Tysiąc na szachownicy»: random play. Every offered action applies, every game ends with a
//! legal result, state and log survive a serde round trip and a replay (the harness's
//! `check_random_game`), and the board's invariants hold at every step, for every seat
//! arrangement: four players, two on one diagonal, two with two colours each.

use igroteka::game::{Game, Setup, ToMove, Viewer, apply_checked};
use igroteka::games::thousand::board::{self, PAWNS};
use igroteka::games::thousand::{End, Form, ROUNDS, SETTINGS, Thousand, View};
use igroteka::harness;
use igroteka::rng;
use igroteka::settings;
use igroteka::view::AnyView;

/// Random games per seat arrangement.
const GAMES: u64 = 10_000;

const ARRANGEMENTS: [(usize, &str); 3] = [(4, "diagonal"), (2, "diagonal"), (2, "pairs")];

fn setup(seats: usize, two: &str) -> Setup {
    Setup { seats, settings: settings::parse(SETTINGS, &[two]).expect("a valid setting") }
}

fn view(g: &Thousand) -> View {
    match g.view(Viewer::Public, &[]) {
        AnyView::Thousand(v) => v,
        other => panic!("not a Thousand view: {other:?}"),
    }
}

/// The final scoring of the seed, written out here from the view rather than borrowed from
/// the engine: per seat, its colours' pawns on the opponent's field, on their own field and
/// elsewhere, plus its pad entries, plus the bonus.
fn expected_totals(g: &Thousand, v: &View) -> Vec<i64> {
    let mut totals: Vec<i64> = (0..v.seats.len())
        .map(|seat| v.pad.iter().filter(|e| e.seat == seat).map(|e| e.points).sum())
        .collect();
    for pawn in &v.pawns {
        let field = board::field_of(pawn.square);
        let value = board::field_value(pawn.square).unwrap_or(0);
        totals[pawn.seat] += if field == Some(board::opponent(pawn.colour)) {
            value
        } else if field == Some(pawn.colour) {
            -value
        } else {
            -5
        };
    }
    if let Some(colour) = g.end().and_then(End::finisher) {
        totals[g.seat_of(colour).unwrap()] += 50;
    }
    totals
}

/// Nine pawns per colour in play, none on a greyed square or on ground its colour never
/// reaches, one pawn per square, and the scores equal the seed's formula.
fn check_invariants(g: &Thousand, label: &str) {
    let v = view(g);
    let playing: Vec<u8> =
        v.colours.iter().filter(|c| c.seat.is_some()).map(|c| c.colour).collect();
    for colour in 0..4u8 {
        let count = v.pawns.iter().filter(|p| p.colour == colour).count();
        let expected = if playing.contains(&colour) { PAWNS } else { 0 };
        assert_eq!(count, expected, "{label}: colour {colour}");
    }
    let mut squares: Vec<_> = v.pawns.iter().map(|p| p.square).collect();
    squares.sort();
    squares.dedup();
    assert_eq!(squares.len(), v.pawns.len(), "{label}: two pawns on one square");
    for pawn in &v.pawns {
        let sq = pawn.square;
        assert!(
            !board::is_grey(sq) && board::is_dark(sq) || board::field_of(sq).is_some(),
            "{label}: {sq:?}"
        );
        let field = board::field_of(sq);
        let own_ground = field == Some(pawn.colour)
            || field == Some(board::opponent(pawn.colour))
            || field.is_none() && board::on_lane(pawn.colour, sq);
        assert!(own_ground, "{label}: {} on {}", pawn.colour, board::name(sq));
    }
    let totals: Vec<i64> = v.seats.iter().map(|s| s.score.total).collect();
    assert_eq!(totals, expected_totals(g, &v), "{label}");
    if let ToMove::Seats(seats) = g.to_move() {
        assert!(!g.choices(seats[0]).is_empty(), "{label}: the seat to move has nothing to press");
        assert!(v.round <= ROUNDS, "{label}: round {}", v.round);
    }
}

/// A finished game names an end that holds, and the places follow the scores.
fn assert_legal_end(g: &Thousand, label: &str) {
    assert_eq!(g.to_move(), ToMove::Over, "{label}");
    let outcome = g.outcome().unwrap_or_else(|| panic!("{label}: no outcome"));
    let v = view(g);
    match g.end().unwrap_or_else(|| panic!("{label}: over without an end")) {
        End::Home(colour) => {
            assert_eq!(v.colours[usize::from(colour)].home as usize, PAWNS, "{label}")
        }
        End::Jammed(colour) => {
            let field = board::field_squares(board::opponent(colour));
            assert!(field.iter().all(|sq| v.pawns.iter().any(|p| p.square == *sq)), "{label}");
        }
        End::NoMove => {}
        End::Rounds => assert!(v.round >= ROUNDS, "{label}: ended in round {}", v.round),
        End::Resigned => panic!("{label}: nobody resigns in random play"),
    }
    let totals: Vec<i64> = v.seats.iter().map(|s| s.score.total).collect();
    assert_eq!(outcome.scores.as_ref(), Some(&totals), "{label}");
    let best = totals.iter().max().unwrap();
    let winners: Vec<usize> = (0..totals.len()).filter(|s| totals[*s] == *best).collect();
    assert_eq!(outcome.winners(), winners, "{label}");
}

fn random_games(seats: usize, two: &str) {
    let expected_form = match (seats, two) {
        (4, _) => Form::Four,
        (_, "pairs") => Form::Pairs,
        _ => Form::Diagonal,
    };
    for seed in 0..GAMES {
        let g = harness::check_random_game::<Thousand>(&setup(seats, two), seed)
            .unwrap_or_else(|e| panic!("{seats} {two}: {e}"));
        assert_eq!(g.form(), expected_form);
        assert_legal_end(&g, &format!("{seats} {two} seed {seed}"));
    }
}

#[test]
fn four_players_random_games_end_legally() {
    random_games(4, "diagonal");
}

#[test]
fn two_players_on_one_diagonal_random_games_end_legally() {
    random_games(2, "diagonal");
}

#[test]
fn two_players_with_two_colours_each_random_games_end_legally() {
    random_games(2, "pairs");
}

/// At every step of random games the invariants hold, and `is_legal` answers exactly as the
/// choices list.
#[test]
fn invariants_hold_throughout_random_play() {
    for (k, (seats, two)) in ARRANGEMENTS.iter().enumerate() {
        for seed in 0..60u64 {
            let mut rng = rng::seeded(seed * 7 + k as u64);
            let mut g = Thousand::new(&setup(*seats, two)).unwrap();
            let mut steps = 0;
            while let Some((actor, action)) = harness::random_action(&g, &mut rng).unwrap() {
                apply_checked(&mut g, actor, &action).unwrap();
                steps += 1;
                let label = format!("{seats} {two} seed {seed} step {steps} {action:?}");
                check_invariants(&g, &label);
            }
            assert_legal_end(&g, &format!("{seats} {two} seed {seed}"));
        }
    }
}

/// `is_legal` (which the table asks for every action) answers exactly as the choices list, for
/// every seat and every conceivable action, at every step of a few random games — chains in
/// progress included.
#[test]
fn legality_answers_exactly_as_the_choices_list() {
    use igroteka::games::thousand::Action;
    let squares: Vec<_> = board::all_squares().collect();
    for (k, (seats, two)) in ARRANGEMENTS.iter().enumerate() {
        let mut rng = rng::seeded(900 + k as u64);
        let mut g = Thousand::new(&setup(*seats, two)).unwrap();
        let mut step = 0;
        while let Some((actor, action)) = harness::random_action(&g, &mut rng).unwrap() {
            if step % 7 == 0 {
                for seat in 0..*seats {
                    let offered: Vec<Action> =
                        g.choices(seat).options.into_iter().map(|c| c.action).collect();
                    let mut legal = Vec::new();
                    for &from in &squares {
                        for &to in &squares {
                            let action = Action::Move { from, to };
                            if g.is_legal(seat, &action) {
                                legal.push(action);
                            }
                        }
                    }
                    if g.is_legal(seat, &Action::Stop) {
                        legal.push(Action::Stop);
                    }
                    assert!(!g.is_legal(seat, &Action::Draw(0)));
                    let mut offered_sorted = offered.clone();
                    offered_sorted.sort_by_key(|a| format!("{a:?}"));
                    legal.sort_by_key(|a| format!("{a:?}"));
                    assert_eq!(legal, offered_sorted, "{seats} {two} step {step} seat {seat}");
                }
            }
            apply_checked(&mut g, actor, &action).unwrap();
            step += 1;
        }
        assert!(step > 100, "{seats} {two}: a game of {step} actions");
    }
}
