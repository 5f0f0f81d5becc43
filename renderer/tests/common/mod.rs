//! Hand-built views shared by the tests and the benchmark (until the games' own `view()`
//! lands, these are the only views there are).
#![allow(dead_code)]

use igroteka::game::{Game, Setup, Viewer};
use igroteka::games::aeroplane::{self, CornerView, PlaneSpot, PlaneView};
use igroteka::games::air_battle::{self, AirBattle, Edition};
use igroteka::games::tank_battle::{self, TankView, board};
use igroteka::games::tanks::{
    self as tanks_go, FlightView, Heading, LastMove, MineView, PlaneSpot as Airfield, RocketLabel,
    RocketView, SideView, Stage,
};
use igroteka::games::thousand::{
    self, Breakdown, ColourView, Form, MoveView, PawnView, SeatView, Target,
    board as thousand_board,
};
use igroteka::view::AnyView;

fn plane(corner: u8, number: u8, spot: PlaneSpot, stack: u8, label: Option<&str>) -> PlaneView {
    PlaneView { corner, number, spot, stack, label: label.map(str::to_string) }
}

fn seated(seat: usize) -> CornerView {
    CornerView { seat: Some(seat), place: None, resigned: false }
}

/// Four fleets in their hangars; red rolled a six and may take any plane off.
pub fn aeroplane_opening(labels: bool) -> AnyView {
    let mut planes = Vec::new();
    for corner in 0..4 {
        for number in 1..=4 {
            let label = (labels && corner == 0).then(|| number.to_string());
            planes.push(plane(
                corner,
                number,
                PlaneSpot::Hangar { slot: number - 1 },
                1,
                label.as_deref(),
            ));
        }
    }
    AnyView::Aeroplane(aeroplane::View {
        corners: (0..4).map(seated).collect(),
        planes,
        to_move: Some(0),
        last_roll: Some(6),
        sixes: 1,
    })
}

/// Planes everywhere: on the track, stacked, waiting on a launch square, in home columns and
/// finished; red to move with a 4.
pub fn aeroplane_midgame(labels: bool) -> AnyView {
    let l = |s: &'static str| labels.then_some(s);
    let planes = vec![
        plane(0, 1, PlaneSpot::Track(5), 1, l("1")),
        plane(0, 2, PlaneSpot::Track(17), 2, l("2")),
        plane(0, 3, PlaneSpot::Track(17), 2, None),
        plane(0, 4, PlaneSpot::Launch, 1, l("4")),
        plane(1, 1, PlaneSpot::Track(30), 1, None),
        plane(1, 2, PlaneSpot::HomeColumn(3), 1, None),
        plane(1, 3, PlaneSpot::Finished { slot: 2 }, 1, None),
        plane(1, 4, PlaneSpot::Hangar { slot: 3 }, 1, None),
        plane(2, 1, PlaneSpot::Launch, 1, None),
        plane(2, 2, PlaneSpot::Launch, 1, None),
        plane(2, 3, PlaneSpot::Track(45), 1, None),
        plane(2, 4, PlaneSpot::Finished { slot: 3 }, 1, None),
        plane(3, 1, PlaneSpot::Track(11), 1, None),
        plane(3, 2, PlaneSpot::HomeColumn(5), 1, None),
        plane(3, 3, PlaneSpot::Hangar { slot: 2 }, 1, None),
        plane(3, 4, PlaneSpot::Track(50), 1, None),
    ];
    AnyView::Aeroplane(aeroplane::View {
        corners: (0..4).map(seated).collect(),
        planes,
        to_move: Some(0),
        last_roll: Some(4),
        sixes: 0,
    })
}

/// Three players: blue's corner empty, green resigned, red finished first, yellow left alone.
pub fn aeroplane_over() -> AnyView {
    let mut planes = Vec::new();
    for number in 1..=4 {
        planes.push(plane(0, number, PlaneSpot::Finished { slot: number - 1 }, 1, None));
    }
    planes.push(plane(1, 1, PlaneSpot::Finished { slot: 0 }, 1, None));
    planes.push(plane(1, 2, PlaneSpot::HomeColumn(2), 1, None));
    planes.push(plane(1, 3, PlaneSpot::Track(40), 1, None));
    planes.push(plane(1, 4, PlaneSpot::Hangar { slot: 3 }, 1, None));
    let mut corners: Vec<CornerView> = (0..4).map(seated).collect();
    corners[0].place = Some(1);
    corners[1].place = Some(2);
    corners[2] = CornerView { seat: None, place: None, resigned: false };
    corners[3] = CornerView { seat: Some(2), place: Some(3), resigned: true };
    AnyView::Aeroplane(aeroplane::View {
        corners,
        planes,
        to_move: None,
        last_roll: None,
        sixes: 0,
    })
}

