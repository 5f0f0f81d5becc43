//! A backup holds every game whole, restores into a new folder where the games play on, and
//! refuses what it cannot restore faithfully (a newer build's file, a file cut short, a folder
//! that already holds games).

mod common;

use common::{Chatroom, start_game};
use igroteka::app::Effect;
use igroteka::store::backup::{self, Summary};
use igroteka::store::{SledStore, Store, StoreError};

const CACHE: u64 = 4 << 20;

/// Three games in three chats; returns the Roll button of the game in chat "c0".
fn three_games(store: &SledStore) -> String {
    let mut roll = String::new();
    for n in 0..3 {
        let mut room = Chatroom::new(store.clone());
        room.chat.id = format!("c{n}");
        start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
        if n == 0 {
            roll = room.button("Roll").unwrap();
        }
    }
    store.flush().unwrap();
    roll
}

fn backup_of(store: &SledStore) -> (Vec<u8>, Summary) {
    let mut file = Vec::new();
    let summary = store.backup(&mut file).unwrap();
    (file, summary)
}

#[test]
fn a_backup_restores_every_table_log_and_outbox_entry_and_the_games_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(&dir.path().join("a"), CACHE).unwrap();
    let roll = three_games(&store);
    let ids = store.unfinished().unwrap();
    assert_eq!(ids.len(), 3);
    let (file, summary) = backup_of(&store);
    assert_eq!(summary.tables, 3);
    assert!(summary.records > 3 * 3, "{summary:?}");

    let restored_dir = dir.path().join("b");
    let restored = backup::restore_sled(file.as_slice(), &restored_dir, CACHE).unwrap();
    assert_eq!(restored, summary);
    let copy = SledStore::open(&restored_dir, CACHE).unwrap();
    assert_eq!(copy.unfinished().unwrap(), ids);
    for id in &ids {
        let (a, b) = (store.load(*id).unwrap().unwrap(), copy.load(*id).unwrap().unwrap());
        assert_eq!(a.to_bytes(), b.to_bytes(), "table {id}");
        assert_eq!(store.log(*id).unwrap().len(), copy.log(*id).unwrap().len());
        assert_eq!(store.outbox(*id).unwrap(), copy.outbox(*id).unwrap(), "table {id}");
    }
    // The restored game plays on, and new tables get ids the backup did not hold.
    let before = copy.load(ids[0]).unwrap().unwrap();
    let mut room = Chatroom::new(copy.clone());
    room.chat.id = "c0".into();
    let effects = room.press("Alice", &roll);
    assert!(effects.iter().any(|e| matches!(e, Effect::Edit { .. } | Effect::Send { .. })));
    assert_eq!(copy.load(ids[0]).unwrap().unwrap().seq, before.seq + 1);
    let fresh = copy.new_table_id().unwrap();
    assert!(ids.iter().all(|id| *id < fresh), "id {fresh} is already taken: {ids:?}");
}

#[test]
fn a_restore_refuses_a_folder_that_holds_games_and_a_file_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(&dir.path().join("a"), CACHE).unwrap();
    three_games(&store);
    let (file, _) = backup_of(&store);
    let err = backup::restore_sled(file.as_slice(), &dir.path().join("a"), CACHE).unwrap_err();
    assert!(err.to_string().contains("already holds"), "{err}");

    // Cut the decompressed stream before its end mark, and compress it again.
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(file.as_slice()), &mut text)
        .unwrap();
    let cut: String =
        text.lines().take(text.lines().count() - 2).map(|l| format!("{l}\n")).collect();
    let mut short = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut short, cut.as_bytes()).unwrap();
    let short = short.finish().unwrap();
    let target = dir.path().join("c");
    let err = backup::restore_sled(short.as_slice(), &target, CACHE).unwrap_err();
    assert!(err.to_string().contains("cut short"), "{err}");
    assert!(!target.exists(), "a refused restore left a folder behind");
    // Garbage is refused too.
    let err = backup::restore_sled(&b"not a backup"[..], &target, CACHE).unwrap_err();
    assert!(matches!(err, StoreError::Backup(_)), "{err}");
}

#[test]
fn a_backup_from_a_newer_build_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let header = format!(
        "{{\"igroteka_backup\":1,\"schema\":{},\"writer\":\"igroteka 7.0.0\",\"next_id\":1,\"created_ms\":0}}\n{{\"end\":true,\"records\":0}}\n",
        igroteka::table::SCHEMA_VERSION + 1
    );
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, header.as_bytes()).unwrap();
    let file = gz.finish().unwrap();
    let err = backup::restore_sled(file.as_slice(), &dir.path().join("x"), CACHE).unwrap_err();
    assert!(err.to_string().contains("igroteka 7.0.0"), "{err}");
}

#[test]
fn a_data_folder_stamped_by_a_newer_build_is_refused_at_open() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path(), CACHE).unwrap();
        store.set_pref("store.schema", &(igroteka::table::SCHEMA_VERSION + 1).to_string()).unwrap();
        store.set_pref("store.writer", "igroteka 7.0.0").unwrap();
        store.flush().unwrap();
    }
    let err = SledStore::open(dir.path(), CACHE).unwrap_err();
    assert!(matches!(err, StoreError::Newer { .. }), "{err}");
    assert!(err.to_string().contains("igroteka 7.0.0"), "{err}");
}
