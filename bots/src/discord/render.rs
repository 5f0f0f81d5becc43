//! The core's [`Message`] → what a Discord message is made of: content (mentions first, the
//! text markdown-escaped, at most 2000 characters), components (buttons, or select menus when a
//! step has more options than five rows of five buttons hold) and the board as a PNG attachment.
//!
//! Kept free of I/O so the limits Discord enforces can be tested without a network.

use igroteka::app::{Button, ButtonKind, Message};
use serenity::builder::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption,
};
use serenity::model::application::ButtonStyle;
use serenity::model::id::UserId;

/// Discord's limit on message content, in characters.
pub const CONTENT_LIMIT: usize = 2000;
/// Rows of components per message, and buttons per row.
const MAX_ROWS: usize = 5;
const MAX_BUTTONS: usize = 5;
/// Options per select menu.
const MAX_OPTIONS: usize = 25;
/// Discord's limits on button labels and select option labels.
const LABEL_LIMIT: usize = 80;
const OPTION_LABEL_LIMIT: usize = 100;

/// The custom id of the "My set-up" button that notes of earlier versions carried (core tokens
/// start with `t`); a press on one still shows the presser their private messages.
pub const MINE_ID: &str = "dc:mine";
/// The custom id prefix of a select menu whose option values are core tokens.
pub const SELECT_PREFIX: &str = "dc:sel";

/// The file name of a board picture.
pub const BOARD_FILE: &str = "board.png";

/// The message text, markdown-escaped (names and echoed words are what users typed), with the
/// mentions of the players to notify in front, cut to the limit.
pub fn content(message: &Message) -> String {
    let mentions: Vec<String> = message
        .mentions
        .iter()
        .filter(|m| m.user.parse::<u64>().is_ok())
        .map(|m| format!("<@{}>", m.user))
        .collect();
    let escaped = super::markdown::escape(&message.text);
    let text =
        if mentions.is_empty() { escaped } else { format!("{}\n{escaped}", mentions.join(" ")) };
    let Some(block) = &message.monospace else { return truncate(&text, CONTENT_LIMIT) };
    // A code block shows its text literally; only a fence inside could end it early.
    let block = format!("\n```\n{}\n```", block.replace("```", "'''"));
    let room = CONTENT_LIMIT.saturating_sub(block.chars().count());
    format!("{}{block}", truncate(&text, room.max(1)))
}

/// Only the users the message names may be pinged (never @everyone or roles).
pub fn allowed_mentions(message: &Message) -> CreateAllowedMentions {
    let users = message.mentions.iter().filter_map(|m| m.user.parse::<u64>().ok()).map(UserId::new);
    CreateAllowedMentions::new().users(users)
}

