//! A table across devices: the host's device runs the one true game; friends join a seat
//! from their own device through an invite link and answer with a reply link; every action
//! then travels host → guests numbered and hashed (the protocol is `worlds_table`, the
//! connection `common::transport`). This module keeps the live side of it (the connections,
//! the host's or the guest's state machine) and hands the session what it needs: where this
//! device's actions go, which seats decide here, and the confirmed actions to follow.
//! [`views`] shows the waiting room (host) and the join screen (guest).

pub mod views;

use std::rc::Rc;

use leptos::prelude::*;
use worlds_engine::{Game, GameSetup, PlayerId};
use worlds_table::guest::Guest;
use worlds_table::host::{Host, SeatControl};
use worlds_table::invite::{parse_reply, Invite, Reply, TableId, TableSummary};
use worlds_table::protocol::{Outgoing, PeerId, Presence, ReactionKind, To};
use worlds_table::saved::{HostRecord, SavedTable};
use worlds_table::TableEvent;

use crate::common::clock::now_ms;
use crate::common::error::{AppError, TableError};
use crate::common::transport::{random_bytes, LinkState, Peer};
use crate::game::session::{players, Remote, Route, Session, TableRole};
use crate::game::talk::{show_talk, Talk};

/// How a seat played from another device stands, as the waiting room shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkStatus {
    /// The invite is being made.
    Preparing,
    /// The invite is ready; the friend's reply is awaited.
    WaitingForReply,
    /// The reply was accepted; the connection is opening.
    Connecting,
    Connected,
    /// The connection dropped; the table waits for the friend.
    Reconnecting,
    /// The connection is gone: the host can invite again.
    Closed,
    /// The host's page reloaded: the seat's device must join again through a new invite.
    Away,
}

impl LinkStatus {
    pub fn words(self) -> &'static str {
        match self {
            LinkStatus::Preparing => "making the invite…",
            LinkStatus::WaitingForReply => "waiting for the reply",
            LinkStatus::Connecting => "connecting…",
            LinkStatus::Connected => "connected",
            LinkStatus::Reconnecting => "reconnecting",
            LinkStatus::Closed => "not connected",
            LinkStatus::Away => "away: invite them again",
        }
    }
}

/// One seat played from another device.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatLink {
    pub seat: PlayerId,
    /// The seat's name (the friend's own once their reply is in).
    pub name: String,
    /// The invite link, once made.
    pub invite: Option<String>,
    pub status: LinkStatus,
    /// Why its invite or its friend's answer failed (shown in its sentence).
    pub problem: Option<AppError>,
}

/// What the table shows, in signals, and the session and navigator it works with
/// (provided by the game's page; callbacks from the connections have no reactive owner to
/// look them up from).
#[derive(Clone, Copy)]
pub struct TableUi {
    pub session: Session,
    pub nav: crate::common::context::Navigator,
    /// The host's remote seats.
    pub seats: RwSignal<Vec<SeatLink>>,
    /// On a guest: the reply link to send back, once made.
    pub reply: RwSignal<Option<String>>,
    /// On a guest: how the connection stands.
    pub guest_status: RwSignal<Option<LinkStatus>>,
    /// A problem with the table (shown in its sentence).
    pub problem: RwSignal<Option<AppError>>,
    /// Table talk: chat lines and reactions, newest last (plain text).
    pub chat: RwSignal<Vec<crate::game::talk::TalkLine>>,
    /// The reaction shown over the game for a few seconds ("Bea: 😂 ha ha"), with a number
    /// that tells one from the next.
    pub reaction: RwSignal<Option<(u64, String)>>,
    /// The connection to the room this device is in (table talk goes there in a room).
    pub room: crate::game::room::RoomConn,
    side: TableConn,
    /// The waiting room's ear for replies opened in another tab (kept while the page lives).
    reply_ear: StoredValue<Option<ReplyEar>, LocalStorage>,
    ticking: StoredValue<bool>,
    /// The table as the autosave last kept it (used when the table is busy at that moment).
    last_saved: StoredValue<Option<SavedTable>, LocalStorage>,
}

impl TableUi {
    /// Table talk's signals (shared with a room's screens).
    pub fn talk(&self) -> Talk {
        Talk {
            chat: self.chat,
            reaction: self.reaction,
        }
    }

    pub fn new(
        session: Session,
        nav: crate::common::context::Navigator,
        room: crate::game::room::RoomConn,
    ) -> TableUi {
        TableUi {
            session,
            nav,
            seats: RwSignal::new(Vec::new()),
            reply: RwSignal::new(None),
            guest_status: RwSignal::new(None),
            problem: RwSignal::new(None),
            chat: RwSignal::new(Vec::new()),
            reaction: RwSignal::new(None),
            room,
            side: TableConn::default(),
            reply_ear: StoredValue::new_local(None),
            ticking: StoredValue::new(false),
            last_saved: StoredValue::new_local(None),
        }
    }

    fn set_seat(&self, seat: PlayerId, change: impl FnOnce(&mut SeatLink)) {
        self.seats.update(|all| {
            if let Some(s) = all.iter_mut().find(|s| s.seat == seat) {
                change(s);
            }
        });
    }
}

/// One connection of the host: the seat it plays and the peer.
struct Link {
    seat: PlayerId,
    id: PeerId,
    peer: Rc<Peer>,
}

