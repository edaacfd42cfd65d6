//! Rooms on a room server (`worlds serve`): friends anywhere, one link. The server holds the
//! game (the engine runs there, with the dice and the cards still to come); this device is a
//! client of its own seat: it follows the public game the server confirms and sends its
//! player's moves as intents (`worlds_table::guest::Guest`, as at a serverless table).
//!
//! - [`open_room`]: the lobby's Play online: the room is opened by one request, this device's
//!   seat token kept, and the page goes to the room's link (`#room=CODE`).
//! - [`enter_room`]: a page opened at a room link: the socket, the room's waiting room (who
//!   sits where; Join room; the creator's Remove and Start game), then the game.
//! - A dropped socket reconnects by itself, waiting longer after each failure; the same seat
//!   token puts the player back in their seat, and the server sends the game as it stands.
//!
//! Everything from the server is untrusted: parsed into typed messages, never HTML.

pub mod alert;
pub mod views;

use std::collections::BTreeMap;
use std::rc::Rc;

use leptos::prelude::*;
use serde::Deserialize;
use worlds_engine::{GameSetup, PlayerId};
use worlds_table::clock::TurnTimer;
use worlds_table::guest::Guest;
use worlds_table::protocol::{Outgoing, Presence};
use worlds_table::room::{ClientMsg, HeldSeat, OpenRoom, RoomCode, RoomMsg, RoomPresence};
pub use worlds_table::room::{RoomInfo, RoomSeat};
use worlds_table::saved::SavedTable;
use worlds_table::TableEvent;

use crate::common::clock::now_ms;
use crate::common::context::{Navigator, Screen};
use crate::common::error::{AppError, TableError};
use crate::common::room_server::{request, server_url, socket_url};
use crate::common::socket::Socket;
use crate::common::storage::LocalStore;
use crate::game::session::{players, Link, Remote, Route, Session, TableRole};

/// A socket that closed is opened again after this long, doubled after each failure.
const RETRY_FIRST_MS: i32 = 500;
const RETRY_MOST_MS: i32 = 8_000;
/// A seat away this long may be played by a computer ("Let a computer play for Bea").
pub const AWAY_BEFORE_STAND_IN_SECS: u64 = worlds_table::room::AWAY_BEFORE_STAND_IN_MS / 1000;

/// The room's messages are told apart from the game's by their tag.
fn read_room_msg(bytes: &[u8]) -> Option<RoomMsg> {
    if bytes.first() != Some(&b'{') || bytes.len() > worlds_table::protocol::MAX_MESSAGE_BYTES {
        return None;
    }
    worlds_table::protocol::from_json(bytes).ok()
}

/// The answer to opening a room.
#[derive(Debug, Deserialize)]
struct Opened {
    code: String,
    seats: Vec<HeldSeat>,
}

/// A room code as typed or linked: upper case, without the dash (any text that is not a
/// code is kept as it is, and the server says it has no such room).
pub fn normalize_code(code: &str) -> String {
    RoomCode::parse(code).map_or_else(|| code.to_string(), |c| c.shown().replace('-', ""))
}

/// The code shown to people: `K7QX-M2PD`.
pub fn show_code(code: &str) -> String {
    RoomCode::parse(code).map_or_else(|| code.to_string(), |c| c.shown())
}

/// The setup a room starts from, and the seats it leaves open for friends: the lobby's first
/// person seat is played here (it comes first: it is the creator's), the others keep the
/// lobby's order; every other person seat, and every seat set to "Another device", waits for
/// a friend who joins by the link ([`worlds_models::lobby::room_seats`]). Refused with a
/// sentence when no seat would be played on this device.
pub fn room_setup(
    mut setup: GameSetup,
    other_devices: &[usize],
) -> Result<(GameSetup, Vec<PlayerId>), TableError> {
    let (seats, open) = worlds_models::lobby::room_seats(setup.seats, other_devices)
        .ok_or(TableError::NoSeatOnThisDevice)?;
    setup.seats = seats;
    Ok((setup, players(open)))
}

