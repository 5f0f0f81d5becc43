//! The harness's own checks can fail: a toy game with a secret is caught leaking it, and the
//! same game without the leak passes.

use igroteka::choice::{Choices, Label};
use igroteka::event::Event;
use igroteka::game::{Actor, Game, Outcome, Seat, SeatList, Setup, SetupError, ToMove, Viewer};
use igroteka::games::tank_battle;
use igroteka::harness;
use igroteka::view::AnyView;
use serde::{Deserialize, Serialize};

/// Each seat is dealt a secret number 0..9 by chance, then both say "done". The leaky build
/// announces the first secret to everyone.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Secrets {
    dealt: Vec<u8>,
    done: Vec<bool>,
    leaky: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Act {
    Deal(u8),
    Done,
}

impl Game for Secrets {
    type Action = Act;
    const ID: &'static str = "secrets-test";
    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Ok(Secrets {
            dealt: Vec::new(),
            done: vec![false; setup.seats],
            leaky: setup.settings.contains_key("leak"),
        })
    }
    fn to_move(&self) -> ToMove {
        if self.dealt.len() < self.done.len() {
            return ToMove::Chance;
        }
        let waiting: SeatList = (0..self.done.len()).filter(|s| !self.done[*s]).collect();
        if waiting.is_empty() { ToMove::Over } else { ToMove::Seats(waiting) }
    }
    fn chance_outcomes(&self) -> Vec<(Act, u32)> {
        (0..10).map(|n| (Act::Deal(n), 1)).collect()
    }
    fn choices(&self, seat: Seat) -> Choices<Act> {
        let mut c = Choices::new("prompt-choose").private();
        if self.to_move().includes(seat) {
            c.push(vec![Label::msg("btn-done")], Act::Done);
        }
        c
    }
    fn apply(&mut self, actor: Actor, action: &Act) -> Vec<Event> {
        match (actor, action) {
            (Actor::Chance, Act::Deal(n)) => {
                let seat = self.dealt.len();
                self.dealt.push(*n);
                let event = Event::new("dealt").text("secret", format!("secret-{seat}-{n}"));
                vec![if self.leaky && seat == 0 { event } else { event.only_for(seat) }]
            }
            (Actor::Seat(seat), Act::Done) => {
                self.done[seat] = true;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }
    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        self.done[seat] = true;
        Vec::new()
    }
    fn view(&self, _viewer: Viewer, _selection: &[String]) -> AnyView {
        // Any public data will do for this check; borrow an empty Tank Battle view.
        AnyView::TankBattle(tank_battle::View::default())
    }
    fn seats(&self) -> usize {
        self.done.len()
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.to_move() == ToMove::Over).then(|| Outcome::from_order(self.done.len(), &[0, 1]))
    }
}

fn secrets_of(game: &Secrets, seat: Seat) -> Vec<String> {
    game.dealt.get(seat).map(|n| format!("secret-{seat}-{n}")).into_iter().collect()
}

#[test]
fn the_secrecy_check_catches_a_leak_and_passes_a_clean_game() {
    let clean = Setup { seats: 2, settings: Default::default() };
    for seed in 0..20 {
        let checked = harness::check_secrets::<Secrets>(&clean, seed, secrets_of).unwrap();
        assert!(checked > 0);
    }
    let mut leaky = clean.clone();
    leaky.settings.insert("leak".into(), "yes".into());
    let err = harness::check_secrets::<Secrets>(&leaky, 1, secrets_of).unwrap_err();
    assert!(err.contains("an event carries the secret"), "{err}");
}

#[test]
fn simulate_counts_games_and_wins() {
    // Seat 0 always ranks first in the toy game.
    let setup = Setup { seats: 2, settings: Default::default() };
    let stats = harness::simulate::<Secrets>(&setup, &mut igroteka::rng::seeded(3), 10);
    assert_eq!((stats.games, stats.failures), (10, 0));
    assert_eq!(stats.wins, vec![10, 0]);
}

#[test]
fn tank_battle_answers_legality_exactly_as_its_choices_list() {
    use igroteka::games::tank_battle::{Action, TankBattle};
    use igroteka::harness::random_action;
    let setup = Setup { seats: 2, settings: Default::default() };
    let mut rng = igroteka::rng::seeded(9);
    let mut game = TankBattle::new(&setup).unwrap();
    for _ in 0..60 {
        for seat in 0..2 {
            let offered: Vec<Action> =
                game.choices(seat).options.into_iter().map(|c| c.action).collect();
            for from in igroteka::games::tank_battle::board::all_squares() {
                for to in igroteka::games::tank_battle::board::all_squares() {
                    let action = Action::Move { from, to };
                    assert_eq!(
                        game.is_legal(seat, &action),
                        offered.contains(&action),
                        "{action:?}"
                    );
                }
            }
        }
        let Some((actor, action)) = random_action(&game, &mut rng).unwrap() else { break };
        igroteka::game::apply_checked(&mut game, actor, &action).unwrap();
    }
}
