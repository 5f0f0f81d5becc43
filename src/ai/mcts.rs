//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).
//!
//! Each iteration draws a state the searching seat cannot tell from the real one
//! ([`Game::determinize`]), walks the one shared tree with it — choosing among the edges legal
//! in that sample by UCB1 with availability counts, drawing chance outcomes by weight — opens
//! one new node, then plays the game out (at random, or guided by the heuristic) for at most
//! [`Heuristic::PLAYOUT_ACTIONS`] actions, where [`Heuristic::evaluate`] judges the cut position.
//! Every node's actions start with the heuristic's one-action look-ahead as a prior, the
//! root's worth more iterations (`seed_root`) than a deeper node's (`seed_node`), and the
//! iteration that opens a node goes on with the action it rates best. Each edge keeps the reward of the seat that took it ([`super::reward`]), so the same tree
//! serves two, three or four players and teams.
//!
//! When several seats may act at once (two commanders of one side, a simultaneous set-up), a
//! tree node offers the union of their actions: whichever of them acts first decides, and the
//! one who would gain most is assumed to. Decisions the heuristic makes at every level
//! ([`Heuristic::heuristic_only`]) are played by it inside the tree too, without branching.

use std::time::Instant;

use rand_chacha::ChaCha20Rng;

use super::heuristic::{Heuristic, best_scored, look_ahead};
use super::reward::reward_of;
use super::{Budget, choose_easy, to_search};
use crate::game::{Actor, Game, Outcome, Seat, SeatList, ToMove};
use crate::rng;

/// How many iterations' worth of weight the heuristic's opinion of a root action carries.
const PRIOR_VISITS: u32 = 10;

/// The same below the root, where each node is opened once with the heuristic's opinion of
/// every move legal there (`seed_node`). Lighter than the root's, so that the few iterations a
/// deep node gets can overrule it. Without it a new node's first reply was drawn at random:
/// in Tank Battle the search saw a random answer to each of its moves instead of the
/// opponent's best capture, and strong scored 50 % against easy (30 games); with it, 90 %
/// (docs/performance-journal.md).
const NODE_PRIOR_VISITS: u32 = 2;

/// Candidates a guided playout draws at random before it plays the best-scored of them: most
/// of the heuristic's judgement for a fraction of the cost of scoring every action.
const GUIDED_CANDIDATES: usize = 3;

/// An action from a tree node, and what the iterations through it earned.
#[derive(Debug)]
struct Edge<A> {
    actor: Actor,
    action: A,
    child: usize,
    visits: u32,
    /// Sum of the rewards of the seat that acted.
    total: f64,
    /// Iterations in which this edge was legal at its node.
    available: u32,
}

#[derive(Debug)]
struct Node<A> {
    edges: Vec<Edge<A>>,
}

/// The tree: nodes in one arena, the root first.
#[derive(Debug)]
struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: PartialEq + Clone> Tree<A> {
    fn new() -> Tree<A> {
        Tree { nodes: vec![Node { edges: Vec::new() }] }
    }

    /// The edge for `(actor, action)` at `node`, added (with a fresh child) if missing.
    fn edge(&mut self, node: usize, actor: Actor, action: &A) -> usize {
        if let Some(k) =
            self.nodes[node].edges.iter().position(|e| e.actor == actor && e.action == *action)
        {
            return k;
        }
        let child = self.nodes.len();
        self.nodes.push(Node { edges: Vec::new() });
        let edges = &mut self.nodes[node].edges;
        edges.push(Edge {
            actor,
            action: action.clone(),
            child,
            visits: 0,
            total: 0.0,
            available: 0,
        });
        edges.len() - 1
    }
}

/// What an iteration ended with: the result, or a position cut short.
enum Finish<G> {
    Over(Outcome),
    Cut(G),
}

/// The rewards of the seats an iteration passed through, computed once per seat.
struct Rewards<G> {
    finish: Finish<G>,
    cache: Vec<Option<f64>>,
}

impl<G: Heuristic> Rewards<G> {
    fn of(&mut self, seat: Seat) -> f64 {
        if self.cache.len() <= seat {
            self.cache.resize(seat + 1, None);
        }
        *self.cache[seat].get_or_insert_with(|| match &self.finish {
            Finish::Over(outcome) => reward_of(outcome, seat),
            Finish::Cut(state) => state.evaluate(seat),
        })
    }
}

/// Reusable buffers of one search.
struct Scratch<A> {
    actions: Vec<A>,
    moves: Vec<(Actor, A)>,
    outcomes: Vec<(A, u32)>,
}

