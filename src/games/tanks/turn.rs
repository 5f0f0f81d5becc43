//! A turn on the ground: which tanks may act, the rolls (or, dice-free, the distances), the
//! route choices, driving a route through mines, captures and rivers, arrivals and bringing a
//! tank back, and handing the turn over.
//!
//! A turn keeps its own small state in [`Tanks`]: the rolls left (one per tank that may act,
//! decision 4) or the distances used (decision 10), whether anything has been done yet (a
//! flight must be the whole turn), and each tank's `acted`/`resting` marks. After every
//! finished action [`Tanks::carry_on`] asks the one question that matters: is there anything
//! left to do this turn? If not, the turn passes — and a turn with nothing to do at all passes
//! by itself, still counted by the 120-turn guard.

use super::army::Side;
use super::board::{self, NodeId, Spot};
use super::ending::{self, End, GUARD_TURNS};
use super::moves::{self, Occupancy, Route, Stop};
use super::text;
use super::view::LastMove;
use super::{Action, MineLabel, Phase, Tanks};
use crate::choice::{Counted, Label, Offer};
use crate::event::{Event, Journal};

/// The largest distance of the dice-free variant.
pub const MAX_DISTANCE: u8 = 4;

/// Button labels of the dice-free distances.
const DISTANCE_LABELS: [&str; 5] = ["0", "1", "2", "3", "4"];

/// Who stands where, and what a turn may still do.
impl Tanks {
    /// Tanks of the side to move that may still act this turn.
    pub(super) fn actors(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).filter(|i| self.may_act(*i))
    }

    /// Whether tank `i` of the side to move may still act this turn.
    fn may_act(&self, i: usize) -> bool {
        let t = &self.army(self.turn).tanks[i];
        t.field().is_some() && !t.resting && !t.acted
    }

    /// Whether tank `i` of the side to move may turn around now: it may act, and did not turn
    /// around in its owner's previous turn.
    pub(super) fn may_turn_around(&self, i: usize) -> bool {
        let previous = self.turns[self.turn.index()].checked_sub(1);
        self.may_act(i) && self.army(self.turn).tanks[i].turned_in != previous
    }

    /// Who stands on every circle, seen from the side to move (kept as tanks move: `occupied`).
    fn occupancy(&self) -> Occupancy {
        self.occupied.seen_by(&self.armies, self.turn)
    }

    /// The route of tank `i` of the side to move over `distance`, turning or not.
    fn route(&self, board: &Occupancy, i: usize, distance: u8, turn: bool) -> Option<Route> {
        let (from, heading) = self.army(self.turn).tanks[i].field()?;
        moves::plan(from, heading, distance, turn, board)
    }

    /// Whether tank `i` of the side to move may drive `distance`, turning or not: whether
    /// [`Tanks::route`] finds one, without building it.
    fn allows(&self, board: &Occupancy, i: usize, distance: u8, turn: bool) -> bool {
        let Some((from, heading)) = self.army(self.turn).tanks[i].field() else { return false };
        moves::allows(from, heading, distance, turn, board)
    }

    /// Whether tank `i` of the side to move has a legal route over `distance`.
    fn can_drive(&self, board: &Occupancy, i: usize, distance: u8) -> bool {
        self.allows(board, i, distance, false) || self.allows(board, i, distance, true)
    }

    fn distance_unused(&self, distance: u8) -> bool {
        (1..=MAX_DISTANCE).contains(&distance) && self.used & (1 << distance) == 0
    }

    /// Dice-free: the distances not used yet this turn.
    pub(super) fn unused_distances(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=MAX_DISTANCE).filter(|d| self.distance_unused(*d))
    }

    /// Whether some tank that may act can drive: a roll left (dice), or a tank and an unused
    /// distance that make a legal route (dice-free). Small enough to inline: random play asks
    /// it after every action (the dice-free search lives apart).
    #[inline]
    pub(super) fn ground_work(&self) -> bool {
        if self.rules.dice {
            self.rolls_left > 0 && self.actors().next().is_some()
        } else {
            self.dice_free_ground_work()
        }
    }

    /// Dice-free: whether a tank that may act has a legal route over an unused distance.
    #[inline(never)]
    fn dice_free_ground_work(&self) -> bool {
        let board = self.occupancy();
        self.actors().any(|i| self.unused_distances().any(|d| self.can_drive(&board, i, d)))
    }

    /// Whether a tank may turn around now: while the turn can still drive, and (dice-free) at
    /// the start of a turn even when no distance can be used — else a tank facing its own
    /// big circle there could never turn again.
    fn turning_open(&self) -> bool {
        self.turning_open_with(self.ground_work())
    }

    /// [`Tanks::turning_open`] when [`Tanks::ground_work`] is already known.
    fn turning_open_with(&self, ground: bool) -> bool {
        ground || (!self.rules.dice && self.fresh)
    }

    fn any_turnable(&self) -> bool {
        self.turning_open() && (0..4).any(|i| self.may_turn_around(i))
    }

    /// Whether the turn offers anything at all.
    fn has_work(&self) -> bool {
        self.ground_work() || self.any_turnable() || self.flight_possible()
    }
}