// ---------------------------------------------------------------------------------------
// Seat tokens kept on this device

fn held_seats() -> crate::common::storage::room_seats::RoomSeats {
    LocalStore::open()
        .map(|s| crate::common::storage::room_seats::load(&s))
        .unwrap_or_default()
}

/// This device's seat in a room, if it holds one.
pub fn held_seat(code: &str) -> Option<HeldSeat> {
    held_seats().remove(&normalize_code(code))
}

fn keep_seat(code: &str, seat: HeldSeat) -> Result<(), TableError> {
    LocalStore::open()
        .and_then(|s| {
            crate::common::storage::room_seats::keep(&s, &normalize_code(code), seat, now_ms())
        })
        .map_err(TableError::SeatNotKept)
}

// ---------------------------------------------------------------------------------------
// The room's screen state

/// What the room's screens show (signals), shared by the waiting room and the game's panel.
#[derive(Clone, Copy)]
pub struct RoomUi {
    pub session: Session,
    pub nav: Navigator,
    /// The room as the server last told it.
    pub info: RwSignal<Option<RoomInfo>>,
    /// This device's seat.
    pub seat: RwSignal<Option<PlayerId>>,
    /// The socket to the room as this device knows it; `None` before the first try.
    pub status: RwSignal<Option<RoomStatus>>,
    /// The last refusal or problem (shown in its sentence).
    pub problem: RwSignal<Option<AppError>>,
    /// The room is closed (or there is none): why.
    pub closed: RwSignal<Option<AppError>>,
    /// The room server's operator's last notice ("Restarting in 5 minutes"), shown as a
    /// banner at the top of the room's screens.
    pub notice: RwSignal<Option<String>>,
    /// Since when (ms) each away seat has been away, as this device reckons it.
    pub away_since: RwSignal<BTreeMap<PlayerId, u64>>,
    /// This device's clock (ms), moved on twice a second while in a room.
    pub clock: RwSignal<u64>,
    /// This device has no seat and watches the room's game (the creator lets others watch).
    pub watching: RwSignal<bool>,
    /// This device pressed Play again: it goes to the new room as soon as the server names it.
    pub again: RwSignal<bool>,
    /// Table talk (the room's chat and reactions show there, as at a table).
    pub talk: crate::game::talk::Talk,
    /// The turn timer's clock as the server last told it, counted on this device's clock.
    pub turn_clock: RwSignal<Option<TurnClockShown>>,
    /// The connection to the room (shared with the table's screens, for table talk).
    pub conn: RoomConn,
}

/// The socket to the room, as the status line says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoomStatus {
    /// The socket is being opened (the first time).
    Connecting,
    /// The socket is open.
    Connected,
    /// The socket dropped and is being opened again.
    Reconnecting,
}

impl std::fmt::Display for RoomStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RoomStatus::Connecting => "Connecting…",
            RoomStatus::Connected => "Connected",
            RoomStatus::Reconnecting => "Reconnecting…",
        })
    }
}

/// The turn timer's clock for the seat to act, as this device counts it down: the server
/// says the time left, and this device counts from its own clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnClockShown {
    pub seat: PlayerId,
    /// When it runs out, on this device's clock (ms).
    pub ends_at: u64,
}

impl RoomUi {
    pub fn new(
        session: Session,
        nav: Navigator,
        talk: crate::game::talk::Talk,
        conn: RoomConn,
    ) -> RoomUi {
        RoomUi {
            session,
            nav,
            info: RwSignal::new(None),
            seat: RwSignal::new(None),
            status: RwSignal::new(None),
            problem: RwSignal::new(None),
            closed: RwSignal::new(None),
            notice: RwSignal::new(None),
            away_since: RwSignal::new(BTreeMap::new()),
            clock: RwSignal::new(now_ms()),
            watching: RwSignal::new(false),
            again: RwSignal::new(false),
            talk,
            turn_clock: RwSignal::new(None),
            conn,
        }
    }