/// The action the search prefers for `seat`, or `None` when the seat may not act.
pub fn search<G: Heuristic>(
    game: &G,
    seat: Seat,
    budget: &Budget,
    rng: &mut ChaCha20Rng,
) -> Option<G::Action> {
    let actions = match to_search(game, seat) {
        Ok(actions) => actions,
        Err(answer) => return answer,
    };
    if game.heuristic_only(seat) {
        return choose_easy(game, seat, rng);
    }
    let mut tree = Tree::new();
    seed_root(&mut tree, game, seat, &actions, rng);
    let mut scratch = Scratch { actions, moves: Vec::new(), outcomes: Vec::new() };
    let started = Instant::now();
    for _ in 0..budget.iterations {
        if budget.time_limit.is_some_and(|limit| started.elapsed() > limit) {
            break;
        }
        let sample = game.determinize(seat, rng);
        iterate(&mut tree, sample, seat, budget, &mut scratch, rng);
    }
    let root = &tree.nodes[0].edges;
    let mean =
        |e: &Edge<G::Action>| if e.visits == 0 { 0.0 } else { e.total / f64::from(e.visits) };
    let best = root.iter().enumerate().max_by(|(i, a), (j, b)| {
        (a.visits, mean(a))
            .partial_cmp(&(b.visits, mean(b)))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(j.cmp(i))
    })?;
    Some(best.1.action.clone())
}

/// Opens the root with the heuristic's opinion: each action starts as if it had been tried
/// [`PRIOR_VISITS`] times and earned the evaluation of the position it leads to (on one sample
/// of what the seat cannot see). With branching factors near a hundred and a budget of a few
/// hundred iterations, a search without it would not even try every action; with it, the
/// iterations go to the moves the heuristic rates and the search corrects it where they fail.
fn seed_root<G: Heuristic>(
    tree: &mut Tree<G::Action>,
    game: &G,
    seat: Seat,
    actions: &[G::Action],
    rng: &mut ChaCha20Rng,
) {
    let sample = game.determinize(seat, rng);
    for action in actions {
        let k = tree.edge(0, Actor::Seat(seat), action);
        let value = f64::from(look_ahead(&sample, seat, action)) / 1_000_000.0;
        let edge = &mut tree.nodes[0].edges[k];
        edge.visits = PRIOR_VISITS;
        edge.available = PRIOR_VISITS;
        edge.total = value * f64::from(PRIOR_VISITS);
    }
}

/// One iteration: descend, expand one edge, play out, back up.
fn iterate<G: Heuristic>(
    tree: &mut Tree<G::Action>,
    mut state: G,
    root_seat: Seat,
    budget: &Budget,
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha20Rng,
) {
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut node = 0;
    let mut expanded = false;
    let finish = loop {
        let step = match state.to_move() {
            ToMove::Over => break Finish::Over(state.outcome().unwrap_or_else(draw_of_nobody)),
            ToMove::Chance => match chance_step(&state, scratch, rng) {
                Some(step) => step,
                None => break Finish::Cut(state),
            },
            ToMove::Seats(seats) => {
                if expanded {
                    break playout(state, budget, scratch, rng);
                }
                let forced =
                    if node == 0 { None } else { forced_step(&state, &seats, scratch, rng) };
                if let Some(step) = forced {
                    step
                } else {
                    let offered = if node == 0 { SeatList::one(root_seat) } else { seats };
                    match select(tree, node, &state, &offered, budget.exploration, scratch, rng) {
                        Some((step, new)) => {
                            expanded = new;
                            step
                        }
                        None => break Finish::Cut(state),
                    }
                }
            }
        };
        let (actor, action) = step;
        let k = tree.edge(node, actor, &action);
        path.push((node, k));
        state.play(actor, &action);
        node = tree.nodes[node].edges[k].child;
    };
    let mut rewards = Rewards { finish, cache: Vec::new() };
    for (node, k) in path {
        let edge = &mut tree.nodes[node].edges[k];
        edge.visits += 1;
        if let Actor::Seat(seat) = edge.actor {
            edge.total += rewards.of(seat);
        }
    }
}

/// A game over without an outcome (a bug of the game): nobody is ahead.
fn draw_of_nobody() -> Outcome {
    Outcome { places: Vec::new(), scores: None, sides: None }
}

/// A chance outcome drawn by weight.
fn chance_step<G: Game>(
    state: &G,
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha20Rng,
) -> Option<(Actor, G::Action)> {
    scratch.outcomes.clear();
    state.chance_outcomes_into(&mut scratch.outcomes);
    rng::pick_weighted(rng, &scratch.outcomes).map(|action| (Actor::Chance, action.clone()))
}

/// The heuristic's own move for the first of `seats` whose decision is heuristic-only.
fn forced_step<G: Heuristic>(
    state: &G,
    seats: &[Seat],
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha20Rng,
) -> Option<(Actor, G::Action)> {
    let seat = *seats.iter().find(|seat| state.heuristic_only(**seat))?;
    scratch.actions.clear();
    state.legal_actions(seat, &mut scratch.actions);
    let action = best_scored(state, seat, &scratch.actions, rng)?.clone();
    Some((Actor::Seat(seat), action))
}

