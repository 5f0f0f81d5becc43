//! Discord interactions → the core's [`Input`]: who (user, display name, moderator rights,
//! locale), where (a guild channel, or — `private` — the direct-message channel or an ephemeral
//! message only the presser sees), and what (a slash command with its options as words, or a
//! pressed button's custom id as a press token).
//!
//! Also records what the outbound side needs to answer the interaction (its id and token, the
//! message a button was on) in a [`Context`].

use igroteka::app::{Action, Chat, Input, OWNER_COMMANDS, User};
use igroteka::table::Platform;
use serenity::model::application::{
    CommandInteraction, ComponentInteraction, ComponentInteractionDataKind, Interaction,
};
use serenity::model::channel::MessageFlags;
use serenity::model::guild::Member;
use serenity::model::user::User as DiscordUser;

use super::commands::{self, BoardTo};
use super::render::{MINE_ID, SELECT_PREFIX};

/// What the adapter needs to know about the interaction it answers.
#[derive(Debug, Clone)]
pub struct Context {
    pub interaction_id: u64,
    pub token: String,
    pub user: String,
    pub channel: u64,
    /// The interaction came from a direct-message channel.
    pub in_dm: bool,
    /// A slash command (its deferred response is still to be filled), or a component press on
    /// this message.
    pub pressed_on: Option<u64>,
    /// Private content for the caller goes to their DMs rather than an ephemeral reply.
    pub prefer_dm: bool,
    /// The deferred response is ephemeral (only the caller sees it).
    pub ephemeral: bool,
}

impl Context {
    pub fn is_command(&self) -> bool {
        self.pressed_on.is_none()
    }
}

/// An interaction the adapter will hand to the core.
#[derive(Debug, Clone)]
pub struct Request {
    pub input: Input,
    pub context: Context,
}

pub use crate::time::now_ms;

/// The request an interaction stands for; `None` for kinds the bot does not handle
/// (autocomplete, modals, pings).
pub fn request(interaction: &Interaction, now: u64) -> Option<Request> {
    match interaction {
        Interaction::Command(command) => Some(from_command(command, now)),
        Interaction::Component(component) => from_component(component, now),
        _ => None,
    }
}

fn from_command(command: &CommandInteraction, now: u64) -> Request {
    let call = commands::invocation(&command.data.name, &command.data.options);
    let in_dm = command.guild_id.is_none();
    let mut private = in_dm;
    let (mut ephemeral, mut prefer_dm) = (false, false);
    if OWNER_COMMANDS.contains(&call.name.as_str()) && !in_dm {
        // The owner's commands answer only to the caller, never in the channel.
        (private, ephemeral) = (true, true);
    }
    match call.board {
        Some(BoardTo::Me) if !in_dm => (private, ephemeral) = (true, true),
        Some(BoardTo::Dm) if !in_dm => (private, ephemeral, prefer_dm) = (true, true, true),
        _ => {}
    }
    let context = Context {
        interaction_id: command.id.get(),
        token: command.token.clone(),
        user: command.user.id.to_string(),
        channel: command.channel_id.get(),
        in_dm,
        pressed_on: None,
        prefer_dm,
        ephemeral,
    };
    let input = Input {
        platform: Platform::Discord,
        chat: Chat {
            id: command.channel_id.to_string(),
            private,
            thread: None,
            server: command.guild_id.map(|g| g.to_string()),
        },
        user: user(
            &command.user,
            command.member.as_deref(),
            &command.locale,
            command.guild_locale.as_deref(),
        ),
        now,
        action: Action::Command { name: call.name, args: call.args },
    };
    Request { input, context }
}

fn from_component(component: &ComponentInteraction, now: u64) -> Option<Request> {
    let id = component.data.custom_id.as_str();
    let in_dm = component.guild_id.is_none();
    let message_id = Some(component.message.id.to_string());
    // A message only the presser sees (an ephemeral private prompt in the channel) is as
    // private as their DMs: the core takes the press as one from their private chat.
    let ephemeral = component.message.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    let private = in_dm || ephemeral;
    let (action, private) = match &component.data.kind {
        ComponentInteractionDataKind::Button if id == MINE_ID => {
            (Action::Command { name: "board".into(), args: Vec::new() }, true)
        }
        ComponentInteractionDataKind::Button => {
            (Action::Press { token: id.to_string(), message_id }, private)
        }
        ComponentInteractionDataKind::StringSelect { values } if id.starts_with(SELECT_PREFIX) => {
            (Action::Press { token: values.first()?.clone(), message_id }, private)
        }
        _ => return None,
    };
    let context = Context {
        interaction_id: component.id.get(),
        token: component.token.clone(),
        user: component.user.id.to_string(),
        channel: component.channel_id.get(),
        in_dm,
        pressed_on: Some(component.message.id.get()),
        prefer_dm: false,
        ephemeral: false,
    };
    let input = Input {
        platform: Platform::Discord,
        chat: Chat {
            id: component.channel_id.to_string(),
            private,
            thread: None,
            server: component.guild_id.map(|g| g.to_string()),
        },
        user: user(
            &component.user,
            component.member.as_ref(),
            &component.locale,
            component.guild_locale.as_deref(),
        ),
        now,
        action,
    };
    Some(Request { input, context })
}

/// The player as the core sees them: the server nickname where there is one, and moderators
/// (Manage Messages or more) may cancel any game in the channel (or set its language). Their
/// language is their client's `locale`, else the server's `guild_locale`.
fn user(who: &DiscordUser, member: Option<&Member>, locale: &str, guild: Option<&str>) -> User {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| who.global_name.clone())
        .unwrap_or_else(|| who.name.clone());
    let admin = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.administrator() || p.manage_guild() || p.manage_messages());
    let lang = Some(locale).filter(|l| !l.is_empty()).or(guild.filter(|l| !l.is_empty()));
    User { id: who.id.to_string(), name, admin, lang: lang.map(str::to_string) }
}
