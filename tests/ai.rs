//! The computer player (issue 16): it always plays a legal action, its games end, easy takes a
//! capture when one is offered, and in «Идут танки» it decides only on what its seat may see
//! and lays out its own secret set-up legally.

use igroteka::ai::{self, Budget, EXPLORATION, Level, mcts};
use igroteka::game::{Actor, Game, Seat, SeatList, Setup, ToMove, apply_checked};
use igroteka::games::aeroplane::{self, Aeroplane, Spot};
use igroteka::games::air_battle::{self, AirBattle};
use igroteka::games::tank_battle::{self, Side as TankSide, TankBattle};
use igroteka::games::tanks::{self, Side, Tanks, board};
use igroteka::harness;
use igroteka::registry::{DynGame, GAMES};
use igroteka::rng;
use igroteka::settings;

fn setup(specs: &[settings::SettingSpec], seats: usize, words: &[&str]) -> Setup {
    Setup { seats, settings: settings::parse(specs, words).expect("valid settings") }
}

/// The search `level` runs in `game`, without reading the clock, so a test sees the same play
/// on any machine.
fn reproducible<G: ai::Heuristic>(game: &G, level: Level) -> Budget {
    Budget { time_limit: None, ..ai::budget_for(game, level).expect("a search level") }
}

/// A small reproducible search, for the tests that play many positions.
fn small() -> Budget {
    Budget { iterations: 40, guided: true, plies: 2, time_limit: None, exploration: EXPLORATION }
}

#[test]
fn every_level_plays_a_legal_action_in_random_positions_of_every_game() {
    for info in GAMES {
        for seats in info.seats.iter() {
            let setup = Setup { seats, settings: settings::defaults(&info.table_settings()) };
            for seed in 0..3u64 {
                let mut rng = rng::seeded(seed);
                let mut game = (info.start)(&setup).unwrap();
                let steps = 5 + 17 * seed as usize;
                for _ in 0..steps {
                    let Some((actor, action)) =
                        harness::random_dyn_action(game.as_ref(), &mut rng).unwrap()
                    else {
                        break;
                    };
                    game.apply(actor, &action).unwrap();
                }
                let ToMove::Seats(to_move) = game.to_move() else { continue };
                for level in Level::ALL {
                    for seat in 0..seats {
                        let action = game.computer_action(seat, level, &mut rng);
                        if !to_move.contains(&seat) {
                            assert_eq!(action, None, "{} seat {seat} may not act", info.id);
                            continue;
                        }
                        let action =
                            action.unwrap_or_else(|| panic!("{} {level}: no action", info.id));
                        let mut after: Box<dyn DynGame> = game.clone();
                        after.apply(Actor::Seat(seat), &action).unwrap_or_else(|e| {
                            panic!("{} {level} seed {seed}: {action} refused: {e}", info.id)
                        });
                    }
                }
            }
        }
    }
}

/// Plays `game` to its end with `pick` choosing for every seat; the number of actions.
fn play_out<G: Game>(
    mut game: G,
    mut pick: impl FnMut(&G, Seat, &mut rand_chacha::ChaCha20Rng) -> Option<G::Action>,
    seed: u64,
) -> (G, usize) {
    let mut rng = rng::seeded(seed);
    for count in 0..20_000 {
        let (actor, action) = match game.to_move() {
            ToMove::Over => return (game, count),
            ToMove::Chance => {
                let outcomes = game.chance_outcomes();
                (Actor::Chance, rng::pick_weighted(&mut rng, &outcomes).unwrap().clone())
            }
            ToMove::Seats(seats) => {
                let seat = seats[0];
                (
                    Actor::Seat(seat),
                    pick(&game, seat, &mut rng).expect("an action for the seat to move"),
                )
            }
        };
        apply_checked(&mut game, actor, &action).expect("the computer plays legal actions");
    }
    panic!("{} did not end in 20,000 actions", G::ID);
}