    /// The countdown for the seat to act: "0:23 left for Bea to act" ("for you" on its own
    /// device); `None` without a turn timer's clock running.
    pub fn countdown(&self) -> Option<String> {
        let clock = self.turn_clock.get()?;
        let left = clock.ends_at.saturating_sub(self.clock.get());
        let who = if Some(clock.seat) == self.seat.get() {
            "you".to_string()
        } else {
            self.info.with(|i| {
                i.as_ref()
                    .and_then(|i| i.seats.get(clock.seat.index()))
                    .map(|s| s.name.clone())
            })?
        };
        Some(format!(
            "{} left for {who} to act",
            worlds_table::clock::countdown(left)
        ))
    }

    /// Whether a computer plays this device's seat for now (its time ran out three times in a
    /// row, or it was away): I'm back gives it back.
    pub fn computer_plays_mine(&self) -> bool {
        let mine = self.seat.get();
        self.info.with(|i| {
            i.as_ref().is_some_and(|i| {
                i.seats
                    .iter()
                    .any(|s| Some(s.seat) == mine && s.presence == RoomPresence::ComputerPlaying)
            })
        })
    }

    /// Whether a seat has been away long enough for "Let a computer play for …".
    pub fn away_long(&self, seat: PlayerId) -> bool {
        let now = self.clock.get();
        self.away_since.with(|a| {
            a.get(&seat)
                .is_some_and(|&since| now.saturating_sub(since) >= AWAY_BEFORE_STAND_IN_SECS * 1000)
        })
    }

    /// Whether this device holds the room creator's seat.
    pub fn is_creator(&self) -> bool {
        let creator = self.info.with(|i| i.as_ref().map(|i| i.creator_seat));
        creator.is_some() && creator == self.seat.get()
    }
}

/// The connection to one room.
pub struct Conn {
    code: String,
    socket: Option<Socket>,
    guest: Option<Guest>,
    held: Option<HeldSeat>,
    /// The game is on this device's play screen.
    shown: bool,
    retry_ms: i32,
    ticking: bool,
}

/// The connection to the room this device is in (none outside a room), kept in the room's
/// screens' [`RoomUi`], the table's screens and the session's link (a value, shared).
pub type RoomConn = crate::game::link::ConnCell<Conn>;

impl RoomConn {
    /// Whether this device is in a room now.
    pub fn is_open(self) -> bool {
        self.with_borrow(Option::is_some)
    }
}

fn send(room: RoomConn, msg: &ClientMsg) {
    let Ok(bytes) = serde_json::to_vec(msg) else {
        return;
    };
    room.with_borrow(|room| {
        if let Some(socket) = room.as_ref().and_then(|c| c.socket.as_ref()) {
            socket.send(&bytes);
        }
    });
}

fn send_out(room: RoomConn, out: Vec<Outgoing>) {
    room.with_borrow(|room| {
        if let Some(socket) = room.as_ref().and_then(|c| c.socket.as_ref()) {
            for o in out {
                socket.send(&o.bytes);
            }
        }
    });
}

