//! Legal actions as a labelled choice tree.
//!
//! A game lists every legal action of a seat together with a *path* of short labels — `["B",
//! "g3"]` means "pick tank B, then square g3". The labels are the very text drawn on the board
//! and shown on the buttons. From that flat list the conversation engine derives each step of
//! the tree (the distinct next labels after what the player picked so far), so no game builds
//! keyboards and every game gets paging and Back for free.

use serde::{Deserialize, Serialize};

use crate::event::Arg;

/// One label on a path: either literal text drawn on the board (`"A"`, `"g3"`), or the id of a
/// translated message (`"btn-roll"`), or literal text shown through a translated message.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Label {
    Text(String),
    Msg(String),
    /// Literal text that names the option — what a press selects and a typed move matches, and
    /// what the board shows (`"d4"`) — with its button worded by message `id` with `args`
    /// (`"d4 (−10: 2 pawns could jump)"`), so a button can say what pressing it costs.
    Described {
        key: String,
        id: String,
        args: Vec<(String, Arg)>,
    },
}

impl Label {
    pub fn text(s: impl Into<String>) -> Label {
        Label::Text(s.into())
    }
    pub fn msg(id: impl Into<String>) -> Label {
        Label::Msg(id.into())
    }
    /// Literal `key` on a button worded by message `id` with `args`.
    pub fn described(key: impl Into<String>, id: &str, args: Vec<(String, Arg)>) -> Label {
        Label::Described { key: key.into(), id: id.to_string(), args }
    }
    /// The key that identifies this label within one step.
    pub fn key(&self) -> &str {
        match self {
            Label::Text(s) | Label::Msg(s) | Label::Described { key: s, .. } => s,
        }
    }
}

/// One legal action and the path of labels that leads to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice<A> {
    pub path: Vec<Label>,
    pub action: A,
}

/// The legal actions of one seat now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choices<A> {
    /// Offered privately (a secret set-up): the buttons go to the player's private chat only.
    pub private: bool,
    /// A translated prompt id shown above the buttons ("choose a plane").
    pub prompt: Option<String>,
    pub options: Vec<Choice<A>>,
}

impl<A> Default for Choices<A> {
    fn default() -> Self {
        Choices { private: false, prompt: None, options: Vec::new() }
    }
}

impl<A> Choices<A> {
    pub fn new(prompt: &str) -> Self {
        Choices { private: false, prompt: Some(prompt.to_string()), options: Vec::new() }
    }
    pub fn private(mut self) -> Self {
        self.private = true;
        self
    }
    pub fn push(&mut self, path: Vec<Label>, action: A) {
        self.options.push(Choice { path, action });
    }
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    /// The distinct labels that may follow `selected`, in first-seen order.
    pub fn step(&self, selected: &[String]) -> Vec<Label> {
        let mut next: Vec<Label> = Vec::new();
        for choice in self.matching(selected) {
            if let Some(label) = choice.path.get(selected.len())
                && !next.contains(label)
            {
                next.push(label.clone());
            }
        }
        next
    }

    /// The action at the end of `selected`, when the path is complete and unique.
    pub fn resolve(&self, selected: &[String]) -> Option<&A> {
        let mut found = self.matching(selected).filter(|c| c.path.len() == selected.len());
        let first = found.next()?;
        found.next().is_none().then_some(&first.action)
    }

    /// Whether `selected` is a prefix of at least one path.
    pub fn is_prefix(&self, selected: &[String]) -> bool {
        self.matching(selected).next().is_some()
    }

    fn matching<'a, 'b>(
        &'a self,
        selected: &'b [String],
    ) -> impl Iterator<Item = &'a Choice<A>> + use<'a, 'b, A> {
        self.options.iter().filter(move |c| {
            c.path.len() >= selected.len()
                && c.path.iter().zip(selected).all(|(label, key)| label.key() == key)
        })
    }

    /// The same choices with the actions mapped (used to erase action types).
    pub fn map<B>(self, mut f: impl FnMut(A) -> B) -> Choices<B> {
        Choices {
            private: self.private,
            prompt: self.prompt,
            options: self
                .options
                .into_iter()
                .map(|c| Choice { path: c.path, action: f(c.action) })
                .collect(),
        }
    }
}

/// Where a game's move generator puts each legal action. One generator serves both faces of
/// [`crate::game::Game`]: [`Choices`] keeps the labelled path for the buttons, while a plain
/// `Vec` of actions (what search and random playouts ask for) never builds the labels — the
/// path is passed as a closure and only called by a sink that wants it.
pub trait Offer<A> {
    /// Offers `action`, reached through the labels `path` makes.
    fn offer(&mut self, path: impl FnOnce() -> Vec<Label>, action: A);
}

impl<A> Offer<A> for Choices<A> {
    fn offer(&mut self, path: impl FnOnce() -> Vec<Label>, action: A) {
        self.push(path(), action);
    }
}

impl<A> Offer<A> for Vec<A> {
    fn offer(&mut self, _path: impl FnOnce() -> Vec<Label>, action: A) {
        self.push(action);
    }
}

/// An [`Offer`] sink that counts what passes through it, for a generator whose last option
/// depends on whether it offered anything before (a "pass" only when something else is
/// offered).
#[derive(Debug)]
pub struct Counted<'a, O> {
    inner: &'a mut O,
    count: usize,
}

impl<'a, O> Counted<'a, O> {
    pub fn new(inner: &'a mut O) -> Self {
        Counted { inner, count: 0 }
    }

    /// How many actions were offered through this sink.
    pub fn count(&self) -> usize {
        self.count
    }
}

impl<A, O: Offer<A>> Offer<A> for Counted<'_, O> {
    fn offer(&mut self, path: impl FnOnce() -> Vec<Label>, action: A) {
        self.count += 1;
        self.inner.offer(path, action);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Choices<u32> {
        let mut c = Choices::new("pick");
        c.push(vec![Label::text("A"), Label::text("a1")], 1);
        c.push(vec![Label::text("A"), Label::text("a2")], 2);
        c.push(vec![Label::text("B"), Label::text("b1")], 3);
        c.push(vec![Label::msg("btn-pass")], 4);
        c
    }

    #[test]
    fn steps_follow_the_selected_prefix() {
        let c = sample();
        let keys = |v: Vec<Label>| v.iter().map(|l| l.key().to_string()).collect::<Vec<_>>();
        assert_eq!(keys(c.step(&[])), ["A", "B", "btn-pass"]);
        assert_eq!(keys(c.step(&["A".into()])), ["a1", "a2"]);
        assert!(c.step(&["Z".into()]).is_empty());
    }

    #[test]
    fn resolves_only_complete_unique_paths() {
        let c = sample();
        assert_eq!(c.resolve(&["A".into()]), None);
        assert_eq!(c.resolve(&["A".into(), "a2".into()]), Some(&2));
        assert_eq!(c.resolve(&["btn-pass".into()]), Some(&4));
        assert!(!c.is_prefix(&["B".into(), "a1".into()]));
    }
}
