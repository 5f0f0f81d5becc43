//! What one seat cannot see, drawn anew: the samples the computer player searches
//! ([`crate::game::Game::determinize`]), so it decides on what its seat knows and nothing else.
//!
//! Kept: everything public, and the seat's own mines and rocket labels. Drawn anew: where the
//! opponent's remaining mines lie (as many as it has left, on its mine circles, never under the
//! seat's own tanks, which would have set them off), which stand carries the opponent's odd
//! rocket label (unless a flight has shown it since the last re-arranging), and the face-down
//! labels under every mine — the seat's own included, since nobody ever sees those: each
//! side's remaining labels are shuffled among its remaining mines.
//!
//! The state does not record which circles the seat's tanks drove over earlier, so a sample
//! may put a mine on such a circle: the seat forgets that much, it never learns more.

use rand_chacha::ChaCha20Rng;

use super::Tanks;
use super::army::{Army, MineLabel, Side};
use super::board;
use crate::game::Seat;
use crate::rng;

impl Tanks {
    pub(super) fn redraw_secrets(&self, seat: Seat, rng: &mut ChaCha20Rng) -> Tanks {
        let mut sample = self.clone();
        let me = Side::from_seat(seat);
        for side in Side::BOTH.into_iter().filter(|side| Some(*side) != me) {
            let watcher = self.army(side.opponent());
            sample.redraw_mines(side, watcher, rng);
            sample.redraw_rockets(side, rng);
        }
        for side in Side::BOTH {
            shuffle_labels(&mut sample.armies[side.index()], rng);
        }
        sample
    }

    /// `side`'s mines, as many as now, on circles drawn among those `watcher` cannot rule out.
    fn redraw_mines(&mut self, side: Side, watcher: &Army, rng: &mut ChaCha20Rng) {
        let army = &mut self.armies[side.index()];
        let count = army.mines.len();
        let mut labels: Vec<Option<MineLabel>> = army.mines.iter().map(|m| m.label).collect();
        labels.sort_by_key(|label| label.map(|l| l as u8));
        let mut free: Vec<board::NodeId> = board::mine_nodes(side.id())
            .into_iter()
            .filter(|node| watcher.tank_at(*node).is_none())
            .collect();
        army.mines.clear();
        for _ in 0..count.min(free.len()) {
            let pick = rng::below(rng, free.len() as u64) as usize;
            army.lay_mine(free.swap_remove(pick));
        }
        for (mine, label) in army.mines.iter_mut().zip(labels) {
            mine.label = label;
        }
    }

    /// The stand of `side`'s odd rocket label, unless a flight has turned it over.
    fn redraw_rockets(&mut self, side: Side, rng: &mut ChaCha20Rng) {
        let odd = self.rules.odd_label();
        let army = &self.armies[side.index()];
        let Some(labels) = army.rockets else { return };
        let shown = (0..3).any(|k| army.revealed[k] && labels[k] == odd);
        if shown {
            return;
        }
        let hidden: Vec<u8> = (0..3u8).filter(|k| !army.revealed[usize::from(*k)]).collect();
        if hidden.is_empty() {
            return;
        }
        let stand = hidden[rng::below(rng, hidden.len() as u64) as usize];
        self.armies[side.index()].rockets = Some(self.rules.rocket_labels(stand));
    }
}

/// Deals a side's remaining mine labels anew among its remaining mines (in a fixed order
/// first, so the result does not depend on where they lay).
fn shuffle_labels(army: &mut Army, rng: &mut ChaCha20Rng) {
    let mut labels: Vec<Option<MineLabel>> = army.mines.iter().map(|m| m.label).collect();
    if labels.iter().any(Option::is_none) {
        return;
    }
    labels.sort_by_key(|label| label.map(|l| l as u8));
    for k in (1..labels.len()).rev() {
        let j = rng::below(rng, k as u64 + 1) as usize;
        labels.swap(k, j);
    }
    for (mine, label) in army.mines.iter_mut().zip(labels) {
        mine.label = label;
    }
}