/// The lobby's Play online: opens a room with this lobby's board, rules and seats, keeps
/// this device's seat token, and goes to the room's link. `done` hears why not.
pub fn open_room(
    title: String,
    setup: GameSetup,
    other_devices: Vec<usize>,
    turn_timer: TurnTimer,
    done: impl Fn(Result<(), AppError>) + 'static,
) {
    let (setup, open_seats) = match room_setup(setup, &other_devices) {
        Ok(s) => s,
        Err(why) => return done(Err(why.into())),
    };
    let body = match serde_json::to_string(&OpenRoom {
        title,
        setup,
        spectators: false,
        open_seats,
        turn_timer,
    }) {
        Ok(b) => b,
        Err(e) => return done(Err(TableError::CannotAsk(e.to_string()).into())),
    };
    wasm_bindgen_futures::spawn_local(async move {
        let answer = request("POST", &server_url("/api/rooms"), Some(&body)).await;
        let opened = answer.map_err(AppError::from).and_then(|(status, text)| {
            if status == 201 || status == 200 {
                serde_json::from_str::<Opened>(&text)
                    .map_err(|_| TableError::UnreadableAnswer.into())
            } else {
                #[derive(Deserialize)]
                struct Problem {
                    error: String,
                }
                Err(serde_json::from_str::<Problem>(&text)
                    .map_or(TableError::Status(status), |p| TableError::Refused(p.error))
                    .into())
            }
        });
        match opened {
            Ok(opened) => {
                let kept = match opened.seats.into_iter().next() {
                    Some(seat) => keep_seat(&opened.code, seat),
                    None => Ok(()),
                };
                match kept {
                    Ok(()) => {
                        let _ = window()
                            .location()
                            .set_hash(&format!("room={}", show_code(&opened.code)));
                        done(Ok(()));
                    }
                    Err(why) => done(Err(why.into())),
                }
            }
            Err(why) => done(Err(why)),
        }
    });
}

/// Goes to the room `code` (a page opened at its link): the socket opens, and the room's
/// waiting room shows, then its game.
pub fn enter_room(ui: RoomUi, code: &str) {
    let code = normalize_code(code);
    let same = ui
        .conn
        .with_borrow(|r| r.as_ref().is_some_and(|c| c.code == code));
    if same {
        return;
    }
    leave_room(ui.conn);
    ui.info.set(None);
    ui.problem.set(None);
    ui.closed.set(None);
    ui.again.set(false);
    ui.turn_clock.set(None);
    // The room's welcome brings its conversation: Table talk starts from it, never twice.
    ui.talk.chat.set(Vec::new());
    let held = held_seat(&code);
    ui.seat.set(held.as_ref().map(|h| h.seat));
    ui.conn.with_borrow_mut(|r| {
        *r = Some(Conn {
            code: code.clone(),
            socket: None,
            guest: None,
            held,
            shown: false,
            retry_ms: RETRY_FIRST_MS,
            ticking: false,
        })
    });
    // The room's door (web/door.js) showed the room before this code ran: its last word
    // about the room stands until the room's own comes, so the seats do not vanish meanwhile.
    if let Some(info) = door_room(&code) {
        ui.info.set(Some(info));
    }
    connect(ui);
    start_ticking(ui);
}

/// The room as the door last showed it (`window.__mwDoorRoom`, the room's own message), taken
/// once; only a room `code` waiting for its start.
fn door_room(code: &str) -> Option<RoomInfo> {
    let window = web_sys::window()?;
    let key = wasm_bindgen::JsValue::from_str("__mwDoorRoom");
    let text = js_sys::Reflect::get(&window, &key).ok()?.as_string()?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    match read_room_msg(text.as_bytes())? {
        RoomMsg::Room(info) if !info.started && normalize_code(&info.code) == code => Some(info),
        _ => None,
    }
}

/// Leaves the room this device is in (its seat stays its own on the server).
pub fn leave_room(room: RoomConn) {
    room.with_borrow_mut(|r| *r = None);
}

/// Leaves the room and its link: the socket closes (the others see this device's seat away,
/// as for a closed tab), and the address no longer names the room, so opening its link again
/// (Continue, the link) enters it afresh.
pub fn leave_room_and_link(room: RoomConn) {
    leave_room(room);
    if window()
        .location()
        .hash()
        .is_ok_and(|h| h.starts_with("#room="))
    {
        let _ = window().history().and_then(|h| {
            h.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(
                    &window()
                        .location()
                        .pathname()
                        .unwrap_or_else(|_| "/".into()),
                ),
            )
        });
    }
}

