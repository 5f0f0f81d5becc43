//! Turns the core's [`Message`] into what the Bot API accepts: HTML text with escaped
//! characters and `tg://user` mentions, inline keyboards, and texts cut to Telegram's limits.
//!
//! Kept free of I/O so the rules (escaping, where a mention goes, how long a caption may be)
//! are unit-tested without a server.

use igroteka::app::{Button, ButtonKind, Message};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// Telegram's limit for photo captions, in characters of visible text.
pub const CAPTION_LIMIT: usize = 1024;
/// Telegram's limit for a text message.
pub const TEXT_LIMIT: usize = 4096;

/// Escapes the three characters Telegram's HTML parse mode reserves.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

/// A link that notifies `user` (a text mention, which works without a username).
pub fn mention(user: &str, name: &str) -> String {
    format!("<a href=\"tg://user?id={}\">{}</a>", escape(user), escape(name))
}

/// The message's text as HTML: each mentioned player's name is linked where it first appears
/// (so the notification lands on the sentence that names them), or added at the end.
pub fn html(message: &Message, limit: usize) -> String {
    let text = cut(&message.text, limit);
    let mut pieces: Vec<(usize, usize, String)> = Vec::new();
    let mut missing = Vec::new();
    for m in &message.mentions {
        let found = (!m.name.is_empty())
            .then(|| text.find(&m.name))
            .flatten()
            .filter(|&at| pieces.iter().all(|&(s, e, _)| at + m.name.len() <= s || at >= e));
        match found {
            Some(at) => pieces.push((at, at + m.name.len(), mention(&m.user, &m.name))),
            None => missing.push(mention(&m.user, &m.name)),
        }
    }
    pieces.sort_by_key(|p| p.0);
    let mut out = String::with_capacity(text.len() + 64);
    let mut pos = 0;
    for (start, end, link) in pieces {
        out.push_str(&escape(&text[pos..start]));
        out.push_str(&link);
        pos = end;
    }
    out.push_str(&escape(&text[pos..]));
    if let Some(block) = &message.monospace {
        out.push_str(&format!("\n<pre>{}</pre>", escape(block)));
    }
    if !missing.is_empty() {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&missing.join(", "));
    }
    out
}

/// Whether the visible text (with the names of mentions that do not appear in it) fits in
/// `limit` characters.
pub fn fits(message: &Message, limit: usize) -> bool {
    let extra: usize = message
        .mentions
        .iter()
        .filter(|m| !message.text.contains(&m.name))
        .map(|m| m.name.chars().count() + 2)
        .sum();
    let block = message.monospace.as_ref().map_or(0, |b| b.chars().count() + 1);
    message.text.chars().count() + block + extra <= limit
}

/// The caption for a board photo: the HTML text, cut so the visible text stays within
/// [`CAPTION_LIMIT`] (an edit cannot split a long text into two messages).
pub fn caption(message: &Message) -> String {
    let extra: usize = message.mentions.iter().map(|m| m.name.chars().count() + 2).sum();
    html(message, CAPTION_LIMIT.saturating_sub(extra).max(1))
}

