//! What a chat keeps of its finished games, on request: `/top [game]` (the players by rating,
//! with games and wins), `/stats [player]` (a player's record per game) and `/history` (the
//! last games and how they ended). All three read the chat's records ([`crate::history`]) and
//! compute what they show ([`crate::ratings`]); none of them changes anything but the chat's
//! choice to hide computer players from `/top` (`/top computers off|on`, a chat admin's).
//!
//! The chat is the whole chat: a forum's topics and a channel's threads share one table.

use super::text::game_name;
use super::token::{Op, Token};
use super::{App, Button, ButtonKind, Ctx, Effect, Message, reply_dest};
use crate::history::{self, Finished};
use crate::i18n::{I18n, Value};
use crate::ratings::{self, Standing};
use crate::registry::{self, GAMES, GameInfo};
use crate::store::Store;

use super::Effects;

/// Lines of a game's table when `/top` names the game; when it shows every game played.
const TOP_ONE: usize = 10;
const TOP_EACH: usize = 5;
/// Games `/history` lists.
pub(super) const HISTORY: usize = 10;
/// `/history`'s Replay buttons, one per game listed, five to a row.
const HISTORY_BUTTONS_PER_ROW: usize = 5;

impl<S: Store> App<S> {
    /// `/top [game]`, or `/top computers on|off`.
    pub(super) fn top(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        if args.first().is_some_and(|a| a.eq_ignore_ascii_case("computers")) {
            return self.top_computers(ctx, args.get(1).map(String::as_str));
        }
        let wanted = if args.is_empty() {
            None
        } else {
            let game = args.join(" ");
            match registry::lookup(&game) {
                Some(info) => Some(info),
                None => return Ok(self.reply(ctx, "play-unknown", &[("game", game.into())])),
            }
        };
        let games = self.chat_history(ctx)?;
        let hide = self.computers_hidden(ctx)?;
        let played: Vec<&GameInfo> = match wanted {
            Some(info) => vec![info],
            None => {
                GAMES.iter().copied().filter(|i| games.iter().any(|g| g.game == i.id)).collect()
            }
        };
        if games.is_empty() || played.is_empty() {
            return Ok(self.reply(ctx, "top-empty", &[]));
        }
        let lang = ctx.lang;
        let limit = if played.len() == 1 { TOP_ONE } else { TOP_EACH };
        let mut blocks = Vec::new();
        for info in played {
            let name = game_name(&self.i18n, lang, info);
            let mut table = ratings::standings(&games, info.id);
            if hide {
                table.retain(|s| s.computer.is_none());
            }
            let mut lines =
                vec![self.i18n.text(lang, "top-title", &[("game", name.clone().into())])];
            if table.is_empty() {
                lines.push(self.i18n.text(lang, "top-empty-game", &[("game", name.into())]));
            }
            for (place, line) in table.iter().take(limit).enumerate() {
                lines.push(self.top_line(lang, place + 1, line));
            }
            blocks.push(lines.join("\n"));
        }
        blocks.push(self.i18n.plain(lang, "top-hint"));
        Ok(self.send(ctx, blocks.join("\n\n")))
    }

    fn top_line(&self, lang: &str, place: usize, line: &Standing) -> String {
        let player = shown_name(&self.i18n, lang, line);
        self.i18n.text(
            lang,
            "top-line",
            &[
                ("place", place.into()),
                ("player", player.into()),
                ("points", line.points().into()),
                ("games", (line.games as usize).into()),
                ("wins", (line.wins as usize).into()),
            ],
        )
    }

    /// `/top computers on|off`: whether computer players are listed in the chat's `/top`.
    fn top_computers(&mut self, ctx: &Ctx, value: Option<&str>) -> Effects {
        let hide = match value.map(str::to_lowercase).as_deref() {
            Some("off") => true,
            Some("on") => false,
            _ => return Ok(self.reply(ctx, "top-computers-usage", &[])),
        };
        if !ctx.input.chat.private && !ctx.input.user.admin {
            return Ok(self.reply(ctx, "top-computers-admins", &[]));
        }
        self.store.set_pref(&hidden_key(ctx), if hide { "hidden" } else { "shown" })?;
        let id = if hide { "top-computers-hidden" } else { "top-computers-shown" };
        Ok(self.reply(ctx, id, &[]))
    }

