//! One side's forces and what is known about them: four tanks, two planes, three rocket
//! stands and four mines, plus the counts the ending scores (arrivals, planes lost).
//!
//! Mines and rocket labels are secrets; they live here with their owner's army, and only the
//! view decides who may see them.

use serde::{Deserialize, Serialize};

use super::board::{self, NodeId, Spot};
use super::rules::RocketLabel;
use crate::game::Seat;

/// Red sits at the top and moves first (seat 0); Green at the bottom (seat 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Red,
    Green,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Green];

    pub fn index(self) -> usize {
        self as usize
    }
    pub fn id(self) -> u8 {
        self as u8
    }
    pub fn seat(self) -> Seat {
        self.index()
    }
    pub fn from_seat(seat: Seat) -> Option<Side> {
        match seat {
            0 => Some(Side::Red),
            1 => Some(Side::Green),
            _ => None,
        }
    }
    pub fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Green,
            Side::Green => Side::Red,
        }
    }
    /// The way this side's tanks head at the start: towards the opponent's end.
    pub fn forward(self) -> Heading {
        match self {
            Side::Red => Heading::Down,
            Side::Green => Heading::Up,
        }
    }
    /// Whether `spot` is one of the opponent's big circles (where this side's tanks arrive).
    pub fn arrives_at(self, spot: Spot) -> bool {
        spot.index == board::home_index(self.opponent().id())
    }
}

/// The end of the board a tank drives towards: `Down` to index 24 (Green's end), `Up` to 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Heading {
    Down,
    Up,
}

impl Heading {
    pub fn flipped(self) -> Heading {
        match self {
            Heading::Down => Heading::Up,
            Heading::Up => Heading::Down,
        }
    }
    /// The next index along a road, if the road goes on.
    pub fn step(self, index: u8) -> Option<u8> {
        match self {
            Heading::Down => (index < board::LAST).then(|| index + 1),
            Heading::Up => index.checked_sub(1),
        }
    }
}

/// Where a tank is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    Field { spot: Spot, heading: Heading },
    Destroyed,
    Arrived,
}

/// One tank and its turn bookkeeping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tank {
    pub place: Place,
    /// Sits out its owner's next turn (fell into the river, or a «Л-П» mine).
    pub skip: bool,
    /// Sitting out the owner's current turn.
    pub resting: bool,
    /// Has moved or turned around in the current turn (or joined it by being brought back).
    pub acted: bool,
    /// The owner's turn number in which it last turned around.
    pub turned_in: Option<u32>,
}

impl Tank {
    fn at(spot: Spot, heading: Heading) -> Tank {
        Tank {
            place: Place::Field { spot, heading },
            skip: false,
            resting: false,
            acted: false,
            turned_in: None,
        }
    }
    /// The spot and heading of a tank on the field.
    pub fn field(&self) -> Option<(Spot, Heading)> {
        match self.place {
            Place::Field { spot, heading } => Some((spot, heading)),
            _ => None,
        }
    }
    pub fn node(&self) -> Option<NodeId> {
        self.field().map(|(spot, _)| board::node(spot))
    }
    pub fn put(&mut self, spot: Spot, heading: Heading) {
        self.place = Place::Field { spot, heading };
    }
    pub fn destroy(&mut self) {
        self.place = Place::Destroyed;
        self.skip = false;
        self.resting = false;
    }
}

/// A plane on an airfield (0 screen left, 1 screen right) or shot down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlaneSpot {
    Airfield(u8),
    Lost,
}

/// A mine's face-down label: «Т-Р» (tank destroyed), «Л-П» (stuck) or «Н-С» (dud).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MineLabel {
    Kill,
    Stall,
    Dud,
}

impl MineLabel {
    /// The four labels one side's mines carry.
    pub const SET: [MineLabel; 4] =
        [MineLabel::Kill, MineLabel::Kill, MineLabel::Stall, MineLabel::Dud];
}

/// A mine on the board. The label is dealt after the set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mine {
    pub node: NodeId,
    pub label: Option<MineLabel>,
}

/// One side's forces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    pub tanks: [Tank; 4],
    pub planes: [PlaneSpot; 2],
    /// The rocket labels by stand, once the set-up has placed them.
    pub rockets: Option<[RocketLabel; 3]>,
    /// Stands whose label a flight has turned over (public until the owner re-arranges).
    pub revealed: [bool; 3],
    /// Mines still on the board, in id order.
    pub mines: Vec<Mine>,
    /// The set-up is confirmed.
    pub ready: bool,
    pub arrivals: u8,
    pub planes_lost: u8,
}

impl Army {
    /// Four tanks on the side's big circles heading for the opponent, planes on both airfields.
    pub fn new(side: Side) -> Army {
        let circles = board::big_circles(side.id());
        Army {
            tanks: circles.map(|spot| Tank::at(spot, side.forward())),
            planes: [PlaneSpot::Airfield(0), PlaneSpot::Airfield(1)],
            rockets: None,
            revealed: [false; 3],
            mines: Vec::new(),
            ready: false,
            arrivals: 0,
            planes_lost: 0,
        }
    }

    /// Tanks on the field.
    pub fn on_field(&self) -> impl Iterator<Item = (usize, &Tank)> {
        self.tanks.iter().enumerate().filter(|(_, t)| t.field().is_some())
    }

    pub fn field_count(&self) -> usize {
        self.on_field().count()
    }

    pub fn destroyed_count(&self) -> usize {
        self.tanks.iter().filter(|t| t.place == Place::Destroyed).count()
    }

    /// The tank standing on circle `node`.
    pub fn tank_at(&self, node: NodeId) -> Option<usize> {
        self.tanks.iter().position(|t| t.node() == Some(node))
    }

    /// The mine on circle `node`.
    pub fn mine_at(&self, node: NodeId) -> Option<usize> {
        self.mines.iter().position(|m| m.node == node)
    }

    /// Places a mine keeping id order.
    pub fn lay_mine(&mut self, node: NodeId) {
        let at = self.mines.partition_point(|m| m.node < node);
        self.mines.insert(at, Mine { node, label: None });
    }

    /// The plane standing on `airfield`, if any.
    pub fn plane_on(&self, airfield: u8) -> Option<usize> {
        self.planes.iter().position(|p| *p == PlaneSpot::Airfield(airfield))
    }
}
