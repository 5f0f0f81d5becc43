//! Which states the rules can hold: a stored game is rebuilt from plain numbers (steps, stack
//! masks, seats, corners), and a damaged record could name a plane past the end of its path,
//! a seat that is not at the table or a stack its members disagree about — each a panic on
//! the next press, or a board that lies. [`Aeroplane::state_error`] answers
//! [`Game::check_state`](crate::game::Game::check_state) for the store, which sets such a
//! record aside instead of playing on.

use super::board::CORNERS;
use super::fleet::Fleet;
use super::{Aeroplane, INFO, Phase};
use crate::game::{Seat, first_stray};

impl Aeroplane {
    /// Why no game could be in this state, if none could.
    pub(super) fn state_error(&self) -> Result<(), String> {
        let seats = self.seats;
        if !INFO.seats.contains(&seats) {
            return Err(format!("{seats} seats"));
        }
        self.check_corners()?;
        if self.turn >= seats {
            return Err(format!("seat {} to move at a table of {seats}", self.turn));
        }
        self.check_ranked()?;
        let playing = matches!(self.phase, Phase::Roll | Phase::Dice | Phase::Pick { .. });
        if playing && !self.active(self.turn) {
            return Err(format!("seat {} is to move but has left the race", self.turn));
        }
        let face = |roll: u8| (1..=6).contains(&roll);
        if let Phase::Pick { roll } = self.phase
            && !face(roll)
        {
            return Err(format!("a roll of {roll} to use"));
        }
        if self.last_roll.is_some_and(|roll| !face(roll)) || self.sixes >= 3 {
            return Err("a die that cannot show this".to_string());
        }
        if self.six_movers >> super::board::PLANES != 0 {
            return Err(format!("planes {:#06b} moved with sixes", self.six_movers));
        }
        for (corner, fleet) in self.fleets.iter().enumerate() {
            fleet.check().map_err(|e| format!("corner {corner}: {e}"))?;
        }
        Ok(())
    }

    /// Corners are drawn (three players) before the first roll, one per seat, all different;
    /// a corner nobody plays keeps its planes in the hangar.
    fn check_corners(&self) -> Result<(), String> {
        let drawing = self.phase == Phase::Draw;
        if self.corners.is_empty() {
            // Two of three players may resign before the draw: over, with no corners.
            let undrawn = drawing || self.phase == Phase::Over;
            return if undrawn && self.seats == 3 {
                Ok(())
            } else {
                Err("no corners drawn".to_string())
            };
        }
        if drawing {
            return Err("corners drawn before the draw".to_string());
        }
        if self.corners.len() != self.seats {
            return Err(format!("{} corners for {} seats", self.corners.len(), self.seats));
        }
        if let Some(seat) = first_stray(&self.corners, CORNERS) {
            return Err(format!("seat {seat} plays corner {}", self.corners[seat]));
        }
        let unused = (0..CORNERS).filter(|c| !self.corners.contains(c));
        if let Some(corner) =
            unused.into_iter().find(|c| self.fleets[usize::from(*c)] != Fleet::default())
        {
            return Err(format!("corner {corner} is nobody's, yet its planes have moved"));
        }
        Ok(())
    }

    /// The seats that finished and those that resigned: at the table, each once, none in both.
    fn check_ranked(&self) -> Result<(), String> {
        let ranked: Vec<Seat> = self.finished.iter().chain(&self.resigned).copied().collect();
        match first_stray(&ranked, self.seats) {
            Some(n) => Err(format!("seat {} ranked twice or not at the table", ranked[n])),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Setup};
    use crate::games::aeroplane::Spot;
    use crate::settings;

    fn started(seats: usize) -> Aeroplane {
        let setup =
            Setup { seats, settings: settings::parse(super::super::SETTINGS, &[]).unwrap() };
        Aeroplane::new(&setup).unwrap()
    }

    /// One way to damage a game, for a test case.
    type Damage = &'static dyn Fn(&mut Aeroplane);

    /// Each way a record can be impossible is refused alone, with the reason; new games of
    /// every size (a three-player one before its draw) pass.
    #[test]
    fn an_impossible_state_is_refused() {
        for seats in 2..=4 {
            assert_eq!(started(seats).state_error(), Ok(()), "{seats} seats");
        }
        let refused = |change: &dyn Fn(&mut Aeroplane)| {
            let mut game = started(4);
            change(&mut game);
            game.state_error().unwrap_err()
        };
        let cases: [(&str, Damage); 12] = [
            ("7 seats", &|g| g.seats = 7),
            ("no corners drawn", &|g| g.corners.clear()),
            ("corners drawn before the draw", &|g| g.phase = Phase::Draw),
            ("3 corners for 4 seats", &|g| {
                g.corners.pop();
            }),
            ("seat 1 plays corner 0", &|g| g.corners[1] = 0),
            ("seat 4 to move", &|g| g.turn = 4),
            ("seat 2 ranked twice", &|g| g.finished = vec![2, 2]),
            ("seat 5 ranked twice or not at the table", &|g| g.resigned = vec![5]),
            ("seat 0 is to move but has left the race", &|g| g.finished = vec![0]),
            ("a roll of 9", &|g| g.phase = Phase::Pick { roll: 9 }),
            ("a die that cannot show this", &|g| g.last_roll = Some(0)),
            ("corner 3: plane 1 is at step 60", &|g| g.place(3, 1, Spot::Step(60))),
        ];
        for (reason, change) in cases {
            let error = refused(change);
            assert!(error.contains(reason), "{reason}: {error}");
        }
        let mut two = started(2);
        two.place(1, 2, Spot::Step(3));
        assert!(two.state_error().unwrap_err().contains("corner 1 is nobody's"));
    }
}
