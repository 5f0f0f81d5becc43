//! Discord markdown escaping: the one place the adapter makes text show exactly as written.
//!
//! The core's message texts contain what users typed — display names, and words echoed from a
//! command (`/play xyz` answers "I don't know a game called “xyz”"). Discord renders message
//! content as markdown, so a player named `**bold**`, `[x](https://evil.example)` or
//! `@everyone` would otherwise become bold text, a masked link or a ping. The core's own words
//! use no markdown, so the whole text is escaped — as the Telegram adapter HTML-escapes the
//! whole text — and only the mentions the adapter adds itself (`<@id>`) stay live.
//!
//! Escaping follows Discord's markdown (<https://support.discord.com/hc/en-us/articles/210298617>):
//! a backslash before any ASCII punctuation character shows that character literally, so the
//! rendered text equals the input. Escaped are
//!
//! - everywhere: `\` (the escape itself), `*` and `_` (bold, italics, underline), `~`
//!   (strikethrough), `` ` `` (code), `|` (spoilers), `[` and `]` (masked links), `<` (user,
//!   role and channel mentions, custom emoji, timestamps, `<https://…>`), and the `:` of
//!   `://` (autolinks);
//! - at the start of a line (after spaces): `#` (headings), `-` (lists, `-#` subtext), `+`,
//!   `>` (block quotes), and the `.` or `)` after a number (ordered lists);
//!   The one autolink kept live is a link to a Discord message
//!   (`https://discord.com/channels/<guild or @me>/<channel>/<message>`, ids only): the core's
//!   reminders link to the game's board that way, and such a link cannot lead off Discord.
//! - `@everyone` and `@here` get a zero-width space after the `@`, which no client or server
//!   reads as a mention (the adapter also sends `allowed_mentions` naming only the players it
//!   means to ping).
//!
//! Other characters (`(`, `)`, `#` or `-` inside a line, …) mean nothing without the ones
//! above, so they are left alone and the raw text stays readable (push notifications show it).

/// The zero-width space that breaks `@everyone` and `@here`.
const ZWSP: char = '\u{200B}';

/// `text` escaped so that Discord shows it literally.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        escape_line(line, &mut out);
    }
    out
}

fn escape_line(line: &str, out: &mut String) {
    let body = line.trim_start_matches([' ', '\t']);
    out.push_str(&line[..line.len() - body.len()]);
    let mut rest = body;
    // Block-level markers only count at the start of a line (`##`, `>>>` and `-#` included).
    let markers = rest.len() - rest.trim_start_matches(['#', '-', '+', '>']).len();
    if markers > 0 {
        for c in rest[..markers].chars() {
            out.push('\\');
            out.push(c);
        }
        rest = &rest[markers..];
    } else {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && rest[digits..].starts_with(['.', ')']) {
            out.push_str(&rest[..digits]);
            out.push('\\');
            rest = &rest[digits..];
        }
    }
    escape_inline(rest, out);
}

fn escape_inline(text: &str, out: &mut String) {
    for (at, c) in text.char_indices() {
        match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '[' | ']' | '<' => {
                out.push('\\');
                out.push(c);
            }
            ':' if text[at..].starts_with("://") && !is_message_link(text, at) => {
                out.push_str("\\:")
            }
            '@' => {
                out.push('@');
                let after = &text[at + 1..];
                if after.starts_with("everyone") || after.starts_with("here") {
                    out.push(ZWSP);
                }
            }
            _ => out.push(c),
        }
    }
}

/// Whether the `://` at `at` belongs to a link to a Discord message, ids only, ending the
/// text or followed by white space.
fn is_message_link(text: &str, at: usize) -> bool {
    let Some(path) = text[at..].strip_prefix("://discord.com/channels/") else { return false };
    if !text[..at].ends_with("https") {
        return false;
    }
    let end = path.find(char::is_whitespace).unwrap_or(path.len());
    let parts: Vec<&str> = path[..end].split('/').collect();
    let id = |s: &str| !s.is_empty() && s.len() <= 20 && s.bytes().all(|b| b.is_ascii_digit());
    matches!(parts.as_slice(), [guild, channel, message]
        if (id(guild) || *guild == "@me") && id(channel) && id(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Discord shows for escaped text: a backslash before ASCII punctuation vanishes, and
    /// the zero-width space is invisible.
    fn shown(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, chars.peek()) {
                ('\\', Some(next)) if next.is_ascii_punctuation() => {
                    out.push(*next);
                    chars.next();
                }
                (ZWSP, _) => {}
                _ => out.push(c),
            }
        }
        out
    }

    const HOSTILE: &[&str] = &[
        "**bold**",
        "[x](https://evil.example)",
        "@everyone",
        "@here",
        "`code`",
        "```\nblock\n```",
        "||spoiler||",
        "# heading",
        "-# small",
        "> quote",
        ">>> quote",
        "- item",
        "* item",
        "1. first",
        "__under__ ~~gone~~ _it_",
        "<@101> <@&5> <#7> <t:0:R> <:e:1>",
        "https://evil.example",
        "back\\slash\\",
    ];

    #[test]
    fn links_to_discord_messages_stay_live_and_nothing_else_does() {
        let link = "https://discord.com/channels/1/22/333";
        assert_eq!(escape(&format!("see {link}\nnext")), format!("see {link}\nnext"));
        let dm = "https://discord.com/channels/@me/22/333";
        assert_eq!(escape(dm), dm);
        for other in [
            "https://discord.com/channels/1/22/333x",
            "https://discord.com/channels/1/22",
            "https://discord.com/channels/1/22/333/4",
            "http://discord.com/channels/1/22/333",
            "https://discord.com.evil/channels/1/22/333",
            "https://discord.com/channels/1/22/3)[x](https://evil.example",
        ] {
            assert!(escape(other).contains("\\://"), "{other}: {}", escape(other));
        }
    }

    #[test]
    fn hostile_names_are_escaped() {
        let cases = [
            ("**bold**", r"\*\*bold\*\*"),
            ("[x](https://evil.example)", r"\[x\](https\://evil.example)"),
            ("@everyone and @here", "@\u{200B}everyone and @\u{200B}here"),
            ("`code`", r"\`code\`"),
            ("||spoiler||", r"\|\|spoiler\|\|"),
            ("# heading", r"\# heading"),
            ("Ann\n## b\n  - c\n>>> d\n12. e", "Ann\n\\#\\# b\n  \\- c\n\\>\\>\\> d\n12\\. e"),
            ("<@101>", r"\<@101>"),
            ("a\\b", r"a\\b"),
            ("~~x~~ __y__", r"\~\~x\~\~ \_\_y\_\_"),
        ];
        for (raw, escaped) in cases {
            assert_eq!(escape(raw), escaped, "{raw}");
        }
    }

    #[test]
    fn escaped_text_shows_exactly_the_original() {
        for raw in HOSTILE {
            let text = format!("{raw}, your turn: Roll the die.\nPlayers (2, 2–4): Ann, {raw}");
            assert_eq!(shown(&escape(&text)), text);
        }
    }

    #[test]
    fn markers_inside_a_line_and_plain_words_stay_as_they_are() {
        for plain in [
            "Ann, your turn: Roll the die.",
            "Players (3, 2–4): Ann, Boris, Chen",
            "New game: Tank Battle (Битка на танкове) — 2-4 #1 10.5",
            "Take-off roll: even roll · Reaching the centre: exact roll",
            "ann@example.org 🎲",
        ] {
            assert_eq!(escape(plain), plain);
        }
    }
}
