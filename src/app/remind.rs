//! Reminders to the player to move, the way a player with several slow games wants them:
//!
//! - privately where the bot can reach them, else by a fresh mention in the group;
//! - one **digest** for all their games that wait for them ("your move in 3 games: …", each
//!   with a link to its board) instead of a message per game; a reminder of a game the last
//!   digest listed a short while ago ([`DIGEST_GAP`]) is not sent again;
//! - never in their **quiet hours** (22:00–08:00 where they live, once they told the bot with
//!   `/tz`): the reminder waits for their morning, or is left out when the deadline comes
//!   first. Each player's own: where several are to move at once (a secret set-up, a side of
//!   two commanders) the others are reminded on time, so a held reminder is kept per seat.
//!
//! A reminder says whose move it is, in which game, how long is left and where the board is:
//! never anything of the game's secrets.

use super::link::message_link;
use super::text::game_name;
use super::{App, Ctx, Dest, Effect, Effects, Message};
use crate::clock::{self, Due, Rules};
use crate::game::{Seat, ToMove};
use crate::outbox::Slot;
use crate::store::{Store, StoreError};
use crate::table::{Platform, Player, Status, Table};

/// Reminders to one player that fall due within this time of a digest that listed their game
/// are covered by it (at most a sixth of the game's turn, so the reminder near the end of a
/// short turn still comes).
pub const DIGEST_GAP: u64 = 3 * 3_600_000;

impl<S: Store> App<S> {
    /// The reminders `due` for `seats` of a table (those still to move): each player is
    /// reminded now, or — in their quiet hours — their reminder is held for their morning
    /// (`clock.held`), or left out when the deadline comes first. Each seat on its own: one
    /// player's night never holds back another's reminder.
    pub(super) fn reminders(
        &mut self,
        table: &mut Table,
        seats: &[Seat],
        due: Due,
        rules: &Rules,
        now: u64,
    ) -> Result<Vec<Effect>, StoreError> {
        for seat in seats {
            table.clock.held.remove(seat);
        }
        let ToMove::Seats(to_move) = table.to_move() else { return Ok(Vec::new()) };
        let platform = table.chat.platform;
        let deadline = table.clock.deadline(rules).unwrap_or(u64::MAX);
        let mut awake = Vec::new();
        for &seat in seats.iter().filter(|seat| to_move.contains(seat)) {
            let Some(player) = table.players.get(seat) else { continue };
            match self.quiet_until(platform, &player.user.id, now) {
                Some(morning) if morning < deadline => {
                    table.clock.held.insert(seat, morning);
                }
                // Their morning comes after the deadline: no reminder for this turn.
                Some(_) => {}
                None => awake.push(player.clone()),
            }
        }
        let mut effects = Vec::new();
        let mut unreachable = false;
        for player in awake {
            if self.store.is_unreachable(platform, &player.user.id)? {
                unreachable = true;
                continue;
            }
            effects.extend(self.reminder_to(table, &player, due, rules, now)?);
        }
        if unreachable {
            let lang = self.table_lang(table);
            effects.push(self.ping(lang, table));
        }
        Ok(effects)
    }

    /// The private reminder (or digest) for `player`, unless a recent digest covered it.
    fn reminder_to(
        &mut self,
        table: &mut Table,
        player: &Player,
        due: Due,
        rules: &Rules,
        now: u64,
    ) -> Result<Option<Effect>, StoreError> {
        let platform = table.chat.platform;
        let key = digest_key(platform, &player.user.id);
        let gap = DIGEST_GAP.min(rules.turn.unwrap_or(0) / 6);
        if let Some((at, listed)) = self.store.pref(&key)?.as_deref().and_then(parse_digest)
            && now < at.saturating_add(gap)
            && listed.contains(&table.id)
        {
            return Ok(None);
        }
        let lang = self.user_lang(platform, &player.user.id, Some(player.lang.as_str()));
        let mut lines = vec![self.waiting_line(lang, table, "mygames-yours", now)];
        let mut listed = vec![table.id];
        for id in self.store.user_tables(&player.user)? {
            if id == table.id {
                continue;
            }
            let Ok(Some(mut other)) = self.store.load(id) else { continue };
            let seat = other.seat_of(&player.user);
            if other.status != Status::Playing || !seat.is_some_and(|s| other.to_move().includes(s))
            {
                continue;
            }
            lines.push(self.waiting_line(lang, &mut other, "mygames-yours", now));
            listed.push(id);
        }
        let text = if lines.len() == 1 {
            let id =
                if due == Due::HalfTime { "clock-reminder-half" } else { "clock-reminder-near" };
            let left = clock::human_in(&self.i18n, lang, table.clock.left(rules, now).unwrap_or(0));
            let game = table.info().map(|i| game_name(&self.i18n, lang, i)).unwrap_or_default();
            let args = [
                ("player", player.name.clone().into()),
                ("game", game.into()),
                ("left", left.into()),
            ];
            let mut text = self.i18n.text(lang, id, &args);
            if let Some(link) = self.board_link(table) {
                text = format!("{text}\n{link}");
            }
            text
        } else {
            let args =
                [("player", player.name.clone().into()), ("count", (lines.len() as i64).into())];
            format!("{}\n{}", self.i18n.text(lang, "clock-digest", &args), lines.join("\n"))
        };
        let ids: Vec<String> = listed.iter().map(u64::to_string).collect();
        self.after_commit.push((key, format!("{now}:{}", ids.join(","))));
        let to = Dest::User { user: player.user.id.clone() };
        Ok(Some(Effect::Send { to, message: Message::text(text) }))
    }

