//! The deployment files in `deploy/` against the real binary.
//!
//! - The container image: no Docker engine runs here, so the test does the image's last stage by
//!   hand — copies exactly what `deploy/Dockerfile` copies into a bare folder, and runs the
//!   binary from there with nothing else (no repository, no environment but the image's own
//!   `ENV`): a file the image lacks, or one the binary reads from the repository at run time,
//!   fails it.
//! - The systemd unit passes `systemd-analyze verify` and has the hardening the README
//!   promises (skipped, and said so, where `systemd-analyze` is not installed).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

/// The instructions of the Dockerfile's last stage, as (instruction, arguments).
fn last_stage(dockerfile: &str) -> Vec<(String, Vec<String>)> {
    let lines: Vec<&str> = dockerfile
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let from = lines.iter().rposition(|l| l.starts_with("FROM ")).expect("a FROM");
    lines[from..]
        .iter()
        .map(|line| {
            let mut words = line.split_whitespace().map(str::to_string);
            let instruction = words.next().unwrap_or_default();
            (instruction, words.collect())
        })
        .collect()
}

/// Where a path inside the image lands in the bare folder `root`.
fn inside(root: &Path, path: &str) -> PathBuf {
    root.join(path.trim_start_matches('/'))
}

#[test]
fn the_image_holds_everything_the_bot_needs() {
    let dockerfile = std::fs::read_to_string(repo().join("deploy/Dockerfile")).unwrap();
    let stage = last_stage(&dockerfile);
    let root = tempfile::tempdir().unwrap();
    let mut env: Vec<(String, String)> = Vec::new();
    let mut workdir = PathBuf::from("/");
    let mut entrypoint = None;
    for (instruction, args) in &stage {
        match instruction.as_str() {
            "COPY" => {
                let (from_build, paths) = match args.first() {
                    Some(flag) if flag.starts_with("--from=") => (true, &args[1..]),
                    _ => (false, &args[..]),
                };
                let (destination, sources) = paths.split_last().expect("COPY names a target");
                for source in sources {
                    let file = if from_build {
                        // What the build stage made: the binary, built here by cargo too.
                        assert_eq!(source, "/src/target/release/igroteka", "an unknown artifact");
                        PathBuf::from(env!("CARGO_BIN_EXE_igroteka"))
                    } else {
                        repo().join(source)
                    };
                    assert!(file.is_file(), "the image copies {source}, which does not exist");
                    let target = if destination.ends_with('/') {
                        inside(root.path(), destination).join(file.file_name().unwrap())
                    } else {
                        inside(root.path(), destination)
                    };
                    std::fs::create_dir_all(target.parent().unwrap()).unwrap();
                    std::fs::copy(&file, &target).unwrap();
                }
            }
            "ENV" => {
                let (name, value) = args[0].split_once('=').expect("ENV name=value");
                let value = if value.starts_with('/') {
                    inside(root.path(), value).display().to_string()
                } else {
                    value.to_string()
                };
                env.push((name.to_string(), value));
            }
            "WORKDIR" => workdir = inside(root.path(), &args[0]),
            "ENTRYPOINT" => {
                let json: Vec<String> = serde_json::from_str(&args.join(" ")).unwrap();
                entrypoint = Some(inside(root.path(), &json[0]));
            }
            "VOLUME" => {
                let data = env.iter().find(|(n, _)| n == "IGROTEKA_DATA").map(|(_, v)| v.clone());
                let volume = inside(root.path(), &args[0]);
                assert!(
                    data.is_some_and(|d| Path::new(&d).starts_with(&volume)),
                    "the data folder is not in the volume"
                );
            }
            _ => {}
        }
    }
    let binary = entrypoint.expect("an ENTRYPOINT");
    std::fs::create_dir_all(&workdir).unwrap();
    let run = |args: &[&str], stdin: &str| {
        let mut child = Command::new(&binary)
            .args(args)
            .env_clear()
            .envs(env.iter().map(|(n, v)| (n.as_str(), v.as_str())))
            .current_dir(&workdir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the image's binary starts");
        use std::io::Write;
        child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let games = run(&["games"], "");
    assert_eq!(games.lines().count(), 5, "{games}");
    // A board drawn: the fonts are inside the binary.
    run(&["render", "tank-battle", "--moves", "3", "-o", "board.png"], "");
    let png = std::fs::read(workdir.join("board.png")).expect("a board was drawn");
    assert!(png.starts_with(b"\x89PNG"));
    // The embedded default: the console, its games kept in the image's data folder.
    let console = run(&[], "as Alice /play aeroplane\nas Bob press Join\nquit\n");
    assert!(console.contains("Players (2 of 2–4): Alice, Bob"), "{console}");
    let data = env.iter().find(|(n, _)| n == "IGROTEKA_DATA").unwrap().1.clone();
    assert!(Path::new(&data).join("db").is_file(), "the games are not kept in {data}");
    let resumed = run(&[], "quit\n");
    assert!(resumed.contains("1 unfinished game(s) resumed"), "{resumed}");
}

#[test]
fn the_systemd_unit_is_hardened_and_passes_verify() {
    let unit = std::fs::read_to_string(repo().join("deploy/igroteka.service")).unwrap();
    for setting in [
        "DynamicUser=yes",
        "StateDirectory=igroteka",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "Restart=on-failure",
        "EnvironmentFile=/etc/igroteka/igroteka.env",
        "KillSignal=SIGTERM",
        "Environment=IGROTEKA_DATA=/var/lib/igroteka/data",
    ] {
        assert!(unit.lines().any(|l| l.trim() == setting), "the unit lacks {setting}");
    }
    let installed = Command::new("systemd-analyze").arg("--version").output();
    if !installed.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: systemd-analyze is not installed, the unit was not verified");
        return;
    }
    // `verify` checks that the program exists: point it at the binary built here.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("igroteka.service");
    let unit = unit.replace("/usr/local/bin/igroteka", env!("CARGO_BIN_EXE_igroteka"));
    std::fs::write(&file, unit).unwrap();
    let verified = Command::new("systemd-analyze").arg("verify").arg(&file).output().unwrap();
    let said = String::from_utf8_lossy(&verified.stderr);
    assert!(verified.status.success(), "systemd-analyze verify: {said}");
    assert!(!said.contains("igroteka.service"), "systemd-analyze has remarks: {said}");
}

/// The compose file's values, line by line: `key: value` pairs under the services.
fn compose_value(compose: &str, key: &str) -> String {
    compose
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .find_map(|l| l.trim().strip_prefix(&format!("{key}:")).map(|v| v.trim().to_string()))
        .unwrap_or_else(|| panic!("compose.yaml has no {key}"))
}

/// `deploy/compose.yaml` builds the image from the Dockerfile, reads the tokens from the env
/// file the example becomes, and points the bot at the database service through the setting the
/// bot reads: started with that setting and no database there, the bot says it cannot open the
/// database, naming it without its password.
#[test]
fn the_compose_file_points_the_bot_at_its_database() {
    let deploy = repo().join("deploy");
    let compose = std::fs::read_to_string(deploy.join("compose.yaml")).unwrap();
    let context = deploy.join(compose_value(&compose, "context"));
    assert!(context.join(compose_value(&compose, "dockerfile")).is_file());
    let env_file = compose_value(&compose, "env_file");
    assert!(deploy.join(format!("{env_file}.example")).is_file(), "{env_file}.example");
    let url = compose_value(&compose, "IGROTEKA_DATABASE_URL");
    assert!(url.starts_with("postgres://igroteka:${POSTGRES_PASSWORD}@db:5432/"), "{url}");

    // The same URL with a password, at a port where nothing listens.
    let url =
        url.replace("${POSTGRES_PASSWORD}", "pw-never-shown").replace("db:5432", "127.0.0.1:9");
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_igroteka"))
        .env_clear()
        .env("IGROTEKA_DATABASE_URL", &url)
        .env("IGROTEKA_DATA", dir.path().join("data"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let said =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains("cannot open the database postgres://igroteka:***@127.0.0.1:9/"),
        "{said}"
    );
    assert!(!said.contains("pw-never-shown"), "{said}");
    assert!(!dir.path().join("data").exists(), "a data folder was made: {said}");
}