/// The choices of a turn.
impl Tanks {
    /// The prompt of a turn's first choice.
    pub(super) fn act_prompt(&self) -> &'static str {
        if self.rules.dice { text::PROMPT_TURN } else { text::PROMPT_MOVE }
    }

    /// A turn's options: roll (or, dice-free, drive), turn around, fly; and pass when only a
    /// turn-around or a flight is left.
    pub(super) fn offer_act(&self, out: &mut impl Offer<Action>) {
        let mut out = Counted::new(out);
        let ground = self.ground_work();
        if ground && self.rules.dice {
            out.offer(|| vec![Label::msg(text::BTN_ROLL)], Action::Roll);
        } else if ground {
            self.offer_distances(&mut out);
        }
        if self.turning_open_with(ground) {
            for i in (0..4).filter(|i| self.may_turn_around(*i)) {
                let path = || vec![Label::msg(text::BTN_TURN), self.tank_label(i)];
                out.offer(path, Action::TurnAround(i as u8));
            }
        }
        self.offer_flights(&mut out);
        if !ground && out.count() > 0 {
            out.offer(|| vec![Label::msg(text::BTN_PASS)], Action::Pass);
        }
    }

    /// Dice-free: a tank, a distance, and the route when there are two.
    fn offer_distances(&self, out: &mut impl Offer<Action>) {
        let board = self.occupancy();
        for i in self.actors() {
            for distance in self.unused_distances() {
                let prefix = || {
                    vec![self.tank_label(i), Label::text(DISTANCE_LABELS[usize::from(distance)])]
                };
                self.offer_routes(&board, i, distance, prefix, out);
            }
        }
    }

    /// After a roll: a tank, and the route when there are two.
    pub(super) fn offer_picks(&self, roll: u8, out: &mut impl Offer<Action>) {
        let board = self.occupancy();
        for i in self.actors() {
            self.offer_routes(&board, i, roll, || vec![self.tank_label(i)], out);
        }
    }

    /// One option per route of tank `i` over `distance`, after the labels `prefix` makes; the
    /// destination is named only when the tank has two routes.
    fn offer_routes(
        &self,
        board: &Occupancy,
        i: usize,
        distance: u8,
        prefix: impl Fn() -> Vec<Label>,
        out: &mut impl Offer<Action>,
    ) {
        let allowed =
            [self.allows(board, i, distance, false), self.allows(board, i, distance, true)];
        let named = allowed == [true, true];
        let tank = i as u8;
        for turn in [false, true].into_iter().filter(|turn| allowed[usize::from(*turn)]) {
            let path = || {
                let mut path = prefix();
                if named {
                    let route = self.route(board, i, distance, turn).expect("an allowed route");
                    path.push(Label::text(board::name(board::node(route.end))));
                }
                path
            };
            out.offer(path, Action::Move { tank, distance, turn });
        }
    }

    /// A tank's label on buttons and on the board: the name of its circle.
    pub(super) fn tank_label(&self, i: usize) -> Label {
        let node = self.army(self.turn).tanks[i].node().expect("a tank on the field");
        Label::text(board::name(node))
    }

    pub(super) fn offer_bring_back(&self, out: &mut impl Offer<Action>) {
        for spot in self.free_big_circles() {
            let node = board::node(spot);
            let path = || vec![Label::msg(text::BTN_BRING_BACK), Label::text(board::name(node))];
            out.offer(path, Action::BringBack(node));
        }
        out.offer(|| vec![Label::msg(text::BTN_NO_BRING_BACK)], Action::NoBringBack);
    }
}

