//! Which states the rules can hold: a stored game is rebuilt from plain numbers (road and
//! index of each tank, mine circles, airfields), and a damaged record could put a tank off the
//! roads, two tanks on one circle, a fifth mine or a third «Т-Р» label under the board — a
//! panic on the next press, or a board that lies. [`Tanks::state_error`] answers
//! [`Game::check_state`](crate::game::Game::check_state) for the store, which sets such a
//! record aside instead of playing on. Its reasons never name a mine's circle or a label's
//! place: they go to the operator, who may be one of the players.

use super::army::{Army, MineLabel, PlaneSpot, Side};
use super::board::{self, LAST, ROADS};
use super::rules::Rules;
use super::setup::{self, MINES};
use super::{Phase, Tanks};

impl Tanks {
    /// Why no game could be in this state, if none could.
    pub(super) fn state_error(&self) -> Result<(), String> {
        let mut taken = 0u128;
        for side in Side::BOTH {
            let army = self.army(side);
            check_army(army, side, self.rules).map_err(|e| format!("{side:?}: {e}"))?;
            for (spot, _) in army.tanks.iter().filter_map(|tank| tank.field()) {
                let circle = 1u128 << board::node(spot);
                if taken & circle != 0 {
                    return Err("two tanks on one circle".to_string());
                }
                taken |= circle;
            }
        }
        let die = |face: u8| (1..=4).contains(&face);
        if let Phase::Pick(face) = self.phase
            && !(1..=3).contains(&face)
        {
            return Err(format!("a roll of {face} to use"));
        }
        if self.last_roll.is_some_and(|face| !die(face)) || self.used & !0b1_1110 != 0 {
            return Err("a die that cannot show this".to_string());
        }
        if self.end.is_some() != (self.phase == Phase::Over) {
            return Err("over without an end, or an end while playing".to_string());
        }
        Ok(())
    }
}