    fn computers_hidden(&self, ctx: &Ctx) -> Result<bool, crate::store::StoreError> {
        Ok(self.store.pref(&hidden_key(ctx))?.as_deref() == Some("hidden"))
    }

    /// `/stats [player]`: the caller's record, or a player's named by mention or by name.
    pub(super) fn player_stats(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let games = self.chat_history(ctx)?;
        let asked = args.join(" ");
        let (who, name) = match mentioned(&asked) {
            _ if asked.is_empty() => (ctx.input.user_id().key(), ctx.input.user.name.clone()),
            Some(id) => {
                let who = crate::table::UserId { platform: ctx.input.platform, id }.key();
                match last_name(&games, &who) {
                    Some(name) => (who, name),
                    // Someone the chat's games never saw: no name to give (the mention itself
                    // would notify them on Discord).
                    None => return Ok(self.reply(ctx, "stats-none-mentioned", &[])),
                }
            }
            None => match by_name(&games, &asked) {
                Found::One(who, name) => (who, name),
                Found::None => {
                    return Ok(self.reply(ctx, "stats-unknown", &[("name", asked.into())]));
                }
                Found::Several(names) => {
                    let args = [("name", asked.into()), ("names", names.join(", ").into())];
                    return Ok(self.reply(ctx, "stats-ambiguous", &args));
                }
            },
        };
        let records = ratings::records(&games, &who);
        let lang = ctx.lang;
        if records.is_empty() {
            return Ok(self.reply(ctx, "stats-none", &[("player", name.into())]));
        }
        let mut lines = vec![self.i18n.text(lang, "stats-title", &[("player", name.into())])];
        for record in &records {
            let Some(info) = registry::lookup(&record.game) else { continue };
            let points = ratings::standings(&games, &record.game)
                .into_iter()
                .find(|s| s.who == who)
                .map_or_else(|| "—".to_string(), |s| s.points().to_string());
            let args: [(&str, Value); 6] = [
                ("game", game_name(&self.i18n, lang, info).into()),
                ("games", (record.games as usize).into()),
                ("wins", (record.wins as usize).into()),
                ("place", format!("{:.1}", record.average_place()).into()),
                ("streak", (record.best_streak as usize).into()),
                ("points", points.into()),
            ];
            lines.push(self.i18n.text(lang, "stats-line", &args));
        }
        Ok(self.send(ctx, lines.join("\n")))
    }

    /// `/history`: the chat's last finished games, newest first.
    pub(super) fn history(&mut self, ctx: &Ctx) -> Effects {
        let games = self.chat_history(ctx)?;
        if games.is_empty() {
            return Ok(self.reply(ctx, "top-empty", &[]));
        }
        let lang = ctx.lang;
        let mut lines = vec![self.i18n.plain(lang, "history-title")];
        let mut buttons = Vec::new();
        for (n, game) in (1..).zip(games.iter().rev().take(HISTORY)) {
            let name = registry::lookup(&game.game)
                .map_or_else(|| game.game.clone(), |info| game_name(&self.i18n, lang, info));
            let args: [(&str, Value); 3] = [
                ("date", date(game.ended_at).into()),
                ("game", name.into()),
                ("result", result(&self.i18n, lang, game).into()),
            ];
            lines.push(format!("{n}. {}", self.i18n.text(lang, "history-line", &args)));
            let token = Token::new(game.table, 0, Op::Replay).encode();
            buttons.push(Button { text: format!("▶ {n}"), kind: ButtonKind::Token(token) });
        }
        let mut message = Message::text(lines.join("\n"));
        message.buttons = buttons.chunks(HISTORY_BUTTONS_PER_ROW).map(<[Button]>::to_vec).collect();
        Ok(vec![Effect::Send { to: reply_dest(ctx.input), message }])
    }

    fn chat_history(&self, ctx: &Ctx) -> Result<Vec<Finished>, crate::store::StoreError> {
        history::of_chat(&self.store, ctx.input.platform, &ctx.input.chat.id)
    }

    fn send(&self, ctx: &Ctx, text: String) -> Vec<Effect> {
        vec![Effect::Send { to: reply_dest(ctx.input), message: Message::text(text) }]
    }
}

/// Where a chat's choice to hide computer players from `/top` is kept.
fn hidden_key(ctx: &Ctx) -> String {
    format!("top.computers:{}:{}", ctx.input.platform.tag(), ctx.input.chat.id)
}

