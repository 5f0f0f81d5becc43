//! The real binary with piped standard input and output, read on a thread of its own so a test
//! can wait for output with a timeout. Shared by the console and docs tests.

use std::io::Read;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};

/// Starts `command` (stdin and stdout piped, stderr inherited, no chat token from the machine);
/// the output arrives in chunks on the receiver.
pub fn spawn(command: &mut Command) -> (Child, ChildStdin, Receiver<String>) {
    let mut child = command
        .env_remove("TELEGRAM_BOT_TOKEN")
        .env_remove("DISCORD_BOT_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the binary starts");
    let stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(String::from_utf8_lossy(&buf[..n]).into_owned()).is_err() {
                break;
            }
        }
    });
    (child, stdin, rx)
}