struct HostSide {
    table: TableId,
    /// What an invite shows of the table (kept for "Invite again").
    summary: TableSummary,
    /// The rule set's name as invites show it (kept in the autosave with the table).
    rules: String,
    links: Vec<Link>,
    /// The game's state machine, from the moment the game starts.
    host: Option<Host>,
    next_peer: u32,
}

struct GuestSide {
    invite: Invite,
    peer: Option<Rc<Peer>>,
    guest: Option<Guest>,
    /// The game was shown (the host's welcome came in).
    shown: bool,
    /// The host answered this connection's hello (with the whole game or what was missing).
    synced: bool,
}

enum Side {
    Host(HostSide),
    Guest(GuestSide),
}

/// The channel a reply link opened in another tab of the host's browser uses to hand the
/// reply to the waiting room.
const REPLY_CHANNEL: &str = "monopoly-worlds-table-replies";

/// The channel and its handler, kept alive while the page lives.
type ReplyEar = (
    web_sys::BroadcastChannel,
    wasm_bindgen::closure::Closure<dyn FnMut(web_sys::MessageEvent)>,
);

/// This device's table (none when it is not at one), kept in [`TableUi`] and in the session's
/// link (a value, shared).
type TableConn = crate::game::link::ConnCell<Side>;

/// Which of the table's seats this device's session plays, for its link.
#[derive(Clone, Copy)]
enum Sitting {
    /// The host: its moves go through the host's state machine and are applied here too.
    Host,
    /// A guest: its moves are sent to the host.
    Guest,
    /// A guest whose host's page reloaded: nothing goes until the new invite is opened.
    AwaitingInvite,
}

/// The table as the session's link: where this device's moves go, and what the autosave
/// keeps of the table (the last one kept while the table is busy or closed).
struct TableLink {
    ui: TableUi,
    sitting: Sitting,
}

impl Remote for TableLink {
    fn route(&self, action: &worlds_engine::Action) -> Result<Route, AppError> {
        let side = self.ui.side;
        let (out, route) = match self.sitting {
            Sitting::AwaitingInvite => return Err(TableError::AwaitingNewInvite.into()),
            Sitting::Host => side.with_borrow_mut(|side| match side {
                Some(Side::Host(h)) => match h.host.as_mut() {
                    Some(host) => host
                        .apply_local(action.clone())
                        .map(|out| (out, Route::Here))
                        .map_err(TableError::Local),
                    None => Err(TableError::NotPlaying),
                },
                _ => Err(TableError::Closed),
            })?,
            Sitting::Guest => side.with_borrow_mut(|side| match side {
                Some(Side::Guest(g)) => match g.guest.as_mut() {
                    Some(guest) => guest
                        .intent(action.clone())
                        .map(|out| (vec![out], Route::Sent))
                        .map_err(TableError::Intent),
                    None => Err(TableError::TableNotConnected),
                },
                _ => Err(TableError::Closed),
            })?,
        };
        send_all(self.ui, out);
        Ok(route)
    }

    fn saved(&self) -> Option<SavedTable> {
        let now = self
            .ui
            .side
            .cell()
            .try_borrow()
            .ok()
            .map(|side| match &*side {
                Some(Side::Host(h)) => h
                    .host
                    .as_ref()
                    .map(|host| SavedTable::Host(host.record(&h.rules))),
                Some(Side::Guest(g)) => Some(SavedTable::Guest {
                    table: g.invite.table_id,
                    seat: g.invite.seat,
                }),
                None => None,
            });
        let last = self.ui.last_saved;
        match now {
            Some(table) => {
                last.set_value(table.clone());
                table
            }
            None => last.get_value(),
        }
    }
}

/// This device's moves at the table from now on.
fn table_link(ui: TableUi, sitting: Sitting) -> crate::game::session::Link {
    crate::game::session::Link::Remote(Rc::new(TableLink { ui, sitting }))
}

fn minutes_now() -> u32 {
    u32::try_from(now_ms() / 60_000).unwrap_or(u32::MAX)
}

/// The page's address without its fragment, for links.
fn site() -> String {
    let location = window().location();
    format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_else(|_| "/".into())
    )
}

fn log(text: &str) {
    web_sys::console::log_1(&wasm_bindgen::JsValue::from_str(text));
}

/// Sends what a state machine returned, each on its channel.
fn send_all(ui: TableUi, out: Vec<Outgoing>) {
    ui.side.with_borrow(|side| {
        for o in out {
            match side {
                Some(Side::Host(h)) => {
                    for link in &h.links {
                        let to_this = match o.to {
                            To::Guests => true,
                            To::Peer(p) => p == link.id,
                            To::Host => false,
                        };
                        if to_this && link.peer.state() == LinkState::Open {
                            if let Err(e) = link.peer.send(&o.bytes) {
                                log(&format!("table: not sent to seat {}: {e}", link.seat));
                            }
                        }
                    }
                }
                Some(Side::Guest(g)) => {
                    if let (To::Host, Some(peer)) = (o.to, &g.peer) {
                        if peer.state() == LinkState::Open {
                            let _ = peer.send(&o.bytes);
                        }
                    }
                }
                None => {}
            }
        }
    });
}