/// The actions of a turn.
impl Tanks {
    /// Starts `side`'s turn. A turn with nothing to do passes by itself (the guard counts it).
    pub(super) fn begin_turn(&mut self, side: Side, log: &mut impl Journal) {
        let mut side = side;
        loop {
            self.turn = side;
            self.turns[side.index()] += 1;
            self.fresh = true;
            self.used = 0;
            self.last_roll = None;
            for tank in &mut self.armies[side.index()].tanks {
                tank.resting = tank.skip && tank.field().is_some();
                tank.skip = false;
                tank.acted = false;
            }
            self.rolls_left = self.actors().count() as u8;
            if self.has_work() {
                self.phase = Phase::Act;
                return;
            }
            log.record(|| Event::new(text::TURN_PASSES).seat("player", side.seat()));
            if let Some(end) = self.close_turn() {
                self.finish(end, log);
                return;
            }
            side = side.opponent();
        }
    }

    /// Closes the current turn's books: the guard's count, the turn's marks. Returns the end
    /// when the guard runs out.
    pub(super) fn close_turn(&mut self) -> Option<End> {
        self.quiet_turns = if self.progress { 0 } else { self.quiet_turns + 1 };
        self.progress = false;
        self.rolls_left = 0;
        for tank in &mut self.armies[self.turn.index()].tanks {
            tank.resting = false;
            tank.acted = false;
        }
        (self.quiet_turns >= GUARD_TURNS).then_some(End::Guard)
    }

    /// The turn is over: the opponent's begins (unless the game ends).
    fn end_turn(&mut self, log: &mut impl Journal) {
        match self.close_turn() {
            Some(end) => self.finish(end, log),
            None => self.begin_turn(self.turn.opponent(), log),
        }
    }

    /// After a finished action: the game may be over, the turn may go on, or it passes.
    pub(super) fn carry_on(&mut self, log: &mut impl Journal) {
        if let Some(end) = ending::detect(&self.armies) {
            return self.finish(end, log);
        }
        if self.ground_work() {
            self.phase = Phase::Act;
        } else {
            self.end_turn(log)
        }
    }

    /// The die shows `face`: wait for a tank, or lose a roll no tank can use.
    pub(super) fn rolled(&mut self, face: u8, log: &mut impl Journal) {
        self.last_roll = Some(face);
        let player = self.turn.seat();
        log.record(|| Event::new(text::ROLLED).seat("player", player).int("roll", face));
        let board = self.occupancy();
        if self.actors().any(|i| self.can_drive(&board, i, face)) {
            self.phase = Phase::Pick(face);
        } else {
            log.record(|| Event::new(text::ROLL_LOST).seat("player", player).int("roll", face));
            self.rolls_left = self.rolls_left.saturating_sub(1);
            self.carry_on(log);
        }
    }

    pub(super) fn turn_around(&mut self, i: usize, log: &mut impl Journal) {
        if i >= 4 || !self.turning_open() || !self.may_turn_around(i) {
            return;
        }
        let turn_no = self.turns[self.turn.index()];
        let tank = &mut self.armies[self.turn.index()].tanks[i];
        let Some((spot, heading)) = tank.field() else { return };
        tank.put(spot, heading.flipped());
        tank.turned_in = Some(turn_no);
        tank.acted = true;
        self.fresh = false;
        if self.rules.dice {
            self.rolls_left -= 1;
        }
        let node = board::node(spot);
        let player = self.turn.seat();
        log.record(|| {
            Event::new(text::TURNED_AROUND).seat("player", player).text("node", board::name(node))
        });
        self.carry_on(log);
    }