/// `text` cut to `limit` characters, with an ellipsis when something was cut.
pub fn cut(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let mut out: String = text.chars().take(limit.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Splits a long text into pieces of at most `limit` characters, at line breaks when it can.
pub fn split(text: &str, limit: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        if current.chars().count() + line.chars().count() > limit && !current.is_empty() {
            pieces.push(std::mem::take(&mut current));
        }
        if line.chars().count() > limit {
            let chars: Vec<char> = line.chars().collect();
            for chunk in chars.chunks(limit) {
                pieces.push(chunk.iter().collect());
            }
        } else {
            current.push_str(line);
        }
    }
    if !current.is_empty() || pieces.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// The inline keyboard for the message's buttons (`None` when it has none). A URL button whose
/// URL does not parse is dropped rather than failing the whole message. A private-chat button
/// is a deep link into the bot's private chat (`bot` is its username): pressing Start there
/// sends `/start go`, which brings the player's pending private messages.
pub fn keyboard(rows: &[Vec<Button>], bot: &str) -> Option<InlineKeyboardMarkup> {
    let rows: Vec<Vec<InlineKeyboardButton>> = rows
        .iter()
        .map(|row| row.iter().filter_map(|b| button(b, bot)).collect::<Vec<_>>())
        .filter(|row| !row.is_empty())
        .collect();
    (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows))
}

fn button(b: &Button, bot: &str) -> Option<InlineKeyboardButton> {
    let url = match &b.kind {
        ButtonKind::Token(token) => return Some(InlineKeyboardButton::callback(&b.text, token)),
        ButtonKind::Url(url) => url.clone(),
        ButtonKind::PrivateChat(_) => deep_link(bot),
    };
    url.parse().ok().map(|url| InlineKeyboardButton::url(&b.text, url))
}

/// The link that opens the bot's private chat; its Start sends `/start go`.
pub fn deep_link(bot: &str) -> String {
    format!("https://t.me/{bot}?start=go")
}

#[cfg(test)]
mod tests {
    use super::*;
    use igroteka::app::Mention;

    fn message(text: &str, mentions: &[(&str, &str)]) -> Message {
        let mut m = Message::text(text);
        m.mentions = mentions
            .iter()
            .map(|(u, n)| Mention { user: u.to_string(), name: n.to_string() })
            .collect();
        m
    }

    #[test]
    fn names_become_links_and_the_rest_is_escaped() {
        let m = message("<Bob> & Alice: your turn", &[("7", "Alice")]);
        assert_eq!(
            html(&m, TEXT_LIMIT),
            "&lt;Bob&gt; &amp; <a href=\"tg://user?id=7\">Alice</a>: your turn"
        );
    }

    #[test]
    fn a_fixed_width_block_follows_the_text_in_pre() {
        let mut m = message("Score sheet", &[]);
        m.monospace = Some("Turn Who\n   1 <Al>  -5".into());
        assert_eq!(html(&m, TEXT_LIMIT), "Score sheet\n<pre>Turn Who\n   1 &lt;Al&gt;  -5</pre>");
        assert!(fits(&m, 34) && !fits(&m, 33));
    }

    #[test]
    fn a_name_missing_from_the_text_is_appended() {
        let m = message("Your turn", &[("7", "A<b>")]);
        assert_eq!(html(&m, TEXT_LIMIT), "Your turn\n<a href=\"tg://user?id=7\">A&lt;b&gt;</a>");
    }

    #[test]
    fn long_texts_are_cut_and_split() {
        let long = "x".repeat(2000);
        assert!(!fits(&Message::text(long.clone()), CAPTION_LIMIT));
        assert_eq!(cut(&long, 10).chars().count(), 10);
        let pieces = split(&format!("{long}\n{long}\n{long}"), TEXT_LIMIT);
        assert_eq!(pieces.len(), 2);
        assert!(pieces.iter().all(|p| p.chars().count() <= TEXT_LIMIT));
    }

    #[test]
    fn keyboards_keep_rows_and_drop_bad_urls() {
        let rows = vec![
            vec![
                Button { text: "A".into(), kind: ButtonKind::Token("t1".into()) },
                Button { text: "bad".into(), kind: ButtonKind::Url("not a url".into()) },
            ],
            vec![Button {
                text: "Open".into(),
                kind: ButtonKind::Url("https://t.me/b?start=t1".into()),
            }],
            vec![Button { text: "Private".into(), kind: ButtonKind::PrivateChat("t1:0:m".into()) }],
        ];
        let kb = keyboard(&rows, "igro_bot").unwrap();
        assert_eq!(kb.inline_keyboard.len(), 3);
        assert_eq!(kb.inline_keyboard[0].len(), 1);
        let link = serde_json::to_value(&kb.inline_keyboard[2][0]).unwrap();
        assert_eq!(link["url"], "https://t.me/igro_bot?start=go", "{link}");
        assert!(keyboard(&[], "igro_bot").is_none());
    }
}