/// Every half second: resends, pings and catching up (both sides).
fn start_ticking(ui: TableUi) {
    if ui.ticking.get_value() {
        return;
    }
    ui.ticking.set_value(true);
    let _ = set_interval_with_handle(
        move || {
            let now = now_ms();
            let out = ui.side.with_borrow_mut(|side| match side {
                Some(Side::Host(h)) => h.host.as_mut().map(|host| host.tick(now)),
                Some(Side::Guest(g)) => g.guest.as_mut().map(|guest| guest.tick(now)),
                None => None,
            });
            if let Some(out) = out {
                send_all(ui, out);
            }
            after_messages(ui);
        },
        std::time::Duration::from_millis(500),
    );
}

// ---------------------------------------------------------------------------------------
// The host

/// Opens a table for `setup` (the lobby's): one invite per seat in `remote` (the lobby's
/// rows, which are the setup's seats), made in the background; the waiting room shows them
/// as they come.
pub fn open_table(ui: TableUi, setup: &GameSetup, rules_name: &str, remote: Vec<usize>) {
    close_table(ui);
    let remote = players(remote);
    let table = TableId(random_bytes::<8>());
    let summary = TableSummary::of(setup, rules_name, &remote);
    let name_of = |seat: PlayerId| {
        setup
            .seats
            .get(seat.index())
            .map(|s| s.name.clone())
            .unwrap_or_default()
    };
    become_host(
        ui,
        HostSide {
            table,
            summary: summary.clone(),
            rules: rules_name.to_string(),
            links: Vec::new(),
            host: None,
            next_peer: 1,
        },
        &remote,
        name_of,
        LinkStatus::Preparing,
    );
    for seat in remote {
        invite_seat(ui, table, seat, name_of(seat), summary.clone());
    }
}

/// This device hosts `side`'s table: the waiting room lists the seats in `remote` (named by
/// `name_of`) with `status`.
fn become_host(
    ui: TableUi,
    side: HostSide,
    remote: &[PlayerId],
    name_of: impl Fn(PlayerId) -> String,
    status: LinkStatus,
) {
    ui.side.with_borrow_mut(|s| *s = Some(Side::Host(side)));
    ui.problem.set(None);
    ui.seats.set(
        remote
            .iter()
            .map(|&seat| SeatLink {
                seat,
                name: name_of(seat),
                invite: None,
                status,
                problem: None,
            })
            .collect(),
    );
}

/// A friend's choices from the reply that connected their seat, for the lobby's form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FriendReply {
    /// The seat the reply connected.
    pub seat: usize,
    /// The name the friend chose.
    pub name: String,
    /// The color the friend chose.
    pub color: String,
    /// The friend's pawn (token).
    pub token: String,
}

impl FriendReply {
    /// The choices in `reply`, which connected `seat`.
    pub fn new(seat: usize, reply: Reply) -> FriendReply {
        FriendReply {
            seat,
            name: reply.name,
            color: reply.color,
            token: reply.token,
        }
    }
}

/// Listens for reply links opened in another tab of this browser (the friend's reply sent to
/// the host's own phone, opened from a message): the first seat it fits takes it, as if it
/// had been pasted. `on_friend` hands the lobby the friend's choices.
pub fn listen_for_replies(ui: TableUi, on_friend: Callback<FriendReply>) {
    use wasm_bindgen::JsCast;
    let Ok(channel) = web_sys::BroadcastChannel::new(REPLY_CHANNEL) else {
        return;
    };
    let answer = channel.clone();
    let on_message = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
        move |ev: web_sys::MessageEvent| {
            let Some(text) = ev.data().as_string() else {
                return;
            };
            if !text.contains("reply=") {
                return;
            }
            let waiting: Vec<PlayerId> = ui.seats.with_untracked(|seats| {
                seats
                    .iter()
                    .filter(|s| s.status != LinkStatus::Connected)
                    .map(|s| s.seat)
                    .collect()
            });
            let mut why = AppError::from(TableError::NoSeatWaiting);
            for player in waiting {
                let seat = player.index();
                match connect_reply(ui, player, &text) {
                    Ok(reply) => {
                        on_friend.run(FriendReply::new(seat, reply));
                        let _ = answer.post_message(&wasm_bindgen::JsValue::from_str("taken"));
                        return;
                    }
                    Err(e) => why = e,
                }
            }
            ui.problem.set(Some(why));
        },
    );
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ui.reply_ear.set_value(Some((channel, on_message)));
}

/// A reply link opened on this device: handed to a waiting room open in another tab of this
/// browser. Calls `done(true)` when a waiting room took it, `done(false)` when none answered
/// within two seconds.
pub fn hand_reply_to_waiting_room(text: String, done: impl Fn(bool) + 'static) {
    use wasm_bindgen::JsCast;
    let Ok(channel) = web_sys::BroadcastChannel::new(REPLY_CHANNEL) else {
        done(false);
        return;
    };
    let done = Rc::new(done);
    let answered = Rc::new(std::cell::Cell::new(false));
    let (d, a) = (done.clone(), answered.clone());
    let on_message = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
        move |_ev: web_sys::MessageEvent| {
            if !a.replace(true) {
                d(true);
            }
        },
    );
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let _ = channel.post_message(&wasm_bindgen::JsValue::from_str(&text));
    set_timeout(
        move || {
            let _keep = (&channel, &on_message);
            if !answered.replace(true) {
                done(false);
            }
        },
        std::time::Duration::from_millis(2000),
    );
}

