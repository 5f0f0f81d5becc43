//! The backup file: everything a store holds, in one compressed, versioned stream.
//!
//! A backup is gzip-compressed JSON lines, so that an admin can look inside one with `zcat`:
//!
//! ```text
//! {"igroteka_backup":1,"schema":1,"writer":"igroteka 0.1.0","next_id":1234,"created_ms":…}
//! {"tree":"tables","key":"00000000000000070","value":"…"}   (hex: keys and values are bytes)
//! …
//! {"end":true,"records":5678}
//! ```
//!
//! The header names the backup format, the record layout of the tables inside (a build that
//! reads an older one migrates its records as it loads them; a newer one is refused, naming the
//! build that wrote it), and the next free id of the store (so a restored store never hands out
//! an id it already holds). The closing line counts the records: a file cut short (a full
//! disk, a copy interrupted) is refused instead of restoring part of the games.
//!
//! Records are the store's trees as they are, key by key: a restore into sled gives back
//! exactly what was stored, indexes and outbox included, so the games continue where they were.
//! Another backend reads the same records through [`super::records`], which says what each
//! means without sled's layout ([`super::restore`] restores into either).

use std::io::{BufRead, BufReader, Read, Write};

use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};

use super::StoreError;
use super::version::WRITER;
use crate::table::SCHEMA_VERSION;

/// The backup format this build writes and reads.
pub const FORMAT: u32 = 1;

/// What a backup held.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Records (key and value pairs) over all trees.
    pub records: u64,
    /// Table records among them.
    pub tables: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct Header {
    igroteka_backup: u32,
    schema: u32,
    writer: String,
    next_id: u64,
    created_ms: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct Record {
    tree: String,
    key: String,
    value: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct End {
    end: bool,
    records: u64,
}

fn failed(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Backup(format!("{what}: {e}"))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

/// Writes a backup of `trees` (each read whole) to `out`.
pub(super) fn write(
    out: &mut dyn Write,
    next_id: u64,
    trees: impl Iterator<Item = sled::Result<sled::Tree>>,
) -> Result<Summary, StoreError> {
    let mut gz = GzEncoder::new(out, Compression::default());
    let created_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let header = Header {
        igroteka_backup: FORMAT,
        schema: SCHEMA_VERSION,
        writer: WRITER.into(),
        next_id,
        created_ms,
    };
    line(&mut gz, &header)?;
    let mut summary = Summary::default();
    for tree in trees {
        let tree = tree?;
        let name = String::from_utf8_lossy(&tree.name()).into_owned();
        for item in tree.iter() {
            let (key, value) = item?;
            line(&mut gz, &Record { tree: name.clone(), key: hex(&key), value: hex(&value) })?;
            summary.records += 1;
            summary.tables += u64::from(name == "tables");
        }
    }
    line(&mut gz, &End { end: true, records: summary.records })?;
    gz.finish().map_err(|e| failed("writing", e))?.flush().map_err(|e| failed("writing", e))?;
    Ok(summary)
}

/// Writes one line of the file: one JSON value.
fn line(out: &mut impl Write, value: &impl Serialize) -> Result<(), StoreError> {
    serde_json::to_writer(&mut *out, value).map_err(|e| failed("writing", e))?;
    out.write_all(b"\n").map_err(|e| failed("writing", e))
}

/// A backup read whole and checked: its header, and its records as the sled trees held them.
/// What they mean outside sled is [`super::records`]; where they go, [`super::restore`].
#[derive(Debug)]
pub struct Backup {
    /// The build that wrote it.
    pub writer: String,
    /// The store's next free id when it was taken: ids (tables, outbox positions) handed out
    /// after a restore are larger.
    pub next_id: u64,
    /// `(tree, key, value)`, tree by tree, in key order.
    pub records: Vec<(String, Vec<u8>, Vec<u8>)>,
}

impl Backup {
    /// What it holds, counted.
    pub fn summary(&self) -> Summary {
        let tables = self.records.iter().filter(|(tree, _, _)| tree == "tables").count();
        Summary { records: self.records.len() as u64, tables: tables as u64 }
    }
}

/// Reads a whole backup and checks it (the format, the record version, the end mark's count)
/// before anything is written anywhere: a bad file restores nothing.
pub fn read(input: impl Read) -> Result<Backup, StoreError> {
    let mut lines = BufReader::new(GzDecoder::new(input)).lines();
    let mut next = || -> Result<Option<String>, StoreError> {
        lines.next().transpose().map_err(|e| failed("not a readable igroteka backup", e))
    };
    let first = next()?.ok_or_else(|| StoreError::Backup("the file is empty".into()))?;
    let header: Header =
        serde_json::from_str(&first).map_err(|e| failed("not an igroteka backup", e))?;
    if header.igroteka_backup > FORMAT {
        return Err(StoreError::Backup(format!(
            "written by {} in backup format {}; this build reads up to format {FORMAT}",
            header.writer, header.igroteka_backup
        )));
    }
    if header.schema > SCHEMA_VERSION {
        return Err(StoreError::Newer { schema: header.schema, writer: header.writer });
    }
    let mut records = Vec::new();
    let mut ended = None;
    while let Some(line) = next()? {
        if ended.is_some() {
            return Err(StoreError::Backup("lines after the end mark".into()));
        }
        if let Ok(end) = serde_json::from_str::<End>(&line) {
            ended = Some(end.records);
            continue;
        }
        let record: Record =
            serde_json::from_str(&line).map_err(|e| failed("a damaged record", e))?;
        let (Some(key), Some(value)) = (unhex(&record.key), unhex(&record.value)) else {
            return Err(StoreError::Backup("a damaged record (bad hex)".into()));
        };
        records.push((record.tree, key, value));
    }
    match ended {
        Some(count) if count == records.len() as u64 => {}
        Some(count) => {
            return Err(StoreError::Backup(format!(
                "the end mark counts {count} records, the file holds {}",
                records.len()
            )));
        }
        None => return Err(StoreError::Backup("the file is cut short (no end mark)".into())),
    }
    Ok(Backup { writer: header.writer, next_id: header.next_id, records })
}

/// Restores a backup into a new sled store at `dir`, which must not hold one yet. Returns
/// what was restored; the store is flushed and closed when this returns.
pub fn restore_sled(
    input: impl Read,
    dir: &std::path::Path,
    cache_bytes: u64,
) -> Result<Summary, StoreError> {
    super::restore::restore(input, &super::restore::SledFolder::new(dir, cache_bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_odd_or_bad_text() {
        let bytes = [0u8, 1, 0x7f, 0x80, 0xff];
        assert_eq!(unhex(&hex(&bytes)).unwrap(), bytes);
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
    }
}
