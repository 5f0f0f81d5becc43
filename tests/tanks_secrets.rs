//! «Идут танки»: secrets stay secret (decision 2 and 7).
//!
//! A seat's secrets are where its mines lie and its face-down rocket labels; the mine labels
//! are nobody's until a tank sets one off. Three checks:
//! - the harness's own `check_secrets` on random games of both variants;
//! - the same check over many more random games, computed once per action instead of once per
//!   secret (the harness recomputes every view for every secret string, which is too slow in
//!   debug builds for 10,000 games of a few hundred to a few thousand actions);
//! - two games that differ only in their secrets show the same public picture, step by step,
//!   until a tank touches a mine or a plane turns rockets over.

use igroteka::event::Audience;
use igroteka::game::{Actor, Game, Seat, Setup, ToMove, Viewer, apply_checked};
use igroteka::games::tanks::board;
use igroteka::games::tanks::{Action, RocketLabel, SETTINGS, Side, Tanks};
use igroteka::harness;
use igroteka::rng;
use igroteka::settings;

/// Random games in all, over both variants and both checks.
const GAMES: u64 = 10_000;
/// Of those, how many go through the harness's slower `check_secrets`.
const HARNESS_GAMES: u64 = 50;
/// Dice games are several times longer than dice-free ones; this share of the games uses
/// the die.
const DICE_SHARE: u64 = 10;

fn setup(words: &[&str]) -> Setup {
    Setup { seats: 2, settings: settings::parse(SETTINGS, words).expect("valid settings") }
}

fn label_name(label: RocketLabel) -> &'static str {
    match label {
        RocketLabel::Hit => "hit",
        RocketLabel::Miss => "miss",
    }
}

fn label_id(label: RocketLabel) -> &'static str {
    match label {
        RocketLabel::Hit => "tanks-label-hit",
        RocketLabel::Miss => "tanks-label-miss",
    }
}