fn connect(ui: RoomUi) {
    let Some(code) = ui.conn.with_borrow(|r| r.as_ref().map(|c| c.code.clone())) else {
        return;
    };
    ui.status.set(Some(RoomStatus::Connecting));
    let opened = Socket::open(
        &socket_url(&code),
        move || on_open(ui),
        move |bytes| on_bytes(ui, &bytes),
        move || on_closed(ui),
    );
    match opened {
        Ok(socket) => ui.conn.with_borrow_mut(|r| {
            if let Some(c) = r.as_mut() {
                c.socket = Some(socket);
            }
        }),
        Err(why) => ui.problem.set(Some(why.into())),
    }
}

fn on_open(ui: RoomUi) {
    ui.status.set(Some(RoomStatus::Connected));
    let token = ui.conn.with_borrow_mut(|r| {
        r.as_mut().and_then(|c| {
            c.retry_ms = RETRY_FIRST_MS;
            c.held.as_ref().map(|h| h.token.clone())
        })
    });
    send(ui.conn, &ClientMsg::Enter { token });
    // Back after a drop in a game: hello again, and the server sends the game as it stands.
    let hello = ui
        .conn
        .with_borrow_mut(|r| r.as_mut().and_then(|c| c.guest.as_mut()).map(|g| g.hello()));
    if let Some(hello) = hello {
        send_out(ui.conn, vec![hello]);
    }
}

fn on_closed(ui: RoomUi) {
    let wait = ui.conn.with_borrow_mut(|r| {
        let c = r.as_mut()?;
        c.socket = None;
        let wait = c.retry_ms;
        c.retry_ms = (c.retry_ms * 2).min(RETRY_MOST_MS);
        Some(wait)
    });
    let Some(wait) = wait else { return };
    if ui.closed.get_untracked().is_some() {
        return;
    }
    ui.status.set(Some(RoomStatus::Reconnecting));
    if ui.info.get_untracked().is_some_and(|i| i.started) {
        // Every other seat is out of reach from here meanwhile.
        let seat = ui.seat.get_untracked();
        let others = ui.session.game.with_untracked(|g| {
            g.as_ref().map_or(Vec::new(), |g| {
                PlayerId::all(g.players().len())
                    .filter(|&s| Some(s) != seat)
                    .collect()
            })
        });
        ui.session.update_seats(|s| s.away = others);
    }
    set_timeout(
        move || {
            if ui.conn.is_open() {
                connect(ui)
            }
        },
        std::time::Duration::from_millis(u64::try_from(wait).unwrap_or(500)),
    );
}

fn on_bytes(ui: RoomUi, bytes: &[u8]) {
    if let Some(msg) = read_room_msg(bytes) {
        on_room_msg(ui, msg);
        return;
    }
    let out = ui.conn.with_borrow_mut(|r| {
        r.as_mut()
            .and_then(|c| c.guest.as_mut())
            .map(|g| g.on_message(bytes))
    });
    if let Some(out) = out {
        send_out(ui.conn, out);
        after_game_messages(ui);
    }
}

