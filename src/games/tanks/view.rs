//! What a viewer sees of a game of «Идут танки»: plain data for the renderer and for tests.
//!
//! The public picture shows what lies open on the table: tanks, planes, revealed rocket labels,
//! counts, whose turn it is. Each seat's own picture adds its own secrets: where its mines lie
//! (never their labels, which nobody knows) and its rocket labels. Choice labels are shown to
//! whoever sees the buttons: everyone for an ordinary turn, only the seat itself for a private
//! set-up or re-arranging. Positions are circle ids and names; their coordinates are in
//! [`super::board`] ([`super::board::node_info`]).

use serde::{Deserialize, Serialize};

use super::army::{Heading, Place, PlaneSpot, Side};
use super::board::{self, NodeId};
use super::rules::RocketLabel;
use super::{Phase, Tanks};
use crate::choice::Label;
use crate::game::{Game, ToMove, Viewer};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TankView {
    /// 0 = Red, 1 = Green.
    pub side: u8,
    /// The tank's number within its side, 0..4.
    pub id: u8,
    /// The circle it stands on, and that circle's name: the tank's label on buttons.
    pub node: NodeId,
    pub label: String,
    /// The road it is on ("A".."D"): at a crossing, the one it will drive along.
    pub road: String,
    pub heading: Heading,
    /// Sits out this or its owner's next turn (river or «Л-П» mine).
    pub stuck: bool,
    /// Standing in the river on a destroyed bridge.
    pub in_river: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaneView {
    pub side: u8,
    pub id: u8,
    /// On airfield 0 (screen left) or 1 (screen right), or shot down.
    pub spot: PlaneSpot,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RocketView {
    /// The owner: 0 = Red (stands r1–r3 over Red's half), 1 = Green (g1–g3).
    pub side: u8,
    /// The label, when this viewer may see it: always for the owner, for everyone while a
    /// flight has left it turned over.
    pub label: Option<RocketLabel>,
    pub revealed: bool,
    pub rocket: String,
}

/// One of the viewer's own mines (only in that seat's view). Labels are never shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MineView {
    /// The owner (the viewer, or either side in the picture after the end).
    pub side: u8,
    /// The circle's name.
    pub mine: String,
    pub node: NodeId,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    pub side: u8,
    /// The set-up is confirmed.
    pub ready: bool,
    pub on_field: u8,
    pub destroyed: u8,
    pub arrivals: u8,
    pub planes_lost: u8,
}

/// The last tank move, for drawing its trail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    pub side: u8,
    /// The circles from the start to where the tank stopped (or was destroyed).
    pub path: Vec<NodeId>,
}

/// The last flight, for drawing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightView {
    /// The side whose plane flew.
    pub side: u8,
    /// The airfield it started from.
    pub airfield: u8,
    pub target: NodeId,
    pub shot_down: bool,
    pub bombed: bool,
}

/// What the game waits for, as the picture tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    Setup,
    Turn,
    /// A roll waits for its tank.
    Pick,
    BringBack,
    /// The side `to_move` keeps or re-arranges its rockets in private.
    Rearrange,
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// `false` for the dice-free variant.
    pub dice: bool,
    /// Two «Ц-П» and one «П» per side instead of one and two.
    pub two_hits: bool,
    pub stage: Stage,
    /// The side to act (0 Red, 1 Green); none during the set-up and once over.
    pub to_move: Option<u8>,
    /// Red then Green.
    pub sides: Vec<SideView>,
    /// Tanks on the field.
    pub tanks: Vec<TankView>,
    pub planes: Vec<PlaneView>,
    pub rockets: Vec<RocketView>,
    /// The viewer's own mines (empty for the public and for the opponent).
    pub mines: Vec<MineView>,
    /// Dice: rolls left this turn.
    pub rolls_left: u8,
    /// Dice: the roll just made (waiting for its tank, or lost).
    pub last_roll: Option<u8>,
    /// Dice-free: the distances not used yet this turn.
    pub distances_left: Vec<u8>,
    /// Player turns without progress so far (the game ends at `guard_turns`).
    pub quiet_turns: u32,
    pub guard_turns: u32,
    pub last_move: Option<LastMove>,
    pub last_flight: Option<FlightView>,
    /// The labels picked so far in the current choice.
    pub selection: Vec<String>,
    /// The text labels the acting seat may pick next (circle, tank or rocket names, distances),
    /// when this viewer sees those buttons: the renderer marks them.
    pub options: Vec<String>,
}