fn easy_games_end<G: ai::Heuristic>(setup: &Setup) {
    for seed in 0..3 {
        let (game, _) =
            play_out(G::new(setup).unwrap(), |g, s, r| ai::choose(g, s, Level::Easy, r), seed);
        assert!(game.outcome().is_some(), "{}", G::ID);
    }
}

#[test]
fn games_between_easy_players_end() {
    easy_games_end::<Aeroplane>(&setup(aeroplane::SETTINGS, 4, &[]));
    easy_games_end::<TankBattle>(&setup(tank_battle::SETTINGS, 2, &[]));
    easy_games_end::<Tanks>(&setup(tanks::SETTINGS, 2, &[]));
    easy_games_end::<Tanks>(&setup(tanks::SETTINGS, 2, &["dice=no-die"]));
    easy_games_end::<igroteka::games::air_battle::AirBattle>(&setup(
        igroteka::games::air_battle::SETTINGS,
        2,
        &[],
    ));
    easy_games_end::<igroteka::games::thousand::Thousand>(&setup(
        igroteka::games::thousand::SETTINGS,
        4,
        &[],
    ));
}

#[test]
fn a_game_between_searching_players_ends() {
    let budget = small();
    let search = |g: &Aeroplane, s: Seat, r: &mut _| mcts::search(g, s, &budget, r);
    let (game, _) =
        play_out(Aeroplane::new(&setup(aeroplane::SETTINGS, 2, &[])).unwrap(), search, 3);
    assert!(game.outcome().is_some());
    let search = |g: &Tanks, s: Seat, r: &mut _| mcts::search(g, s, &budget, r);
    let (game, _) = play_out(Tanks::new(&setup(tanks::SETTINGS, 2, &[])).unwrap(), search, 4);
    assert!(game.outcome().is_some());
}

#[test]
fn easy_takes_a_capture_in_tank_battle() {
    // White's tank on c3 can take Black's on c8; nothing else of White's captures.
    let game = TankBattle::from_position("Wk1 wc3 wj1 Ba11 bc8 bb11", TankSide::White).unwrap();
    let capture = tank_battle::Action::Move { from: (2, 2), to: (2, 7) };
    assert!(game.is_legal(0, &capture));
    for seed in 0..20 {
        let chosen = ai::choose(&game, 0, Level::Easy, &mut rng::seeded(seed));
        assert_eq!(chosen, Some(capture), "seed {seed}");
    }
}

#[test]
fn easy_takes_a_capture_in_aeroplane_chess() {
    let start = Aeroplane::new(&setup(aeroplane::SETTINGS, 2, &[])).unwrap();
    let roll = 3;
    // Find, by playing the moves, a square of Red's path where Red's plane 1, three steps
    // behind, sends an opponent plane home while plane 2 would not.
    let scenario = (1..40u8).find_map(|their_step| {
        let mut game = start.clone();
        game.place(0, 1, Spot::Step(10));
        game.place(0, 2, Spot::Step(30));
        game.place(2, 1, Spot::Step(their_step));
        game.apply(Actor::Seat(0), &aeroplane::Action::Roll);
        game.apply(Actor::Chance, &aeroplane::Action::Face(roll));
        let captures = |plane: u8| {
            let mut after = game.clone();
            after.apply(Actor::Seat(0), &aeroplane::Action::Move { plane, stack: false });
            after.spot(2, 1) == Spot::Hangar
        };
        (captures(1) && !captures(2)).then_some(game)
    });
    let game = scenario.expect("a square where plane 1 captures");
    for seed in 0..20 {
        let chosen = ai::choose(&game, 0, Level::Easy, &mut rng::seeded(seed));
        assert_eq!(chosen, Some(aeroplane::Action::Move { plane: 1, stack: false }), "seed {seed}");
    }
}

