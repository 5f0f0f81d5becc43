//! Which states the rules can hold beyond the board: the board is read through its checked
//! text form, but a damaged record could still hand a colour to a seat that is not at the
//! table, leave pawns of a colour nobody plays, give the turn to such a colour, or point a
//! jump chain at an empty square — a panic on the next press, or a board that lies.
//! [`Thousand::state_error`] answers [`Game::check_state`](crate::game::Game::check_state)
//! for the store, which sets such a record aside instead of playing on.

use super::Thousand;
use super::board::{self, COLOURS};
use super::geometry::DIAGONALS;
use crate::game::first_stray;
use crate::grid::on_grid;

impl Thousand {
    /// Why no game could be in this state, if none could.
    pub(super) fn state_error(&self) -> Result<(), String> {
        let seating = &self.seating;
        let (seats, played) = (seating.seats(), seating.colours());
        for colour in 0..COLOURS {
            match seating.seat_of(colour) {
                Some(seat) if seat >= seats || !played.contains(&colour) => {
                    return Err(format!("colour {colour} played by seat {seat}"));
                }
                None if played.contains(&colour) => {
                    return Err(format!("nobody plays colour {colour}"));
                }
                _ => {}
            }
        }
        if let Some((sq, colour)) = self.position.pawns().find(|(_, c)| !played.contains(c)) {
            return Err(format!(
                "a pawn of colour {colour}, which nobody plays, on {}",
                board::name(sq)
            ));
        }
        if !played.contains(&self.to_move) {
            return Err(format!("colour {} to move, which nobody plays", self.to_move));
        }
        if let Some(chain) = &self.chain
            && (chain.direction >= DIAGONALS.len()
                || !on_grid(chain.at)
                || self.position.get(chain.at) != Some(self.to_move))
        {
            return Err("a jump chain without its pawn".to_string());
        }
        if let Some(n) = first_stray(&self.resigned, seats) {
            let seat = self.resigned[n];
            return Err(format!("seat {seat} resigned twice or is not at the table"));
        }
        if let Some(last) = &self.last_move
            && (last.seat >= seats || !last.path.iter().all(|sq| on_grid(*sq)))
        {
            return Err("a last move off the board".to_string());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::thousand::Form;

    /// One way to damage a game, for a test case.
    type Damage<'a> = &'a dyn Fn(&mut Thousand);

    /// Each way a record can be impossible is refused alone, with the reason; a hand-made
    /// position passes.
    #[test]
    fn an_impossible_state_is_refused() {
        let game = Thousand::from_position(Form::Diagonal, "Sa1 Sc3 Nk11", 0).unwrap();
        assert_eq!(game.state_error(), Ok(()));
        assert_eq!(game.check_state(), Ok(()));
        let cases: [(&str, Damage); 5] = [
            ("a pawn of colour 1, which nobody plays, on e5", &|g| {
                g.position = super::super::Position::parse("Sa1 Ee5 Nk11").unwrap()
            }),
            ("colour 3 to move, which nobody plays", &|g| g.to_move = 3),
            ("a jump chain without its pawn", &|g| {
                g.chain = Some(super::super::Chain { at: (5, 5), direction: 0 })
            }),
            ("a jump chain without its pawn", &|g| {
                g.chain = Some(super::super::Chain { at: (0, 0), direction: 7 })
            }),
            ("seat 2 resigned twice or is not at the table", &|g| g.resigned = vec![2]),
        ];
        for (reason, change) in cases {
            let mut damaged = game.clone();
            change(&mut damaged);
            let error = damaged.state_error().expect_err(reason);
            assert!(error.contains(reason), "{reason}: {error}");
        }
    }
}
