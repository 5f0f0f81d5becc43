//! Restoring a backup, into whichever store: one reader of the backup stream, many targets.
//!
//! Why a target trait: a backup is the one export of a sled store (`igroteka backup`), and the
//! same stream moves a sled folder to PostgreSQL (`igroteka migrate`) — a second exporter would
//! be a second thing to keep in step with the trees. So [`restore`] reads and checks the whole
//! file ([`super::backup::read`]), asks the target whether it already holds games (a restore
//! never mixes two stores' ids), and hands it the records. The sled target writes the trees as
//! they were ([`SledFolder`]); another backend implements [`Target`] by reading the records'
//! meaning from [`super::records`].

use std::io::Read;
use std::path::{Path, PathBuf};

use super::StoreError;
use super::backup::{self, Backup, Summary};

/// Somewhere a backup can be restored.
pub trait Target {
    /// Where, as it may be shown (a folder, a database URL without its password).
    fn place(&self) -> String;
    /// What the target holds already, in a few words (`None`: nothing, it may be restored
    /// into). A target that holds games is refused: its ids would collide with the backup's.
    fn holds(&self) -> Result<Option<String>, StoreError>;
    /// Writes every record of `backup`, all or nothing where the backend can, and carries the
    /// backup's next free id over so that new ids never collide with restored ones. Called
    /// only on a target that [`Target::holds`] nothing; it checks again where it can.
    fn write(&self, backup: &Backup) -> Result<(), StoreError>;
}

/// Restores the backup read from `input` into `target`, which must hold nothing yet: the whole
/// file is read and checked first, so a bad file (cut short, damaged, from a newer build)
/// changes nothing. Returns what was restored.
pub fn restore(input: impl Read, target: &dyn Target) -> Result<Summary, StoreError> {
    refuse_if_holding(target)?;
    let backup = backup::read(input)?;
    target.write(&backup)?;
    Ok(backup.summary())
}

/// The refusal of a target that holds something, in the words the commands show.
pub fn refuse_if_holding(target: &dyn Target) -> Result<(), StoreError> {
    match target.holds()? {
        None => Ok(()),
        Some(what) => Err(StoreError::Backup(format!(
            "{} already holds {what}; only an empty one can take a backup (its ids would collide \
             with the backup's)",
            target.place()
        ))),
    }
}

/// A new sled data folder: the trees are written back key by key, exactly as they were.
#[derive(Debug, Clone)]
pub struct SledFolder {
    dir: PathBuf,
    cache_bytes: u64,
}

impl SledFolder {
    pub fn new(dir: &Path, cache_bytes: u64) -> SledFolder {
        SledFolder { dir: dir.to_path_buf(), cache_bytes }
    }
}

impl Target for SledFolder {
    fn place(&self) -> String {
        self.dir.display().to_string()
    }

    fn holds(&self) -> Result<Option<String>, StoreError> {
        let found = self.dir.join("db").exists() || self.dir.join("conf").exists();
        Ok(found.then(|| "a data folder".to_string()))
    }

    fn write(&self, backup: &Backup) -> Result<(), StoreError> {
        let config = sled::Config::new()
            .path(&self.dir)
            .cache_capacity(self.cache_bytes)
            .use_compression(true);
        let db = config.open()?;
        for (tree, key, value) in &backup.records {
            db.open_tree(tree)?.insert(key.as_slice(), value.as_slice())?;
        }
        // Ids go on from where the backed-up store was.
        while db.generate_id()? < backup.next_id {}
        db.flush()?;
        Ok(())
    }
}