    /// One game of a list (`/mygames`, a digest): which game, whose move, the time left, and
    /// the link to its board where the platform has one. `id` picks the wording.
    pub(super) fn waiting_line(&self, lang: &str, table: &mut Table, id: &str, now: u64) -> String {
        let name = table.info().map(|i| game_name(&self.i18n, lang, i)).unwrap_or_default();
        let ToMove::Seats(seats) = table.to_move() else { return format!("• {name}") };
        let names: Vec<String> = seats.iter().map(|s| super::text::seat_name(table, *s)).collect();
        let left = table
            .clock_rules()
            .and_then(|rules| table.clock.left(&rules, now))
            .map(|ms| clock::human_in(&self.i18n, lang, ms))
            .unwrap_or_else(|| "∞".to_string());
        let args =
            [("game", name.into()), ("players", names.join(", ").into()), ("left", left.into())];
        let line = self.i18n.text(lang, id, &args);
        match self.board_link(table) {
            Some(link) => format!("{line} — {link}"),
            None => line,
        }
    }

    /// The link to the table's board message, once it has been delivered.
    fn board_link(&self, table: &Table) -> Option<String> {
        let message = self.store.slot_message(table.id, Slot::Board).ok().flatten()?;
        message_link(table, &message)
    }

    /// When the quiet hours of `user` end, if `now` falls in them (only once they set a time
    /// zone).
    fn quiet_until(&self, platform: Platform, user: &str, now: u64) -> Option<u64> {
        let offset = self.time_zone_of(platform, user)?;
        clock::quiet_until(now, offset)
    }

    fn time_zone_of(&self, platform: Platform, user: &str) -> Option<i32> {
        self.store.pref(&tz_key(platform, user)).ok().flatten()?.parse().ok()
    }

    /// `/tz`: shows the user's time zone; `/tz +3` (or `UTC+3`, `-5:30`) sets it, so no
    /// reminder comes at night; `/tz off` forgets it.
    pub(super) fn time_zone(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let (platform, user) = (ctx.input.platform, ctx.input.user.id.as_str());
        let key = tz_key(platform, user);
        let quiet = [
            ("from", (clock::QUIET_FROM_HOUR as i64).into()),
            ("to", (clock::QUIET_TO_HOUR as i64).into()),
        ];
        match args.join(" ").trim() {
            "" => Ok(match self.time_zone_of(platform, user) {
                Some(offset) => {
                    let zone = [("zone", clock::offset_text(offset).into())];
                    self.reply(ctx, "tz-is", &[&zone[..], &quiet[..]].concat())
                }
                None => self.reply(ctx, "tz-none", &[]),
            }),
            "off" => {
                self.store.set_pref(&key, "")?;
                Ok(self.reply(ctx, "tz-off", &[]))
            }
            text => Ok(match clock::parse_offset(text) {
                Some(offset) => {
                    self.store.set_pref(&key, &offset.to_string())?;
                    let zone = [("zone", clock::offset_text(offset).into())];
                    self.reply(ctx, "tz-set", &[&zone[..], &quiet[..]].concat())
                }
                None => self.reply(ctx, "tz-usage", &[]),
            }),
        }
    }
}

fn tz_key(platform: Platform, user: &str) -> String {
    format!("tz:{}:{user}", platform.tag())
}

fn digest_key(platform: Platform, user: &str) -> String {
    format!("digest:{}:{user}", platform.tag())
}

/// A stored digest record: when it was sent and the tables it listed.
fn parse_digest(text: &str) -> Option<(u64, Vec<u64>)> {
    let (at, ids) = text.split_once(':')?;
    Some((at.parse().ok()?, ids.split(',').filter_map(|id| id.parse().ok()).collect()))
}