impl Tanks {
    pub(super) fn picture(&self, viewer: Viewer, selection: &[String]) -> View {
        let me = match viewer {
            Viewer::Seat(seat) => Side::from_seat(seat),
            Viewer::Public => None,
        };
        let stage = match self.phase {
            Phase::Setup | Phase::RandomSetup(_) | Phase::DealMines => Stage::Setup,
            Phase::Act | Phase::Dice => Stage::Turn,
            Phase::Pick(_) => Stage::Pick,
            Phase::BringBack => Stage::BringBack,
            Phase::Rearrange(_) => Stage::Rearrange,
            Phase::Over => Stage::Over,
        };
        let to_move = match self.phase {
            Phase::Rearrange(owner) => Some(owner.id()),
            Phase::Act | Phase::Dice | Phase::Pick(_) | Phase::BringBack => Some(self.turn.id()),
            _ => None,
        };
        let mines = me.map(|side| self.mine_views(side)).unwrap_or_default();
        let in_turn = matches!(stage, Stage::Turn | Stage::Pick | Stage::BringBack);
        View {
            dice: self.rules.dice,
            two_hits: self.rules.two_hits,
            stage,
            to_move,
            sides: Side::BOTH.iter().map(|s| self.side_view(*s)).collect(),
            tanks: self.tank_views(),
            planes: self.plane_views(),
            rockets: self.rocket_views(|side| me == Some(side)),
            mines,
            rolls_left: if self.rules.dice && in_turn { self.rolls_left } else { 0 },
            last_roll: self.last_roll,
            distances_left: if !self.rules.dice && in_turn {
                self.unused_distances().collect()
            } else {
                Vec::new()
            },
            quiet_turns: self.quiet_turns,
            guard_turns: super::GUARD_TURNS,
            last_move: self.last_move.clone(),
            last_flight: self.last_flight,
            selection: selection.to_vec(),
            options: self.visible_options(viewer, selection),
        }
    }

    fn side_view(&self, side: Side) -> SideView {
        let army = self.army(side);
        SideView {
            side: side.id(),
            ready: army.ready,
            on_field: army.field_count() as u8,
            destroyed: army.destroyed_count() as u8,
            arrivals: army.arrivals,
            planes_lost: army.planes_lost,
        }
    }

    fn tank_views(&self) -> Vec<TankView> {
        let mut tanks = Vec::new();
        for side in Side::BOTH {
            for (i, tank) in self.army(side).tanks.iter().enumerate() {
                let Place::Field { spot, heading } = tank.place else { continue };
                let node = board::node(spot);
                tanks.push(TankView {
                    side: side.id(),
                    id: i as u8,
                    node,
                    label: board::name(node).to_string(),
                    road: board::ROAD_LETTERS[usize::from(spot.road)].to_string(),
                    heading,
                    stuck: tank.skip || tank.resting,
                    in_river: board::is_destroyed_bridge(node),
                });
            }
        }
        tanks
    }

    fn plane_views(&self) -> Vec<PlaneView> {
        Side::BOTH
            .iter()
            .flat_map(|side| {
                self.army(*side).planes.iter().enumerate().map(|(i, spot)| PlaneView {
                    side: side.id(),
                    id: i as u8,
                    spot: *spot,
                })
            })
            .collect()
    }

    /// The public picture with every secret turned over: both sides' mines and rocket labels.
    /// The game shows it once over, as a replay's last picture (the rules' reveal at the end).
    pub(super) fn revealed_picture(&self) -> View {
        let mut view = self.picture(Viewer::Public, &[]);
        view.mines = Side::BOTH.iter().flat_map(|side| self.mine_views(*side)).collect();
        view.rockets = self.rocket_views(|_| true);
        view
    }

    fn mine_views(&self, side: Side) -> Vec<MineView> {
        let army = self.army(side);
        army.mines
            .iter()
            .map(|m| MineView {
                side: side.id(),
                mine: board::name(m.node).to_string(),
                node: m.node,
            })
            .collect()
    }

    /// Every rocket, its label shown where it is turned over or `sees` its side.
    fn rocket_views(&self, sees: impl Fn(Side) -> bool) -> Vec<RocketView> {
        let mut rockets = Vec::new();
        for side in Side::BOTH {
            let army = self.army(side);
            for k in 0..3 {
                let revealed = army.revealed[k];
                let visible = revealed || sees(side);
                rockets.push(RocketView {
                    side: side.id(),
                    label: army.rockets.filter(|_| visible).map(|labels| labels[k]),
                    revealed,
                    rocket: board::ROCKET_NAMES[side.index()][k].to_string(),
                });
            }
        }
        rockets
    }

    /// The next text labels of the choice the viewer sees buttons for, if any.
    fn visible_options(&self, viewer: Viewer, selection: &[String]) -> Vec<String> {
        let ToMove::Seats(seats) = self.to_move() else { return Vec::new() };
        let choices = match viewer {
            Viewer::Seat(seat) if seats.contains(&seat) => self.choices(seat),
            Viewer::Public if seats.len() == 1 => {
                let choices = self.choices(seats[0]);
                if choices.private {
                    return Vec::new();
                }
                choices
            }
            _ => return Vec::new(),
        };
        choices
            .step(selection)
            .into_iter()
            .filter_map(|label| match label {
                Label::Text(text) | Label::Described { key: text, .. } => Some(text),
                Label::Msg(_) => None,
            })
            .collect()
    }
}

impl View {
    /// The board without what only a player choosing a move needs: the marks of what may be
    /// picked now and of where a pick may go ([`crate::view::AnyView::settled`]).
    pub fn settle(&mut self) {
        self.selection.clear();
        self.options.clear();
    }
}