fn tank(side: u8, commander: bool, square: (u8, u8), label: Option<String>) -> TankView {
    TankView { side, commander, square, label }
}

/// The start position; White to move, every White tank that can move labelled.
pub fn tanks_start(labels: bool) -> AnyView {
    let mut tanks = Vec::new();
    for side in 0..2 {
        for sq in board::base_squares(side) {
            let commander = sq == board::commander_start(side);
            // Tanks with a free neighbour can move: those on the base's inner edge.
            let free = [(-1i8, 0i8), (0, 1), (-1, 1), (1, 1), (0, -1), (1, 0), (-1, -1), (1, -1)]
                .iter()
                .any(|(df, dr)| {
                    let (f, r) = (sq.0 as i8 + df, sq.1 as i8 + dr);
                    board::on_board(f, r)
                        && board::base_of((f as u8, r as u8)).is_none()
                        && !board::is_mine((f as u8, r as u8))
                });
            let label = (labels && side == 0 && free).then(|| board::name(sq));
            tanks.push(tank(side, commander, sq, label));
        }
    }
    AnyView::TankBattle(tank_battle::View {
        tanks,
        to_move: Some(0),
        selected: None,
        destinations: Vec::new(),
        last_move: None,
        scores: [14, 14],
        quiet_moves: 0,
    })
}

fn sq(name: &str) -> (u8, u8) {
    board::parse(name).expect("square name")
}

/// A middle game: Black picked the tank on f8 and sees where it may go (h8 captures); White's
/// commander just went f4–f6 into the zone. As the game's own view does, every movable Black
/// tank keeps its label; the picture shows only the destinations' once a tank is picked.
pub fn tanks_selected(labels: bool) -> AnyView {
    let t = |side, commander, name: &str| {
        let label = (labels && side == 1).then(|| name.to_string());
        tank(side, commander, sq(name), label)
    };
    let tanks = vec![
        t(0, true, "f6"),
        t(0, false, "c9"),
        t(0, false, "h8"),
        t(0, false, "j3"),
        t(0, false, "k2"),
        t(0, false, "i1"),
        t(0, false, "d4"),
        t(0, false, "b10"),
        t(1, true, "a11"),
        t(1, false, "f8"),
        t(1, false, "b9"),
        t(1, false, "c11"),
        t(1, false, "i5"),
        t(1, false, "k1"),
        t(1, false, "h10"),
    ];
    let destinations = if labels {
        ["f9", "f10", "f11", "g8", "h8", "e8", "e9"]
            .iter()
            .map(|n| (sq(n), n.to_string()))
            .collect()
    } else {
        Vec::new()
    };
    AnyView::TankBattle(tank_battle::View {
        tanks,
        to_move: Some(1),
        selected: labels.then(|| sq("f8")),
        destinations,
        last_move: Some((sq("f4"), sq("f6"))),
        scores: [9, 11],
        quiet_moves: 37,
    })
}

/// Game over: White's survivors all reached Black's base, White's commander on a11.
pub fn tanks_over() -> AnyView {
    let t = |side, commander, name: &str| tank(side, commander, sq(name), None);
    let tanks = vec![
        t(0, true, "a11"),
        t(0, false, "b11"),
        t(0, false, "a9"),
        t(0, false, "c10"),
        t(1, false, "h2"),
        t(1, false, "e6"),
        t(1, true, "k1"),
    ];
    AnyView::TankBattle(tank_battle::View {
        tanks,
        to_move: None,
        selected: None,
        destinations: Vec::new(),
        last_move: Some((sq("d10"), sq("c10"))),
        scores: [9, 7],
        quiet_moves: 12,
    })
}

// «Идут танки» ------------------------------------------------------------------------------

/// A circle of the «Идут танки» board by name.
pub fn node(name: &str) -> u8 {
    tanks_go::board::parse(name).expect("circle name")
}