fn on_room_msg(ui: RoomUi, msg: RoomMsg) {
    match msg {
        RoomMsg::Room(info) => {
            // The room's players went on to a new room with Play again: this device goes
            // there if it asked to, or if it just opened this room's (old) link.
            if let Some(next) = info.next.as_deref() {
                let first = ui.info.with_untracked(Option::is_none);
                if first || ui.again.get_untracked() {
                    go_to_next_room(ui, next);
                    return;
                }
            }
            let started = info.started;
            let now = now_ms();
            ui.away_since.update(|since| {
                since.retain(|seat, _| info.seats.iter().any(|s| s.seat == *seat && s.is_away()));
                for s in info.seats.iter().filter(|s| s.is_away()) {
                    since
                        .entry(s.seat)
                        .or_insert_with(|| now.saturating_sub(s.away_secs * 1000));
                }
            });
            if started {
                // Who is away, for the bar and the players panel.
                let away: Vec<PlayerId> = info
                    .seats
                    .iter()
                    .filter(|s| s.is_away())
                    .map(|s| s.seat)
                    .collect();
                let stand_ins: Vec<PlayerId> = info
                    .seats
                    .iter()
                    .filter(|s| s.presence == RoomPresence::ComputerPlaying)
                    .map(|s| s.seat)
                    .collect();
                if ui.conn.with_borrow(|r| r.as_ref().is_some_and(|c| c.shown)) {
                    ui.session.update_seats(|s| {
                        s.away = away;
                        s.stand_ins = stand_ins;
                    });
                }
            }
            let spectators = info.spectators;
            ui.info.set(Some(info));
            if started {
                begin_game(ui, spectators);
            }
        }
        RoomMsg::Seated { seat, token } => {
            let code = ui.conn.with_borrow(|r| r.as_ref().map(|c| c.code.clone()));
            let held = HeldSeat { seat, token };
            if let Some(code) = code {
                if let Err(why) = keep_seat(&code, held.clone()) {
                    ui.problem.set(Some(why.into()));
                }
            }
            ui.conn.with_borrow_mut(|r| {
                if let Some(c) = r.as_mut() {
                    c.held = Some(held);
                }
            });
            ui.problem.set(None);
            ui.seat.set(Some(seat));
        }
        RoomMsg::Denied { reason } => ui.problem.set(Some(TableError::Refused(reason).into())),
        RoomMsg::Clock { clock } => {
            // Counted from now: the clock the countdown reads moves on only twice a second,
            // and a stale one would show more time than the server gave ("0:31" of 30 s).
            let now = now_ms();
            ui.clock.set(now);
            ui.turn_clock.set(clock.map(|c| TurnClockShown {
                seat: c.seat,
                ends_at: now.saturating_add(c.left_ms),
            }))
        }
        RoomMsg::Notice { text } => {
            // From the room server's operator: in the feed, and as a banner until the next.
            ui.session.note(format!("Room server: {text}"));
            ui.notice.set(Some(text));
        }
        RoomMsg::Closed { reason } => {
            ui.closed.set(Some(TableError::RoomClosed(reason).into()));
            ui.conn.with_borrow_mut(|r| {
                if let Some(c) = r.as_mut() {
                    c.socket = None;
                }
            });
        }
    }
}

/// The room's game has started: this device's seat says hello, and the server answers with
/// the game (as every player may know it). A device without a seat watches it when the room
/// lets others watch (the server sends it the game as it lets it in), and stops when not.
fn begin_game(ui: RoomUi, spectators: bool) {
    let held = ui
        .conn
        .with_borrow(|r| r.as_ref().map(|c| c.held.is_some()));
    match held {
        None => return,
        Some(false) if !spectators => {
            if ui.watching.get_untracked() {
                ui.conn.with_borrow_mut(|r| {
                    if let Some(c) = r.as_mut() {
                        c.guest = None;
                        c.shown = false;
                    }
                });
                ui.watching.set(false);
                ui.nav.go(Screen::Room);
            }
            return;
        }
        Some(false) => {
            let fresh = ui.conn.with_borrow_mut(|r| {
                let c = r.as_mut()?;
                if c.guest.is_some() {
                    return None;
                }
                let table = RoomCode::parse(&c.code)?.table_id();
                c.guest = Some(Guest::watching(table));
                Some(())
            });
            if fresh.is_some() {
                ui.watching.set(true);
            }
            return;
        }
        Some(true) => {}
    }
    let hello = ui.conn.with_borrow_mut(|r| {
        let c = r.as_mut()?;
        if c.guest.is_some() {
            return None;
        }
        let seat = c.held.as_ref()?.seat;
        let table = RoomCode::parse(&c.code)?.table_id();
        let mut guest = Guest::new(table, seat);
        let hello = guest.hello();
        c.guest = Some(guest);
        Some(hello)
    });
    if let Some(hello) = hello {
        ui.seat.set(
            ui.conn
                .with_borrow(|r| r.as_ref().and_then(|c| c.held.as_ref().map(|h| h.seat))),
        );
        send_out(ui.conn, vec![hello]);
    }
}