/// A dice-free «Идут танки» with both set-ups made and the labels dealt: Red's mines and
/// rockets as given, Green's `green_mines` and odd rocket stand.
fn tanks_after_setup(green_mines: [&str; 4], green_odd: u8) -> Tanks {
    let mut game = Tanks::new(&setup(tanks::SETTINGS, 2, &["dice=no-die"])).unwrap();
    let lay = |game: &mut Tanks, seat: Seat, mines: [&str; 4], odd: u8| {
        for name in mines {
            let node = board::parse(name).expect("a circle");
            apply_checked(game, Actor::Seat(seat), &tanks::Action::Mine(node)).unwrap();
        }
        apply_checked(game, Actor::Seat(seat), &tanks::Action::Rockets(odd)).unwrap();
        apply_checked(game, Actor::Seat(seat), &tanks::Action::Confirm).unwrap();
    };
    lay(&mut game, 0, ["A2", "B3", "C4", "D5"], 1);
    lay(&mut game, 1, green_mines, green_odd);
    let deal = game.chance_outcomes()[7].0;
    apply_checked(&mut game, Actor::Chance, &deal).unwrap();
    assert_eq!(game.to_move(), ToMove::Seats(SeatList::one(0)));
    game
}

#[test]
fn the_computer_decides_the_same_whatever_the_opponents_secrets() {
    let one = tanks_after_setup(["A20", "B21", "C22", "D23"], 0);
    let other = tanks_after_setup(["A19", "A23", "B19", "C20"], 2);
    assert_ne!(one, other);
    for seed in 0..4 {
        let easy = |g: &Tanks| ai::choose(g, 0, Level::Easy, &mut rng::seeded(seed));
        assert_eq!(easy(&one), easy(&other), "easy, seed {seed}");
        for level in [Level::Normal, Level::Strong] {
            let budget = Budget { iterations: 150, ..reproducible(&one, level) };
            let search = |g: &Tanks| mcts::search(g, 0, &budget, &mut rng::seeded(seed));
            assert_eq!(search(&one), search(&other), "{level}, seed {seed}");
        }
    }
}

#[test]
fn a_sample_keeps_what_the_seat_sees_and_redraws_the_rest() {
    let game = tanks_after_setup(["A20", "B21", "C22", "D23"], 0);
    let mut rng = rng::seeded(5);
    let mut moved = false;
    for _ in 0..20 {
        let sample = game.determinize(0, &mut rng);
        let own: Vec<_> = sample.army(Side::Red).mines.iter().map(|m| m.node).collect();
        let original: Vec<_> = game.army(Side::Red).mines.iter().map(|m| m.node).collect();
        assert_eq!(own, original, "the seat's own mines stay");
        assert_eq!(sample.army(Side::Red).rockets, game.army(Side::Red).rockets);
        assert_eq!(sample.army(Side::Green).mines.len(), 4);
        assert_eq!(sample.army(Side::Green).tanks, game.army(Side::Green).tanks);
        moved |= sample.army(Side::Green).mines != game.army(Side::Green).mines;
    }
    assert!(moved, "the opponent's mines are drawn anew");
}

#[test]
fn the_computers_own_setup_is_legal_and_spreads_its_mines() {
    for level in Level::ALL {
        for seed in 0..3 {
            let mut game = Tanks::new(&setup(tanks::SETTINGS, 2, &[])).unwrap();
            let mut rng = rng::seeded(seed);
            let mut steps = 0;
            while game.to_move().includes(0) {
                let action = ai::choose(&game, 0, level, &mut rng).expect("a set-up step");
                apply_checked(&mut game, Actor::Seat(0), &action).expect("a legal set-up step");
                steps += 1;
                assert!(steps < 20, "{level}: the set-up does not finish");
            }
            let army = game.army(Side::Red);
            assert!(army.ready && army.rockets.is_some(), "{level}");
            let mut roads: Vec<u8> =
                army.mines.iter().map(|m| board::node_info(m.node).spots[0].road).collect();
            roads.sort_unstable();
            assert_eq!(roads, [0, 1, 2, 3], "{level}: one mine per road");
        }
    }
}