fn go_tank(side: u8, id: u8, at: &str, heading: Heading) -> tanks_go::TankView {
    let node = node(at);
    let info = tanks_go::board::node_info(node);
    tanks_go::TankView {
        side,
        id,
        node,
        label: info.name.clone(),
        road: tanks_go::board::ROAD_LETTERS[usize::from(info.spots[0].road)].to_string(),
        heading,
        stuck: false,
        in_river: tanks_go::board::is_destroyed_bridge(node),
    }
}

fn go_side(side: u8, ready: bool, on_field: u8, destroyed: u8, arrivals: u8, lost: u8) -> SideView {
    SideView { side, ready, on_field, destroyed, arrivals, planes_lost: lost }
}

fn go_plane(side: u8, id: u8, spot: Airfield) -> tanks_go::PlaneView {
    tanks_go::PlaneView { side, id, spot }
}

/// The six rocket stands; `labels[owner]` is shown when set, `revealed[owner][k]` marks stands
/// a flight turned over.
fn go_rockets(labels: [Option<[RocketLabel; 3]>; 2], revealed: [[bool; 3]; 2]) -> Vec<RocketView> {
    let mut rockets = Vec::new();
    for side in 0..2u8 {
        for k in 0..3 {
            let s = usize::from(side);
            rockets.push(RocketView {
                side,
                rocket: tanks_go::board::ROCKET_NAMES[s][k].to_string(),
                label: labels[s].map(|l| l[k]),
                revealed: revealed[s][k],
            });
        }
    }
    rockets
}

fn go_view(stage: Stage, to_move: Option<u8>) -> tanks_go::View {
    tanks_go::View {
        dice: true,
        two_hits: false,
        stage,
        to_move,
        sides: Vec::new(),
        tanks: Vec::new(),
        planes: (0..2)
            .flat_map(|s| (0..2).map(move |k| go_plane(s, k, Airfield::Airfield(k))))
            .collect(),
        rockets: go_rockets([None, None], [[false; 3]; 2]),
        mines: Vec::new(),
        rolls_left: 0,
        last_roll: None,
        distances_left: Vec::new(),
        quiet_turns: 0,
        guard_turns: 120,
        last_move: None,
        last_flight: None,
        selection: Vec::new(),
        options: Vec::new(),
    }
}

const RED_MINES: [&str; 3] = ["A2", "B4", "D3"];

/// The set-up: Green has confirmed; Red is laying mines (three down) after pressing "Mine".
/// `private`: Red's own view (its mines, its rocket labels, the free mine circles as options);
/// otherwise the public view of the same moment. `mines` picks Red's secret mine circles.
pub fn tanks_go_setup_with(private: bool, mines: &[&str], odd: usize) -> AnyView {
    let mut v = go_view(Stage::Setup, None);
    v.sides = vec![go_side(0, false, 4, 0, 0, 0), go_side(1, true, 4, 0, 0, 0)];
    for k in 0..4u8 {
        v.tanks.push(go_tank(0, k, &format!("R{}", k + 1), Heading::Down));
    }
    for k in 0..4u8 {
        v.tanks.push(go_tank(1, k, &format!("G{}", k + 1), Heading::Up));
    }
    if private {
        let labels =
            std::array::from_fn(|k| if k == odd { RocketLabel::Hit } else { RocketLabel::Miss });
        v.rockets = go_rockets([Some(labels), None], [[false; 3]; 2]);
        v.mines = mines
            .iter()
            .map(|m| MineView { side: 0, mine: m.to_string(), node: node(m) })
            .collect();
        v.selection = vec!["btn-tanks-mine".into()];
        v.options = tanks_go::board::mine_nodes(0)
            .into_iter()
            .filter(|n| !v.mines.iter().any(|m| m.node == *n))
            .map(|n| tanks_go::board::name(n).to_string())
            .collect();
    }
    AnyView::Tanks(v)
}

pub fn tanks_go_setup(private: bool) -> AnyView {
    tanks_go_setup_with(private, &RED_MINES, 1)
}

