//! `igroteka`: the bot's one binary.
//!
//! With no subcommand it runs the bot: the chat adapters for every platform whose token is
//! configured, or — the embedded default — the interactive console when none is. Subcommands
//! serve tools and tests: `script` (JSON lines in and out), `simulate`, `duel`, `render`,
//! `games`, `backup`, `restore` and `migrate` (a data folder moved to PostgreSQL).

mod cli;
mod config;
mod console;
mod control;
mod discord;
mod driver;
mod duel;
mod engine;
mod lease;
mod limits;
mod migrate;
mod observe;
mod replays;
mod script;
mod stop;
mod telegram;
mod time;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use igroteka::app::{App, AppConfig};
use std::sync::Arc;

use igroteka::store::{SharedStore, SledStore, Store};
use igroteka::table::Platform;

use crate::config::Config;
use crate::driver::Driver;

const USAGE: &str = "\
usage: igroteka [command]
  (none)                 run the bot: chat adapters if a token is configured, else the console
  console                the interactive console (play as several users)
  script [--data DIR] [--render DIR]
                         JSON-lines inputs on stdin, JSON-lines effects on stdout
  simulate <game> [--games N] [--seed S] [--seats K] [key=value …]
                         random playouts: games/s and outcome statistics
  duel <game> [--a LEVEL] [--b LEVEL] [--games N] [--seed S] [--seats K] [key=value …]
                         computer players (easy, normal, strong) or random against each
                         other, changing seats: wins and time per move
  render <game> [--seed S] [--moves N] [--viewer public|SEAT] [--seats K] [--select A,B]
         [-o board.png]  play N random moves and draw the board (with the selection so far)
  games                  list the games, one per line, each starting with its id
  backup FILE [--data DIR]
                         a backup of every game (while the bot runs, or not)
  restore FILE [--data EMPTY_DIR]
                         restore a backup into a data folder (or the configured database)
                         that holds no games
  migrate --from DIR --to URL
                         copy a data folder's games into an empty PostgreSQL database
Configuration: config/igroteka.toml (see config/igroteka.example.toml) or the environment:
  TELEGRAM_BOT_TOKEN, DISCORD_BOT_TOKEN, IGROTEKA_DATA (data folder), IGROTEKA_CONFIG,
  IGROTEKA_LOG_FORMAT (text|json), RUST_LOG (e.g. igroteka=debug),
  IGROTEKA_METRICS_LISTEN (e.g. 127.0.0.1:9090: /healthz and /metrics),
  TELEGRAM_OWNERS, DISCORD_OWNERS (user ids for /botstats, /abort, /maintenance), DISCORD_OWNER_GUILD";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, rest) = match args.split_first() {
        Some((c, rest)) => (c.as_str(), rest),
        None => ("", &[][..]),
    };
    // Logs go to stderr, set up from the configuration when the command reads one.
    let bot = matches!(command, "" | "run" | "console");
    let config = if bot { Some(load_config()) } else { None };
    let format = match config.as_ref() {
        Some(Ok(config)) => config.log.format.clone(),
        _ => std::env::var("IGROTEKA_LOG_FORMAT").ok(),
    };
    let format = observe::logging::Format::parse(format.as_deref());
    observe::logging::init(format.clone().unwrap_or_default());
    if let Some(Ok(config)) = &config {
        for secret in
            [&config.telegram.token, &config.discord.token, &config.telegram.webhook_secret]
                .into_iter()
                .flatten()
        {
            observe::logging::add_secret(secret);
        }
    }
    let config = config.map(|c| c.and_then(|c| format.map(|_| c)));
    let result = match (command, config) {
        ("" | "run", Some(config)) => config.and_then(run_bot),
        ("console", Some(config)) => config.and_then(|c| console(&c)),
        ("script", _) => script(rest),
        ("simulate", _) => cli::simulate(rest, &mut io::stdout()),
        ("duel", _) => duel::duel(rest, &mut io::stdout()),
        ("render", _) => cli::render(rest, &mut io::stdout()),
        ("games", _) => cli::games(&mut io::stdout()).map_err(|e| e.to_string()),
        ("backup", _) => load_config().and_then(|c| control::backup(&c, rest)),
        ("restore", _) => load_config().and_then(|c| control::restore(&c, rest)),
        ("migrate", _) => load_config().and_then(|c| migrate::migrate(&c, rest)),
        ("help" | "--help" | "-h", _) => {
            println!("{USAGE}");
            Ok(())
        }
        (other, _) => Err(format!("unknown command {other}\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if bot => {
            tracing::error!("{e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            // A tool's usage error, for the person who typed the command.
            eprintln!("igroteka: {e}");
            ExitCode::FAILURE
        }
    }
}

fn load_config() -> Result<Config, String> {
    Config::load(&|name| std::env::var(name).ok()).map_err(|e| e.to_string())
}

/// How the process ends on Ctrl-C / SIGTERM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OnSignal {
    /// Flush the store and exit (the console, script mode).
    Exit,
    /// Ask the chat adapters to stop gracefully ([`stop`]); exit anyway after
    /// [`stop::GRACE`] or at a second signal.
    Stop,
}

/// The store the configuration names: PostgreSQL when `database.url` is set (several
/// processes may share it), else the sled data folder (one process).
fn open_backend(config: &Config) -> Result<SharedStore, String> {
    if let Some(url) = config.database.url.as_deref().filter(|u| !u.trim().is_empty()) {
        let store = igroteka_store_pg::PgStore::open(url)
            .map_err(|e| format!("cannot open the database {}: {e}", config::shown_url(url)))?;
        tracing::info!(database = %config::shown_url(url), "games are kept in PostgreSQL");
        return Ok(Arc::new(store));
    }
    let dir = config.data_dir();
    let store: SharedStore =
        Arc::new(SledStore::open(&dir, config.cache_bytes()).map_err(|e| {
            format!(
                "cannot open the data folder {}: {e} (is another igroteka running?)",
                dir.display()
            )
        })?);
    // `igroteka backup` asks the running bot: sled lets no other process open the folder.
    control::serve(store.clone(), &dir)?;
    Ok(store)
}