/// Makes (or makes again) the invite of one seat: a new connection and its offer.
pub fn invite_seat(
    ui: TableUi,
    table: TableId,
    seat: PlayerId,
    name: String,
    summary: TableSummary,
) {
    ui.set_seat(seat, |s| {
        s.status = LinkStatus::Preparing;
        s.invite = None;
        s.problem = None;
    });
    leptos::task::spawn_local(async move {
        match Peer::offer(stun_server()).await {
            Ok((peer, offer)) => {
                let invite = Invite {
                    table_id: table,
                    seat,
                    seat_name: name,
                    created_minutes: minutes_now(),
                    summary,
                    offer,
                };
                let link = format!("{}#{}", site(), invite.fragment());
                let peer = Rc::new(peer);
                let id = ui.side.with_borrow_mut(|side| {
                    let Some(Side::Host(h)) = side else {
                        return None;
                    };
                    if h.table != table {
                        return None;
                    }
                    let id = PeerId(h.next_peer);
                    h.next_peer += 1;
                    // A new invite replaces the seat's old connection.
                    h.links.retain(|l| l.seat != seat);
                    h.links.push(Link {
                        seat,
                        id,
                        peer: peer.clone(),
                    });
                    Some(id)
                });
                let Some(id) = id else { return };
                watch_host_peer(ui, &peer, seat, id);
                ui.set_seat(seat, |s| {
                    s.invite = Some(link);
                    s.status = LinkStatus::WaitingForReply;
                });
            }
            Err(e) => ui.set_seat(seat, |s| {
                s.status = LinkStatus::Closed;
                s.problem = Some(e.into());
            }),
        }
    });
}

fn watch_host_peer(ui: TableUi, peer: &Peer, seat: PlayerId, id: PeerId) {
    peer.on_state(move |state| {
        let status = match state {
            LinkState::Connecting => return,
            LinkState::Open => LinkStatus::Connected,
            LinkState::Reconnecting => LinkStatus::Reconnecting,
            LinkState::Closed => LinkStatus::Closed,
        };
        ui.set_seat(seat, |s| s.status = status);
        // Once the game runs, the host's state machine learns of it too.
        let out = ui.side.with_borrow_mut(|side| {
            let Some(Side::Host(h)) = side else {
                return Vec::new();
            };
            if !h.links.iter().any(|l| l.id == id) {
                return Vec::new();
            }
            match (h.host.as_mut(), state) {
                (Some(host), LinkState::Open) => host.peer_connected(id, seat),
                (Some(host), LinkState::Closed) => host.peer_disconnected(id),
                _ => Vec::new(),
            }
        });
        send_all(ui, out);
        after_messages(ui);
    });
    peer.on_message(move |bytes| {
        let out = ui.side.with_borrow_mut(|side| match side {
            Some(Side::Host(h)) => h.host.as_mut().map(|host| host.on_message(id, &bytes)),
            _ => None,
        });
        if let Some(out) = out {
            send_all(ui, out);
        }
        after_messages(ui);
    });
}

/// The friend's reply for `seat`, pasted into the waiting room: checked (this table, this
/// seat, not cut or changed), then the connection is completed. The reply's name, color
/// and token come back for the lobby to take (the lobby keeps colors unique).
pub fn connect_reply(ui: TableUi, seat: PlayerId, text: &str) -> Result<Reply, AppError> {
    let (table, peer) = ui
        .side
        .with_borrow(|side| match side {
            Some(Side::Host(h)) => Some((
                h.table,
                h.links
                    .iter()
                    .find(|l| l.seat == seat)
                    .map(|l| l.peer.clone()),
            )),
            _ => None,
        })
        .ok_or(TableError::NotOpen)?;
    let peer = peer.ok_or(TableError::InviteNotReady)?;
    let reply = parse_reply(text, table, &[seat])?;
    ui.set_seat(seat, |s| {
        s.status = LinkStatus::Connecting;
        s.problem = None;
        s.name = reply.name.clone();
    });
    let answer = reply.answer.clone();
    leptos::task::spawn_local(async move {
        if let Err(e) = peer.accept_answer(&answer).await {
            ui.set_seat(seat, |s| {
                s.status = LinkStatus::Closed;
                s.problem = Some(e.into());
            });
        }
    });
    Ok(reply)
}

/// The game starts at the table: the host's state machine takes the game, every connected
/// friend gets it, and this device's actions go through the host from now on. `remote`: the
/// lobby's rows played from other devices (the game's seats).
pub fn start_hosting(ui: TableUi, game: Game, remote: Vec<usize>) -> Result<(), AppError> {
    let session = ui.session;
    let remote = players(remote);
    let out = ui.side.with_borrow_mut(|side| {
        let Some(Side::Host(h)) = side else {
            return Err(AppError::from(TableError::NotOpen));
        };
        let mut host = Host::new(game, h.table, &remote)?;
        let mut out = Vec::new();
        for link in &h.links {
            if link.peer.state() == LinkState::Open {
                out.extend(host.peer_connected(link.id, link.seat));
            }
        }
        h.host = Some(host);
        Ok(out)
    })?;
    send_all(ui, out);
    session.join_table(TableRole::Host, remote, table_link(ui, Sitting::Host));
    // The autosave knows the table from the first moment.
    session.autosave();
    start_ticking(ui);
    Ok(())
}