    /// Nothing can drive, and neither a flight nor a turn-around is wanted: the turn ends.
    pub(super) fn pass(&mut self, log: &mut impl Journal) {
        if !self.fresh || self.ground_work() || !(self.flight_possible() || self.any_turnable()) {
            return;
        }
        let player = self.turn.seat();
        log.record(|| Event::new(text::TURN_PASSES).seat("player", player));
        self.end_turn(log);
    }

    /// Drives tank `i` of the side to move `distance` circles (turning when `turn`).
    pub(super) fn drive(&mut self, i: usize, distance: u8, turn: bool, log: &mut impl Journal) {
        let dice = self.rules.dice;
        let distance_ok = if dice { self.rolls_left > 0 } else { self.distance_unused(distance) };
        if i >= 4 || !distance_ok || !self.may_act(i) {
            return;
        }
        let board = self.occupancy();
        let Some(route) = self.route(&board, i, distance, turn) else { return };
        let side = self.turn;
        let (from, heading) = self.army(side).tanks[i].field().expect("an acting tank");
        self.fresh = false;
        if dice {
            self.rolls_left -= 1;
        } else {
            self.used |= 1 << distance;
        }
        self.armies[side.index()].tanks[i].acted = true;
        let from_node = board::node(from);
        log.record(|| {
            let moved =
                Event::new(if route.turned.is_some() { text::MOVED_TURNING } else { text::MOVED })
                    .seat("player", side.seat())
                    .text("from", board::name(from_node))
                    .text("to", board::name(board::node(route.end)))
                    .int("distance", distance);
            match route.turned {
                Some(road) => moved.text("road", board::ROAD_LETTERS[usize::from(road)]),
                None => moved,
            }
        });
        // The last move's trail is drawn until this one replaces it: reuse its buffer.
        let mut path = self.last_move.take().map(|last| last.path).unwrap_or_default();
        path.clear();
        path.push(from_node);
        let arrived = self.run(i, heading, &route, &mut path, log);
        // Only a capture (or a fall on a tank in the river) moves an opponent's tank.
        let moved = if route.stop == Stop::Points { &[side][..] } else { &Side::BOTH[..] };
        self.occupied.refresh_sides(&self.armies, moved);
        self.last_move = Some(LastMove { side: side.id(), path });
        self.last_flight = None;
        // Decision 8: after an arrival the bring-back question comes first; only the instant
        // win (the opponent wiped out) ends the game before it. The "no tank on the field" end
        // waits for the answer: `carry_on` checks it after the bring-back (or right here).
        let wipeout = matches!(ending::detect(&self.armies), Some(End::Wipeout(_)));
        if arrived && !wipeout && self.may_bring_back() {
            self.phase = Phase::BringBack;
            return;
        }
        self.carry_on(log);
    }

