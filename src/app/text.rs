//! Turning game events, labels and outcomes into the words of one language.

use crate::choice::Label;
use crate::event::{Arg, Audience, Event};
use crate::game::{Outcome, Seat};
use crate::i18n::{I18n, Value};
use crate::registry::{GameInfo, SeatCounts};
use crate::settings;
use crate::sheet::Sheet;
use crate::table::Table;

/// A seat's display name.
pub fn seat_name(table: &Table, seat: Seat) -> String {
    table.players.get(seat).map(|p| p.name.clone()).unwrap_or_else(|| format!("#{}", seat + 1))
}

/// Message `id` with a game's arguments: seats become names, message ids their text.
pub fn message_text(
    i18n: &I18n,
    lang: &str,
    table: &Table,
    id: &str,
    args: &[(String, Arg)],
) -> String {
    let args: Vec<(&str, Value)> =
        args.iter().map(|(name, arg)| (name.as_str(), arg_value(i18n, lang, table, arg))).collect();
    i18n.text(lang, id, &args)
}

/// One argument of a game's message as a Fluent value.
pub fn arg_value(i18n: &I18n, lang: &str, table: &Table, arg: &Arg) -> Value {
    match arg {
        Arg::Int(n) => Value::Number(*n),
        Arg::Seat(seat) => Value::Text(seat_name(table, *seat)),
        Arg::Text(s) => Value::Text(s.clone()),
        Arg::Msg(id) => Value::Text(i18n.plain(lang, id)),
    }
}

/// One event as a line of text.
pub fn event_line(i18n: &I18n, lang: &str, table: &Table, event: &Event) -> String {
    message_text(i18n, lang, table, &event.id, &event.args)
}

/// The lines of the events `audience` may read.
pub fn event_lines(
    i18n: &I18n,
    lang: &str,
    table: &Table,
    events: &[Event],
    audience: Audience,
) -> Vec<String> {
    events
        .iter()
        .filter(|e| e.audience == Audience::Everyone || e.audience == audience)
        .map(|e| event_line(i18n, lang, table, e))
        .collect()
}

/// A button's text for a label.
pub fn label_text(i18n: &I18n, lang: &str, table: &Table, label: &Label) -> String {
    match label {
        Label::Text(s) => s.clone(),
        Label::Msg(id) => i18n.plain(lang, id),
        Label::Described { id, args, .. } => message_text(i18n, lang, table, id, args),
    }
}

/// The translated game name.
pub fn game_name(i18n: &I18n, lang: &str, info: &GameInfo) -> String {
    i18n.plain(lang, &info.name_id())
}

/// How many players a game takes, in words: "2", "2–4", "2 or 4".
pub fn seat_counts(i18n: &I18n, lang: &str, seats: &SeatCounts) -> String {
    if seats.is_range() {
        return seats.to_string();
    }
    let Some((last, some)) = seats.0.split_last() else { return seats.to_string() };
    let some: Vec<String> = some.iter().map(usize::to_string).collect();
    i18n.text(
        lang,
        "seats-either",
        &[("some", some.join(", ").into()), ("last", last.to_string().into())],
    )
}

/// "Take-off: even · Centre: exact …" for the lobby.
pub fn settings_line(i18n: &I18n, lang: &str, table: &Table, info: &GameInfo) -> String {
    info.table_settings()
        .iter()
        .map(|spec| setting_text(i18n, lang, spec, settings::get(&table.settings, spec)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// "Take-off: even".
pub fn setting_text(i18n: &I18n, lang: &str, spec: &settings::SettingSpec, value: &str) -> String {
    let name = i18n.plain(lang, &format!("setting-{}", spec.key));
    let value = i18n.plain(lang, &format!("setting-{}-{}", spec.key, value));
    format!("{name}: {value}")
}

/// The most entries a sheet shows: the latest ones, so the table stays one chat message.
pub const SHEET_ROWS: usize = 60;

/// A score sheet as fixed-width text: headings, a rule, the latest [`SHEET_ROWS`] entries (with
/// a note of how many earlier ones are left out), a rule and the totals. Numbers are aligned to
/// the right, words to the left; players' names are cut to 12 characters.
pub fn sheet_text(i18n: &I18n, lang: &str, table: &Table, sheet: &Sheet) -> String {
    let cell = |arg: &Arg| match arg {
        Arg::Seat(seat) => seat_name(table, *seat).chars().take(12).collect(),
        Arg::Int(n) => n.to_string(),
        Arg::Text(s) => s.clone(),
        Arg::Msg(id) => i18n.plain(lang, id),
    };
    let skipped = sheet.rows.len().saturating_sub(SHEET_ROWS);
    let heading: Vec<(String, bool)> =
        sheet.columns.iter().map(|id| (i18n.plain(lang, id), false)).collect();
    let lines = |rows: &[Vec<Arg>]| -> Vec<Vec<(String, bool)>> {
        rows.iter()
            .map(|row| row.iter().map(|a| (cell(a), matches!(a, Arg::Int(_)))).collect())
            .collect()
    };
    let body = lines(&sheet.rows[skipped..]);
    let totals = lines(&sheet.totals);
    let mut widths = vec![0; sheet.columns.len()];
    for row in std::iter::once(&heading).chain(&body).chain(&totals) {
        for (i, (text, _)) in row.iter().enumerate().take(widths.len()) {
            widths[i] = widths[i].max(columns(text));
        }
    }
    let layout = |row: &[(String, bool)]| -> String {
        let cells = row.iter().zip(&widths).map(|((text, number), width)| {
            let pad = " ".repeat(width - columns(text));
            if *number { format!("{pad}{text}") } else { format!("{text}{pad}") }
        });
        cells.collect::<Vec<_>>().join(" ").trim_end().to_string()
    };
    let rule = "-".repeat(widths.iter().sum::<usize>() + widths.len().saturating_sub(1));
    let mut out = vec![layout(&heading), rule.clone()];
    if skipped > 0 {
        out.push(i18n.text(lang, "score-earlier", &[("count", skipped.into())]));
    }
    if body.is_empty() {
        out.push(i18n.plain(lang, "score-empty"));
    }
    out.extend(body.iter().map(|row| layout(row)));
    if !totals.is_empty() {
        out.push(rule);
        out.extend(totals.iter().map(|row| layout(row)));
    }
    out.join("\n")
}

/// How many monospace columns `text` takes: CJK ideographs and full-width forms take two.
fn columns(text: &str) -> usize {
    let wide = |c: char| matches!(c as u32, 0x2E80..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFF60);
    text.chars().map(|c| if wide(c) { 2 } else { 1 }).sum()
}

/// The final standings, best first, with scores where the game keeps them.
pub fn results(i18n: &I18n, lang: &str, table: &Table, outcome: &Outcome) -> String {
    let mut seats: Vec<Seat> = (0..outcome.places.len()).collect();
    seats.sort_by_key(|s| (outcome.places[*s], *s));
    let mut lines = vec![i18n.plain(lang, "results-title")];
    for seat in seats {
        let place = i64::from(outcome.places[seat]);
        let name = seat_name(table, seat);
        let line = match &outcome.scores {
            Some(scores) => i18n.text(
                lang,
                "results-line-score",
                &[("place", place.into()), ("player", name.into()), ("score", scores[seat].into())],
            ),
            None => {
                i18n.text(lang, "results-line", &[("place", place.into()), ("player", name.into())])
            }
        };
        lines.push(line);
    }
    lines.join("\n")
}