/// Continues the autosaved game (the menu's Continue): a game played at a table across
/// devices carries on at it. On the host's device the table opens again with its id, every
/// seat played from another device away until its device joins through a new invite
/// ("Invite again"); on a guest's device the game shows until the host's new invite is
/// opened. `Ok(false)`: there is no autosave.
pub fn continue_game(ui: TableUi) -> Result<bool, AppError> {
    let session = ui.session;
    let Some(table) = session.resume_autosave_at_table()? else {
        return Ok(false);
    };
    if back_at_live_table(ui, table.as_ref()) {
        return Ok(true);
    }
    match table {
        None => {}
        Some(SavedTable::Room { code, .. }) => {
            // Back to the room by its link: the server sends the game as it stands. A
            // connection to it still open is closed first, so the link enters afresh and
            // this device is back in its seat before it offers a decision.
            close_table(ui);
            crate::game::room::leave_room_and_link(ui.room);
            let _ = window()
                .location()
                .set_hash(&format!("room={}", crate::game::room::show_code(&code)));
        }
        Some(SavedTable::Host(record)) => {
            if let Err(why) = reopen_table(ui, &record) {
                // The game goes on on this device alone, and the player is told why.
                session.note(format!("The table could not be opened again: {why}"));
                session.show_error(format!(
                    "The table could not be opened again: {why} The game goes on on this device."
                ));
            }
        }
        Some(SavedTable::Guest { table, seat }) => {
            close_table(ui);
            let others = session.game.with_untracked(|g| {
                g.as_ref().map_or(Vec::new(), |g| {
                    PlayerId::all(g.players().len())
                        .filter(|&s| s != seat)
                        .collect()
                })
            });
            // The autosave keeps the table while this device waits for the new invite.
            ui.last_saved
                .set_value(Some(SavedTable::Guest { table, seat }));
            session.join_table(
                TableRole::Guest { seat },
                Vec::new(),
                table_link(ui, Sitting::AwaitingInvite),
            );
            session.update_seats(|s| s.away = others);
        }
    }
    Ok(true)
}

/// Continue without a reload (the player left the game by the game menu's Exit): when the
/// table this device was at still runs here, the game goes back to it, takes the actions
/// the table confirmed meanwhile, and its connections stay. `false`: it does not (the
/// caller opens it again).
fn back_at_live_table(ui: TableUi, saved: Option<&SavedTable>) -> bool {
    let session = ui.session;
    let Some(saved) = saved else { return false };
    type Live = (
        TableRole,
        Vec<PlayerId>,
        Vec<PlayerId>,
        Vec<PlayerId>,
        Sitting,
    );
    /// What the table confirmed: the host's own actions, or the public game a guest holds.
    enum Confirmed {
        Actions(Vec<worlds_engine::Action>),
        Public(Box<Game>),
    }
    let live: Option<(Live, Confirmed)> = ui.side.with_borrow(|side| match (side, saved) {
        (Some(Side::Host(h)), SavedTable::Host(r)) if h.table == r.table => {
            h.host.as_ref().map(|host| {
                let remote = r.remote_seats();
                let away: Vec<PlayerId> = remote
                    .iter()
                    .copied()
                    .filter(|&s| host.presence(s) == Some(Presence::Reconnecting))
                    .collect();
                let stand_ins: Vec<PlayerId> = remote
                    .iter()
                    .copied()
                    .filter(|&s| host.seat_control(s) == Some(SeatControl::Computer))
                    .collect();
                (
                    (TableRole::Host, remote, away, stand_ins, Sitting::Host),
                    Confirmed::Actions(host.game().history().to_vec()),
                )
            })
        }
        (Some(Side::Guest(g)), SavedTable::Guest { table, seat })
            if g.invite.table_id == *table && g.invite.seat == *seat =>
        {
            g.guest.as_ref().and_then(Guest::game).map(|game| {
                (
                    (
                        TableRole::Guest { seat: *seat },
                        Vec::new(),
                        Vec::new(),
                        Vec::new(),
                        Sitting::Guest,
                    ),
                    Confirmed::Public(Box::new(game.clone())),
                )
            })
        }
        _ => None,
    });
    let Some(((role, remote, away, stand_ins, sitting), confirmed)) = live else {
        return false;
    };
    // The resumed game is the table's up to some action: the rest is applied (by the host)
    // or taken as confirmed (by a guest, which holds no dice to come).
    let followed = match confirmed {
        Confirmed::Actions(history) => session.follow(&history),
        Confirmed::Public(game) => session.follow_public(&game),
    };
    if !followed {
        return false;
    }
    session.join_table(role, remote, table_link(ui, sitting));
    session.update_seats(|s| {
        s.away = away;
        s.stand_ins = stand_ins;
    });
    session.autosave();
    true
}