/// Mid-game, public: Red rolled a 2 (two rolls left after it) and picks a tank for it: the
/// tanks on A7 and B12 may take it (C9 fell into the river and sits out). Green's last move
/// went D20–A18–D17; Red has lost a plane; one Red tank was destroyed.
pub fn tanks_go_midgame(options: bool) -> AnyView {
    let mut v = go_view(Stage::Pick, Some(0));
    v.sides = vec![go_side(0, true, 3, 1, 0, 1), go_side(1, true, 4, 0, 0, 0)];
    let mut river = go_tank(0, 2, "C9", Heading::Down);
    river.stuck = true;
    v.tanks = vec![
        go_tank(0, 0, "A7", Heading::Down),
        go_tank(0, 1, "B12", Heading::Down),
        river,
        go_tank(1, 0, "C16", Heading::Up),
        go_tank(1, 1, "D17", Heading::Up),
        go_tank(1, 2, "B19", Heading::Up),
        go_tank(1, 3, "G1", Heading::Up),
    ];
    v.planes = vec![
        go_plane(0, 0, Airfield::Lost),
        go_plane(0, 1, Airfield::Airfield(1)),
        go_plane(1, 0, Airfield::Airfield(0)),
        go_plane(1, 1, Airfield::Airfield(1)),
    ];
    v.rolls_left = 2;
    v.last_roll = Some(2);
    v.quiet_turns = 7;
    v.last_move = Some(LastMove { side: 1, path: ["D20", "D19", "A18", "D17"].map(node).to_vec() });
    if options {
        v.options = vec!["A7".into(), "B12".into()];
    }
    AnyView::Tanks(v)
}

/// Just after a flight, public: Red's plane from the left airfield flew at Green's tank on
/// A16, passed it (bombed) and was shot down over g2; g1 «П» and g2 «Ц-П» lie turned over
/// while Green decides in private whether to re-arrange them.
pub fn tanks_go_flight() -> AnyView {
    let mut v = go_view(Stage::Rearrange, Some(1));
    v.sides = vec![go_side(0, true, 3, 1, 0, 1), go_side(1, true, 3, 1, 0, 0)];
    v.tanks = vec![
        go_tank(0, 0, "A11", Heading::Down),
        go_tank(0, 1, "B14", Heading::Down),
        go_tank(0, 3, "D8", Heading::Down),
        go_tank(1, 0, "B16", Heading::Up),
        go_tank(1, 1, "C13", Heading::Up),
        go_tank(1, 2, "G2", Heading::Up),
    ];
    v.planes = vec![
        go_plane(0, 0, Airfield::Lost),
        go_plane(0, 1, Airfield::Airfield(1)),
        go_plane(1, 0, Airfield::Airfield(1)),
        go_plane(1, 1, Airfield::Airfield(1)),
    ];
    let green = [RocketLabel::Miss, RocketLabel::Hit, RocketLabel::Miss];
    let mut rockets = go_rockets([None, Some(green)], [[false; 3], [true, true, false]]);
    rockets[5].label = None;
    v.rockets = rockets;
    v.quiet_turns = 0;
    v.last_flight = Some(FlightView {
        side: 0,
        airfield: 0,
        target: node("A16"),
        shot_down: true,
        bombed: true,
    });
    AnyView::Tanks(v)
}

/// Game over: the field is empty; Red's last tank just arrived on G3. Red brought two tanks
/// through, Green one: Red wins.
pub fn tanks_go_over() -> AnyView {
    let mut v = go_view(Stage::Over, None);
    v.sides = vec![go_side(0, true, 0, 2, 2, 1), go_side(1, true, 0, 3, 1, 2)];
    v.planes = vec![
        go_plane(0, 0, Airfield::Lost),
        go_plane(0, 1, Airfield::Airfield(0)),
        go_plane(1, 0, Airfield::Lost),
        go_plane(1, 1, Airfield::Lost),
    ];
    v.last_roll = Some(3);
    v.quiet_turns = 4;
    v.last_move = Some(LastMove { side: 0, path: ["A21", "A22", "A23", "G3"].map(node).to_vec() });
    AnyView::Tanks(v)
}

/// The dice-free variant, public: Red has used 2; the tank on A7 is picked and may drive 1, 3
/// or 4.
pub fn tanks_go_no_dice() -> AnyView {
    let AnyView::Tanks(mut v) = tanks_go_midgame(false) else { unreachable!() };
    v.stage = Stage::Turn;
    v.dice = false;
    v.rolls_left = 0;
    v.last_roll = None;
    v.distances_left = vec![1, 3, 4];
    v.selection = vec!["A7".into()];
    v.options = vec!["1".into(), "3".into(), "4".into()];
    AnyView::Tanks(v)
}

