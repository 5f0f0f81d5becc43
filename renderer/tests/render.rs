//! Properties of every picture: size on the wire, dimensions, that labels show, that the PNG
//! decodes to exactly the frame drawn, and that odd views do not panic.

mod common;

use igroteka::games::aeroplane::{self, PlaneSpot, PlaneView};
use igroteka::games::tank_battle::{self, TankView};
use igroteka::games::tanks::{self as tanks_go, FlightView, LastMove, MineView, Stage};
use igroteka::view::AnyView;
use igroteka_renderer::{
    HEIGHT, IndexedImage, TANKS_HEIGHT, WIDTH, encode_png, render, render_frame, render_image,
    render_into,
};

/// The most a board PNG may weigh.
const MAX_BYTES: usize = 60 * 1024;

#[test]
fn every_sample_png_stays_under_60_kb() {
    for (name, view) in common::all() {
        let len = render(&view).len();
        assert!(len <= MAX_BYTES, "{name}: {len} bytes");
    }
}

#[test]
fn pictures_are_900_by_1000_or_900_by_1300_as_documented() {
    assert_eq!((WIDTH, HEIGHT, TANKS_HEIGHT), (900, 1000, 1300));
    for (name, view) in common::all() {
        let portrait = matches!(view, AnyView::Tanks(_) | AnyView::AirBattle(_));
        let height = if portrait { TANKS_HEIGHT } else { HEIGHT };
        let decoded = image::load_from_memory(&render(&view)).expect("decodes");
        assert_eq!((decoded.width(), decoded.height()), (WIDTH, height), "{name}");
        assert_eq!(render_image(&view).dimensions(), (WIDTH, height), "{name}");
    }
}

#[test]
fn the_png_is_an_indexed_image_that_decodes_to_the_frame() {
    for (name, view) in common::all() {
        let png = render(&view);
        let decoder = png::Decoder::new(png.as_slice());
        let reader = decoder.read_info().expect("png header");
        assert_eq!(reader.info().color_type, png::ColorType::Indexed, "{name}");
        assert_eq!(reader.info().bit_depth, png::BitDepth::Eight, "{name}");
        let decoded = image::load_from_memory(&png).expect("decodes").to_rgba8();
        assert_eq!(decoded, render_image(&view), "{name}");
    }
}

#[test]
fn labels_change_the_pixels() {
    let pairs = [
        (common::aeroplane_opening(true), common::aeroplane_opening(false)),
        (common::aeroplane_midgame(true), common::aeroplane_midgame(false)),
        (common::tanks_start(true), common::tanks_start(false)),
        (common::tanks_selected(true), common::tanks_selected(false)),
        (common::tanks_go_midgame(true), common::tanks_go_midgame(false)),
    ];
    for (with, without) in pairs {
        assert_ne!(render_frame(&with), render_frame(&without));
    }
}

#[test]
fn one_label_changes_the_pixels_around_its_piece() {
    let AnyView::TankBattle(mut view) = common::tanks_start(false) else { unreachable!() };
    let plain = render_frame(&AnyView::TankBattle(view.clone()));
    view.tanks[0].label = Some("g1".into());
    let labelled = render_frame(&AnyView::TankBattle(view));
    let changed = plain.pixels.iter().zip(&labelled.pixels).filter(|(a, b)| a != b).count();
    assert!(changed > 300, "{changed} pixels changed");
}

#[test]
fn rendering_is_deterministic() {
    for (name, view) in common::all() {
        assert_eq!(render(&view), render(&view), "{name}");
    }
}

/// `render` draws in a frame buffer kept by the thread, and `render_into` in the caller's: a
/// buffer that held another game's picture (another size) or anything else leaves no trace.
#[test]
fn reused_frame_buffers_leave_no_trace() {
    let views = common::all();
    let fresh: Vec<IndexedImage> = views.iter().map(|(_, view)| render_frame(view)).collect();
    let pngs: Vec<Vec<u8>> = fresh.iter().map(encode_png).collect();
    // Every order of sizes: forwards, backwards, and each view after every other.
    let order = (0..views.len()).chain((0..views.len()).rev());
    for i in order.chain((0..views.len()).flat_map(|i| [i, (i * 5 + 3) % views.len()])) {
        assert!(render(&views[i].1) == pngs[i], "{}", views[i].0);
    }
    let mut dirty = IndexedImage { width: 7, height: 2000, pixels: vec![201; 7 * 2000] };
    for ((name, view), expected) in views.iter().zip(&fresh) {
        render_into(view, &mut dirty);
        assert_eq!(&dirty, expected, "{name}");
        dirty.pixels.fill(17);
    }
}