fn start_ticking(ui: RoomUi) {
    let first = ui.conn.with_borrow_mut(|r| match r.as_mut() {
        Some(c) if !c.ticking => {
            c.ticking = true;
            true
        }
        _ => false,
    });
    if !first {
        return;
    }
    // One interval while the page lives: it does nothing outside a room.
    let _ = set_interval_with_handle(
        move || {
            if ui.conn.is_open() {
                ui.clock.set(now_ms());
            }
            let out = ui.conn.with_borrow_mut(|r| {
                r.as_mut()
                    .and_then(|c| c.guest.as_mut())
                    .map(|g| g.tick(now_ms()))
            });
            if let Some(out) = out {
                send_out(ui.conn, out);
                after_game_messages(ui);
            }
        },
        std::time::Duration::from_millis(500),
    );
}

/// The room as the session's link: this device's moves go to the server, as intents, and the
/// autosave keeps the room, so Continue goes back to it.
struct RoomLink(RoomConn);

impl Remote for RoomLink {
    fn route(&self, action: &worlds_engine::Action) -> Result<Route, AppError> {
        let out = self
            .0
            .with_borrow_mut(|r| match r.as_mut().and_then(|c| c.guest.as_mut()) {
                Some(guest) => guest.intent(action.clone()).map_err(TableError::Intent),
                None => Err(TableError::RoomNotConnected),
            })?;
        send_out(self.0, vec![out]);
        Ok(Route::Sent)
    }

    fn saved(&self) -> Option<SavedTable> {
        // Read while the connection may be in use (a message being handled): then nothing.
        let cell = self.0.cell();
        let r = cell.try_borrow().ok()?;
        let c = r.as_ref()?;
        // A watcher's Continue goes back to watch.
        let seat = c.held.as_ref().map(|h| h.seat);
        c.guest.as_ref().map(|_| SavedTable::Room {
            code: c.code.clone(),
            seat,
        })
    }
}

/// After the game's messages: the play screen takes the game as the server confirmed it,
/// and the table's events are shown.
fn after_game_messages(ui: RoomUi) {
    let session = ui.session;
    let (game, seat, first, events) = ui.conn.with_borrow_mut(|r| {
        let Some(c) = r.as_mut() else {
            return (None, None, false, Vec::new());
        };
        let seat = c.held.as_ref().map(|h| h.seat);
        let Some(guest) = c.guest.as_mut() else {
            return (None, seat, false, Vec::new());
        };
        let events = guest.drain_events();
        let game = guest
            .game()
            .filter(|_| guest.answered())
            .map(|g| Box::new(g.clone()));
        let first = game.is_some() && !c.shown;
        if first {
            c.shown = true;
        }
        (game, seat, first, events)
    });
    if let Some(game) = game {
        if first || !session.follow_public(&game) {
            let title = ui
                .info
                .with_untracked(|i| i.as_ref().map(|i| i.title.clone()))
                .unwrap_or_default();
            session.install(&title, *game);
            session.join_table(
                seat.map_or(TableRole::Watching, |seat| TableRole::Guest { seat }),
                Vec::new(),
                Link::Remote(Rc::new(RoomLink(ui.conn))),
            );
            session.autosave();
            if first {
                ui.nav.go(Screen::Play);
            }
        }
    }
    for event in events {
        match event {
            TableEvent::Refused { reason, .. } => session.refused(reason),
            TableEvent::Chat { .. } | TableEvent::Reaction { .. } => {
                crate::game::talk::show_talk(session, ui.talk, event)
            }
            TableEvent::Notice { text, .. } => session.note(text),
            TableEvent::Presence { seat, state } => session.update_seats(|s| {
                s.away.retain(|&s| s != seat);
                if state == Presence::Reconnecting {
                    s.away.push(seat);
                }
            }),
            TableEvent::Dropped { reason, .. } => {
                web_sys::console::log_1(&format!("room: dropped a message: {reason}").into())
            }
            _ => {}
        }
    }
}