/// Opens the table of a host's autosave again after its page reloaded: the same table id
/// (so the guests' devices can join it again), every remote seat away with an "Invite
/// again", the computers that stood in standing in again.
fn reopen_table(ui: TableUi, record: &HostRecord) -> Result<(), AppError> {
    let session = ui.session;
    let game = session.game.get_untracked().ok_or(AppError::NoGame(
        crate::common::error::Doing::ReopeningTable,
    ))?;
    let remote = record.remote_seats();
    let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
    let summary = TableSummary::of(game.setup(), &record.rules, &remote);
    let host = Host::restore(game, record)?;
    close_table(ui);
    become_host(
        ui,
        HostSide {
            table: record.table,
            summary,
            rules: record.rules.clone(),
            links: Vec::new(),
            host: Some(host),
            next_peer: 1,
        },
        &remote,
        |seat| names.get(seat.index()).cloned().unwrap_or_default(),
        LinkStatus::Away,
    );
    session.join_table(
        TableRole::Host,
        remote.clone(),
        table_link(ui, Sitting::Host),
    );
    let stand_ins = record.stand_ins();
    session.update_seats(|s| {
        s.away = remote
            .iter()
            .copied()
            .filter(|s| !stand_ins.contains(s))
            .collect();
        s.stand_ins = stand_ins;
    });
    session.note("The table is open again: invite the other devices again.".to_string());
    log(&format!(
        "table: reopened table {} at action {} after a reload",
        record.table,
        session
            .game
            .with_untracked(|g| g.as_ref().map_or(0, |g| g.history().len()))
    ));
    // A reply opened in another tab of this browser comes to this waiting room too.
    listen_for_replies(ui, Callback::new(|_| {}));
    start_ticking(ui);
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The guest

/// Joins the table of `invite` as the player `name` (color, token): the connection's
/// answer is made and shown as the reply link; once the host connects, the game comes.
pub fn join_table(ui: TableUi, invite: Invite, name: String, color: String, token: String) {
    close_table(ui);
    ui.problem.set(None);
    ui.reply.set(None);
    ui.guest_status.set(Some(LinkStatus::Preparing));
    let offer = invite.offer.clone();
    let table = invite.table_id;
    let seat = invite.seat;
    // Back at a table this device played at (its page reloaded, or the connection dropped):
    // it carries on from the actions it has, and the host sends only the rest.
    let guest = resumed_guest(table, seat);
    if let Some(g) = &guest {
        log(&format!(
            "table: rejoining with the {} actions this device has",
            g.seq()
        ));
    }
    set_sync_mark("");
    ui.side.with_borrow_mut(|side| {
        *side = Some(Side::Guest(GuestSide {
            invite,
            peer: None,
            guest,
            shown: false,
            synced: false,
        }))
    });
    leptos::task::spawn_local(async move {
        match Peer::answer(&offer, stun_server()).await {
            Ok((peer, answer)) => {
                let reply = Reply {
                    table_id: table,
                    seat,
                    name,
                    color,
                    token,
                    answer,
                };
                let peer = Rc::new(peer);
                ui.side.with_borrow_mut(|side| {
                    if let Some(Side::Guest(g)) = side {
                        g.peer = Some(peer.clone());
                    }
                });
                watch_guest_peer(ui, &peer, table, seat);
                ui.reply
                    .set(Some(format!("{}#{}", site(), reply.fragment())));
                ui.guest_status.set(Some(LinkStatus::WaitingForReply));
            }
            Err(e) => {
                ui.guest_status.set(Some(LinkStatus::Closed));
                ui.problem.set(Some(e.into()));
            }
        }
    });
}

/// The guest this device was at `table` in `seat`, from its autosave (`None`: it was not,
/// or the saved game does not replay).
fn resumed_guest(table: TableId, seat: PlayerId) -> Option<Guest> {
    let store = crate::common::storage::LocalStore::open().ok()?;
    let saved = crate::common::storage::saves::read_autosave::<worlds_engine::GameRecord>(&store)
        .ok()??;
    match saved.table {
        Some(SavedTable::Guest { table: t, seat: s }) if t == table && s == seat => {
            Some(Guest::resume(table, seat, saved.game.replay().ok()?))
        }
        _ => None,
    }
}

/// How this device (re)joined, for the journeys to read: `data-table-sync` on the page's
/// root, `whole:N` (it had no game: the table's, N actions) or `missing:F:N` (it went on
/// from the F actions it had, up to the table's N; the host sends the public game as it
/// stands either way, since a guest cannot replay what it missed).
fn set_sync_mark(mark: &str) {
    if let Some(root) = window().document().and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-table-sync", mark);
    }
}

fn watch_guest_peer(ui: TableUi, peer: &Peer, table: TableId, seat: PlayerId) {
    let session = ui.session;
    peer.on_state(move |state| {
        let status = match state {
            LinkState::Connecting => LinkStatus::Connecting,
            LinkState::Open => LinkStatus::Connected,
            LinkState::Reconnecting => LinkStatus::Reconnecting,
            LinkState::Closed => LinkStatus::Closed,
        };
        ui.guest_status.set(Some(status));
        if state == LinkState::Open {
            // Say hello (again after a drop): the host answers with the game.
            let hello = ui.side.with_borrow_mut(|side| match side {
                Some(Side::Guest(g)) => {
                    let guest = g.guest.get_or_insert_with(|| Guest::new(table, seat));
                    Some(guest.hello())
                }
                _ => None,
            });
            if let Some(hello) = hello {
                send_all(ui, vec![hello]);
            }
            start_ticking(ui);
        }
        // Without the host, every other seat is away from this device's point of view: the
        // bar says the player it waits for is reconnecting.
        let away = if matches!(state, LinkState::Reconnecting | LinkState::Closed) {
            session.game.with_untracked(|g| {
                g.as_ref().map_or(Vec::new(), |g| {
                    PlayerId::all(g.players().len())
                        .filter(|&s| s != seat)
                        .collect()
                })
            })
        } else {
            Vec::new()
        };
        session.update_seats(|s| s.away = away);
    });
    peer.on_message(move |bytes| {
        let out = ui.side.with_borrow_mut(|side| match side {
            Some(Side::Guest(g)) => g.guest.as_mut().map(|guest| guest.on_message(&bytes)),
            _ => None,
        });
        if let Some(out) = out {
            send_all(ui, out);
        }
        after_messages(ui);
    });
}