fn at(name: &str) -> (u8, u8) {
    thousand_board::parse(name).expect("square name")
}

fn pawn(name: &str, colour: u8, label: bool) -> PawnView {
    PawnView {
        square: at(name),
        colour,
        seat: usize::from(colour),
        label: label.then(|| name.into()),
    }
}

fn thousand_view(form: Form, pawns: Vec<PawnView>, totals: &[i64]) -> thousand::View {
    let seats = totals.len();
    let colours_of = |seat: usize| -> Vec<u8> {
        match form {
            Form::Four => vec![seat as u8],
            Form::Diagonal => vec![seat as u8 * 2],
            Form::Pairs => vec![seat as u8 * 2, seat as u8 * 2 + 1],
        }
    };
    let seat_of = |colour: u8| (0..seats).find(|s| colours_of(*s).contains(&colour));
    thousand::View {
        form,
        pawns,
        colours: (0..4)
            .map(|colour| ColourView { colour, seat: seat_of(colour), home: 0, finished: false })
            .collect(),
        seats: totals
            .iter()
            .enumerate()
            .map(|(seat, total)| SeatView {
                seat,
                colours: colours_of(seat),
                score: Breakdown { total: *total, ..Breakdown::default() },
                place: None,
                resigned: false,
            })
            .collect(),
        to_move: Some(0),
        turn: 1,
        round: 1,
        rounds: 100,
        chain: false,
        last_move: None,
        selected: None,
        destinations: Vec::new(),
        jumpers: Vec::new(),
        pad: Vec::new(),
    }
}

/// Every pawn of the colours in play on its start field.
fn thousand_fields(colours: &[u8]) -> Vec<PawnView> {
    let mut pawns = Vec::new();
    for colour in colours {
        for sq in thousand_board::field_squares(*colour) {
            pawns.push(PawnView { square: sq, colour: *colour, seat: 0, label: None });
        }
    }
    pawns
}

/// The opening of a four-player game: S to move, its three exit pawns labelled.
pub fn thousand_start(labels: bool) -> AnyView {
    let mut pawns = thousand_fields(&[0, 1, 2, 3]);
    for p in &mut pawns {
        p.seat = usize::from(p.colour);
        let name = thousand_board::name(p.square);
        if labels && ["c1", "a3", "c3"].contains(&name.as_str()) {
            p.label = Some(name);
        }
    }
    AnyView::Thousand(thousand_view(Form::Four, pawns, &[-1000; 4]))
}

/// Round 14 of a four-player game: W just jumped c9–e7–g5 over E's pawn on d8 and S's on f6
/// (landing on +20). S is to move; its pawn on c5 could jump N's on d6, so a step costs 5; S
/// picked c3 (when `picked`), whose one target, the step to d4, shows that cost.
pub fn thousand_midgame(picked: bool) -> AnyView {
    let mut pawns = vec![
        pawn("a1", 0, false),
        pawn("b1", 0, false),
        pawn("a2", 0, true),
        pawn("b2", 0, true),
        pawn("c3", 0, true),
        pawn("c5", 0, true),
        pawn("f6", 0, false),
        pawn("e3", 0, false),
        pawn("g7", 0, false),
        pawn("k1", 1, false),
        pawn("j1", 1, false),
        pawn("k2", 1, false),
        pawn("j2", 1, false),
        pawn("i1", 1, false),
        pawn("k3", 1, false),
        pawn("d8", 1, false),
        pawn("h4", 1, false),
        pawn("e9", 1, false),
        pawn("k11", 2, false),
        pawn("j11", 2, false),
        pawn("k10", 2, false),
        pawn("j10", 2, false),
        pawn("i11", 2, false),
        pawn("d6", 2, false),
        pawn("h8", 2, false),
        pawn("g9", 2, false),
        pawn("i9", 2, false),
        pawn("a11", 3, false),
        pawn("b11", 3, false),
        pawn("a10", 3, false),
        pawn("b10", 3, false),
        pawn("a9", 3, false),
        pawn("g5", 3, false),
        pawn("e5", 3, false),
        pawn("f4", 3, false),
        pawn("j3", 3, false),
    ];
    pawns.sort_by_key(|p| p.square);
    let mut view = thousand_view(Form::Four, pawns, &[-655, -720, -810, -585]);
    view.turn = 53;
    view.round = 14;
    view.jumpers = vec![at("c5")];
    view.last_move = Some(MoveView {
        colour: 3,
        seat: 3,
        path: vec![at("c9"), at("e7"), at("g5")],
        jump: true,
        charge: 0,
    });
    if picked {
        view.selected = Some(at("c3"));
        view.destinations =
            vec![Target { square: at("d4"), label: "d4".into(), jump: false, charge: -5 }];
    } else {
        for p in &mut view.pawns {
            p.label = None;
        }
    }
    AnyView::Thousand(view)
}

