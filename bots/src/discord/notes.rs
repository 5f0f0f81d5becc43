//! The few words the adapter says itself, about Discord matters the core does not know
//! (closed direct messages), in the core's languages.

/// The note for a player whose DMs are closed, and the label of the button that shows them
/// their private messages ephemerally instead.
pub fn dm_closed(lang: &str) -> (&'static str, &'static str) {
    match lang {
        "ru" => (
            "я не могу написать вам в личные сообщения. Нажмите «Моё», чтобы увидеть свою \
             доску и ходы (видно только вам).",
            "Моё",
        ),
        _ => (
            "I cannot send you direct messages. Press “My set-up” to see your own board and \
             moves (only you will see them).",
            "My set-up",
        ),
    }
}
