//! Script mode delivers a batch's tables on a thread of its own while the next batch is
//! handled (bots/src/script.rs). Its output must still read as one batch at a time: every
//! effect comes before its batch's closing lines, and a table's message shows the state its
//! own batch left — never a later batch's, even when consecutive batches change the same
//! table while the earlier one's delivery is under way.
//!
//! The driver here changes one lobby with a join or a leave every millisecond or so, so the
//! batches are small and nearly every one touches the table the one before it is delivering.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// The lobby's changes after `/play`: one join or leave each.
const CHANGES: usize = 300;

/// The guests who join and leave (the host, Alice, stays; four seats in all).
const GUESTS: [&str; 4] = ["Bob", "Carol", "Dave", "Erin"];

fn line(user: &str, command: &str, args: &str) -> String {
    format!(
        r#"{{"platform":"console","chat":{{"id":"g"}},"user":{{"id":"{}","name":"{user}"}},"now":1,"action":{{"command":{{"name":"{command}"{args}}}}}}}"#,
        user.to_lowercase()
    )
}

/// The inputs after `/play`, as (guest, joins), and who sits after each: a guest who sits
/// leaves, one who does not joins while a seat is free (a small fixed-seed generator picks).
fn changes() -> Vec<(&'static str, bool, BTreeSet<&'static str>)> {
    let mut seated: BTreeSet<&str> = BTreeSet::new();
    let mut state = 0x2545_f491_u32;
    let mut out = Vec::with_capacity(CHANGES);
    while out.len() < CHANGES {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let guest = GUESTS[state as usize % GUESTS.len()];
        let joins = !seated.contains(guest);
        if joins && seated.len() == 3 {
            continue;
        }
        if joins {
            seated.insert(guest);
        } else {
            seated.remove(guest);
        }
        out.push((guest, joins, seated.clone()));
    }
    out
}

/// The players a lobby message names ("Players (3 of 2–4): Alice, Bob, Carol").
fn players_shown(text: &str) -> Option<BTreeSet<String>> {
    let line = text.lines().find(|l| l.starts_with("Players ("))?;
    let names = line.split_once("): ")?.1;
    Some(names.split(", ").map(str::to_string).collect())
}

#[test]
fn a_table_changed_batch_after_batch_shows_each_batch_its_own_state() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_igroteka"))
        .arg("script")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let changes = changes();
    let mut stdin = child.stdin.take().unwrap();
    let inputs: Vec<String> = std::iter::once(line("Alice", "play", r#","args":["aeroplane"]"#))
        .chain(
            changes
                .iter()
                .map(|(guest, joins, _)| line(guest, if *joins { "join" } else { "leave" }, "")),
        )
        .collect();
    let writer = std::thread::spawn(move || {
        for input in inputs {
            writeln!(stdin, "{input}").unwrap();
            stdin.flush().unwrap();
            std::thread::sleep(Duration::from_micros(700));
        }
    });
    let lines: Vec<Value> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
        .collect();
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());

    // The batches, as the runs of closing lines show them.
    let mut batch_of = vec![usize::MAX; CHANGES + 1];
    let mut last_of_batch: Vec<usize> = Vec::new();
    let mut previous_was_done = false;
    for line in &lines {
        if line["done"] == true {
            let input = line["input"].as_u64().unwrap() as usize;
            assert_eq!(batch_of[input], usize::MAX, "input {input} closed twice");
            if !previous_was_done {
                last_of_batch.push(input);
            }
            let batch = last_of_batch.len() - 1;
            batch_of[input] = batch;
            last_of_batch[batch] = last_of_batch[batch].max(input);
        }
        previous_was_done = line["done"] == true;
    }
    assert!(batch_of.iter().all(|&b| b != usize::MAX), "every input is closed");
    assert!(
        last_of_batch.len() >= 20,
        "the inputs came in {} batches: too few to overlap a delivery with the next batch",
        last_of_batch.len()
    );

    // Every effect comes before its own batch's closing lines, after the batch before's.
    let mut batch = 0;
    let mut lobby_lines = 0;
    for line in &lines {
        if line["done"] == true {
            batch = batch_of[line["input"].as_u64().unwrap() as usize] + 1;
            continue;
        }
        let input = line["input"].as_u64().unwrap() as usize;
        assert_eq!(batch_of[input], batch, "{line} is written outside its batch");
        // The lobby as its batch left it: who sat after the batch's last input.
        let effect = &line["effect"];
        let message = if effect["send"].is_object() { &effect["send"] } else { &effect["edit"] };
        let Some(shown) = message["message"]["text"].as_str().and_then(players_shown) else {
            continue;
        };
        lobby_lines += 1;
        let last = last_of_batch[batch];
        let mut expected: BTreeSet<String> = BTreeSet::from(["Alice".to_string()]);
        if last > 0 {
            expected.extend(changes[last - 1].2.iter().map(|name| name.to_string()));
        }
        assert_eq!(shown, expected, "the lobby shown under input {input} (batch ending {last})");
    }
    assert!(lobby_lines >= last_of_batch.len() / 2, "the lobby was shown {lobby_lines} times");
}