/// Opens the store and installs what Ctrl-C / SIGTERM does (the store is flushed before the
/// process ends either way).
fn open_store(config: &Config, on_signal: OnSignal) -> Result<SharedStore, String> {
    let store = open_backend(config)?;
    observe::logging::load_user_key(&store);
    let flushed = store.clone();
    ctrlc::set_handler(move || {
        if on_signal == OnSignal::Stop && !stop::STOP.request() {
            tracing::info!("stopping (taking no more updates, finishing those taken)…");
            let flushed = flushed.clone();
            std::thread::spawn(move || {
                std::thread::sleep(stop::GRACE);
                tracing::warn!("the stop took too long; exiting now");
                let _ = flushed.flush();
                std::process::exit(0);
            });
            return;
        }
        let _ = flushed.flush();
        std::process::exit(0);
    })
    .map_err(|e| format!("cannot install the signal handler: {e}"))?;
    Ok(store)
}

/// Starts the health and metrics listener when `metrics.listen` is set, for the platforms
/// served.
fn observe(config: &Config, store: &SharedStore, platforms: &[Platform]) -> Result<(), String> {
    for platform in platforms {
        observe::health::serving(*platform);
    }
    if let Some(listen) = config.metrics.listen.as_deref().filter(|l| !l.trim().is_empty()) {
        observe::server::start(listen, store.clone(), config.data_dir())?;
    }
    Ok(())
}

fn run_bot(config: Config) -> Result<(), String> {
    if config.discord.token.is_some() && config.telegram.token.is_some() {
        // Both platforms in one process over one data folder: each adapter runs its own engine
        // on the shared store, whose compare-and-swap saves keep them consistent.
        let store = open_store(&config, OnSignal::Stop)?;
        observe(&config, &store, &[Platform::Telegram, Platform::Discord])?;
        let (discord_config, discord_store) = (config.clone(), store.clone());
        let discord = std::thread::spawn(move || {
            if let Err(e) = discord::run(&discord_config, discord_store) {
                tracing::error!("{e}");
            }
        });
        let result = telegram::run(&config, store.clone());
        if stop::STOP.is_requested() {
            // Stopped: Discord stops too; let it finish what it took.
            let _ = discord.join();
        }
        let _ = store.flush();
        return result;
    }
    if config.discord.token.is_some() {
        let store = open_store(&config, OnSignal::Stop)?;
        observe(&config, &store, &[Platform::Discord])?;
        let result = discord::run(&config, store.clone());
        let _ = store.flush();
        return result;
    }
    if config.telegram.token.is_some() {
        let store = open_store(&config, OnSignal::Stop)?;
        observe(&config, &store, &[Platform::Telegram])?;
        let result = telegram::run(&config, store.clone());
        let _ = store.flush();
        return result;
    }
    console(&config)
}

fn console(config: &Config) -> Result<(), String> {
    let store = open_store(config, OnSignal::Exit)?;
    observe(config, &store, &[])?;
    let resumed = store.unfinished().map(|ids| ids.len()).unwrap_or(0);
    let quarantined = store.quarantined().map(|q| q.len()).unwrap_or(0);
    let app = App::new(store.clone(), AppConfig::default());
    let mut out = io::stdout();
    let _ = writeln!(
        out,
        "Data folder: {} — {resumed} unfinished game(s) resumed{}.",
        config.data_dir().display(),
        if quarantined > 0 {
            format!(", {quarantined} unreadable record(s) set aside")
        } else {
            String::new()
        }
    );
    let boards = config
        .data_dir()
        .parent()
        .map(|p| p.join("boards"))
        .unwrap_or_else(|| PathBuf::from("boards"));
    let mut console = console::Console::new(Driver::new(app), out, boards);
    console.run(io::stdin().lock()).map_err(|e| e.to_string())?;
    store.flush().map_err(|e| e.to_string())
}

fn script(args: &[String]) -> Result<(), String> {
    let mut data = None;
    let mut database = None;
    let mut render = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let value = iter.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--data" => data = Some(PathBuf::from(value?)),
            "--database" => database = Some(value?.clone()),
            "--render" => render = Some(PathBuf::from(value?)),
            other => return Err(format!("unknown option {other}")),
        }
    }
    let store: SharedStore =
        match (data, database) {
            (Some(_), Some(_)) => return Err("--data and --database: one or the other".into()),
            // PostgreSQL, as a bot process sharing it would (the load driver measures it).
            (None, Some(url)) => Arc::new(igroteka_store_pg::PgStore::open(&url).map_err(|e| {
                format!("cannot open the database {}: {e}", config::shown_url(&url))
            })?),
            (Some(dir), None) => Arc::new(
                SledStore::open(&dir, igroteka::store::DEFAULT_CACHE_BYTES)
                    .map_err(|e| e.to_string())?,
            ),
            (None, None) => Arc::new(SledStore::temporary().map_err(|e| e.to_string())?),
        };
    let mut driver = Driver::new(App::new(store.clone(), AppConfig::default()));
    script::run(&mut driver, io::BufReader::new(io::stdin()), io::stdout(), render)
        .map_err(|e| e.to_string())?;
    store.flush().map_err(|e| e.to_string())
}
