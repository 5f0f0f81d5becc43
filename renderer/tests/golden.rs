//! Golden-image tests: fixed, hand-built views rendered and compared with the PNGs stored in
//! `tests/golden/`, within a tolerance (anti-aliasing may move by a tone when fonts or float
//! rounding change, the picture may not).
//!
//! Re-bless after an intended change of the art with
//! `BLESS=1 cargo test -p igroteka-renderer --test golden`, then look at every changed PNG
//! before committing it. A missing golden is written and the test fails, so a new golden is
//! never silently accepted.

mod common;

use std::path::PathBuf;

use igroteka::view::AnyView;

/// A pixel counts as different when a channel differs by more than this.
const CHANNEL_DELTA: u8 = 40;
/// Share of pixels allowed to differ.
const MAX_DIFFERING: f64 = 0.005;

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("{name}.png"))
}

fn check(name: &str, view: AnyView) {
    let png = igroteka_renderer::render(&view);
    let path = golden_path(name);
    let bless = std::env::var("BLESS").is_ok_and(|v| v == "1");
    if bless || !path.exists() {
        std::fs::write(&path, &png).expect("write golden");
        assert!(bless, "{} was missing: wrote it; look at it, then re-run", path.display());
        return;
    }
    let expected = image::open(&path).expect("golden decodes").to_rgba8();
    let actual = image::load_from_memory(&png).expect("render decodes").to_rgba8();
    assert_eq!(expected.dimensions(), actual.dimensions(), "{name}: size changed");
    let differing = expected
        .pixels()
        .zip(actual.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > CHANNEL_DELTA))
        .count();
    let share = differing as f64 / f64::from(actual.width() * actual.height());
    if share > MAX_DIFFERING {
        let dump = std::env::temp_dir().join(format!("{name}.actual.png"));
        std::fs::write(&dump, &png).expect("write actual");
        panic!(
            "{name}: {differing} pixels ({:.2}%) differ from {}; this render is in {}",
            share * 100.0,
            path.display(),
            dump.display()
        );
    }
}

#[test]
fn aeroplane_opening_matches_golden() {
    check("aeroplane_opening", common::aeroplane_opening(true));
}

#[test]
fn aeroplane_midgame_matches_golden() {
    check("aeroplane_midgame", common::aeroplane_midgame(true));
}

#[test]
fn aeroplane_game_over_matches_golden() {
    check("aeroplane_over", common::aeroplane_over());
}

#[test]
fn tank_battle_start_matches_golden() {
    check("tank_battle_start", common::tanks_start(true));
}

#[test]
fn tank_battle_selected_matches_golden() {
    check("tank_battle_selected", common::tanks_selected(true));
}

#[test]
fn tank_battle_game_over_matches_golden() {
    check("tank_battle_over", common::tanks_over());
}

#[test]
fn tanks_setup_seen_by_red_matches_golden() {
    check("tanks_setup_red", common::tanks_go_setup(true));
}

#[test]
fn tanks_setup_seen_by_all_matches_golden() {
    check("tanks_setup_public", common::tanks_go_setup(false));
}

#[test]
fn tanks_midgame_with_options_matches_golden() {
    check("tanks_midgame", common::tanks_go_midgame(true));
}

#[test]
fn tanks_flight_matches_golden() {
    check("tanks_flight", common::tanks_go_flight());
}

#[test]
fn tanks_game_over_matches_golden() {
    check("tanks_over", common::tanks_go_over());
}

#[test]
fn thousand_start_matches_golden() {
    check("thousand_start", common::thousand_start(true));
}

#[test]
fn thousand_midgame_matches_golden() {
    check("thousand_midgame", common::thousand_midgame(true));
}

#[test]
fn thousand_jump_matches_golden() {
    check("thousand_jump", common::thousand_jump());
}

#[test]
fn thousand_game_over_matches_golden() {
    check("thousand_over", common::thousand_over());
}

// «Воздушный бой»: the views come from the core's own seeded random play (tests/common), so a
// change in its move order changes them too — look, then re-bless.

#[test]
fn air_battle_toy_midgame_matches_golden() {
    check("air_toy_midgame", common::air_midgame(igroteka::games::air_battle::Edition::Toy, true));
}

#[test]
fn air_battle_toy_picked_matches_golden() {
    check("air_toy_picked", common::air_picked());
}

#[test]
fn air_battle_photo_midgame_matches_golden() {
    check(
        "air_photo_midgame",
        common::air_midgame(igroteka::games::air_battle::Edition::Photo, true),
    );
}

#[test]
fn air_battle_game_over_matches_golden() {
    check("air_over", common::air_over());
}
