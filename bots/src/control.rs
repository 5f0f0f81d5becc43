//! `igroteka backup FILE` and `igroteka restore FILE`, and the control socket that lets a
//! backup be taken while the bot runs.
//!
//! sled locks its folder: while the bot runs, no other process can open it. So the running bot
//! listens on a Unix socket in its data folder (`control.sock`, readable and writable by its
//! own user only — the same people who could read the folder itself), and `igroteka backup`
//! asks it for the backup there; when no bot answers, the command opens the folder itself.
//! Either way the backup is the store's own consistent export ([`Store::backup`]).
//!
//! A restore goes into a folder that holds no games yet (the bot stopped, or a new folder for
//! a new machine), or into the configured PostgreSQL database if it holds none; then the bot
//! is started on it.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};

use igroteka::store::{SharedStore, SledStore, Store, backup};

use crate::config::Config;

/// The socket's name in the data folder.
pub const SOCKET: &str = "control.sock";
/// What the bot sends instead of a backup when it cannot make one.
const REFUSED: &[u8] = b"ERR ";

/// Listens on the data folder's control socket for the bot's lifetime, on a thread of its own.
pub fn serve(store: SharedStore, dir: &Path) -> Result<(), String> {
    let path = dir.join(SOCKET);
    // A socket left by a process that died: sled's lock on the folder already says no other
    // bot runs here, so it is stale.
    let _ = std::fs::remove_file(&path);
    let listener = UnixListener::bind(&path)
        .map_err(|e| format!("cannot listen on {}: {e}", path.display()))?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
        .map_err(|e| format!("cannot protect {}: {e}", path.display()))?;
    std::thread::Builder::new()
        .name("control".into())
        .spawn(move || {
            for stream in listener.incoming().flatten() {
                if let Err(e) = answer(&store, stream) {
                    tracing::warn!("control socket: {e}");
                }
            }
        })
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// One request: a line naming what is asked.
fn answer(store: &SharedStore, stream: UnixStream) -> std::io::Result<()> {
    let mut request = String::new();
    BufReader::new(&stream).take(64).read_line(&mut request)?;
    let mut out = std::io::BufWriter::new(&stream);
    match request.trim() {
        "backup" => match store.backup(&mut out) {
            Ok(summary) => {
                tracing::info!(records = summary.records, tables = summary.tables, "backup taken");
            }
            Err(e) => {
                out.write_all(REFUSED)?;
                writeln!(out, "{e}")?;
            }
        },
        other => {
            out.write_all(REFUSED)?;
            writeln!(out, "unknown request {other:?}")?;
        }
    }
    out.flush()
}

/// `igroteka backup FILE`.
pub fn backup(config: &Config, args: &[String]) -> Result<(), String> {
    let (file, dir) = file_and_folder(config, args, "backup FILE [--data DIR]")?;
    if config.database.url.is_some() {
        return Err(
            "the games are in PostgreSQL: back them up with pg_dump (docs/operations.md)".into()
        );
    }
    let file = PathBuf::from(file);
    let partial = file.with_extension("partial");
    let mut out = std::io::BufWriter::new(
        std::fs::File::create(&partial)
            .map_err(|e| format!("cannot write {}: {e}", partial.display()))?,
    );
    let taken = match UnixStream::connect(dir.join(SOCKET)) {
        Ok(stream) => from_the_bot(stream, &mut out).map(|()| "from the running bot".to_string()),
        Err(_) => from_the_folder(&dir, config, &mut out),
    };
    let taken = taken.and_then(|how| {
        out.flush().map_err(|e| e.to_string())?;
        out.get_ref().sync_all().map_err(|e| e.to_string())?;
        Ok(how)
    });
    match taken {
        Ok(how) => {
            std::fs::rename(&partial, &file).map_err(|e| e.to_string())?;
            let size = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
            println!("backup of {} ({how}): {} ({size} bytes)", dir.display(), file.display());
            Ok(())
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(format!("no backup was taken: {e}"))
        }
    }
}

/// Copies what the running bot sends; its refusal becomes the error.
fn from_the_bot(mut stream: UnixStream, out: &mut impl Write) -> Result<(), String> {
    stream.write_all(b"backup\n").map_err(|e| e.to_string())?;
    let mut head = [0u8; 4];
    let mut got = 0;
    while got < head.len() {
        match stream.read(&mut head[got..]).map_err(|e| e.to_string())? {
            0 => break,
            n => got += n,
        }
    }
    if got == 0 {
        return Err("the bot closed the connection without a backup".into());
    }
    if head[..got] == *REFUSED {
        let mut why = String::new();
        let _ = stream.read_to_string(&mut why);
        return Err(why.trim().to_string());
    }
    out.write_all(&head[..got]).map_err(|e| e.to_string())?;
    std::io::copy(&mut stream, out).map_err(|e| e.to_string())?;
    Ok(())
}

/// No bot answers: the folder is opened here (sled's lock says whether a bot holds it).
fn from_the_folder(dir: &Path, config: &Config, out: &mut impl Write) -> Result<String, String> {
    if !dir.join("db").exists() {
        return Err(format!("{} holds no games", dir.display()));
    }
    let store = SledStore::open(dir, config.cache_bytes()).map_err(|e| {
        format!(
            "cannot open {}: {e} (a bot holds it but does not answer on its socket?)",
            dir.display()
        )
    })?;
    let summary = store.backup(out).map_err(|e| e.to_string())?;
    Ok(format!("{} tables, {} records", summary.tables, summary.records))
}

/// The backup file and the data folder (`--data DIR`, else the configured one) of a command.
fn file_and_folder<'a>(
    config: &Config,
    args: &'a [String],
    usage: &str,
) -> Result<(&'a String, PathBuf), String> {
    match args {
        [file] => Ok((file, config.data_dir())),
        [file, flag, dir] if flag == "--data" => Ok((file, PathBuf::from(dir))),
        _ => Err(format!("usage: igroteka {usage}")),
    }
}