// ---------------------------------------------------------------------------------------
// Both sides

/// After messages came in (or a tick): the session follows the confirmed actions, and the
/// table's events are shown.
fn after_messages(ui: TableUi) {
    let session = ui.session;
    enum Next {
        Nothing,
        /// The host's device: its own game, whose actions this session applies.
        Follow(Vec<worlds_engine::Action>),
        /// A guest's device: the public game as the host confirmed it, taken as it is.
        FollowPublic(Box<Game>),
        Show(Box<Game>, String, PlayerId),
    }
    let (next, events) = ui.side.with_borrow_mut(|side| match side {
        Some(Side::Host(h)) => match h.host.as_mut() {
            Some(host) => (
                Next::Follow(host.game().history().to_vec()),
                host.drain_events(),
            ),
            None => (Next::Nothing, Vec::new()),
        },
        Some(Side::Guest(g)) => {
            let title = format!("{} at the table", g.invite.summary.board);
            let seat = g.invite.seat;
            let shown = g.shown;
            match g.guest.as_mut() {
                Some(guest) => {
                    let events = guest.drain_events();
                    match guest.game() {
                        // A game resumed from the autosave shows once the host has answered
                        // (the join screen stays until then, with the reply to send).
                        Some(_) if !shown && !guest.answered() => (Next::Nothing, events),
                        Some(game) if !shown => {
                            g.shown = true;
                            (Next::Show(Box::new(game.clone()), title, seat), events)
                        }
                        Some(game) => (Next::FollowPublic(Box::new(game.clone())), events),
                        None => (Next::Nothing, events),
                    }
                }
                None => (Next::Nothing, Vec::new()),
            }
        }
        None => (Next::Nothing, Vec::new()),
    });
    match next {
        Next::Nothing => {}
        Next::Follow(history) => {
            session.follow(&history);
        }
        Next::FollowPublic(game) => {
            let followed = session.follow_public(&game);
            if !followed {
                // This device's copy went its own way: show the table's game as it is.
                let again = ui.side.with_borrow(|side| match side {
                    Some(Side::Guest(g)) => g.guest.as_ref().and_then(|x| x.game().cloned()),
                    _ => None,
                });
                if let Some(game) = again {
                    let role = session.role.get_untracked();
                    let remote = session.remote_seats.get_untracked();
                    let title = session.title.get_untracked();
                    session.install(&title, game);
                    session.join_table(role, remote, table_link(ui, Sitting::Guest));
                    session.autosave();
                }
            }
        }
        Next::Show(game, title, seat) => {
            session.install(&title, *game);
            session.join_table(
                TableRole::Guest { seat },
                Vec::new(),
                table_link(ui, Sitting::Guest),
            );
            session.autosave();
            ui.nav.go(crate::common::context::Screen::Play);
        }
    }
    for event in events {
        show_event(ui, event);
    }
}

/// What one of the table's events changes on this device: chat and reactions, a seat back or
/// away, a refusal, and the log's notes on joining and catching up.
fn show_event(ui: TableUi, event: TableEvent) {
    let session = ui.session;
    match event {
        TableEvent::Chat { .. } | TableEvent::Reaction { .. } => {
            show_talk(ui.session, ui.talk(), event)
        }
        TableEvent::SeatBack { seat } => {
            give_back(ui, seat);
            session.note(format!(
                "{} is back and plays again.",
                player_name(session, seat)
            ));
        }
        TableEvent::Presence { seat, state } => {
            session.update_seats(|s| {
                s.away.retain(|&s| s != seat);
                if state == Presence::Reconnecting {
                    s.away.push(seat);
                }
            });
        }
        TableEvent::Refused { reason, .. } => {
            session.refused(reason);
        }
        TableEvent::Dropped { from, reason } => {
            log(&format!("table: dropped a message from {from:?}: {reason}"))
        }
        TableEvent::Joined { seq } => {
            log(&format!("table: joined the game ({seq} actions)"));
            first_sync(ui, &format!("whole:{seq}"));
        }
        TableEvent::Caught { from, seq } => {
            log(&format!(
                "table: caught up: {} actions after the {from} this device had, up to {seq}",
                seq.saturating_sub(from)
            ));
            first_sync(ui, &format!("missing:{from}:{seq}"));
        }
        _ => {}
    }
}

/// Marks how the host answered this connection's hello (only the first answer).
fn first_sync(ui: TableUi, mark: &str) {
    let first = ui.side.with_borrow_mut(|side| match side {
        Some(Side::Guest(g)) if !g.synced => {
            g.synced = true;
            true
        }
        _ => false,
    });
    if first {
        set_sync_mark(mark);
    }
}

/// "Let a computer play for Bea": while a seat's device is away, a computer (balanced)
/// plays it on the host so the table need not wait; when Bea's device is back, the seat is
/// hers again.
pub fn let_computer_play(ui: TableUi, seat: PlayerId) {
    if set_seat_control(ui, seat, SeatControl::Computer) {
        ui.session.update_seats(|s| {
            if !s.stand_ins.contains(&seat) {
                s.stand_ins.push(seat);
            }
        });
        // A reload keeps the computer playing for them.
        ui.session.autosave();
    }
}

