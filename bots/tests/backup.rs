//! `igroteka backup` while the bot runs, `igroteka restore` into a new folder, and the bot
//! started on that folder plays the games on (the real binary, through the Telegram emulator).

mod support;

use std::path::Path;
use std::process::{Command, Output};

use igroteka::store::{SledStore, Store};
use support::oracle::table_of;
use support::play::{self, open_and_start};
use support::{Emulator, STEP, TestUser, spawn_bot};

/// Runs `igroteka <args>` on the data folder `data`.
fn igroteka(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_igroteka"))
        .args(args)
        .env("IGROTEKA_DATA", data)
        .env_remove("TELEGRAM_BOT_TOKEN")
        .env_remove("IGROTEKA_DATABASE_URL")
        .output()
        .expect("igroteka runs")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn a_backup_taken_while_the_bot_runs_restores_to_a_folder_where_the_game_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let (data, copy, file) =
        (dir.path().join("data"), dir.path().join("copy"), dir.path().join("games.backup"));
    let emulator = Emulator::start();
    let chat = -100_444;
    emulator.group(chat, "Planes", false);
    let players = vec![TestUser::new(7101, "Ann"), TestUser::new(7102, "Boris")];
    players.iter().for_each(|p| emulator.user(p));
    let mut bot = spawn_bot(&emulator, &data);
    let lobby = open_and_start(&emulator, chat, &players, "aeroplane");
    let table = table_of(&lobby.tokens()[0].1);
    let turn = |emulator: &Emulator| {
        emulator.wait("a board for a turn", STEP, |s| play::board_in(s, chat));
        play::step(emulator, chat, &players);
    };
    for _ in 0..3 {
        turn(&emulator);
    }

    // The bot holds the folder (sled's lock): the backup comes through its socket.
    let taken = igroteka(&data, &["backup", file.to_str().unwrap()]);
    assert!(taken.status.success(), "{}", text(&taken));
    assert!(text(&taken).contains("from the running bot"), "{}", text(&taken));
    assert!(!file.with_extension("partial").exists());

    let restored = igroteka(&copy, &["restore", file.to_str().unwrap()]);
    assert!(restored.status.success(), "{}", text(&restored));
    assert!(text(&restored).contains("1 unfinished"), "{}", text(&restored));
    // Not over a folder that holds games.
    let again = igroteka(&copy, &["restore", file.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(text(&again).contains("already holds"), "{}", text(&again));

    // Every move flushed before the backup is in the copy.
    bot.kill();
    let original = SledStore::open(&data, 1 << 20).unwrap().load(table).unwrap().unwrap();
    let restored_table = SledStore::open(&copy, 1 << 20).unwrap().load(table).unwrap().unwrap();
    assert_eq!(restored_table.seq, original.seq);
    assert_eq!(restored_table.to_bytes(), original.to_bytes());

    // The bot on the restored folder plays on.
    let mut bot = spawn_bot(&emulator, &copy);
    for _ in 0..3 {
        turn(&emulator);
    }
    bot.kill();
    let after = SledStore::open(&copy, 1 << 20).unwrap().load(table).unwrap().unwrap();
    assert!(after.seq >= original.seq + 3, "{} after {}", after.seq, original.seq);
}

#[test]
fn a_backup_cut_short_restores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (data, copy, file) =
        (dir.path().join("data"), dir.path().join("copy"), dir.path().join("games.backup"));
    {
        let store = SledStore::open(&data, 1 << 20).unwrap();
        store.set_pref("lang.c", "ru").unwrap();
        store.flush().unwrap();
    }
    // No bot runs: the command opens the folder itself.
    let taken = igroteka(&data, &["backup", file.to_str().unwrap()]);
    assert!(taken.status.success(), "{}", text(&taken));
    let whole = std::fs::read(&file).unwrap();
    std::fs::write(&file, &whole[..whole.len() / 2]).unwrap();
    let restored = igroteka(&copy, &["restore", file.to_str().unwrap()]);
    assert!(!restored.status.success(), "{}", text(&restored));
    assert!(text(&restored).contains("nothing was restored"), "{}", text(&restored));
    assert!(!copy.join("db").exists(), "a refused restore left a store behind");
}
