//! Turning game events, labels and outcomes into the words of one language.

use crate::choice::Label;
use crate::event::{Arg, Audience, Event};
use crate::game::{Outcome, Seat};
use crate::i18n::{I18n, Value};
use crate::registry::GameInfo;
use crate::settings;
use crate::table::Table;

/// A seat's display name.
pub fn seat_name(table: &Table, seat: Seat) -> String {
    table.players.get(seat).map(|p| p.name.clone()).unwrap_or_else(|| format!("#{}", seat + 1))
}

/// One event as a line of text.
pub fn event_line(i18n: &I18n, lang: &str, table: &Table, event: &Event) -> String {
    let args: Vec<(&str, Value)> = event
        .args
        .iter()
        .map(|(name, arg)| {
            let value = match arg {
                Arg::Int(n) => Value::Number(*n),
                Arg::Seat(seat) => Value::Text(seat_name(table, *seat)),
                Arg::Text(s) => Value::Text(s.clone()),
                Arg::Msg(id) => Value::Text(i18n.plain(lang, id)),
            };
            (name.as_str(), value)
        })
        .collect();
    i18n.text(lang, &event.id, &args)
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
pub fn label_text(i18n: &I18n, lang: &str, label: &Label) -> String {
    match label {
        Label::Text(s) => s.clone(),
        Label::Msg(id) => i18n.plain(lang, id),
    }
}

/// The translated game name.
pub fn game_name(i18n: &I18n, lang: &str, info: &GameInfo) -> String {
    i18n.plain(lang, &info.name_id())
}

/// "Take-off: even · Centre: exact …" for the lobby.
pub fn settings_line(i18n: &I18n, lang: &str, table: &Table, info: &GameInfo) -> String {
    info.settings
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
