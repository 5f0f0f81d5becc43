//! The layering, enforced: the store backends (the core's `src/store/`, and this crate's
//! `src/`) name none of the conversation engine's modules (`app`, `outbox`). The store speaks
//! its own record types (`igroteka::store`: outbox entries as JSON text, slots and their
//! messages as plain data), and the engine reaches storage through the `Store` trait alone
//! (docs/storage.md, "What the store knows"). An import of the engine in a backend would bring
//! the circle back (app → store → app); this test fails on it, naming the file and the path.

use std::path::{Path, PathBuf};

/// The engine's modules, which no backend may name.
const ENGINE: [&str; 2] = ["app", "outbox"];
/// What a path to them starts with: the core from inside (`crate`, or `super` from the store's
/// modules), or from another crate (`igroteka`).
const ROOTS: [&str; 3] = ["crate", "igroteka", "super"];

/// The paths to the engine's modules that `source` names, comments left out: `crate::app`,
/// `igroteka::outbox::deliver`, `super::super::app`, and groups such as
/// `use crate::{table::Table, app::Effect}`.
fn engine_paths(source: &str) -> Vec<String> {
    let code = squeezed(source.lines().map(|line| line.split("//").next().unwrap_or_default()));
    let mut found = Vec::new();
    for root in ROOTS {
        let head = format!("{root}::");
        for (at, _) in code.match_indices(&head) {
            // Not a root when inside a longer name (`mycrate::`) or path (`super::super::`).
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| is_ident(c) || c == ':') {
                continue;
            }
            let mut rest = &code[at + head.len()..];
            while let Some(deeper) = rest.strip_prefix("super::") {
                rest = deeper;
            }
            let names = match rest.strip_prefix('{') {
                Some(group) => top_level_items(group),
                None => vec![rest],
            };
            for name in names {
                let ident: String = name.chars().take_while(|c| is_ident(*c)).collect();
                if ENGINE.contains(&ident.as_str()) {
                    found.push(format!("{root}::{ident}"));
                }
            }
        }
    }
    found
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The lines as one, whitespace left out but where it parts two words (`crate :: app` reads
/// `crate::app`, `use crate` stays).
fn squeezed<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    let mut code = String::new();
    let mut gap = false;
    for c in lines.flat_map(|line| line.chars().chain(['\n'])) {
        if c.is_whitespace() {
            gap = true;
            continue;
        }
        if gap && is_ident(c) && code.chars().next_back().is_some_and(is_ident) {
            code.push(' ');
        }
        gap = false;
        code.push(c);
    }
    code
}

/// The items of a `use` group, from just after its `{` to its `}` (nested groups kept whole).
fn top_level_items(group: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

/// Every `.rs` file under `dir`, in order.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn the_backends_name_none_of_the_engines_modules() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = sources(&here.join("../src/store"));
    files.extend(sources(&here.join("src")));
    let names: Vec<String> =
        files.iter().map(|f| f.file_name().unwrap().to_string_lossy().into_owned()).collect();
    for expected in ["mod.rs", "records.rs", "staged.rs", "lib.rs", "save.rs", "import.rs"] {
        assert!(names.iter().any(|n| n == expected), "{expected} not among {names:?}");
    }
    let mut wrong = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        for path in engine_paths(&source) {
            wrong.push(format!("{}: {path}", file.display()));
        }
    }
    assert!(wrong.is_empty(), "a backend names the engine:\n{}", wrong.join("\n"));
}

/// The check finds each way of naming the engine, and only those.
#[test]
fn the_check_finds_every_way_of_naming_the_engine() {
    let caught = [
        ("use crate::app::Effect;", "crate::app"),
        ("use igroteka::outbox::{Pending, Slot};", "igroteka::outbox"),
        ("use crate::{table::Table, app::{Dest, Effect}};", "crate::app"),
        ("use igroteka::{\n    store::Store,\n    outbox,\n};", "igroteka::outbox"),
        ("let (keep, _) = super::super::outbox::coalesce(entries);", "super::outbox"),
        ("fn f(e: &crate :: app :: Effect) {}", "crate::app"),
        ("use crate::{app as engine};", "crate::app"),
    ];
    for (source, path) in caught {
        assert_eq!(engine_paths(source), [path], "{source}");
    }
    let clean = [
        "use crate::table::{ChatId, Table};",
        "use crate::apple::Pie;",
        "use igroteka::store::{OutboxEntry, Slot};",
        "use mycrate::app::Effect;",
        "use crate::table::Table; // not crate::app::Effect",
        "/// Written by [`crate::outbox`], read back by it.",
        "use super::{Entry, StoreError};",
    ];
    for source in clean {
        assert!(engine_paths(source).is_empty(), "{source}: {:?}", engine_paths(source));
    }
}