/// The tree's choice among the actions of `seats` legal in this sample: at a node met for the
/// first time the heuristic's best (`seed_node`), else an action never tried here if there is
/// one (a secret redrawn can make new ones legal; both returned with `true`), else the best by
/// UCB1 with availability. The node's edges are looked up at the index the action has in the
/// legal list first, which is where they are whenever the list comes out in the same order.
fn select<G: Heuristic>(
    tree: &mut Tree<G::Action>,
    node: usize,
    state: &G,
    seats: &[Seat],
    exploration: f64,
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha20Rng,
) -> Option<((Actor, G::Action), bool)> {
    scratch.moves.clear();
    for seat in seats {
        scratch.actions.clear();
        state.legal_actions(*seat, &mut scratch.actions);
        scratch.moves.extend(scratch.actions.drain(..).map(|a| (Actor::Seat(*seat), a)));
    }
    if scratch.moves.is_empty() {
        return None;
    }
    if node != 0 && tree.nodes[node].edges.is_empty() {
        return Some((seed_node(tree, node, state, scratch, rng), true));
    }
    let mut untried: Vec<usize> = Vec::new();
    let mut known: Vec<usize> = Vec::new();
    for (i, (actor, action)) in scratch.moves.iter().enumerate() {
        let edges = &mut tree.nodes[node].edges;
        let at = match edges.get(i) {
            Some(e) if e.actor == *actor && e.action == *action => Some(i),
            _ => edges.iter().position(|e| e.actor == *actor && e.action == *action),
        };
        match at.map(|k| &mut edges[k]) {
            Some(edge) if edge.visits > 0 => {
                edge.available += 1;
                known.push(i);
            }
            Some(edge) => {
                edge.available += 1;
                untried.push(i);
            }
            None => untried.push(i),
        }
    }
    if !untried.is_empty() {
        let pick = untried[rng::below(rng, untried.len() as u64) as usize];
        return Some((scratch.moves[pick].clone(), true));
    }
    let edges = &tree.nodes[node].edges;
    let mut best = (f64::NEG_INFINITY, 0);
    for i in known {
        let (actor, action) = &scratch.moves[i];
        let edge = match edges.get(i) {
            Some(e) if e.actor == *actor && e.action == *action => e,
            _ => match edges.iter().find(|e| e.actor == *actor && e.action == *action) {
                Some(e) => e,
                None => continue,
            },
        };
        let visits = f64::from(edge.visits);
        let available = f64::from(edge.available.max(1));
        let value = edge.total / visits + exploration * (available.ln() / visits).sqrt();
        if value > best.0 {
            best = (value, i);
        }
    }
    Some((scratch.moves[best.1].clone(), false))
}

/// Opens a node met for the first time with the heuristic's opinion of each of its moves (as
/// the root is opened), and returns the move it rates best for the iteration to go on with.
fn seed_node<G: Heuristic>(
    tree: &mut Tree<G::Action>,
    node: usize,
    state: &G,
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha20Rng,
) -> (Actor, G::Action) {
    let mut best: Vec<usize> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for (i, (actor, action)) in scratch.moves.iter().enumerate() {
        let Actor::Seat(seat) = *actor else { continue };
        let value = f64::from(look_ahead(state, seat, action)) / 1_000_000.0;
        let k = tree.edge(node, *actor, action);
        let edge = &mut tree.nodes[node].edges[k];
        edge.visits = NODE_PRIOR_VISITS;
        edge.available = NODE_PRIOR_VISITS;
        edge.total = value * f64::from(NODE_PRIOR_VISITS);
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(i);
        }
    }
    let pick = best[rng::below(rng, best.len() as u64) as usize];
    scratch.moves[pick].clone()
}

/// Plays on from `state` for at most the budget's cap.
fn playout<G: Heuristic>(
    mut state: G,
    budget: &Budget,
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha20Rng,
) -> Finish<G> {
    for _ in 0..G::PLAYOUT_ACTIONS {
        let step = match state.to_move() {
            ToMove::Over => break,
            ToMove::Chance => chance_step(&state, scratch, rng),
            ToMove::Seats(seats) => {
                let seat = seats[rng::below(rng, seats.len() as u64) as usize];
                playout_action(&state, seat, budget.guided, scratch, rng)
            }
        };
        let Some((actor, action)) = step else { break };
        state.play(actor, &action);
    }
    match state.outcome() {
        Some(outcome) => Finish::Over(outcome),
        None => Finish::Cut(state),
    }
}

/// A playout's move for `seat`: uniformly at random, or the best-scored of a few random
/// candidates when guided (always the heuristic's move where it decides alone).
fn playout_action<G: Heuristic>(
    state: &G,
    seat: Seat,
    guided: bool,
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha20Rng,
) -> Option<(Actor, G::Action)> {
    let heuristic_only = state.heuristic_only(seat);
    if !guided && !heuristic_only {
        // Uniformly at random: the game draws without listing where it can.
        let action = state.random_legal_action(seat, rng, &mut scratch.actions)?;
        return Some((Actor::Seat(seat), action));
    }
    scratch.actions.clear();
    state.legal_actions(seat, &mut scratch.actions);
    let actions = &scratch.actions;
    let action = if !heuristic_only && actions.len() > GUIDED_CANDIDATES {
        let candidates: Vec<G::Action> = (0..GUIDED_CANDIDATES)
            .map(|_| actions[rng::below(rng, actions.len() as u64) as usize].clone())
            .collect();
        best_scored(state, seat, &candidates, rng)?.clone()
    } else {
        best_scored(state, seat, actions, rng)?.clone()
    };
    Some((Actor::Seat(seat), action))
}