    /// Drives `route` circle by circle: captures, the river, the opponent's mines (which may cut
    /// the route short), then the end of the route: a destroyed bridge or an arrival. Returns
    /// whether the tank arrived.
    fn run(
        &mut self,
        i: usize,
        heading: super::Heading,
        route: &Route,
        path: &mut Vec<NodeId>,
        log: &mut impl Journal,
    ) -> bool {
        let side = self.turn;
        let (own, opp) = (side.index(), side.opponent().index());
        let player = side.seat();
        let opponent = side.opponent().seat();
        // The planner ends a route on the first opponent's tank it meets: only the last circle
        // of a capture (or of a fall into the river) holds one.
        let last = route.steps().len().saturating_sub(1);
        let meets = route.stop != Stop::Points;
        for (k, spot) in route.steps().iter().enumerate() {
            let node = board::node(*spot);
            let name = board::name(node);
            path.push(node);
            let victim = if meets && k == last { self.armies[opp].tank_at(node) } else { None };
            if let Some(victim) = victim {
                self.armies[opp].tanks[victim].destroy();
                self.progress = true;
                if route.stop == Stop::River {
                    self.armies[own].tanks[i].destroy();
                    log.record(|| {
                        let event = Event::new(text::BOTH_OUT).seat("player", player);
                        event.seat("opponent", opponent).text("node", name)
                    });
                    return false;
                }
                log.record(|| {
                    let event = Event::new(text::CAPTURED).seat("player", player);
                    event.seat("opponent", opponent).text("node", name)
                });
            }
            self.armies[own].tanks[i].put(*spot, heading);
            if let Some(k) = self.armies[opp].mine_at(node) {
                let mine = self.armies[opp].mines.remove(k);
                self.progress = true;
                let label = mine.label.unwrap_or(MineLabel::Dud);
                let id = match label {
                    MineLabel::Kill => text::MINE_KILL,
                    MineLabel::Stall => text::MINE_STALL,
                    MineLabel::Dud => text::MINE_DUD,
                };
                log.record(|| {
                    let event = Event::new(id).seat("player", player).seat("owner", opponent);
                    event.text("node", name)
                });
                match label {
                    MineLabel::Kill => {
                        self.armies[own].tanks[i].destroy();
                        return false;
                    }
                    MineLabel::Stall => {
                        self.armies[own].tanks[i].skip = true;
                        return false;
                    }
                    MineLabel::Dud => {}
                }
            }
        }
        self.finish_route(i, heading, route.end, log)
    }

    /// The tank stands at the end of its route: in the river, arrived, or simply there.
    fn finish_route(
        &mut self,
        i: usize,
        heading: super::Heading,
        end: Spot,
        log: &mut impl Journal,
    ) -> bool {
        let side = self.turn;
        let node = board::node(end);
        let player = side.seat();
        let army = &mut self.armies[side.index()];
        army.tanks[i].put(end, heading);
        if board::is_destroyed_bridge(node) {
            army.tanks[i].skip = true;
            log.record(|| {
                Event::new(text::IN_RIVER).seat("player", player).text("node", board::name(node))
            });
        }
        if !side.arrives_at(end) {
            return false;
        }
        army.tanks[i].place = super::Place::Arrived;
        army.arrivals += 1;
        let count = army.arrivals;
        self.progress = true;
        log.record(|| {
            let event = Event::new(text::ARRIVED).seat("player", player);
            event.text("node", board::name(node)).int("count", count)
        });
        true
    }

    /// The side to move's big circles where no tank stands.
    fn free_big_circles(&self) -> Vec<Spot> {
        board::big_circles(self.turn.id())
            .into_iter()
            .filter(|s| {
                let node = board::node(*s);
                self.armies.iter().all(|a| a.tank_at(node).is_none())
            })
            .collect()
    }

    /// After an arrival: a destroyed tank and a free own big circle exist (decision 8).
    fn may_bring_back(&self) -> bool {
        self.army(self.turn).destroyed_count() > 0 && !self.free_big_circles().is_empty()
    }

    /// Brings a destroyed tank back onto `circle`, or declines; then the turn goes on.
    pub(super) fn bring_back(&mut self, circle: Option<NodeId>, log: &mut impl Journal) {
        let side = self.turn;
        let player = side.seat();
        match circle {
            Some(node) => {
                let Some(spot) =
                    self.free_big_circles().into_iter().find(|s| board::node(*s) == node)
                else {
                    return;
                };
                let army = &mut self.armies[side.index()];
                let Some(i) = army.tanks.iter().position(|t| t.place == super::Place::Destroyed)
                else {
                    return;
                };
                let tank = &mut army.tanks[i];
                tank.put(spot, side.forward());
                tank.acted = true;
                tank.turned_in = None;
                self.occupied.refresh(&self.armies);
                log.record(|| {
                    Event::new(text::BROUGHT_BACK)
                        .seat("player", player)
                        .text("node", board::name(node))
                });
            }
            None => log.record(|| Event::new(text::NOT_BROUGHT_BACK).seat("player", player)),
        }
        self.carry_on(log);
    }
}