/// Synthetic frames that stress the compressor: noise (no matches), flat, stripes, and
/// a long run of rows that each differ from the one above.
#[test]
fn the_compressor_round_trips_hard_frames() {
    let colours = igroteka_renderer::palette::palette().colours.len() as u32;
    let mut seed = 12345u32;
    let mut noise = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        ((seed >> 16) % colours) as u8
    };
    let frames = [
        IndexedImage { width: 301, height: 97, pixels: (0..301 * 97).map(|_| noise()).collect() },
        IndexedImage::new(900, 1000, igroteka_renderer::palette::PAPER),
        IndexedImage {
            width: 64,
            height: 64,
            pixels: (0..64 * 64).map(|i| (i % 7) as u8).collect(),
        },
        IndexedImage { width: 1, height: 1, pixels: vec![3] },
        IndexedImage {
            width: 200,
            height: 300,
            pixels: (0..200 * 300u32).map(|i| ((i / 200 + i % 200) % colours) as u8).collect(),
        },
    ];
    for frame in frames {
        let png = encode_png(&frame);
        let decoded = image::load_from_memory(&png).expect("decodes").to_rgba8();
        assert_eq!(decoded, frame.to_rgba(), "{}x{}", frame.width, frame.height);
    }
}

#[test]
fn odd_views_render_without_panicking() {
    let planes = vec![
        PlaneView {
            corner: 0,
            number: 1,
            spot: PlaneSpot::Track(51),
            stack: 4,
            label: Some("1+2+3+4".into()),
        },
        PlaneView {
            corner: 1,
            number: 9,
            spot: PlaneSpot::HomeColumn(0),
            stack: 1,
            label: Some("2".into()),
        },
        PlaneView {
            corner: 2,
            number: 1,
            spot: PlaneSpot::Launch,
            stack: 1,
            label: Some("a".into()),
        },
        PlaneView {
            corner: 2,
            number: 2,
            spot: PlaneSpot::Launch,
            stack: 1,
            label: Some("b".into()),
        },
        PlaneView {
            corner: 2,
            number: 3,
            spot: PlaneSpot::Launch,
            stack: 1,
            label: Some("c".into()),
        },
        PlaneView {
            corner: 2,
            number: 4,
            spot: PlaneSpot::Launch,
            stack: 1,
            label: Some("d".into()),
        },
    ];
    let views = [
        AnyView::Aeroplane(aeroplane::View {
            corners: vec![],
            planes,
            to_move: Some(3),
            last_roll: Some(1),
            sixes: 2,
        }),
        AnyView::TankBattle(tank_battle::View {
            tanks: vec![TankView {
                side: 1,
                commander: true,
                square: (10, 10),
                label: Some("к11".into()),
            }],
            to_move: None,
            selected: Some((0, 0)),
            destinations: vec![((5, 5), "f6".into()), ((10, 10), "k11".into())],
            last_move: Some(((0, 0), (0, 1))),
            scores: [-3, 1000],
            quiet_moves: 100,
        }),
    ];
    for view in views {
        assert!(render(&view).len() <= MAX_BYTES);
    }
}

/// What the public sees of a «Идут танки» view: no mines, no rocket label a flight has not
/// turned over, and no buttons of a private choice. Built by hand from a seat's view, the way
/// the game builds its public view.
fn as_public(view: &AnyView) -> AnyView {
    let AnyView::Tanks(v) = view else { panic!("a tanks view") };
    let mut v = v.clone();
    v.mines.clear();
    for rocket in &mut v.rockets {
        if !rocket.revealed {
            rocket.label = None;
        }
    }
    if matches!(v.stage, Stage::Setup | Stage::Rearrange) {
        v.selection.clear();
        v.options.clear();
    }
    AnyView::Tanks(v)
}

