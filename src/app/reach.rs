//! Players the bot cannot write to privately: a Telegram user who never opened the bot's chat,
//! a Discord user with closed DMs. The deliverer reports them ([`Action::Unreachable`]); the
//! group is told once per game, with a button that opens the private chat (Telegram's deep
//! link) or answers privately in place (Discord's "My board"). Until the player writes to the
//! bot, no further private message is attempted (see [`crate::outbox::deliver`]).
//!
//! The note is a slot of the table ([`Slot::Note`]), not a one-off message: its button must go
//! when the game ends (a deep link into a finished game, a "My board" with no board behind it),
//! so its message id is kept like the board's.

use super::text::seat_name;
use super::token::{Op, Token};
use super::turn::group_of;
use super::{App, Button, ButtonKind, Ctx, Effect, Mention, Message};
use crate::outbox::Slot;
use crate::store::{Store, StoreError};

impl<S: Store> App<S> {
    pub(super) fn unreachable(&mut self, ctx: &Ctx, id: u64) -> Result<Vec<Effect>, StoreError> {
        let user = ctx.input.user_id();
        let Some(table) = self.store.load(id)? else { return Ok(Vec::new()) };
        let Some(seat) = table.seat_of(&user) else {
            return self.unreachable_watcher(ctx, table);
        };
        let noted = format!("noted:{id}:{}", user.key());
        if table.status.is_over() || self.store.pref(&noted)?.is_some() {
            return Ok(Vec::new());
        }
        self.store.set_pref(&noted, "1")?;
        let lang = self.table_lang(&table);
        let name = seat_name(&table, seat);
        let text = self.i18n.text(lang, "private-unreachable", &[("player", name.as_str().into())]);
        let mut note = Message::text(text);
        note.mentions = vec![Mention { user: user.id.clone(), name }];
        note.buttons = vec![vec![Button {
            text: self.i18n.plain(lang, "btn-private-chat"),
            kind: ButtonKind::PrivateChat(Token::new(id, table.seq, Op::Mine).encode()),
        }]];
        self.route_to(id);
        let slot = Slot::Note { seat };
        Ok(vec![Effect::Show { to: group_of(&table), slot, message: note, fresh: false }])
    }
}