/// The same position with S's pawn on c5 picked: its jump over d6 to e7 is the target; the
/// last move was E's charged step h4 (−10).
pub fn thousand_jump() -> AnyView {
    let AnyView::Thousand(mut view) = thousand_midgame(false) else { unreachable!() };
    view.selected = Some(at("c5"));
    view.destinations =
        vec![Target { square: at("e7"), label: "e7".into(), jump: true, charge: 0 }];
    view.last_move = Some(MoveView {
        colour: 1,
        seat: 1,
        path: vec![at("i3"), at("h4")],
        jump: false,
        charge: -10,
    });
    AnyView::Thousand(view)
}

/// A finished two-player game on one diagonal (E and W empty): S reached N's field first.
pub fn thousand_over() -> AnyView {
    let mut pawns = Vec::new();
    for (colour, fields) in [(0u8, 2u8), (2, 0)] {
        for (i, sq) in thousand_board::field_squares(fields).into_iter().enumerate() {
            if colour == 0 || i < 7 {
                pawns.push(PawnView {
                    square: sq,
                    colour,
                    seat: usize::from(colour / 2),
                    label: None,
                });
            }
        }
    }
    pawns.push(pawn("f6", 2, false));
    pawns.push(pawn("e5", 2, false));
    pawns.sort_by_key(|p| p.square);
    let mut view = thousand_view(Form::Diagonal, pawns, &[1045, 640]);
    view.to_move = None;
    view.turn = 170;
    view.round = 85;
    view.seats[0].place = Some(1);
    view.seats[1].place = Some(2);
    view.colours[0].finished = true;
    view.colours[0].home = 9;
    view.colours[2].home = 7;
    view.last_move = Some(MoveView {
        colour: 0,
        seat: 0,
        path: vec![at("h8"), at("i9")],
        jump: false,
        charge: 0,
    });
    AnyView::Thousand(view)
}

/// A game of «Воздушный бой» in `edition` for `seats` players after `moves` random actions
/// from seed `seed` (the core's own random play, so every view is one the game can show).
pub fn air_game(edition: Edition, seats: usize, moves: usize, seed: u64) -> AirBattle {
    let word = match edition {
        Edition::Toy => "edition=toy",
        Edition::Photo => "edition=photo",
    };
    let settings = igroteka::settings::parse(air_battle::SETTINGS, &[word]).expect("settings");
    let mut game = AirBattle::new(&Setup { seats, settings }).expect("a game");
    let mut rng = igroteka::rng::seeded(seed);
    // Drawn from the labelled list (by index), as the buttons offer it: the same games
    // however the game's own fast draw goes about it («Аэрофото» draws by rejection).
    for _ in 0..moves {
        match igroteka::harness::random_labelled_action(&game, &mut rng).expect("random play") {
            Some((actor, action)) => {
                game.apply(actor, &action);
            }
            None => break,
        }
    }
    game
}

/// The view of `game` with `selection`, unwrapped.
pub fn air_view(game: &AirBattle, selection: &[&str]) -> air_battle::View {
    let selection: Vec<String> = selection.iter().map(|s| s.to_string()).collect();
    match game.view(Viewer::Public, &selection) {
        AnyView::AirBattle(view) => view,
        _ => unreachable!("an Air Battle view"),
    }
}