#[test]
fn the_public_tanks_picture_is_the_same_whatever_the_secrets() {
    // Two set-ups that differ only in Red's secrets: where its mines lie, which stand has «Ц-П».
    let red_a = common::tanks_go_setup_with(true, &["A2", "B4", "D3"], 1);
    let red_b = common::tanks_go_setup_with(true, &["A1", "C5", "D5"], 0);
    let (public_a, public_b) = (as_public(&red_a), as_public(&red_b));
    assert_eq!(public_a, public_b);
    assert_eq!(public_a, common::tanks_go_setup(false));
    // Interleave private renders so any state kept between renders would show.
    let private_a = render(&red_a);
    let seen_a = render(&public_a);
    let private_b = render(&red_b);
    let seen_b = render(&public_b);
    assert_eq!(seen_a, seen_b);
    assert_eq!(seen_a, render(&common::tanks_go_setup(false)));
    assert_ne!(private_a, seen_a, "Red's own view shows its mines and labels");
    assert_ne!(private_a, private_b);
}

#[test]
fn a_flight_shows_only_the_turned_over_labels_to_the_public() {
    let AnyView::Tanks(mut green) = common::tanks_go_flight() else { unreachable!() };
    // Green's own view knows g3 too, and sees the re-arranging buttons.
    green.rockets[5].label = Some(tanks_go::RocketLabel::Miss);
    green.options = vec!["g1".into(), "g3".into()];
    let green = AnyView::Tanks(green);
    let public = as_public(&green);
    assert_eq!(public, common::tanks_go_flight());
    assert_ne!(render(&green), render(&public));
    assert_eq!(render(&public), render(&common::tanks_go_flight()));
}

#[test]
fn own_mines_are_drawn_only_where_the_view_puts_them() {
    let AnyView::Tanks(mut v) = common::tanks_go_setup(false) else { unreachable!() };
    let plain = render_frame(&AnyView::Tanks(v.clone()));
    v.mines.push(MineView { side: 0, mine: "B2".into(), node: common::node("B2") });
    let mined = render_frame(&AnyView::Tanks(v));
    let changed: Vec<usize> =
        (0..plain.pixels.len()).filter(|i| plain.pixels[*i] != mined.pixels[*i]).collect();
    assert!(changed.len() > 200, "{} pixels changed", changed.len());
    // All of them within the mine glyph round B2 (x 360, y 140 on the picture).
    for i in changed {
        let (x, y) = ((i % WIDTH as usize) as f32, (i / WIDTH as usize) as f32);
        assert!((x - 360.0).abs() <= 16.0 && (y - 140.0).abs() <= 16.0, "({x}, {y})");
    }
}

#[test]
fn odd_tanks_views_render_without_panicking() {
    let AnyView::Tanks(base) = common::tanks_go_midgame(true) else { unreachable!() };
    let mut odd = base.clone();
    odd.sides.clear();
    odd.tanks[0].node = 200;
    odd.tanks[1].side = 7;
    odd.planes.push(tanks_go::PlaneView { side: 9, id: 9, spot: tanks_go::PlaneSpot::Airfield(5) });
    odd.rockets[0].rocket = "x9".into();
    odd.mines.push(MineView { side: 0, mine: "??".into(), node: 255 });
    odd.rolls_left = 200;
    odd.last_roll = Some(9);
    odd.quiet_turns = 100_000;
    odd.last_move = Some(LastMove { side: 5, path: vec![250, 0, 0, 251] });
    odd.last_flight =
        Some(FlightView { side: 3, airfield: 9, target: 240, shot_down: true, bombed: true });
    odd.selection = vec!["zz".into(), "A7".into(), "r1".into()];
    odd.options = vec!["".into(), "Z99".into(), "7".into(), "g2".into(), "A7".into()];
    let mut free = base.clone();
    free.dice = false;
    free.distances_left = vec![0, 9, 1];
    free.options = vec!["1".into(), "0".into()];
    let mut over = base;
    over.stage = Stage::Over;
    over.to_move = Some(0);
    over.last_move = Some(LastMove { side: 0, path: vec![] });
    for view in [odd, free, over] {
        assert!(render(&AnyView::Tanks(view)).len() <= MAX_BYTES);
    }
}