/// Everything only `seat` may see now, as it would appear in JSON: each mine as the view
/// lists it and as a private event names it; each face-down rocket label tied to its stand,
/// as the view shows it and as the private rocket note tells it.
fn secrets(g: &Tanks, seat: Seat) -> Vec<String> {
    let side = Side::from_seat(seat).unwrap();
    let army = g.army(side);
    let mut out = Vec::new();
    for mine in &army.mines {
        let name = board::name(mine.node);
        out.push(format!(r#"{{"side":{seat},"mine":"{name}""#));
        out.push(format!(r#"["mine",{{"Text":"{name}"}}]"#));
    }
    if let Some(labels) = army.rockets {
        for (k, label) in labels.iter().enumerate() {
            if army.revealed[k] {
                continue;
            }
            let rocket = board::ROCKET_NAMES[seat][k];
            let (name, id) = (label_name(*label), label_id(*label));
            out.push(format!(
                r#"{{"side":{seat},"label":"{name}","revealed":false,"rocket":"{rocket}"}}"#
            ));
            let n = k + 1;
            out.push(format!(
                r#"["rocket{n}",{{"Text":"{rocket}"}}],["label{n}",{{"Msg":"{id}"}}]"#
            ));
        }
    }
    out
}

fn variant(k: u64) -> &'static [&'static str] {
    if k % DICE_SHARE == 0 { &["dice=die"] } else { &["dice=no-die", "rockets=two-hits"] }
}

/// The words that name a mine label in a view; no view may ever hold one.
const MINE_LABEL_WORDS: [&str; 3] = [r#""kill""#, r#""stall""#, r#""dud""#];

/// The fixed beginnings of `seat`'s secret strings in view form and in event form: a text
/// without any of them cannot hold a secret, which spares most searches. (A view never holds
/// event-shaped text and an event never holds view-shaped text, so each kind of text is only
/// searched for its own shapes.)
fn anchors(seat: Seat) -> [String; 4] {
    [
        format!(r#"{{"side":{seat},"mine":""#),
        format!(r#"{{"side":{seat},"label":""#),
        r#"["mine","#.to_string(),
        r#"["rocket"#.to_string(),
    ]
}

const VIEW_SHAPES: std::ops::Range<usize> = 0..2;
const EVENT_SHAPES: std::ops::Range<usize> = 2..4;

/// The first of `secrets` found in `text`.
fn find_secret<'a>(text: &str, anchors: &[String], secrets: &'a [String]) -> Option<&'a String> {
    anchors.iter().filter(|a| text.contains(a.as_str())).find_map(|a| {
        secrets.iter().filter(|s| s.starts_with(a.as_str())).find(|s| text.contains(s.as_str()))
    })
}

/// Serializes `value` into `buf`, reusing its allocation.
fn write_json(buf: &mut Vec<u8>, value: &impl serde::Serialize) {
    buf.clear();
    serde_json::to_writer(&mut *buf, value).unwrap();
}

fn as_text(buf: &[u8]) -> &str {
    std::str::from_utf8(buf).unwrap()
}

/// `check_secrets` with every view computed once per action.
fn sweep(setup: &Setup, seed: u64) -> Result<usize, String> {
    let mut rng = rng::seeded(seed);
    let mut g = Tanks::new(setup).map_err(|e| e.to_string())?;
    let mut checked = 0;
    let anchors = [anchors(0), anchors(1)];
    let mut views: [Vec<u8>; 3] = Default::default();
    let mut buttons: [Vec<u8>; 2] = Default::default();
    let mut event_text = Vec::new();
    while let Some((actor, action)) =
        harness::random_action(&g, &mut rng).map_err(|e| e.to_string())?
    {
        let events = apply_checked(&mut g, actor, &action).map_err(|e| e.to_string())?;
        // views[0], views[1]: the seats' own pictures; views[2]: the public one.
        for (k, viewer) in
            [Viewer::Seat(0), Viewer::Seat(1), Viewer::Public].into_iter().enumerate()
        {
            write_json(&mut views[k], &g.view(viewer, &[]));
        }
        for (seat, buf) in buttons.iter_mut().enumerate() {
            write_json(buf, &g.choices(seat).options.iter().map(|c| &c.path).collect::<Vec<_>>());
        }
        for owner in 0..2 {
            let other = 1 - owner;
            let secrets = secrets(&g, owner);
            let view_anchors = &anchors[owner][VIEW_SHAPES];
            let places = [
                ("the public view", as_text(&views[2]), view_anchors),
                ("the other view", as_text(&views[other]), view_anchors),
                ("the other buttons", as_text(&buttons[other]), &anchors[owner][..]),
            ];
            for (what, text, anchors) in places {
                if let Some(secret) = find_secret(text, anchors, &secrets) {
                    return Err(format!("seed {seed}: {what} carries {secret:?}: {text}"));
                }
            }
            for event in events.iter().filter(|e| e.audience != Audience::Seat(owner)) {
                write_json(&mut event_text, event);
                let text = as_text(&event_text);
                if let Some(secret) = find_secret(text, &anchors[owner][EVENT_SHAPES], &secrets) {
                    return Err(format!("seed {seed}: an event carries {secret:?}: {text}"));
                }
            }
            checked += secrets.len();
        }
    }
    for text in &views {
        let text = as_text(text);
        if let Some(word) = MINE_LABEL_WORDS.iter().find(|w| text.contains(**w)) {
            return Err(format!("seed {seed}: a view shows the mine label {word}: {text}"));
        }
    }
    Ok(checked)
}

fn sweep_range(range: std::ops::Range<u64>) {
    let mut checked = 0;
    for k in range {
        let setup = setup(variant(k));
        checked += sweep(&setup, k).unwrap_or_else(|e| panic!("{:?}: {e}", variant(k)));
    }
    assert!(checked > 0);
}

#[test]
fn the_harness_finds_no_secret_outside_its_owner() {
    for k in 0..HARNESS_GAMES {
        let setup = setup(variant(k));
        let checked = harness::check_secrets::<Tanks>(&setup, k, secrets)
            .unwrap_or_else(|e| panic!("{:?}: {e}", variant(k)));
        assert!(checked > 0);
    }
}

#[test]
fn no_secret_leaks_in_many_random_games_first_half() {
    sweep_range(HARNESS_GAMES..(HARNESS_GAMES + GAMES) / 2);
}

#[test]
fn no_secret_leaks_in_many_random_games_second_half() {
    sweep_range((HARNESS_GAMES + GAMES) / 2..GAMES);
}

/// The secrets function itself finds what it should: the strings really occur in the owner's
/// own view and private events (so a leak check with them is not vacuous).
#[test]
fn the_secret_strings_match_the_owners_own_view() {
    let mut g = Tanks::new(&setup(&[])).unwrap();
    let mut events = Vec::new();
    for (seat, mines) in [(0, ["A1", "B2", "C3", "D4"]), (1, ["A20", "B21", "C22", "D23"])] {
        for name in mines {
            let node = board::parse(name).unwrap();
            events.extend(apply_checked(&mut g, Actor::Seat(seat), &Action::Mine(node)).unwrap());
        }
        events.extend(apply_checked(&mut g, Actor::Seat(seat), &Action::Rockets(2)).unwrap());
    }
    let event_text: Vec<String> =
        events.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    for seat in 0..2 {
        let own = serde_json::to_string(&g.view(Viewer::Seat(seat), &[])).unwrap();
        let list = secrets(&g, seat);
        assert_eq!(list.len(), 4 * 2 + 3 * 2);
        for secret in &list {
            let in_view = own.contains(secret.as_str());
            let in_event = event_text.iter().any(|t| t.contains(secret.as_str()));
            assert!(in_view || in_event, "{secret} appears nowhere: {own}");
        }
    }
}

/// Plays the same random moves in two games whose set-ups differ only in their secrets, and
/// compares the public pictures until a mine or a flight makes the games differ for real.
#[test]
fn the_public_view_does_not_depend_on_secrets() {
    let mut compared = 0;
    for seed in 0..300u64 {
        let words = if seed % 2 == 0 { &["dice=die"][..] } else { &["dice=no-die"][..] };
        let setup = setup(words);
        let mut a = Tanks::new(&setup).unwrap();
        let mut b = Tanks::new(&setup).unwrap();
        // Same order of presses; different circles and rocket stands.
        let plans = [
            (["A1", "B2", "C3", "D4"], ["A5", "B4", "C1", "D2"], 0, 2),
            (["A19", "B20", "C21", "D23"], ["A23", "B22", "C19", "D21"], 1, 0),
        ];
        for (seat, (mines_a, mines_b, odd_a, odd_b)) in plans.into_iter().enumerate() {
            for (ma, mb) in mines_a.iter().zip(mines_b) {
                let ea = apply_checked(
                    &mut a,
                    Actor::Seat(seat),
                    &Action::Mine(board::parse(ma).unwrap()),
                )
                .unwrap();
                let eb = apply_checked(
                    &mut b,
                    Actor::Seat(seat),
                    &Action::Mine(board::parse(mb).unwrap()),
                )
                .unwrap();
                assert_eq!(public_events(&ea), public_events(&eb));
                assert_eq!(public_json(&a), public_json(&b), "set-up differs in public");
            }
            apply_checked(&mut a, Actor::Seat(seat), &Action::Rockets(odd_a)).unwrap();
            apply_checked(&mut b, Actor::Seat(seat), &Action::Rockets(odd_b)).unwrap();
            assert_eq!(public_json(&a), public_json(&b));
            apply_checked(&mut a, Actor::Seat(seat), &Action::Confirm).unwrap();
            apply_checked(&mut b, Actor::Seat(seat), &Action::Confirm).unwrap();
        }
        let mut rng = rng::seeded(seed);
        while let Some((actor, action)) = harness::random_action(&a, &mut rng).unwrap() {
            if touches_secrets(&a, &action) || touches_secrets(&b, &action) {
                break;
            }
            let ea = apply_checked(&mut a, actor, &action).unwrap();
            let eb =
                apply_checked(&mut b, actor, &action).expect("the same action is legal in both");
            assert_eq!(public_events(&ea), public_events(&eb), "seed {seed}");
            assert_eq!(public_json(&a), public_json(&b), "seed {seed}");
            compared += 1;
        }
    }
    assert!(compared > 10_000, "only {compared} steps compared");
}

fn public_json(g: &Tanks) -> String {
    serde_json::to_string(&g.view(Viewer::Public, &[])).unwrap()
}

fn public_events(events: &[igroteka::event::Event]) -> Vec<String> {
    events.iter().filter(|e| e.is_public()).map(|e| serde_json::to_string(e).unwrap()).collect()
}

/// Whether `action` would make the games differ for real: a flight turns rocket labels over,
/// a tank driving may set a mine off.
fn touches_secrets(g: &Tanks, action: &Action) -> bool {
    if matches!(action, Action::Fly { .. }) {
        return true;
    }
    let Action::Move { .. } = action else { return false };
    let ToMove::Seats(seats) = g.to_move() else { return false };
    let side = Side::from_seat(seats[0]).unwrap();
    let mut trial = g.clone();
    let before = trial.army(side.opponent()).mines.len();
    trial.apply(Actor::Seat(seats[0]), action);
    let triggered = trial.army(side.opponent()).mines.len() != before;
    // Mines of the mover's side can go off too: under a capturer, on the captured tank's circle.
    triggered || trial.army(side).mines.len() != g.army(side).mines.len()
}
