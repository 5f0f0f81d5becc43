//! The secret set-up (decision 2): both sides at once, in private, lay four mines on their own
//! half and choose which rocket stand carries which label; then the table deals the mine labels
//! face down, to nobody's eyes.
//!
//! A "random set-up" is made of chance points too: the seat only asks, and the table's RNG
//! draws the four mine circles one by one (each among those left) and then the stand of the
//! odd rocket label, so every arrangement is equally likely, the log replays it and nobody can
//! bias it. It arranges everything but does not confirm, so the player sees it on the private
//! board first and may still change it.

use std::sync::LazyLock;

use super::army::{MineLabel, Side};
use super::board::{self, NodeId};
use super::rules::RocketLabel;
use super::text;
use super::{Action, Phase, Tanks};
use crate::choice::{Label, Offer};
use crate::event::{Event, Journal};

/// Mines each side lays.
pub const MINES: usize = 4;

/// The circles each side may mine, in id order.
static MINE_NODES: LazyLock<[Vec<NodeId>; 2]> =
    LazyLock::new(|| [board::mine_nodes(0), board::mine_nodes(1)]);

/// Whether `side` may mine circle `node`.
pub(super) fn may_mine(side: Side, node: NodeId) -> bool {
    MINE_NODES[side.index()].binary_search(&node).is_ok()
}

/// The distinct orders of one side's four mine labels (12 of them).
static LABEL_ORDERS: LazyLock<Vec<[MineLabel; 4]>> = LazyLock::new(|| {
    let mut orders: Vec<[MineLabel; 4]> = Vec::new();
    for kill_a in 0..MINES {
        for kill_b in kill_a + 1..MINES {
            for stall in (0..MINES).filter(|k| *k != kill_a && *k != kill_b) {
                let mut order = [MineLabel::Dud; 4];
                order[kill_a] = MineLabel::Kill;
                order[kill_b] = MineLabel::Kill;
                order[stall] = MineLabel::Stall;
                orders.push(order);
            }
        }
    }
    orders
});

/// The chance outcomes of the mine-label deal: every distinct order for each side.
pub fn deals() -> impl Iterator<Item = (Action, u32)> {
    let orders = &*LABEL_ORDERS;
    orders
        .iter()
        .flat_map(|red| orders.iter().map(move |green| (Action::DealMines([*red, *green]), 1)))
}

/// The argument names of the owner's private rocket note, stand by stand.
pub const ROCKET_ARGS: [(&str, &str); 3] =
    [("rocket1", "label1"), ("rocket2", "label2"), ("rocket3", "label3")];

/// The message id of a rocket label, as named in events.
pub fn rocket_label_id(label: RocketLabel) -> &'static str {
    match label {
        RocketLabel::Hit => text::LABEL_HIT,
        RocketLabel::Miss => text::LABEL_MISS,
    }
}

impl Tanks {
    /// The set-up's options: lay or lift mines, place the rockets, random, confirm.
    pub(super) fn offer_setup(&self, side: Side, out: &mut impl Offer<Action>) {
        let army = self.army(side);
        if army.mines.len() < MINES {
            for node in &MINE_NODES[side.index()] {
                if army.mine_at(*node).is_none() {
                    let path = || vec![Label::msg(text::BTN_MINE), Label::text(board::name(*node))];
                    out.offer(path, Action::Mine(*node));
                }
            }
        }
        for mine in &army.mines {
            let path = || vec![Label::msg(text::BTN_REMOVE), Label::text(board::name(mine.node))];
            out.offer(path, Action::Unmine(mine.node));
        }
        self.offer_rockets(side, out);
        out.offer(|| vec![Label::msg(text::BTN_RANDOM)], Action::RandomSetup);
        if army.mines.len() == MINES && army.rockets.is_some() {
            out.offer(|| vec![Label::msg(text::BTN_CONFIRM)], Action::Confirm);
        }
    }

    /// "Put the odd label on stand k", for every stand not carrying it now.
    pub(super) fn offer_rockets(&self, side: Side, out: &mut impl Offer<Action>) {
        let odd_now = self.odd_rocket(side);
        let button = match self.rules.odd_label() {
            RocketLabel::Hit => text::BTN_HIT_ON,
            RocketLabel::Miss => text::BTN_MISS_ON,
        };
        for k in (0..3u8).filter(|k| Some(*k) != odd_now) {
            let name = board::ROCKET_NAMES[side.index()][usize::from(k)];
            out.offer(|| vec![Label::msg(button), Label::text(name)], Action::Rockets(k));
        }
    }

    /// The stand carrying the odd label, once labels are placed.
    fn odd_rocket(&self, side: Side) -> Option<u8> {
        let odd = self.rules.odd_label();
        let rockets = self.army(side).rockets?;
        rockets.iter().position(|l| *l == odd).map(|k| k as u8)
    }