/// `igroteka restore FILE`: into the data folder, or into the database when one is
/// configured (the same restore, another target).
pub fn restore(config: &Config, args: &[String]) -> Result<(), String> {
    let (file, dir) = file_and_folder(config, args, "restore FILE [--data EMPTY_DIR]")?;
    let input = std::fs::File::open(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let input = std::io::BufReader::new(input);
    if let Some(url) = config.database.url.as_deref().filter(|u| !u.trim().is_empty()) {
        let shown = crate::config::shown_url(url);
        let store = igroteka_store_pg::PgStore::open(url)
            .map_err(|e| format!("cannot open the database {shown}: {e}"))?;
        let summary = igroteka::store::restore::restore(input, &store)
            .map_err(|e| format!("nothing was restored: {e}"))?;
        let (unfinished, unreadable) = crate::migrate::check(&store)?;
        println!(
            "restored into {shown}: {} tables ({unfinished} unfinished{}), {} records",
            summary.tables,
            set_aside(unreadable),
            summary.records
        );
        return Ok(());
    }
    let summary = backup::restore_sled(input, &dir, config.cache_bytes())
        .map_err(|e| format!("nothing was restored: {e}"))?;
    // Opened once more, as the bot will: every table must load.
    let store = SledStore::open(&dir, config.cache_bytes()).map_err(|e| e.to_string())?;
    let unfinished = store.unfinished().map_err(|e| e.to_string())?;
    let unreadable = unfinished.iter().filter(|id| store.load(**id).is_err()).count();
    println!(
        "restored into {}: {} tables ({} unfinished{}), {} records",
        dir.display(),
        summary.tables,
        unfinished.len(),
        set_aside(unreadable),
        summary.records
    );
    Ok(())
}

/// ", N unreadable and set aside" when there are any.
pub fn set_aside(unreadable: usize) -> String {
    if unreadable > 0 { format!(", {unreadable} unreadable and set aside") } else { String::new() }
}
