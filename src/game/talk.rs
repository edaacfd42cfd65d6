//! Table talk, at a table on one Wi-Fi and in a room alike: the conversation (chat lines and
//! reactions, with who and when) and the reaction shown over the game for a few seconds.
//! Both the table's and the room's screens use it; it uses neither.

use leptos::prelude::*;
use worlds_table::protocol::ReactionKind;
use worlds_table::TableEvent;

use crate::common::clock::now_ms;
use crate::game::session::Session;

/// How long a reaction shows over the game.
const REACTION_SHOWN_MS: u64 = 4_000;
/// A chat line said longer ago than this (a conversation a device hears again on coming
/// back) goes to Table talk only, not to the board's feed.
const CHAT_IN_FEED_MS: u64 = 60_000;

/// One line of Table talk: when it was said (ms since 1970; 0 when not known), who said it,
/// and what (plain text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TalkLine {
    pub at: u64,
    pub name: String,
    pub text: String,
}

/// Table talk's signals: the conversation, newest last, and the reaction shown over the
/// game ("Bea: 😂 ha ha") with a number that tells one from the next.
#[derive(Clone, Copy)]
pub struct Talk {
    pub chat: RwSignal<Vec<TalkLine>>,
    pub reaction: RwSignal<Option<(u64, String)>>,
}

/// A chat line or a reaction: listed in Table talk; a line said just now goes to the board's
/// feed too, and a reaction shows over the game for a few seconds. Other events are left
/// alone.
pub fn show_talk(session: Session, talk: Talk, event: TableEvent) {
    let now = now_ms();
    let (seat, text, at, reaction) = match event {
        TableEvent::Chat { from, text, at } => (from, text, at, false),
        TableEvent::Reaction { from, kind } => (from, reaction_words(kind).to_string(), now, true),
        _ => return,
    };
    let name = session
        .game
        .with_untracked(|g| {
            g.as_ref()
                .and_then(|g| g.players().get(seat.index()).map(|p| p.name.clone()))
        })
        .unwrap_or_default();
    let said = format!("{name}: {text}");
    talk.chat.update(|c| {
        c.push(TalkLine { at, name, text });
        let excess = c.len().saturating_sub(worlds_table::saved::KEPT_CHAT);
        c.drain(..excess);
    });
    if reaction {
        let id = talk
            .reaction
            .with_untracked(|r| r.as_ref().map_or(0, |r| r.0))
            + 1;
        talk.reaction.set(Some((id, said)));
        set_timeout(
            move || {
                if talk.reaction.with_untracked(|r| r.as_ref().map(|r| r.0)) == Some(id) {
                    talk.reaction.set(None);
                }
            },
            std::time::Duration::from_millis(REACTION_SHOWN_MS),
        );
    } else if at == 0 || now.saturating_sub(at) < CHAT_IN_FEED_MS {
        session.note(said);
    }
}

/// A time of day as this device shows it: "20:41".
pub fn time_of_day(ms: u64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    format!("{:02}:{:02}", d.get_hours(), d.get_minutes())
}

/// A reaction in words (with its picture), as the feed shows it.
pub fn reaction_words(kind: ReactionKind) -> &'static str {
    match kind {
        ReactionKind::ThumbsUp => "👍 nice",
        ReactionKind::Laugh => "😂 ha ha",
        ReactionKind::Wow => "😮 wow",
        ReactionKind::Sad => "😢 oh no",
        ReactionKind::Angry => "😠 grr",
        ReactionKind::Party => "🎉 yay",
    }
}
