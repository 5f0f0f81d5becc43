//! `igroteka migrate --from DIR --to postgres://…`: a sled data folder moved to PostgreSQL.
//!
//! Why it is a backup and a restore: the folder is exported with the store's own backup stream
//! (the one `igroteka backup` writes, so there is one exporter to keep in step with sled's
//! trees) and restored into the database through the same restore as `igroteka restore`
//! ([`igroteka::store::restore`]), all in one transaction there. The folder is opened as it is
//! — not even its version stamp is written — so the bot can go back to it if the move is
//! refused or abandoned; the database must hold no games (its ids would collide with the
//! folder's). The URL's password is never shown ([`config::shown_url`]).

use std::path::PathBuf;

use igroteka::store::restore;
use igroteka::store::{SledStore, Store};
use igroteka_store_pg::PgStore;

use crate::config::{self, Config};

const USAGE: &str = "usage: igroteka migrate --from DIR --to postgres://USER@HOST/DATABASE";

/// `igroteka migrate --from DIR --to URL`.
pub fn migrate(config: &Config, args: &[String]) -> Result<(), String> {
    let (from, to) = parse(args)?;
    let shown = config::shown_url(&to);
    let mut file = Vec::new();
    {
        let folder = SledStore::open_as_is(&from, config.cache_bytes()).map_err(|e| {
            // sled's lock: another process has the folder open.
            let hint = if e.to_string().contains("lock") {
                " (the bot runs on it? stop it first: games moved on after the copy would be lost)"
            } else {
                ""
            };
            format!("cannot read the data folder {}: {e}{hint}", from.display())
        })?;
        folder.backup(&mut file).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    }
    let store = PgStore::open(&to).map_err(|e| format!("cannot open the database {shown}: {e}"))?;
    let refused = |e: igroteka::store::StoreError| {
        format!(
            "nothing was moved to {shown}: {e}; the data folder {} is unchanged",
            from.display()
        )
    };
    let summary = restore::restore(file.as_slice(), &store).map_err(refused)?;
    let (unfinished, unreadable) = check(&store)?;
    println!(
        "moved {} to {shown}: {} tables ({unfinished} unfinished{}), {} records; the data \
         folder is unchanged. Set IGROTEKA_DATABASE_URL (or database.url) and start the bot.",
        from.display(),
        summary.tables,
        crate::control::set_aside(unreadable),
        summary.records
    );
    Ok(())
}

/// `--from DIR --to URL`, in either order.
fn parse(args: &[String]) -> Result<(PathBuf, String), String> {
    let (mut from, mut to) = (None, None);
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let value = iter.next().filter(|v| !v.starts_with("--"));
        match (arg.as_str(), value) {
            ("--from", Some(dir)) => from = Some(PathBuf::from(dir)),
            ("--to", Some(url)) => to = Some(url.clone()),
            ("--from" | "--to", None) => return Err(format!("{arg} needs a value\n{USAGE}")),
            (other, _) => {
                return Err(format!("unknown argument {:?}\n{USAGE}", config::shown_url(other)));
            }
        }
    }
    match (from, to) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(USAGE.into()),
    }
}

/// Loads every unfinished table as the bot will at start: how many there are, and how many of
/// them could not be read (set aside, their chats freed, as at start).
pub fn check(store: &PgStore) -> Result<(usize, usize), String> {
    let unfinished = store.unfinished().map_err(|e| e.to_string())?;
    let unreadable = unfinished.iter().filter(|id| store.load(**id).is_err()).count();
    Ok((unfinished.len(), unreadable))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn both_places_are_needed_and_a_stray_password_is_not_echoed() {
        let (from, to) = parse(&args(&["--to", "postgres://u@h/d", "--from", "data"])).unwrap();
        assert_eq!((from, to.as_str()), (PathBuf::from("data"), "postgres://u@h/d"));
        assert!(parse(&args(&["--from", "data"])).unwrap_err().contains("usage"));
        assert!(parse(&args(&["--from", "--to", "x"])).unwrap_err().contains("--from needs"));
        let err = parse(&args(&["postgres://u:hunter2@h/d"])).unwrap_err();
        assert!(!err.contains("hunter2"), "{err}");
    }
}
