//! Who presses a button of the group's board. A board may hold one block of buttons per seat
//! that may act (two commanders of an Air Battle side), each block under its own
//! "<name>, your turn" line, in the same order; a move button's token names its seat. The
//! presser of a button is the player named on the line of its block.

use igroteka::app::token::{Token, Version};

/// The seat a move button was made for; `None` for other buttons (lobby, My board).
pub fn seat_of(token: &str) -> Option<usize> {
    match Token::parse(token)?.version {
        Version::Keyboard(keyboard) => Some(keyboard.seat),
        Version::Seq(_) => None,
    }
}

/// Which of `names` may press `token` on a board showing `text` with the buttons `tokens`
/// (in their order): the one on the "your turn" line of the token's block.
pub fn presser<'a>(
    text: &str,
    tokens: &[&str],
    token: &str,
    names: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let seat = seat_of(token)?;
    let mut blocks: Vec<usize> = Vec::new();
    for seat in tokens.iter().filter_map(|t| seat_of(t)) {
        if !blocks.contains(&seat) {
            blocks.push(seat);
        }
    }
    let block = blocks.iter().position(|s| *s == seat)?;
    let line = text.lines().filter(|l| l.contains(", your turn")).nth(block)?;
    names.into_iter().find(|name| line.contains(&format!("{name}, your turn")))
}