/// One army's forces as the rules deal them: tanks on the roads, planes each on an airfield of
/// its side or lost (and counted so; both may stand on one, decision 7), the rocket labels of
/// the rules, at most four mines on circles the side may mine, labelled all or none and never
/// beyond the four labels dealt.
fn check_army(army: &Army, side: Side, rules: Rules) -> Result<(), String> {
    let mut spots = army.tanks.iter().filter_map(|tank| tank.field());
    if !spots.all(|(spot, _)| spot.road < ROADS && spot.index <= LAST) {
        return Err("a tank off the roads".to_string());
    }
    let airfields: Vec<u8> = army
        .planes
        .iter()
        .filter_map(|plane| match plane {
            PlaneSpot::Airfield(field) => Some(*field),
            PlaneSpot::Lost => None,
        })
        .collect();
    let lost = army.planes.len() - airfields.len();
    if airfields.iter().any(|field| *field >= 2) {
        return Err("a plane off its airfields".to_string());
    }
    if usize::from(army.planes_lost) != lost {
        return Err(format!("{} planes counted lost, {lost} lost", army.planes_lost));
    }
    if let Some(labels) = army.rockets
        && labels.iter().filter(|label| **label == rules.odd_label()).count() != 1
    {
        return Err("rocket labels the rules do not deal".to_string());
    }
    let mines = &army.mines;
    if mines.len() > MINES || !mines.iter().all(|mine| setup::may_mine(side, mine.node)) {
        return Err(format!("{} mines, or a mine where the side may not lay one", mines.len()));
    }
    if mines.windows(2).any(|pair| pair[0].node >= pair[1].node) {
        return Err("mines out of order or two on one circle".to_string());
    }
    let labelled = mines.iter().filter(|mine| mine.label.is_some()).count();
    let beyond = |label: MineLabel| {
        let left = mines.iter().filter(|mine| mine.label == Some(label)).count();
        left > MineLabel::SET.iter().filter(|dealt| **dealt == label).count()
    };
    if (labelled != 0 && labelled != mines.len())
        || [MineLabel::Kill, MineLabel::Stall, MineLabel::Dud].into_iter().any(beyond)
    {
        return Err("mine labels the deal cannot give".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Actor, Game, Setup};
    use crate::games::tanks::{Action, Heading, SETTINGS};
    use crate::settings;

    /// A game past its set-up and the deal: Red's mines and rockets placed at random, then
    /// Green's, both confirmed, the labels dealt.
    fn dealt() -> Tanks {
        let setup = Setup { seats: 2, settings: settings::defaults(SETTINGS) };
        let mut game = Tanks::new(&setup).unwrap();
        let mut rng = crate::rng::seeded(3);
        while !matches!(game.phase, Phase::Act) {
            let (actor, action) = crate::harness::random_action(&game, &mut rng).unwrap().unwrap();
            let action = match (actor, action) {
                (Actor::Seat(_), Action::Mine(_) | Action::Unmine(_) | Action::Rockets(_)) => {
                    Action::RandomSetup
                }
                (_, action) => action,
            };
            game.apply(actor, &action);
        }
        game
    }

    /// One way to damage a game, for a test case.
    type Damage<'a> = &'a dyn Fn(&mut Tanks);

    /// Each way a record can be impossible is refused alone, with a reason that names no
    /// mine's circle; the dealt game passes.
    #[test]
    fn an_impossible_state_is_refused() {
        let game = dealt();
        assert_eq!(game.state_error(), Ok(()));
        let red_mine = game.army(Side::Red).mines[0].node;
        let green_tank = game.army(Side::Green).tanks[0].field().unwrap().0;
        let cases: [(&str, Damage); 11] = [
            ("Red: a tank off the roads", &|g| {
                g.armies[0].tanks[1].put(board::Spot::new(4, 3), Heading::Down)
            }),
            ("Red: a tank off the roads", &|g| {
                g.armies[0].tanks[1].put(board::Spot::new(0, 25), Heading::Down)
            }),
            ("two tanks on one circle", &|g| g.armies[0].tanks[1].put(green_tank, Heading::Down)),
            ("Green: a plane off its airfields", &|g| {
                g.armies[1].planes[1] = PlaneSpot::Airfield(2)
            }),
            ("Green: 1 planes counted lost, 0 lost", &|g| g.armies[1].planes_lost = 1),
            ("Red: rocket labels the rules do not deal", &|g| {
                g.armies[0].rockets = Some([super::super::RocketLabel::Hit; 3])
            }),
            ("Red: 5 mines", &|g| {
                let extra = g.armies[0].mines[3];
                g.armies[0].mines.push(extra)
            }),
            ("Green: 4 mines, or a mine where the side may not lay one", &|g| {
                g.armies[1].mines[0].node = red_mine
            }),
            ("Red: mines out of order", &|g| g.armies[0].mines.swap(0, 1)),
            ("Red: mine labels the deal cannot give", &|g| {
                g.armies[0].mines.iter_mut().for_each(|m| m.label = Some(MineLabel::Kill))
            }),
            ("a roll of 5 to use", &|g| g.phase = Phase::Pick(5)),
        ];
        for (reason, change) in cases {
            let mut damaged = game.clone();
            change(&mut damaged);
            let error = damaged.state_error().unwrap_err();
            assert!(error.contains(reason), "{reason}: {error}");
            let circle = board::name(red_mine);
            assert!(!error.contains(circle), "{error} names a mine's circle");
        }
        let mut half_labelled = game.clone();
        half_labelled.armies[1].mines[2].label = None;
        assert!(half_labelled.state_error().unwrap_err().contains("labels the deal cannot give"));
        // Decision 7: "both planes may end on one airfield".
        let mut together = game.clone();
        together.armies[1].planes = [PlaneSpot::Airfield(0); 2];
        assert_eq!(together.state_error(), Ok(()));
        let mut over = game.clone();
        over.phase = Phase::Over;
        assert!(over.state_error().unwrap_err().contains("over without an end"));
    }
}