    pub(super) fn apply_setup(&mut self, side: Side, action: &Action, log: &mut impl Journal) {
        let seat = side.seat();
        let army = &mut self.armies[side.index()];
        match *action {
            Action::Mine(node)
                if army.mines.len() < MINES
                    && army.mine_at(node).is_none()
                    && MINE_NODES[side.index()].contains(&node) =>
            {
                army.lay_mine(node);
                log.record(|| mine_event(text::MINE_LAID, seat, node));
            }
            Action::Unmine(node) => {
                if let Some(k) = army.mine_at(node) {
                    army.mines.remove(k);
                    log.record(|| mine_event(text::MINE_LIFTED, seat, node));
                }
            }
            Action::Rockets(odd) if odd < 3 => self.set_rockets(side, odd, log),
            Action::RandomSetup => {
                army.mines.clear();
                self.phase = Phase::RandomSetup(side);
            }
            Action::Confirm if army.mines.len() == MINES && army.rockets.is_some() => {
                army.ready = true;
                log.record(|| Event::new(text::READY).seat("player", seat));
                if self.armies.iter().all(|a| a.ready) {
                    self.phase = Phase::DealMines;
                }
            }
            _ => {}
        }
    }

    /// Puts the odd label on stand `odd` of `side` and tells its owner the result.
    pub(super) fn set_rockets(&mut self, side: Side, odd: u8, log: &mut impl Journal) {
        let labels = self.rules.rocket_labels(odd);
        self.armies[side.index()].rockets = Some(labels);
        log.record(|| self.rockets_event(side));
    }

    /// The owner's private note of where each rocket label stands.
    pub(super) fn rockets_event(&self, side: Side) -> Event {
        let mut event = Event::new(text::ROCKETS_SET).seat("player", side.seat());
        if let Some(labels) = self.army(side).rockets {
            for (k, (name, label)) in
                board::ROCKET_NAMES[side.index()].iter().zip(labels).enumerate()
            {
                let (rocket, label_arg) = ROCKET_ARGS[k];
                event = event.text(rocket, *name).msg(label_arg, rocket_label_id(label));
            }
        }
        event.only_for(side.seat())
    }

    /// The chance outcomes of the next step of `side`'s random set-up: a free mine circle
    /// while mines are missing, then the stand of the odd rocket label. Drawing the mines one
    /// by one, each among the circles left, makes every set of four equally likely.
    pub(super) fn random_outcomes(&self, side: Side, out: &mut Vec<(Action, u32)>) {
        let army = self.army(side);
        if army.mines.len() < MINES {
            let free = MINE_NODES[side.index()].iter().filter(|n| army.mine_at(**n).is_none());
            out.extend(free.map(|n| (Action::RandomMine(*n), 1)));
        } else {
            out.extend((0..3).map(|odd| (Action::RandomRockets(odd), 1)));
        }
    }

    /// A random set-up lays its next mine.
    pub(super) fn random_mine(&mut self, side: Side, node: NodeId, log: &mut impl Journal) {
        let army = &mut self.armies[side.index()];
        let valid = MINE_NODES[side.index()].contains(&node);
        if !valid || army.mines.len() >= MINES || army.mine_at(node).is_some() {
            return;
        }
        army.lay_mine(node);
        log.record(|| mine_event(text::MINE_LAID, side.seat(), node));
    }

    /// A random set-up ends with the rockets; the side is back at its set-up to confirm.
    pub(super) fn random_rockets(&mut self, side: Side, odd: u8, log: &mut impl Journal) {
        if odd >= 3 || self.army(side).mines.len() < MINES {
            return;
        }
        self.phase = Phase::Setup;
        self.set_rockets(side, odd, log);
    }

    /// The chance outcome of the label deal: labels go under the mines; Red's turn begins.
    pub(super) fn deal(&mut self, labels: [[MineLabel; 4]; 2], log: &mut impl Journal) {
        for (army, labels) in self.armies.iter_mut().zip(labels) {
            for (mine, label) in army.mines.iter_mut().zip(labels) {
                mine.label = Some(label);
            }
        }
        log.record(|| Event::new(text::LABELS_DEALT));
        self.begin_turn(Side::Red, log);
    }
}

/// A private event about one own mine (the `mine` argument is a secret).
fn mine_event(id: &str, seat: usize, node: NodeId) -> Event {
    Event::new(id).seat("player", seat).text("mine", board::name(node)).only_for(seat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_counts() {
        assert_eq!(LABEL_ORDERS.len(), 12);
        assert_eq!(deals().count(), 144);
        assert!(LABEL_ORDERS.iter().all(|o| {
            let mut sorted = *o;
            sorted.sort_by_key(|l| *l as u8);
            sorted == MineLabel::SET
        }));
    }
}
