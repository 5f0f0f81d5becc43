//! The non-interactive subcommands: `games`, `simulate` and `render`.

use std::io::Write;
use std::time::Instant;

use igroteka::game::{Setup, Viewer};
use igroteka::harness;
use igroteka::registry::{self, GAMES, GameInfo};
use igroteka::rng;
use igroteka::settings;

/// Options shared by `simulate` and `render`: `--seed`, `--seats`, and settings words.
#[derive(Debug)]
pub struct GameArgs {
    pub info: &'static GameInfo,
    pub setup: Setup,
    pub seed: u64,
    pub rest: Vec<(String, String)>,
}

/// Parses `<game> [--seed S] [--seats K] [--flag value …] [key=value …]`.
pub fn parse_game_args(args: &[String], flags: &[&str]) -> Result<GameArgs, String> {
    let (game, args) = args.split_first().ok_or("name a game: see `igroteka games`")?;
    let info = registry::lookup(game).ok_or_else(|| format!("unknown game {game}"))?;
    let mut seed = None;
    let mut seats = info.seats.min();
    let mut words = Vec::new();
    let mut rest = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || iter.next().cloned().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--seed" => seed = Some(value()?.parse().map_err(|_| "--seed takes a number")?),
            "--seats" => seats = value()?.parse().map_err(|_| "--seats takes a number")?,
            flag if flags.contains(&flag) => rest.push((flag.to_string(), value()?)),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            word => words.push(word),
        }
    }
    if !info.seats.contains(&seats) {
        return Err(format!("{} takes {} players", info.id, ascii_seats(info)));
    }
    let settings = settings::parse(&info.table_settings(), &words).map_err(|e| e.to_string())?;
    let seed = seed.unwrap_or_else(rand_seed);
    Ok(GameArgs { info, setup: Setup { seats, settings }, seed, rest })
}

fn rand_seed() -> u64 {
    use rand_core::RngCore;
    rng::from_entropy().next_u64()
}

/// The seat counts for scripts and people alike: `2` for one count, `2-4` for a range, `2,4`
/// otherwise.
fn ascii_seats(info: &GameInfo) -> String {
    info.seats.written("-", ",")
}

/// `igroteka games`: one line per game, starting with its id.
pub fn games(out: &mut impl Write) -> std::io::Result<()> {
    for info in GAMES {
        let settings: Vec<String> = info
            .table_settings()
            .iter()
            .map(|s| format!("{}={}", s.key, s.values.join("|")))
            .collect();
        writeln!(out, "{}\t{} players\t{}", info.id, ascii_seats(info), settings.join(" "))?;
    }
    Ok(())
}

/// `igroteka simulate <game> --games N --seed S`.
pub fn simulate(args: &[String], out: &mut impl Write) -> Result<(), String> {
    let parsed = parse_game_args(args, &["--games"])?;
    let games = match parsed.rest.iter().find(|(k, _)| k == "--games") {
        Some((_, n)) => n.parse().map_err(|_| "--games takes a number")?,
        None => 1000,
    };
    let mut rng = rng::seeded(parsed.seed);
    let started = Instant::now();
    let stats = (parsed.info.simulate)(&parsed.setup, &mut rng, games);
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let report = format!(
        "game {} seats {} seed {}\ngames {} in {:.3} s: {:.0} games/s, {:.0} actions/s\n\
         actions per game: mean {:.1}, longest {}\nwins by seat: {:?}\nfailures: {}",
        parsed.info.id,
        parsed.setup.seats,
        parsed.seed,
        stats.games,
        seconds,
        stats.games as f64 / seconds,
        stats.actions as f64 / seconds,
        stats.actions as f64 / stats.games.max(1) as f64,
        stats.longest,
        stats.wins,
        stats.failures,
    );
    writeln!(out, "{report}").map_err(|e| e.to_string())?;
    if stats.failures > 0 {
        return Err(format!("{} games failed", stats.failures));
    }
    Ok(())
}

/// `igroteka render <game> [--seed S] [--moves N] [--viewer public|K] [--select A,B,…]
/// -o board.png`. `--select` is the viewer's selection so far (the labels of the buttons
/// pressed), so the picture shows the preview of a half-made move.
pub fn render(args: &[String], out: &mut impl Write) -> Result<(), String> {
    let parsed = parse_game_args(args, &["--moves", "--viewer", "--select", "-o", "--out"])?;
    let flag = |name: &str| parsed.rest.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let moves: usize = match flag("--moves") {
        Some(n) => n.parse().map_err(|_| "--moves takes a number")?,
        None => 20,
    };
    let viewer = match flag("--viewer").as_deref() {
        None | Some("public") => Viewer::Public,
        Some(seat) => Viewer::Seat(seat.parse().map_err(|_| "--viewer takes public or a seat")?),
    };
    let path = flag("-o").or_else(|| flag("--out")).unwrap_or_else(|| "board.png".into());
    let mut game = (parsed.info.start)(&parsed.setup).map_err(|e| e.to_string())?;
    let mut rng = rng::seeded(parsed.seed);
    for _ in 0..moves {
        let step =
            harness::random_dyn_action(game.as_ref(), &mut rng).map_err(|e| e.to_string())?;
        let Some((actor, action)) = step else { break };
        game.apply(actor, &action).map_err(|e| e.to_string())?;
    }
    let selection: Vec<String> = match flag("--select") {
        Some(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
        None => Vec::new(),
    };
    let png = igroteka_renderer::render(&game.view(viewer, &selection));
    std::fs::write(&path, &png).map_err(|e| format!("{path}: {e}"))?;
    writeln!(out, "{path}: {} bytes", png.len()).map_err(|e| e.to_string())?;
    Ok(())
}