/// Cuts `text` to at most `limit` characters, marking the cut with an ellipsis.
pub fn truncate(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(limit.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// The board picture as an attachment.
pub fn attachment(png: Vec<u8>) -> CreateAttachment {
    CreateAttachment::bytes(png, BOARD_FILE)
}

/// The core's rows of buttons as Discord components.
///
/// Buttons when they fit in five rows of five; otherwise the option rows become select menus
/// (25 options each) and the last row — navigation: Back and paging — stays buttons.
pub fn components(rows: &[Vec<Button>]) -> Vec<CreateActionRow> {
    let rows: Vec<&Vec<Button>> = rows.iter().filter(|r| !r.is_empty()).collect();
    if rows.len() <= MAX_ROWS && rows.iter().all(|r| r.len() <= MAX_BUTTONS) {
        return rows.iter().map(|r| button_row(r)).collect();
    }
    let (options, nav): (Vec<&Vec<Button>>, Vec<&Button>) = match rows.split_last() {
        Some((last, rest)) if last.len() <= MAX_BUTTONS && is_nav(last) => {
            (rest.to_vec(), last.iter().collect())
        }
        _ => (rows.clone(), Vec::new()),
    };
    let picks: Vec<&Button> = options.iter().flat_map(|r| r.iter()).collect();
    let tokens: Vec<(&Button, &str)> = picks
        .iter()
        .filter_map(|b| match &b.kind {
            // Discord answers privately in place (an ephemeral reply): the token does it.
            ButtonKind::Token(t) | ButtonKind::PrivateChat(t) => Some((*b, t.as_str())),
            ButtonKind::Url(_) => None,
        })
        .collect();
    let menu_rows = if nav.is_empty() { MAX_ROWS } else { MAX_ROWS - 1 };
    let mut out: Vec<CreateActionRow> = tokens
        .chunks(MAX_OPTIONS)
        .take(menu_rows)
        .enumerate()
        .map(|(i, chunk)| {
            let options = chunk
                .iter()
                .map(|(b, token)| {
                    CreateSelectMenuOption::new(truncate(&b.text, OPTION_LABEL_LIMIT), *token)
                })
                .collect();
            let menu = CreateSelectMenu::new(
                format!("{SELECT_PREFIX}{i}"),
                CreateSelectMenuKind::String { options },
            )
            .placeholder(chunk_placeholder(chunk));
            CreateActionRow::SelectMenu(menu)
        })
        .collect();
    if !nav.is_empty() {
        let nav: Vec<Button> = nav.into_iter().cloned().collect();
        out.push(button_row(&nav));
    }
    out
}

/// The labels a menu holds, first to last ("A … T"), so several menus can be told apart.
fn chunk_placeholder(chunk: &[(&Button, &str)]) -> String {
    match (chunk.first(), chunk.last()) {
        (Some((first, _)), Some((last, _))) if chunk.len() > 1 => {
            truncate(&format!("{} … {}", first.text, last.text), OPTION_LABEL_LIMIT)
        }
        (Some((only, _)), _) => truncate(&only.text, OPTION_LABEL_LIMIT),
        _ => String::new(),
    }
}

/// The core's navigation row: Back and the paging arrows (their tokens end in `:b` or `:p<n>`).
fn is_nav(row: &[Button]) -> bool {
    row.iter().all(|b| match &b.kind {
        ButtonKind::Token(t) => {
            let op = t.rsplit(':').next().unwrap_or_default();
            op == "b" || (op.starts_with('p') && op[1..].parse::<usize>().is_ok())
        }
        ButtonKind::Url(_) | ButtonKind::PrivateChat(_) => false,
    })
}

fn button_row(row: &[Button]) -> CreateActionRow {
    CreateActionRow::Buttons(row.iter().take(MAX_BUTTONS).map(button).collect())
}

fn button(b: &Button) -> CreateButton {
    let label = truncate(&b.text, LABEL_LIMIT);
    match &b.kind {
        ButtonKind::Token(token) => {
            CreateButton::new(token.clone()).label(label).style(ButtonStyle::Primary)
        }
        ButtonKind::PrivateChat(token) => {
            CreateButton::new(token.clone()).label(label).style(ButtonStyle::Secondary)
        }
        ButtonKind::Url(url) => CreateButton::new_link(url.clone()).label(label),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igroteka::app::Mention;

    fn token(n: usize) -> Button {
        Button { text: format!("option {n}"), kind: ButtonKind::Token(format!("t1:2.0:c{n}")) }
    }

    fn json(rows: &[CreateActionRow]) -> serde_json::Value {
        serde_json::to_value(rows).unwrap()
    }

    #[test]
    fn content_mentions_and_limit() {
        let mut message = Message::text("x".repeat(3000));
        message.mentions = vec![Mention { user: "42".into(), name: "Ann".into() }];
        let text = content(&message);
        assert!(text.starts_with("<@42>\n"));
        assert_eq!(text.chars().count(), CONTENT_LIMIT);
    }

    #[test]
    fn a_fixed_width_block_becomes_a_code_block_shown_as_written() {
        let mut message = Message::text("Score sheet *pad*");
        message.monospace = Some("Turn Who\n   1 *Al* ```  -5".into());
        assert_eq!(
            content(&message),
            "Score sheet \\*pad\\*\n```\nTurn Who\n   1 *Al* '''  -5\n```"
        );
        message.text = "x".repeat(3000);
        let text = content(&message);
        assert_eq!(text.chars().count(), CONTENT_LIMIT);
        assert!(text.ends_with("-5\n```"));
    }

    #[test]
    fn content_escapes_the_text_but_not_its_own_mentions() {
        let mut message = Message::text("# heading, your turn: Roll the die.\nPlayers: @everyone");
        message.mentions = vec![Mention { user: "42".into(), name: "# heading".into() }];
        assert_eq!(
            content(&message),
            "<@42>\n\\# heading, your turn: Roll the die.\nPlayers: @\u{200B}everyone"
        );
        let allowed = serde_json::to_value(allowed_mentions(&message)).unwrap();
        assert_eq!(allowed["parse"], serde_json::json!([]));
        assert_eq!(allowed["users"], serde_json::json!(["42"]));
    }

    #[test]
    fn small_keyboards_stay_buttons() {
        let rows = vec![(0..5).map(token).collect::<Vec<_>>(), vec![token(5)]];
        let v = json(&components(&rows));
        assert_eq!(v.as_array().unwrap().len(), 2);
        assert_eq!(v[0]["components"][4]["custom_id"], "t1:2.0:c4");
        assert_eq!(v[0]["components"][4]["type"], 2);
    }

    #[test]
    fn long_steps_become_select_menus_with_the_navigation_kept() {
        let mut rows: Vec<Vec<Button>> =
            (0..10).map(|r| (0..2).map(|c| token(r * 2 + c)).collect()).collect();
        rows.push(vec![Button { text: "Back".into(), kind: ButtonKind::Token("t1:2.0:b".into()) }]);
        let v = json(&components(&rows));
        let rows = v.as_array().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["components"][0]["type"], 3);
        assert_eq!(rows[0]["components"][0]["options"].as_array().unwrap().len(), 20);
        assert_eq!(rows[0]["components"][0]["options"][19]["value"], "t1:2.0:c19");
        assert_eq!(rows[1]["components"][0]["custom_id"], "t1:2.0:b");
    }
}