/// Plays «Идут танки» through the core with a fixed pseudo-random policy (both dice settings)
/// and draws the views the bot would send along the way: public and both seats, with and
/// without a first pick selected. Every text option must name something the picture marks (a
/// circle, a rocket stand, a distance), and a public view must carry no mines.
#[test]
fn views_of_played_tanks_games_render() {
    use igroteka::game::{Actor, Game, Setup, ToMove, Viewer};
    use igroteka::games::tanks::{SETTINGS, Tanks};

    let mut seed = 7u32;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (seed >> 16) as usize % n.max(1)
    };
    let drawable = |label: &str| {
        tanks_go::board::parse(label).is_some()
            || tanks_go::board::ROCKET_NAMES.iter().flatten().any(|n| *n == label)
            || ["1", "2", "3", "4"].contains(&label)
    };
    let mut drawn = 0;
    for dice in ["die", "no-die"] {
        let mut settings = igroteka::settings::defaults(SETTINGS);
        settings.insert("dice".into(), dice.into());
        let mut game = Tanks::new(&Setup { seats: 2, settings }).expect("a game");
        for step in 0..600 {
            let seat = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let outcomes = game.chance_outcomes();
                    let pick = next(outcomes.len());
                    game.apply(Actor::Chance, &outcomes[pick].0);
                    continue;
                }
                ToMove::Seats(seats) => seats[next(seats.len())],
            };
            let choices = game.choices(seat);
            assert!(!choices.options.is_empty(), "step {step}: seat {seat} has no choice");
            let choice = &choices.options[next(choices.options.len())];
            if step % 7 == 0 {
                let first = choice.path[0].key().to_string();
                let viewers = [Viewer::Public, Viewer::Seat(0), Viewer::Seat(1)];
                for viewer in viewers {
                    for selection in [vec![], vec![first.clone()]] {
                        let AnyView::Tanks(view) = game.view(viewer, &selection) else {
                            panic!("a tanks view")
                        };
                        for option in &view.options {
                            assert!(drawable(option), "step {step}: option {option:?}");
                        }
                        if viewer == Viewer::Public {
                            assert!(view.mines.is_empty(), "step {step}: public mines");
                        }
                        let frame = render_frame(&AnyView::Tanks(view));
                        assert_eq!((frame.width, frame.height), (WIDTH, TANKS_HEIGHT));
                        drawn += 1;
                    }
                }
            }
            game.apply(Actor::Seat(seat), &choice.action);
        }
        let last = game.view(Viewer::Public, &[]);
        assert!(render(&last).len() <= MAX_BYTES);
    }
    assert!(drawn > 50, "{drawn} views drawn");
}

/// Thousand: the picture is a 900 × 1000 PNG; each pawn's ink is at its square's centre
/// (the letter is drawn a little off the exact centre pixel, so a pixel beside it is read).
#[test]
fn thousand_pawns_show_their_colour_at_their_squares() {
    let view = common::thousand_midgame(true);
    let AnyView::Thousand(v) = &view else { unreachable!() };
    let decoded = image::load_from_memory(&render(&view)).expect("decodes").to_rgba8();
    assert_eq!(decoded.dimensions(), (WIDTH, HEIGHT));
    let inks = [
        igroteka_renderer::palette::RED,
        igroteka_renderer::palette::BLUE,
        igroteka_renderer::palette::YELLOW,
        igroteka_renderer::palette::SLATE,
    ];
    for pawn in v.pawns.iter().filter(|p| p.label.is_none() || v.selected.is_some()) {
        let (x, y) = (32 + u32::from(pawn.square.0) * 76, 32 + u32::from(10 - pawn.square.1) * 76);
        // Inside the pawn, left of its letter and above where a label badge would sit.
        let px = decoded.get_pixel(x + 38 - 16, y + 38 - 8).0;
        let want = inks[usize::from(pawn.colour)].rgb();
        assert_eq!(&px[..3], &want, "pawn of colour {} on {:?}", pawn.colour, pawn.square);
    }
}

