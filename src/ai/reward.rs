//! A finished game's result as the reward the search maximises: each seat's share of the
//! other seats it finished ahead of, ties counting half. A win is 1, a loss 0, a two-player
//! draw 0.5, and in a team game teammates share the result.

use crate::game::{Outcome, Seat};

/// The reward of `seat` in `outcome`, in `[0, 1]`.
pub fn reward_of(outcome: &Outcome, seat: Seat) -> f64 {
    let places = &outcome.places;
    if places.len() < 2 || seat >= places.len() {
        return 0.5;
    }
    let own = places[seat];
    let score: f64 = (0..places.len())
        .filter(|other| *other != seat)
        .map(|other| match places[other].cmp(&own) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        })
        .sum();
    score / (places.len() - 1) as f64
}

/// [`reward_of`] for every seat.
pub fn rewards(outcome: &Outcome) -> Vec<f64> {
    (0..outcome.places.len()).map(|seat| reward_of(outcome, seat)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_losses_draws_and_teams() {
        let two = Outcome::from_order(2, &[1, 0]);
        assert_eq!(rewards(&two), [0.0, 1.0]);
        let draw = Outcome { places: vec![1, 1], scores: None, sides: None };
        assert_eq!(rewards(&draw), [0.5, 0.5]);
        let four = Outcome::from_order(4, &[2, 0, 3, 1]);
        assert_eq!(rewards(&four), [2.0 / 3.0, 0.0, 1.0, 1.0 / 3.0]);
        let teams =
            Outcome { places: vec![1, 2, 1, 2], scores: None, sides: Some(vec![0, 1, 0, 1]) };
        let r = rewards(&teams);
        assert!(r[0] > 0.8 && r[1] < 0.2 && r[0] == r[2]);
    }
}
