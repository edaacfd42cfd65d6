//! The table's screens: the host's waiting room (an invite per seat played from another
//! device, the friend's reply pasted back, who is connected) and a friend's join screen (the
//! table they are invited to, their name, color and token, and the reply to send back).

use std::collections::HashMap;

use leptos::prelude::*;

use crate::game::talk::reaction_words;
use worlds_table::invite::{Invite, InviteError, SummaryKind, TableSummary};

use crate::common::context::Navigator;
use crate::common::error::{AppError, TableError};
use crate::common::share::LinkField;
use crate::game::pieces::{token_glyph, PieceFields};
use worlds_engine::PlayerId;
use worlds_table::protocol::ReactionKind;

use crate::game::table::{
    connect_reply, invite_again, join_table, let_computer_play, react, say, FriendReply,
    LinkStatus, SeatLink, TableUi,
};

/// The host's waiting room: for each seat played from another device, its invite (link,
/// QR code, "Copy invite link") and the field for the friend's reply, how the seat stands,
/// and one "Connect" that takes every reply pasted. `on_friend` hands the lobby the friend's name, color and token.
#[component]
pub fn WaitingRoom(
    ui: TableUi,
    on_friend: Callback<FriendReply>,
    /// The game runs: a seat whose device is away may be played by a computer meanwhile.
    #[prop(optional)]
    playing: bool,
) -> impl IntoView {
    // What was pasted for each seat, and why a reply was refused (kept while the seats'
    // statuses change).
    let replies = Replies {
        pasted: RwSignal::new(HashMap::new()),
        refused: RwSignal::new(HashMap::new()),
    };
    let connect = move |_| connect_replies(ui, replies, on_friend);
    let any_waiting = move || {
        ui.seats
            .with(|seats| seats.iter().any(|s| waiting_for_reply(&s.status)))
    };
    let seats = move || {
        ui.seats
            .get()
            .into_iter()
            .map(|s| view! { <TableSeat ui=ui seat=s replies=replies playing=playing /> })
            .collect_view()
    };
    view! {
        // In the game's side panel it is a panel of its own (in the lobby it sits in one).
        <section class=if playing { "waiting-room panel" } else { "waiting-room" } aria-labelledby="waiting-room-title">
            <h2 id="waiting-room-title">"Waiting room"</h2>
            <p class="hint">"Devices on the same Wi-Fi connect directly; nothing goes through a server."</p>
            {seats}
            {move || any_waiting().then(|| view! {
                <div class="button-row">
                    <button type="button" class="action primary" on:click=connect>"Connect"</button>
                </div>
            })}
            {move || ui.problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
        </section>
    }
}

/// The friends' replies pasted in the waiting room, and why a reply was refused, by seat.
#[derive(Clone, Copy)]
struct Replies {
    pasted: RwSignal<HashMap<PlayerId, String>>,
    refused: RwSignal<HashMap<PlayerId, AppError>>,
}

/// Whether a seat's device still has to answer (or answer again).
fn waiting_for_reply(status: &LinkStatus) -> bool {
    matches!(
        status,
        LinkStatus::WaitingForReply | LinkStatus::Closed | LinkStatus::Connecting
    )
}

/// Connects every reply pasted: a reply taken is cleared and its friend handed to
/// `on_friend`, a refused one keeps why beside its seat.
fn connect_replies(ui: TableUi, replies: Replies, on_friend: Callback<FriendReply>) {
    let pasted: Vec<(PlayerId, String)> = replies
        .pasted
        .get_untracked()
        .into_iter()
        .filter(|(_, t)| !t.trim().is_empty())
        .collect();
    if pasted.is_empty() {
        ui.problem.set(Some(TableError::NoReplyPasted.into()));
        return;
    }
    ui.problem.set(None);
    for (player, text) in pasted {
        let seat = player.index();
        match connect_reply(ui, player, &text) {
            Ok(reply) => {
                replies.refused.update(|r| {
                    r.remove(&player);
                });
                replies.pasted.update(|r| {
                    r.remove(&player);
                });
                on_friend.run(FriendReply::new(seat, reply));
            }
            Err(why) => replies.refused.update(|r| {
                r.insert(player, why);
            }),
        }
    }
}

/// One seat of the waiting room: how it stands, its invite and reply field while its
/// friend has to answer, and Invite again (or a computer meanwhile) once its device is gone.
#[component]
fn TableSeat(ui: TableUi, seat: SeatLink, replies: Replies, playing: bool) -> impl IntoView {
    let s = seat;
    let seat = s.seat;
    let status = if s.status == LinkStatus::Connected {
        format!("{}: connected", s.name)
    } else {
        format!("{}: {}", s.name, s.status.words())
    };
    let reply_label = format!("Reply from {}", s.name);
    view! {
        <fieldset class="table-seat">
            <legend>{format!("Player {}", seat.index() + 1)}</legend>
            <p class="table-seat-status" role="status">{status}</p>
            {s.problem.clone().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
            {s.invite.clone().filter(|_| s.status != LinkStatus::Connected).map(|link| view! {
                <LinkField
                    label=format!("Invite link for {}", s.name)
                    link=link
                    copy_label="Copy invite link"
                    hint="Send it to your friend (a message, or let them scan the code). Their device answers with a reply link: paste it below.".to_string()
                />
            })}
            {waiting_for_reply(&s.status).then(|| view! {
                <label class="field">
                    <span>{reply_label.clone()}</span>
                    <input type="text" autocomplete="off"
                        prop:value=move || replies.pasted.with(|r| r.get(&seat).cloned().unwrap_or_default())
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            replies.pasted.update(|r| {
                                r.insert(seat, v);
                            });
                        } />
                </label>
            })}
            {move || replies.refused.with(|r| r.get(&seat).cloned()).map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
            {matches!(s.status, LinkStatus::Closed | LinkStatus::Reconnecting | LinkStatus::Away).then(|| {
                let name = s.name.clone();
                let stand_in = move || ui.session.stand_ins.with(|x| x.contains(&seat));
                view! {
                    <div class="button-row">
                        <button type="button" class="action" on:click=move |_| invite_again(ui, seat)>"Invite again"</button>
                        {move || (playing && !stand_in()).then(|| {
                            let name = name.clone();
                            view! {
                                <button type="button" class="action" on:click=move |_| let_computer_play(ui, seat)>
                                    {format!("Let a computer play for {name}")}
                                </button>
                            }
                        })}
                    </div>
                }
            })}
        </fieldset>
    }
}

/// A friend's screen for an invite: the table they are invited to, their seat, their name,
/// color and token, "Join table", then the reply to send back. `invite` is the checked
/// invite, or why it was refused.
#[component]
pub fn JoinTable(ui: TableUi, invite: Result<Invite, InviteError>) -> impl IntoView {
    let nav = ui.nav;
    let back = move |_| back_to_menu(nav);
    let invite = match invite {
        Ok(invite) => invite,
        Err(why) => return view! { <InviteRefused why=why.to_string() nav=nav /> }.into_any(),
    };
    let seat = invite.seat;
    let summary = invite.summary.clone();
    let mine = summary.seats.get(seat.index()).cloned();
    let name = RwSignal::new(invite.seat_name.clone());
    let color = RwSignal::new(mine.as_ref().map(|s| s.color.clone()).unwrap_or_default());
    let token = RwSignal::new(mine.as_ref().map(|s| s.token.clone()).unwrap_or_default());
    let joined = RwSignal::new(false);
    let invite_kept = StoredValue::new(invite);
    let join = move |_| {
        joined.set(true);
        join_table(
            ui,
            invite_kept.get_value(),
            name.get_untracked(),
            color.get_untracked(),
            token.get_untracked(),
        );
    };
    let status = move || ui.guest_status.get().map(guest_status_words);
    view! {
        <section class="screen join" aria-labelledby="join-title">
            <div class="panel">
                <h1 id="join-title">"Join a table"</h1>
                <p>{format!("Board: {}. Rules: {}.", summary.board, summary.rules)}</p>
                <h2>"Who sits where"</h2>
                <ul class="join-seats"><InvitedSeats summary=summary.clone() seat=seat /></ul>
                <h2>{format!("Your seat: Player {}", seat.index() + 1)}</h2>
                <div class="lobby-row" hidden=move || joined.get()>
                    <PieceFields name=name color=color token=token />
                </div>
                <div class="button-row" hidden=move || joined.get()>
                    <button type="button" class="menu-button" on:click=back>"Back to menu"</button>
                    <button type="button" class="menu-button primary" on:click=join>"Join table"</button>
                </div>
                <p role="status" aria-live="polite">{status}</p>
                {move || ui.reply.get().map(|link| view! {
                    <LinkField label="Your reply" link=link copy_label="Copy reply" />
                })}
                {move || ui.problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
            </div>
        </section>
    }
    .into_any()
}

/// Leaves the invite (its link is forgotten) for the menu.
fn back_to_menu(nav: Navigator) {
    crate::common::share_link::clear_opened_link();
    nav.go(crate::common::context::Screen::Menu)
}

/// An invite that was refused: why, that nothing was stored, and Back to menu.
#[component]
fn InviteRefused(why: String, nav: Navigator) -> impl IntoView {
    view! {
        <section class="screen join" aria-labelledby="join-title">
            <div class="panel">
                <h1 id="join-title">"Join a table"</h1>
                <p class="problem" role="alert">{why}</p>
                <p>"Nothing was stored. Ask the host for a new invite."</p>
                <div class="button-row">
                    <button type="button" class="menu-button" on:click=move |_| back_to_menu(nav)>"Back to menu"</button>
                </div>
            </div>
        </section>
    }
}

/// Who sits where at the invited table, one item per seat ("you" at `seat`).
#[component]
fn InvitedSeats(summary: TableSummary, seat: PlayerId) -> impl IntoView {
    summary
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let who = match s.kind {
                SummaryKind::Human => "at the host's device",
                SummaryKind::Computer => "computer",
                SummaryKind::Remote if i == seat.index() => "you",
                SummaryKind::Remote => "another device",
            };
            let glyph = token_glyph(&worlds_engine::Token::from_name(&s.token)).to_string();
            view! {
                <li>
                    <span class="seat-swatch" aria-hidden="true" style:background=s.color.clone()></span>
                    {format!("{glyph} {} ({who})", s.name)}
                </li>
            }
        })
        .collect_view()
}

/// What the friend's device is doing, in words.
fn guest_status_words(status: LinkStatus) -> String {
    match status {
        LinkStatus::Preparing => "Making your reply…".to_string(),
        LinkStatus::WaitingForReply => {
            "Send this reply to the host; the game opens here when they connect.".to_string()
        }
        LinkStatus::Connecting => "Connecting…".to_string(),
        LinkStatus::Connected => "Connected: waiting for the host to start the game.".to_string(),
        LinkStatus::Reconnecting => "The connection dropped: reconnecting…".to_string(),
        LinkStatus::Closed | LinkStatus::Away => {
            "Not connected. Ask the host to invite you again.".to_string()
        }
    }
}

/// Table talk: short messages and quick reactions between the devices (plain text, at
/// most 200 characters; the feed shows them too).
#[component]
pub fn TableTalk(ui: TableUi) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let send = move || {
        say(ui, &text.get_untracked());
        text.set(String::new());
    };
    // A room's watcher reads the talk; only the players talk.
    let playing = move || ui.session.role.get() != crate::game::session::TableRole::Watching;
    let reactions = [
        (ReactionKind::ThumbsUp, "React: nice"),
        (ReactionKind::Laugh, "React: ha ha"),
        (ReactionKind::Wow, "React: wow"),
        (ReactionKind::Party, "React: yay"),
    ];
    view! {
        <section class="panel table-talk" aria-labelledby="table-talk-title">
            <h2 id="table-talk-title">"Table talk"</h2>
            // Newest first in the list, shown at its bottom (the list scrolls up to older).
            <ol class="chat-lines" aria-live="polite" aria-label="Conversation">
                {move || ui.chat.get().into_iter().rev().map(|l| view! {
                    <li>
                        {(l.at > 0).then(|| view! { <time>{crate::game::talk::time_of_day(l.at)}</time>" "})}
                        <span class="talk-name">{l.name}</span>": "{l.text}
                    </li>
                }).collect_view()}
            </ol>

            <Show when=playing>
            <form class="chat-form" on:submit=move |ev| { ev.prevent_default(); send(); }>
                <label class="field">
                    <span>"Message"</span>
                    <input type="text" maxlength="200" autocomplete="off"
                        prop:value=move || text.get()
                        on:input=move |ev| text.set(event_target_value(&ev)) />
                </label>
                <button type="submit" class="action">"Send"</button>
            </form>
            <div class="button-row reactions">
                {reactions.into_iter().map(|(kind, label)| view! {
                    <button type="button" class="small-button" aria-label=label title=label on:click=move |_| react(ui, kind)>
                        {reaction_words(kind)}
                    </button>
                }).collect_view()}
            </div>
            </Show>
        </section>
        // Over the game, wherever the page is scrolled.
        {move || ui.reaction.get().map(|(_, said)| view! {
            <p class="reaction-toast" role="status">{said}</p>
        })}
    }
}

/// A reply link opened on the host's own device: handed to the waiting room in another tab.
#[component]
pub fn ReplyHandedOver(taken: RwSignal<Option<bool>>) -> impl IntoView {
    let nav = expect_context::<crate::common::context::Navigator>();
    view! {
        <section class="screen join" aria-labelledby="reply-title">
            <div class="panel">
                <h1 id="reply-title">"A friend's reply"</h1>
                <p role="status" aria-live="polite">{move || match taken.get() {
                    None => "Handing the reply to your waiting room…".to_string(),
                    Some(true) => "Your waiting room took the reply: you can close this tab.".to_string(),
                    Some(false) => "No waiting room is open in this browser: copy the reply link into the waiting room's Reply from… field.".to_string(),
                }}</p>
                <div class="button-row">
                    <button type="button" class="menu-button" on:click=move |_| nav.go(crate::common::context::Screen::Menu)>"Back to menu"</button>
                </div>
            </div>
        </section>
    }
}