/// Join room: this device's player takes a seat (before the game starts).
pub fn join(ui: RoomUi, name: String, color: String, token: String) {
    send(ui.conn, &ClientMsg::Join { name, color, token });
}

/// The creator's Remove (before the game starts).
pub fn remove_seat(ui: RoomUi, seat: PlayerId) {
    send(ui.conn, &ClientMsg::Remove { seat });
}

/// The creator's "Others with the link may watch".
pub fn allow_watchers(ui: RoomUi, allow: bool) {
    send(ui.conn, &ClientMsg::Watchers { allow });
}

/// The creator's Start game.
pub fn start_game(ui: RoomUi) {
    send(ui.conn, &ClientMsg::Start);
}

/// "Let a computer play for Bea": a seat away for 30 s is played by a computer until she is
/// back.
pub fn let_computer_play(ui: RoomUi, seat: PlayerId) {
    send(ui.conn, &ClientMsg::LetComputerPlay { seat });
}

/// Play again, on a room game's end screen: this device goes to the room its players went
/// on to, once the server has opened it (the first to press asks for it).
pub fn play_again(ui: RoomUi) {
    if let Some(next) = ui
        .info
        .with_untracked(|i| i.as_ref().and_then(|i| i.next.clone()))
    {
        go_to_next_room(ui, &next);
        return;
    }
    ui.problem.set(None);
    ui.again.set(true);
    send(ui.conn, &ClientMsg::PlayAgain);
}

/// Goes to the room Play again opened: this device keeps its seat there (the new room holds
/// the same seat tokens), and the page goes to its link.
fn go_to_next_room(ui: RoomUi, next: &str) {
    let held = ui
        .conn
        .with_borrow(|r| r.as_ref().and_then(|c| c.held.clone()));
    if let Some(held) = held {
        if let Err(why) = keep_seat(next, held) {
            ui.problem.set(Some(why.into()));
            return;
        }
    }
    let _ = window()
        .location()
        .set_hash(&format!("room={}", show_code(next)));
}

/// This device's seat's push subscription to the room (`None`: Stop telling me).
pub fn send_push(ui: RoomUi, subscription: Option<worlds_table::room::PushSubscription>) {
    let msg = match subscription {
        Some(subscription) => ClientMsg::Push { subscription },
        None => ClientMsg::StopPush,
    };
    send(ui.conn, &msg);
}

/// The creator's Turn timer (before the start).
pub fn set_turn_timer(ui: RoomUi, timer: TurnTimer) {
    send(ui.conn, &ClientMsg::TurnTimer { timer });
}

/// I'm back: this device's player plays their seat again after a computer played it.
pub fn im_back(ui: RoomUi) {
    send(ui.conn, &ClientMsg::ImBack);
}

/// A chat line from this device's player (the server sends it to every device, this one too).
pub fn say(room: RoomConn, text: &str) {
    let out = room.with_borrow_mut(|r| {
        r.as_mut()
            .and_then(|c| c.guest.as_mut())
            .and_then(|g| g.chat(text))
    });
    if let Some(out) = out {
        send_out(room, vec![out]);
    }
}

/// A quick reaction from this device's player.
pub fn react(room: RoomConn, kind: worlds_table::protocol::ReactionKind) {
    let out = room.with_borrow_mut(|r| {
        r.as_mut()
            .and_then(|c| c.guest.as_mut())
            .map(|g| g.react(kind))
    });
    if let Some(out) = out {
        send_out(room, vec![out]);
    }
}