/// The selection that previews a move of `game`: in «Игрушка» the most telling operation of
/// any pickable aircraft (shooting down, then being shot down, then bombing, then the longest
/// path); in «Аэрофото» the first legal one of a few motion sequences, the longest first, of
/// the first pickable aircraft that has one.
pub fn air_preview_selection(game: &AirBattle) -> Vec<String> {
    const MOTIONS: [&[&str]; 6] =
        [&["F", "F", "F"], &["L", "F", "F"], &["R", "F", "F"], &["F", "F"], &["L", "F"], &["F"]];
    let view = air_view(game, &[]);
    let pickable = view.planes.iter().filter(|p| p.pickable).map(|p| p.label.as_str());
    match view.edition {
        Edition::Toy => pickable
            .flat_map(|label| air_view(game, &[label]).options.into_iter().map(move |o| (label, o)))
            .max_by_key(|(_, o)| {
                let f = &o.flight;
                (f.shoots_down.is_some(), f.shot_by.is_some(), f.bombs, f.path.len())
            })
            .map(|(label, o)| vec![label.to_string(), o.key])
            .unwrap_or_default(),
        Edition::Photo => {
            for label in pickable {
                for motions in MOTIONS {
                    let mut selection = vec![label];
                    selection.extend_from_slice(motions);
                    if air_view(game, &selection).preview.is_some() {
                        return selection.iter().map(|s| s.to_string()).collect();
                    }
                }
            }
            Vec::new()
        }
    }
}

/// A «Воздушный бой» mid-game in `edition`, with a previewed move when `preview`.
pub fn air_midgame(edition: Edition, preview: bool) -> AnyView {
    let (seed, moves) = air_sample(edition);
    let game = air_game(edition, 2, moves, seed);
    let selection = if preview { air_preview_selection(&game) } else { Vec::new() };
    let selection: Vec<&str> = selection.iter().map(String::as_str).collect();
    AnyView::AirBattle(air_view(&game, &selection))
}

/// The opening of «Воздушный бой» in `edition`: every aircraft parked, the front ones labelled.
pub fn air_opening(edition: Edition) -> AnyView {
    AnyView::AirBattle(air_view(&air_game(edition, 2, 0, 0), &[]))
}

/// «Воздушный бой», «Игрушка», with an aircraft picked and its operations shown.
pub fn air_picked() -> AnyView {
    let (seed, moves) = air_sample(Edition::Toy);
    let game = air_game(Edition::Toy, 2, moves, seed);
    let selection = air_preview_selection(&game);
    AnyView::AirBattle(air_view(&game, &[selection[0].as_str()]))
}

/// «Воздушный бой», «Аэрофото», two against two, played to its end.
pub fn air_over() -> AnyView {
    let game = air_game(Edition::Photo, 4, 100_000, 7);
    AnyView::AirBattle(air_view(&game, &[]))
}

/// The random play (seed, actions) behind the «Воздушный бой» mid-game samples: chosen so that
/// aircraft have been lost and the previewed move shoots one down («Игрушка») or is shot down
/// («Аэрофото»).
pub fn air_sample(edition: Edition) -> (u64, usize) {
    match edition {
        Edition::Toy => (40, 60),
        Edition::Photo => (31, 140),
    }
}

/// Every sample view, named, for loops.
pub fn all() -> Vec<(&'static str, AnyView)> {
    vec![
        ("aeroplane_opening", aeroplane_opening(true)),
        ("aeroplane_midgame", aeroplane_midgame(true)),
        ("aeroplane_over", aeroplane_over()),
        ("tank_battle_start", tanks_start(true)),
        ("tank_battle_selected", tanks_selected(true)),
        ("tank_battle_over", tanks_over()),
        ("tanks_setup_red", tanks_go_setup(true)),
        ("tanks_setup_public", tanks_go_setup(false)),
        ("tanks_midgame", tanks_go_midgame(true)),
        ("tanks_flight", tanks_go_flight()),
        ("tanks_over", tanks_go_over()),
        ("tanks_no_dice", tanks_go_no_dice()),
        ("thousand_start", thousand_start(true)),
        ("thousand_midgame", thousand_midgame(true)),
        ("thousand_jump", thousand_jump()),
        ("thousand_over", thousand_over()),
        ("air_toy_opening", air_opening(Edition::Toy)),
        ("air_photo_opening", air_opening(Edition::Photo)),
        ("air_toy_midgame", air_midgame(Edition::Toy, true)),
        ("air_toy_picked", air_picked()),
        ("air_photo_midgame", air_midgame(Edition::Photo, true)),
        ("air_over", air_over()),
    ]
}