/// Thousand: a target, a charged target, the last move and the jumpers each change the board.
#[test]
fn thousand_highlights_change_the_board() {
    let AnyView::Thousand(plain) = common::thousand_midgame(false) else { unreachable!() };
    let changed = |f: &dyn Fn(&mut igroteka::games::thousand::View)| {
        let mut v = plain.clone();
        f(&mut v);
        let (a, b) =
            (render_frame(&AnyView::Thousand(plain.clone())), render_frame(&AnyView::Thousand(v)));
        a.pixels.iter().zip(&b.pixels).filter(|(x, y)| x != y).count()
    };
    let target = |charge| {
        move |v: &mut igroteka::games::thousand::View| {
            v.selected = Some((2, 2));
            v.destinations = vec![igroteka::games::thousand::Target {
                square: (3, 3),
                label: "d4".into(),
                jump: false,
                charge,
            }];
        }
    };
    let free = changed(&target(0));
    let charged = changed(&target(-5));
    assert!(free > 1000, "{free} pixels");
    assert!(charged > free, "a charged target ({charged}) marks more than a free one ({free})");
    assert!(changed(&|v| v.last_move = None) > 1000);
    assert!(changed(&|v| v.jumpers.clear()) > 200);
    // The target's badge covers the centre of d4 (wood before, green or red after).
    let mut v = plain.clone();
    target(0)(&mut v);
    let frame = render_frame(&AnyView::Thousand(v));
    let centre = frame.index(32 + 3 * 76 + 38 - 14, 32 + 7 * 76 + 38);
    assert_ne!(
        centre,
        render_frame(&AnyView::Thousand(plain)).index(32 + 3 * 76 + 38 - 14, 32 + 7 * 76 + 38)
    );
}

/// The palette indices of the «Аэрофото» danger zones' tinted crops.
fn zone_inks() -> [u8; 6] {
    use igroteka_renderer::palette as p;
    [p::FIELD_SOUTH, p::MEADOW_SOUTH, p::SOIL_SOUTH, p::FIELD_NORTH, p::MEADOW_NORTH, p::SOIL_NORTH]
        .map(|ink| ink.0)
}

/// How many pixels of the board (the strip left out) are solidly in `inks`: the pixel and its
/// eight neighbours all are. An anti-aliased edge may land on any palette entry now and then;
/// a shape's inside or a flat area is solid.
fn solid_pixels(frame: &IndexedImage, inks: &[u8]) -> usize {
    let (w, h) = (frame.width as usize, (frame.height - igroteka_renderer::strip::HEIGHT) as usize);
    let of = |x: usize, y: usize| inks.contains(&frame.pixels[y * w + x]);
    (1..h - 1)
        .flat_map(|y| (1..w - 1).map(move |x| (x, y)))
        .filter(|&(x, y)| (y - 1..=y + 1).all(|y| (x - 1..=x + 1).all(|x| of(x, y))))
        .count()
}

/// Views of played «Воздушный бой» games, both editions, two and four players, at several
/// points of the game and with every kind of selection (none, an aircraft picked, a move
/// previewed), are decodable 900 × 1300 PNGs within the size budget.
#[test]
fn views_of_played_air_battle_games_render() {
    use igroteka::games::air_battle::Edition;
    for edition in [Edition::Toy, Edition::Photo] {
        for seats in [2, 4] {
            for (seed, moves) in [(1, 0), (2, 25), (3, 70), (4, 400)] {
                let game = common::air_game(edition, seats, moves, seed);
                let preview = common::air_preview_selection(&game);
                let selections: [&[String]; 3] = [&[], &preview[..preview.len().min(1)], &preview];
                for selection in selections {
                    let selection: Vec<&str> = selection.iter().map(String::as_str).collect();
                    let view = AnyView::AirBattle(common::air_view(&game, &selection));
                    let png = render(&view);
                    let what = format!(
                        "{edition:?} {seats} seats, seed {seed}, {moves} moves, {selection:?}"
                    );
                    assert!(png.len() <= MAX_BYTES, "{what}: {} bytes", png.len());
                    let decoded = image::load_from_memory(&png).expect("decodes");
                    assert_eq!(
                        (decoded.width(), decoded.height()),
                        (WIDTH, TANKS_HEIGHT),
                        "{what}"
                    );
                }
            }
        }
    }
}

/// A previewed move changes the picture (its path, its ghost, its marks), in both editions,
/// and so does picking an aircraft before any move is chosen.
#[test]
fn an_air_battle_preview_changes_the_picture() {
    use igroteka::games::air_battle::Edition;
    for edition in [Edition::Toy, Edition::Photo] {
        let with = render_frame(&common::air_midgame(edition, true));
        let without = render_frame(&common::air_midgame(edition, false));
        let changed = with.pixels.iter().zip(&without.pixels).filter(|(a, b)| a != b).count();
        assert!(changed > 1000, "{edition:?}: {changed} pixels changed");
    }
    let picked = render_frame(&common::air_picked());
    let plain = render_frame(&common::air_midgame(Edition::Toy, false));
    assert_ne!(picked, plain);
}