fn give_back(ui: TableUi, seat: PlayerId) {
    set_seat_control(ui, seat, SeatControl::Remote);
    ui.session
        .update_seats(|s| s.stand_ins.retain(|&x| x != seat));
    ui.session.autosave();
}

/// The host's table hands `seat` to `control` and tells every device; false when this
/// device hosts no running table.
fn set_seat_control(ui: TableUi, seat: PlayerId, control: SeatControl) -> bool {
    let out = ui.side.with_borrow_mut(|side| match side {
        Some(Side::Host(h)) => h
            .host
            .as_mut()
            .map(|host| host.set_seat_control(seat, control)),
        _ => None,
    });
    let hosting = out.is_some();
    if let Some(out) = out {
        send_all(ui, out);
    }
    hosting
}

/// The seat this device talks for: a guest's own, or the host's first person at the table.
fn my_seat(session: Session) -> Option<PlayerId> {
    match session.role.get_untracked() {
        TableRole::Guest { seat } => Some(seat),
        TableRole::Host => {
            let remote = session.remote_seats.get_untracked();
            session.game.with_untracked(|g| {
                let g = g.as_ref()?;
                PlayerId::all(g.players().len()).find(|&i| {
                    !remote.contains(&i)
                        && matches!(g.player(i).kind, worlds_engine::SeatKind::Human)
                })
            })
        }
        TableRole::Alone | TableRole::Watching => None,
    }
}

fn player_name(session: Session, seat: PlayerId) -> String {
    session
        .game
        .with_untracked(|g| {
            g.as_ref()
                .and_then(|g| g.players().get(seat.index()).map(|p| p.name.clone()))
        })
        .unwrap_or_default()
}

/// Sends a chat line to the table (plain text, at most 200 characters).
pub fn say(ui: TableUi, text: &str) {
    let text: String = text.trim().chars().take(200).collect();
    if text.is_empty() {
        return;
    }
    if ui.room.is_open() {
        crate::game::room::say(ui.room, &text);
        return;
    }
    let Some(seat) = my_seat(ui.session) else {
        return;
    };
    let out = ui.side.with_borrow_mut(|side| match side {
        Some(Side::Host(h)) => h.host.as_mut().map(|host| host.chat(seat, &text)),
        Some(Side::Guest(g)) => g
            .guest
            .as_mut()
            .and_then(|guest| guest.chat(&text))
            .map(|o| vec![o]),
        None => None,
    });
    if let Some(out) = out {
        send_all(ui, out);
        // The host hears its own line at once; a guest's comes back from the host.
        if ui.session.role.get_untracked() == TableRole::Host {
            show_talk(
                ui.session,
                ui.talk(),
                TableEvent::Chat {
                    from: seat,
                    text: text.clone(),
                    at: now_ms(),
                },
            );
        }
    }
}

/// Sends a quick reaction to the table.
pub fn react(ui: TableUi, kind: ReactionKind) {
    if ui.room.is_open() {
        crate::game::room::react(ui.room, kind);
        return;
    }
    let Some(seat) = my_seat(ui.session) else {
        return;
    };
    let out = ui.side.with_borrow_mut(|side| match side {
        Some(Side::Host(h)) => h.host.as_mut().map(|host| host.react(seat, kind)),
        Some(Side::Guest(g)) => g.guest.as_mut().map(|guest| vec![guest.react(kind)]),
        None => None,
    });
    if let Some(out) = out {
        send_all(ui, out);
        if ui.session.role.get_untracked() == TableRole::Host {
            show_talk(
                ui.session,
                ui.talk(),
                TableEvent::Reaction { from: seat, kind },
            );
        }
    }
}

/// Closes this device's table, if any (its connections with it).
pub fn close_table(ui: TableUi) {
    let old = ui.side.with_borrow_mut(|side| side.take());
    match old {
        Some(Side::Host(h)) => {
            for l in h.links {
                l.peer.close();
            }
        }
        Some(Side::Guest(g)) => {
            if let Some(p) = g.peer {
                p.close();
            }
        }
        None => {}
    }
}

/// "Invite again": a new invite for a seat whose device left (its page closed or its
/// connection dropped); the friend opens it, sends the new reply, and the game continues on
/// their device from where the table is.
pub fn invite_again(ui: TableUi, seat: PlayerId) {
    let found = ui.side.with_borrow(|side| match side {
        Some(Side::Host(h)) => Some((h.table, h.summary.clone())),
        _ => None,
    });
    let Some((table, summary)) = found else {
        ui.problem.set(Some(TableError::NotOpen.into()));
        return;
    };
    let name = ui
        .seats
        .with_untracked(|s| s.iter().find(|l| l.seat == seat).map(|l| l.name.clone()))
        .unwrap_or_default();
    invite_seat(ui, table, seat, name, summary);
}

/// The STUN server the player set in Settings for play across networks (none by default:
/// devices on the same network connect with their host candidates).
fn stun_server() -> Option<String> {
    crate::common::storage::LocalStore::open()
        .ok()
        .and_then(|s| crate::common::storage::settings::load(&s).ok())
        .map(|s| s.stun_server)
        .filter(|s| !s.trim().is_empty())
}