#[test]
fn levels_read_and_print_their_names() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
        assert_eq!(serde_json::to_string(&level).unwrap(), format!("\"{level}\""));
    }
    assert!("grandmaster".parse::<Level>().is_err());
    let (normal, strong) = (Level::Normal.budget().unwrap(), Level::Strong.budget().unwrap());
    assert!(strong.iterations > normal.iterations);
    assert!(strong.plies > normal.plies);
}

/// Strong searches narrower where the game asks (its extra iterations bought nothing against
/// normal in «Идут танки» and «Игрушка»), and only strong: normal keeps the common constant
/// everywhere, and so does strong in the games that do not ask.
#[test]
fn strong_narrows_its_search_where_the_game_asks() {
    let exploration = |budget: Option<Budget>| budget.expect("a search level").exploration;
    let tanks = Tanks::new(&setup(tanks::SETTINGS, 2, &[])).unwrap();
    let toy = AirBattle::new(&setup(air_battle::SETTINGS, 2, &["edition=toy"])).unwrap();
    let photo = AirBattle::new(&setup(air_battle::SETTINGS, 2, &["edition=photo"])).unwrap();
    let battle = TankBattle::new(&setup(tank_battle::SETTINGS, 2, &[])).unwrap();
    assert_eq!(exploration(ai::budget_for(&tanks, Level::Strong)), ai::FOCUSED_EXPLORATION);
    assert_eq!(exploration(ai::budget_for(&toy, Level::Strong)), ai::FOCUSED_EXPLORATION);
    assert_eq!(exploration(ai::budget_for(&photo, Level::Strong)), EXPLORATION);
    assert_eq!(exploration(ai::budget_for(&battle, Level::Strong)), EXPLORATION);
    assert_eq!(exploration(ai::budget_for(&tanks, Level::Normal)), EXPLORATION);
    assert_eq!(exploration(ai::budget_for(&toy, Level::Normal)), EXPLORATION);
    assert!(ai::budget_for(&tanks, Level::Easy).is_none());
}

/// An unguided search — whose playouts draw through `Game::random_legal_action`, which Tank
/// Battle, «Тысяча» and Air Battle answer without listing — plays a legal action after a few
/// random steps of each of those games.
#[test]
fn an_unguided_search_plays_a_legal_action() {
    fn check<G: igroteka::ai::Heuristic>(setup: &Setup) {
        let budget = Budget { guided: false, ..small() };
        for seed in 0..4u64 {
            let mut rng = rng::seeded(seed);
            let mut game = G::new(setup).unwrap();
            for _ in 0..(3 + 29 * seed) {
                let Some((actor, action)) = harness::random_action(&game, &mut rng).unwrap() else {
                    break;
                };
                game.play(actor, &action);
            }
            let ToMove::Seats(seats) = game.to_move() else { continue };
            let seat = seats[0];
            let action = mcts::search(&game, seat, &budget, &mut rng).expect("an action");
            assert!(game.is_legal(seat, &action), "{} seed {seed}: {action:?}", G::ID);
        }
    }
    use igroteka::games::{air_battle, thousand};
    check::<TankBattle>(&setup(tank_battle::SETTINGS, 2, &[]));
    check::<thousand::Thousand>(&setup(thousand::SETTINGS, 4, &[]));
    check::<air_battle::AirBattle>(&setup(air_battle::SETTINGS, 2, &["toy"]));
    // «Аэрофото» draws by rejection (`Game::draws_by_index`), two players and four.
    check::<air_battle::AirBattle>(&setup(air_battle::SETTINGS, 2, &["photo"]));
    check::<air_battle::AirBattle>(&setup(air_battle::SETTINGS, 4, &["photo"]));
}