/// A player's name in the tables: a computer level as "🤖 Computer (strong)".
fn shown_name(i18n: &I18n, lang: &str, line: &Standing) -> String {
    line.computer.map_or_else(|| line.name.clone(), |level| computer_name(i18n, lang, level))
}

/// A computer player as the tables and the history name it: by its level alone (one player
/// per level in the ratings).
fn computer_name(i18n: &I18n, lang: &str, level: crate::ai::Level) -> String {
    let level = i18n.plain(lang, &format!("level-{}", level.name()));
    i18n.text(lang, "top-computer", &[("level", level.into())])
}

/// The user id a mention stands for: Discord's `<@id>` or `<@!id>` (what its user option
/// gives), or Telegram's reply marker the adapter writes the same way (ids are digits there;
/// the console's are names).
fn mentioned(word: &str) -> Option<String> {
    let id = word.trim().strip_prefix("<@")?.strip_suffix('>')?;
    let id = id.strip_prefix('!').unwrap_or(id);
    let plain = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    (!id.is_empty() && id.chars().all(plain)).then(|| id.to_string())
}

fn last_name(games: &[Finished], who: &str) -> Option<String> {
    games.iter().rev().flat_map(|g| &g.seats).find(|s| s.who == who).map(|s| s.name.clone())
}

enum Found {
    None,
    One(String, String),
    Several(Vec<String>),
}

/// The person of the chat's games called `asked` (an `@` before it, case and spaces aside):
/// first by the whole name, else by the start of one.
fn by_name(games: &[Finished], asked: &str) -> Found {
    let norm = |s: &str| s.trim_start_matches('@').replace(' ', "").to_lowercase();
    let wanted = norm(asked);
    let mut people: Vec<(String, String)> = Vec::new();
    for seat in games.iter().rev().flat_map(|g| &g.seats).filter(|s| s.computer.is_none()) {
        if !people.iter().any(|(who, _)| *who == seat.who) {
            people.push((seat.who.clone(), seat.name.clone()));
        }
    }
    let exact: Vec<&(String, String)> = people.iter().filter(|(_, n)| norm(n) == wanted).collect();
    let found = if exact.is_empty() {
        people.iter().filter(|(_, n)| !wanted.is_empty() && norm(n).starts_with(&wanted)).collect()
    } else {
        exact
    };
    match found.as_slice() {
        [] => Found::None,
        [(who, name)] => Found::One(who.clone(), name.clone()),
        several => Found::Several(several.iter().map(|(_, n)| n.clone()).collect()),
    }
}

/// How a game ended, in places: "1. Ann · 2. Bob", teammates and ties together ("1. Ann, Cid").
pub(super) fn result(i18n: &I18n, lang: &str, game: &Finished) -> String {
    if game.places.iter().all(|p| *p == 1) && game.places.len() > 1 {
        let names: Vec<String> =
            (0..game.seats.len()).map(|s| seat_label(i18n, lang, game, s)).collect();
        return i18n.text(lang, "history-draw", &[("players", names.join(", ").into())]);
    }
    let mut places: Vec<u8> = game.places.clone();
    places.sort_unstable();
    places.dedup();
    places
        .iter()
        .map(|place| {
            let names: Vec<String> = (0..game.seats.len())
                .filter(|s| game.places[*s] == *place)
                .map(|s| seat_label(i18n, lang, game, s))
                .collect();
            format!("{place}. {}", names.join(", "))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn seat_label(i18n: &I18n, lang: &str, game: &Finished, seat: usize) -> String {
    let seated = &game.seats[seat];
    seated.computer.map_or_else(|| seated.name.clone(), |level| computer_name(i18n, lang, level))
}

/// A time (milliseconds since the Unix epoch) as its UTC date, `2026-12-07`.
fn date(ms: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let days = (ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400_000), "2000-02-29");
        assert_eq!(date(1_796_601_599_999), "2026-12-06");
        assert_eq!(date(1_796_601_600_000), "2026-12-07");
    }

    #[test]
    fn a_mention_is_an_id_in_angle_brackets() {
        assert_eq!(mentioned("<@123>").as_deref(), Some("123"));
        assert_eq!(mentioned("<@!45>").as_deref(), Some("45"));
        assert_eq!(mentioned("@ann"), None);
        assert_eq!(mentioned("<@ann>").as_deref(), Some("ann"));
        assert_eq!(mentioned("<@a b>"), None);
        assert_eq!(mentioned("<@>"), None);
    }
}
