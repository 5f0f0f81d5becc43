//! Which record format a data folder (or database) holds, and which build wrote it.
//!
//! Every table record carries its own layout version ([`SCHEMA_VERSION`]) and is migrated when
//! an older one is read ([`Table::from_bytes`](crate::table::Table::from_bytes)). That covers
//! an upgrade; it does not cover a downgrade: an older build reading a newer record would drop
//! what it does not know and write the record back poorer. So the store itself is stamped with
//! the newest record version written to it and the build that wrote it, and a build that finds
//! a newer stamp refuses to open the store, saying which version wrote it, before touching
//! anything.

use super::{Store, StoreError};
use crate::table::SCHEMA_VERSION;

/// The build that stamps the store: this crate's name and version.
pub const WRITER: &str = concat!("igroteka ", env!("CARGO_PKG_VERSION"));

/// The preference keys of the stamp.
const SCHEMA_KEY: &str = "store.schema";
const WRITER_KEY: &str = "store.writer";
/// Both: a store's own, never copied from one store to another (a restore into another
/// backend keeps the stamp its target was opened with).
pub const STAMP_KEYS: [&str; 2] = [SCHEMA_KEY, WRITER_KEY];

/// The stamp a store carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    /// The newest record layout written to the store (1 for a store older than the stamp).
    pub schema: u32,
    /// The build that last opened it, when one stamped it.
    pub writer: Option<String>,
}

/// Reads the store's stamp.
pub fn stamp_of<S: Store + ?Sized>(store: &S) -> Result<Stamp, StoreError> {
    let schema = match store.pref(SCHEMA_KEY)? {
        None => 1,
        Some(text) => text.parse().map_err(|_| StoreError::Newer {
            schema: u32::MAX,
            writer: format!("an unknown build (the stamp reads {text:?})"),
        })?,
    };
    Ok(Stamp { schema, writer: store.pref(WRITER_KEY)? })
}

/// Refuses a store written by a newer build ([`StoreError::Newer`]), changing nothing: what
/// a command that only reads the store (`igroteka migrate`) checks.
pub fn check<S: Store + ?Sized>(store: &S) -> Result<Stamp, StoreError> {
    let found = stamp_of(store)?;
    if found.schema > SCHEMA_VERSION {
        let writer = found.writer.clone().unwrap_or_else(|| "a newer igroteka".into());
        return Err(StoreError::Newer { schema: found.schema, writer });
    }
    Ok(found)
}

/// Refuses a store written by a newer build ([`StoreError::Newer`]); otherwise stamps it with
/// this build and makes the stamp durable. Older records are migrated as they are read.
pub fn check_and_stamp<S: Store + ?Sized>(store: &S) -> Result<Stamp, StoreError> {
    let found = check(store)?;
    if found.schema != SCHEMA_VERSION || found.writer.as_deref() != Some(WRITER) {
        store.set_pref(SCHEMA_KEY, &SCHEMA_VERSION.to_string())?;
        store.set_pref(WRITER_KEY, WRITER)?;
        store.flush()?;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;

    #[test]
    fn a_store_without_a_stamp_is_stamped_with_this_build() {
        let store = SledStore::temporary().unwrap();
        let found = check_and_stamp(&store).unwrap();
        assert_eq!(found.writer, None);
        let now = stamp_of(&store).unwrap();
        assert_eq!(now, Stamp { schema: SCHEMA_VERSION, writer: Some(WRITER.into()) });
    }

    #[test]
    fn a_store_written_by_a_newer_build_is_refused_naming_that_build() {
        let store = SledStore::temporary().unwrap();
        store.set_pref(SCHEMA_KEY, &(SCHEMA_VERSION + 1).to_string()).unwrap();
        store.set_pref(WRITER_KEY, "igroteka 9.9.9").unwrap();
        let err = check_and_stamp(&store).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("igroteka 9.9.9"), "{text}");
        assert!(text.contains(&format!("version {}", SCHEMA_VERSION + 1)), "{text}");
        // Nothing was changed: the stamp still says the newer build.
        assert_eq!(store.pref(WRITER_KEY).unwrap().as_deref(), Some("igroteka 9.9.9"));
    }
}