/// The «Аэрофото» danger zones tint the map; «Игрушка» has none, in any view.
#[test]
fn danger_zones_appear_only_in_the_photo_edition() {
    use igroteka::games::air_battle::Edition;
    let zones = zone_inks();
    for view in [common::air_opening(Edition::Photo), common::air_midgame(Edition::Photo, true)] {
        let tinted = solid_pixels(&render_frame(&view), &zones);
        // 24 units × up to 4 nodes of 70 × 70 px, some shared, some under pieces.
        assert!(tinted > 40 * 70 * 70, "photo: {tinted} tinted pixels");
    }
    for view in [common::air_opening(Edition::Toy), common::air_midgame(Edition::Toy, true)] {
        assert_eq!(solid_pixels(&render_frame(&view), &zones), 0, "toy");
    }
}

/// An aircraft shot down is not drawn: Green's fighter flies onto Red's rocket launcher at b6
/// («Игрушка») or stops in its danger zone («Аэрофото») and is lost; the board then shows no
/// more of Green's aircraft ink than a board where that fighter never was (its parked bomber).
#[test]
fn a_lost_aircraft_is_not_drawn() {
    use igroteka::game::{Actor, Game, Viewer};
    use igroteka::games::air_battle::{Action, AirBattle, Edition, Form, Motion, Side};
    let green = [igroteka_renderer::palette::GREEN.0];
    for (edition, motions) in
        [(Edition::Toy, vec![Motion::F, Motion::F, Motion::F]), (Edition::Photo, vec![Motion::F])]
    {
        let at = |planes: &str, side| {
            AirBattle::from_position(edition, Form::Duel, planes, side).unwrap()
        };
        // The side to move as in the picture compared with: its aircraft carry labels.
        let without = |side| {
            let view = at("Rbc2N* Gbk15S*", side).view(Viewer::Public, &[]);
            solid_pixels(&render_frame(&view), &green)
        };
        let mut game = at("Rbc2N* Gfb8S Gbk15S*", Side::North);
        let before = solid_pixels(&render_frame(&game.view(Viewer::Public, &[])), &green);
        let never = without(Side::North);
        assert!(before > never + 100, "{edition:?}: the green fighter shows ({before}, {never})");
        let plane = 1; // Green's fighter, the second aircraft of the position.
        game.apply(Actor::Seat(1), &Action::Fly { plane, motions: motions.into_iter().collect() });
        // Red's turn after a «Игрушка» flight; still Green's in «Аэрофото» (its bomber's move).
        let never = without(game.side_to_move());
        let AnyView::AirBattle(view) = game.view(Viewer::Public, &[]) else { unreachable!() };
        assert!(view.planes.iter().all(|p| p.id != plane), "{edition:?}: it was shot down");
        assert_eq!(view.sides[1].fighters_lost, 1);
        let after = solid_pixels(&render_frame(&AnyView::AirBattle(view)), &green);
        assert_eq!(after, never, "{edition:?}: nothing of it is drawn");
    }
}

/// Odd «Воздушный бой» views — nodes off the board, an empty path, unknown ids and keys, a
/// selection of nothing, no sides — render without panicking.
#[test]
fn odd_air_battle_views_render_without_panicking() {
    use igroteka::games::air_battle::Edition;
    for edition in [Edition::Toy, Edition::Photo] {
        let AnyView::AirBattle(base) = common::air_midgame(edition, true) else { unreachable!() };
        let mut odd = base.clone();
        odd.planes[0].node = (40, 200);
        odd.planes[1].label = "a very long label".into();
        odd.selected = Some(250);
        if let Some(preview) = odd.preview.as_mut() {
            preview.path.clear();
            preview.end = (30, 30);
            preview.shoots_down = Some(222);
            preview.bombs = true;
        }
        for flight in odd.last.iter_mut() {
            flight.path = vec![(99, 0), (0, 99)];
            flight.end = (12, 16);
        }
        let mut options = base.options.clone();
        for option in options.iter_mut() {
            option.key = "FXLQ".into();
            option.flight.end = (11, 15);
        }
        odd.options = options;
        let mut empty = base.clone();
        empty.planes.clear();
        empty.sides.clear();
        empty.last.clear();
        empty.preview = None;
        empty.to_move = None;
        for view in [odd, empty] {
            let png = render(&AnyView::AirBattle(view));
            assert!(png.len() <= MAX_BYTES);
        }
    }
}
