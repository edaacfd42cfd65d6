//! The rooms this node runs, and the connections to them.
//!
//! Each room is the table crate's [`Room`] (it decides: join, seat, apply, refuse) with the
//! connections it talks to. What a room decides goes to its writer, which keeps it in the
//! store ([`crate::store::RoomStore`]) and only then sends what the room said: an action is
//! committed before anyone hears of it, whichever store is in use.
//!
//! A room nobody has been connected to for `--set-aside-seconds` leaves this node's memory
//! (the store keeps it, to be closed after `--room-idle-days` unless someone comes back:
//! then whichever node they reach takes it up again by replaying its actions). A room set
//! aside with its turn timer running names when the clock runs out; the store lists it then
//! ([`RoomStore::due`]) and a node takes it up, plays what is due and sets it aside again.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::Message;
use tokio::sync::{mpsc, watch};
use worlds_engine::PlayerId;
use worlds_table::room::{
    ConnId, HeldSeat, KeptAction, OpenRoom, Out, PushOrder, Refusal, Room, RoomCode, RoomState,
    RoomSummary,
};

use crate::cluster::{Claim, Frame, Ownership, Proxied};
use crate::config::Config;
use crate::error::TakeUpError;
use crate::limits::Addresses;
use crate::metrics::{Metrics, Refused};
use crate::outbox::{message, Outbox};
use crate::push::{Push, Pusher};
use crate::store::{Found, RoomStore, StoreError};
use crate::{lock, log, now_ms, random};

/// What the link of a code no room has says.
pub(crate) const UNKNOWN: &str = "No room has this code.";

/// Steps waiting for a room's writer, at most: a room whose store falls this far behind is let
/// go (its clients reconnect and it is rebuilt from what was kept).
const WRITES_QUEUED: usize = 1_024;

/// Where a connection's messages go: its socket on this node, or another node's.
#[derive(Clone)]
pub(crate) enum Sink {
    Local(Outbox),
    Remote(String),
}

/// One message on its way to one connection.
pub(crate) struct Delivery {
    pub conn: ConnId,
    pub sink: Sink,
    pub msg: Message,
}

/// What a room did in one step: the actions and state to keep, then what to send once they
/// are kept.
pub(crate) struct Batch {
    from: usize,
    actions: Vec<String>,
    state: Option<String>,
    deliveries: Vec<Delivery>,
    /// Pushes the room asked for (its state, which says so, is kept first).
    pushes: Vec<PushOrder>,
    /// When the message that led to it arrived (for `worlds_action_seconds`).
    received: Option<Instant>,
}

/// Why a room was not opened, in a sentence: the request (said back as `400`), or the
/// server (`503`).
pub(crate) enum NotOpened {
    Refused(String),
    Unavailable(&'static str),
}

/// What a room's writer does next.
pub(crate) enum Write {
    /// Keep a step, then deliver it.
    Step(Batch),
    /// The room left this node's memory: once everything before is kept, the store keeps it
    /// for `remaining_ms`, then closes it unless someone comes back; with its turn clock
    /// running, it is taken up again at `wakes_at`.
    SetAside {
        remaining_ms: u64,
        wakes_at: Option<u64>,
    },
    /// The store closes the room: nobody was in it for too long (`reason` `None`), or the
    /// server's operator closed it for `reason`; `done` hears once it is closed.
    Close {
        reason: Option<String>,
        done: Option<tokio::sync::oneshot::Sender<Result<(), StoreError>>>,
    },
}

/// A room and the connections to it.
pub(crate) struct RoomEntry {
    pub room: Room,
    pub senders: HashMap<ConnId, Sink>,
    /// The actions already handed to the writer, and the version of the room's state then.
    kept_actions: usize,
    kept_version: u64,
    pub(crate) writer: Option<mpsc::Sender<Write>>,
    /// The room left this node (taken over elsewhere, set aside, its store fell behind): a
    /// connection that reached it late is closed, and its device reconnects.
    pub gone: bool,
    /// When its last action was played here (ms; `None` since it was taken up here).
    pub last_action_ms: Option<u64>,
}

impl RoomEntry {
    fn new(room: Room, writer: mpsc::Sender<Write>) -> RoomEntry {
        let kept_actions = room.game().map_or(0, |g| g.history().len());
        let kept_version = room.state_version();
        RoomEntry {
            room,
            senders: HashMap::new(),
            kept_actions,
            kept_version,
            writer: Some(writer),
            gone: false,
            last_action_ms: None,
        }
    }

    /// Hands what the room said to its writer (it is sent once what the room decided is
    /// kept); counts the room's refusals and returns them.
    pub fn dispatch(
        &mut self,
        outs: Vec<Out>,
        received: Option<Instant>,
        metrics: &Metrics,
    ) -> Vec<Refusal> {
        for note in self.room.take_notes() {
            log::warn("room", format_args!("{note}"));
        }
        let refusals = self.room.take_refusals();
        for &refusal in &refusals {
            metrics.refused(refusal.into());
        }
        let deliveries = self.deliveries(outs);
        let pushes = self.room.take_pushes();
        let from = self.kept_actions;
        let actions: Vec<String> = self
            .room
            .kept_actions_from(from)
            .iter()
            .map(|a| serde_json::to_string(a).unwrap_or_default())
            .collect();
        let version = self.room.state_version();
        let state = (version != self.kept_version)
            .then(|| serde_json::to_string(&self.room.state()).unwrap_or_default());
        if deliveries.is_empty() && actions.is_empty() && state.is_none() && pushes.is_empty() {
            return refusals;
        }
        let Some(writer) = &self.writer else {
            return refusals;
        };
        let n = actions.len();
        let step = Write::Step(Batch {
            from,
            actions,
            state,
            deliveries,
            pushes,
            received,
        });
        if writer.try_send(step).is_err() {
            // The store is far behind (or the writer is gone): let the room go rather than
            // queue without end; its clients reconnect and it is rebuilt from what was kept.
            log::warn(
                "store-behind",
                format_args!(
                    "room {}: its store is {WRITES_QUEUED} steps behind; the room is let go",
                    self.room.code()
                ),
            );
            self.gone = true;
            self.writer = None;
            self.close_all_local();
            return refusals;
        }
        self.kept_actions += n;
        self.kept_version = version;
        if n > 0 {
            self.last_action_ms = Some(now_ms());
        }
        refusals
    }

    /// Where what the room said goes: each message to its connection's sink (the same bytes
    /// made into one message, shared), each close to its connection.
    fn deliveries(&mut self, outs: Vec<Out>) -> Vec<Delivery> {
        let mut deliveries = Vec::new();
        // The same message to several connections is made once and shared.
        let mut last: Option<(Bytes, Message)> = None;
        for out in outs {
            match out {
                Out::To(conn, bytes) => {
                    if let Some(sink) = self.senders.get(&conn) {
                        let msg = match &last {
                            Some((b, m))
                                if b.as_ptr() == bytes.as_ptr() && b.len() == bytes.len() =>
                            {
                                m.clone()
                            }
                            _ => {
                                let m = message(bytes.clone());
                                last = Some((bytes, m.clone()));
                                m
                            }
                        };
                        deliveries.push(Delivery {
                            conn,
                            sink: sink.clone(),
                            msg,
                        });
                    }
                }
                Out::Close(conn) => {
                    if let Some(sink) = self.senders.remove(&conn) {
                        deliveries.push(Delivery {
                            conn,
                            sink,
                            msg: Message::Close(None),
                        });
                    }
                }
            }
        }
        deliveries
    }

    /// Closes every connection to the room on this node (another node's connections hear of
    /// it through `close_all`).
    fn close_all_local(&mut self) {
        for (_, sink) in self.senders.drain() {
            if let Sink::Local(outbox) = sink {
                outbox.close();
            }
        }
    }
}

/// Where a room is.
pub(crate) enum Located {
    Here(Arc<Mutex<RoomEntry>>),
    At(String),
    /// No such room, or a closed one (a wrong code, counted against its address).
    Gone(String),
    /// The store cannot be reached: nobody's fault, said with a sentence.
    Unreachable(String),
}

/// How long a `/readyz` answer is kept ([`crate::ready`]).
const READY_KEPT: Duration = Duration::from_secs(1);

/// The last readiness answer, and the one check running at a time.
#[derive(Default)]
pub(crate) struct Readiness {
    pub(crate) last: Mutex<Option<(Instant, Result<(), crate::error::NotReady>)>>,
    pub(crate) checking: tokio::sync::Mutex<()>,
}

impl Readiness {
    pub(crate) fn kept(&self) -> Option<Result<(), crate::error::NotReady>> {
        lock(&self.last)
            .as_ref()
            .filter(|(at, _)| at.elapsed() < READY_KEPT)
            .map(|(_, answer)| answer.clone())
    }
}

/// Everything the server keeps.
pub struct Rooms {
    pub(crate) config: Config,
    pub(crate) store: Arc<dyn RoomStore>,
    pub(crate) owners: Arc<dyn Ownership>,
    pub(crate) metrics: Metrics,
    pub(crate) addresses: Addresses,
    rooms: Mutex<HashMap<RoomCode, Arc<Mutex<RoomEntry>>>>,
    pub(crate) proxied: Mutex<HashMap<ConnId, Proxied>>,
    /// One room is looked up in the store (and maybe rebuilt) at a time.
    locating: tokio::sync::Mutex<()>,
    /// Rooms kept in the store, as last counted (and counted up as rooms open).
    kept: AtomicU64,
    /// Set-aside rooms being taken up for their turn timer ([`Rooms::wake_due`]).
    waking: Mutex<HashSet<RoomCode>>,
    /// `true` once the server is stopping: sockets say so and close.
    pub(crate) stopping: watch::Sender<bool>,
    /// The pushes waiting to be sent, and the VAPID key.
    pub(crate) pusher: Pusher,
    writers: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// The last `/readyz` answer ([`crate::ready`]).
    pub(crate) ready: Readiness,
}

impl Rooms {
    /// The server's rooms over a store and an ownership (see `start` for which ones).
    pub fn new(
        config: Config,
        store: Arc<dyn RoomStore>,
        owners: Arc<dyn Ownership>,
    ) -> Arc<Rooms> {
        let addresses = Addresses::new(&config.limits);
        Arc::new(Rooms {
            config,
            store,
            owners,
            metrics: Metrics::default(),
            addresses,
            rooms: Mutex::new(HashMap::new()),
            proxied: Mutex::new(HashMap::new()),
            locating: tokio::sync::Mutex::new(()),
            kept: AtomicU64::new(0),
            waking: Mutex::new(HashSet::new()),
            stopping: watch::Sender::new(false),
            pusher: Pusher::new(),
            writers: Mutex::new(Vec::new()),
            ready: Readiness::default(),
        })
    }

    /// A room's game as it stands: the number of actions and the state's hash (`None`: no
    /// such room here, or its game has not started).
    pub fn game_state(&self, code: &str) -> Option<(u64, u64)> {
        let entry = self.room(&RoomCode::parse(code)?)?;
        let e = lock(&entry);
        let game = e.room.game()?;
        Some((
            game.history().len() as u64,
            worlds_table::protocol::state_hash(game),
        ))
    }

    /// Whether a room's game is over.
    pub fn game_over(&self, code: &str) -> bool {
        RoomCode::parse(code)
            .and_then(|c| self.room(&c))
            .is_some_and(|e| lock(&e).room.game().is_some_and(|g| g.is_over()))
    }

    /// Whether a room here keeps a push subscription for `seat`.
    pub fn has_push(&self, code: &str, seat: PlayerId) -> bool {
        RoomCode::parse(code)
            .and_then(|c| self.room(&c))
            .is_some_and(|e| lock(&e).room.has_push(seat))
    }

    /// The rooms in this node's memory now.
    pub fn rooms_here(&self) -> usize {
        lock(&self.rooms).len()
    }

    pub(crate) fn room(&self, code: &RoomCode) -> Option<Arc<Mutex<RoomEntry>>> {
        lock(&self.rooms).get(code).cloned()
    }

    pub(crate) fn codes(&self) -> Vec<RoomCode> {
        lock(&self.rooms).keys().cloned().collect()
    }

    pub(crate) fn entries(&self) -> Vec<(RoomCode, Arc<Mutex<RoomEntry>>)> {
        lock(&self.rooms)
            .iter()
            .map(|(c, e)| (c.clone(), e.clone()))
            .collect()
    }

    /// Rooms kept, as last counted.
    pub(crate) fn kept(&self) -> u64 {
        self.kept.load(Ordering::Relaxed)
    }

    pub(crate) fn stopping(&self) -> bool {
        *self.stopping.borrow()
    }

    /// Puts a room in this node's memory, with a writer that keeps what it decides before
    /// anyone hears of it.
    pub(crate) fn insert(self: &Arc<Self>, mut room: Room) -> Arc<Mutex<RoomEntry>> {
        room.allow_loopback_push(self.config.push_allow_loopback);
        let code = room.code().clone();
        let (tx, rx) = mpsc::channel(WRITES_QUEUED);
        let writer = tokio::spawn(write_room(self.clone(), code.clone(), rx));
        lock(&self.writers).push(writer);
        let entry = Arc::new(Mutex::new(RoomEntry::new(room, tx)));
        lock(&self.rooms).insert(code, entry.clone());
        entry
    }

    /// Opens a room from `request` under a free code, its person seats holding `tokens` in
    /// turn, kept by the store before it is run here; returns its code and the seats held.
    pub(crate) async fn create(
        self: &Arc<Self>,
        request: OpenRoom,
        mut tokens: impl FnMut() -> String,
    ) -> Result<(RoomCode, Vec<HeldSeat>), NotOpened> {
        for _ in 0..20 {
            let code = RoomCode::from_random(random::<5>());
            if self.room(&code).is_some() {
                continue;
            }
            let (room, held) = Room::open(
                code.clone(),
                request.clone(),
                &mut tokens,
                self.config.bot_delay_ms,
                now_ms(),
            )
            .map_err(|why| NotOpened::Refused(why.to_string()))?;
            let opening = serde_json::to_string(&room.opening()).unwrap_or_default();
            let state = serde_json::to_string(&room.state()).unwrap_or_default();
            match self.store.create(&code.to_string(), &opening, &state).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    log::warn("open", format_args!("opening a room: {e}"));
                    return Err(NotOpened::Unavailable(
                        "The room server cannot keep rooms just now; try again in a moment.",
                    ));
                }
            }
            self.opened(room);
            return Ok((code, held));
        }
        Err(NotOpened::Unavailable(
            "No free room code was found; try again.",
        ))
    }

    /// Why no room can be opened now when the server holds all it may (`--max-rooms`),
    /// counted as refused.
    pub(crate) fn full(&self) -> Option<&'static str> {
        if self.kept() < self.config.limits.max_rooms {
            return None;
        }
        self.metrics.refused(Refused::Rooms);
        Some("This room server holds as many rooms as it can just now; try again later.")
    }

    /// After a room handled a message: a Play again it asks for is opened (in the
    /// background, as opening waits for the store), and the room told of it.
    pub(crate) fn after_message(self: &Arc<Self>, e: &mut RoomEntry) {
        let Some(again) = e.room.take_play_again() else {
            return;
        };
        let old = e.room.code().clone();
        let rooms = self.clone();
        tokio::spawn(async move {
            let mut tokens = again.tokens.into_iter();
            let opened = if let Some(why) = rooms.full() {
                Err(NotOpened::Unavailable(why))
            } else {
                rooms
                    .create(again.request, move || {
                        tokens.next().unwrap_or_else(crate::new_token)
                    })
                    .await
            };
            let Some(entry) = rooms.room(&old) else {
                return;
            };
            let mut e = lock(&entry);
            let outs = match opened {
                Ok((next, _)) => {
                    log::note(&format!("room {old}: played again in room {next}"));
                    e.room.played_again(next)
                }
                Err(NotOpened::Refused(why)) => e.room.play_again_failed(&why),
                Err(NotOpened::Unavailable(why)) => e.room.play_again_failed(why),
            };
            e.dispatch(outs, None, &rooms.metrics);
        });
    }

    /// A push service said a seat's subscription is gone: the room forgets it (and keeps
    /// that). A room no longer here forgets it the next time a push to it comes back so.
    pub(crate) fn forget_push(&self, code: &RoomCode, seat: PlayerId, endpoint: &str) {
        if let Some(entry) = self.room(code) {
            let mut e = lock(&entry);
            e.room.forget_push(seat, endpoint);
            e.dispatch(Vec::new(), None, &self.metrics);
        }
    }

    /// A room just opened here.
    pub(crate) fn opened(self: &Arc<Self>, room: Room) {
        self.kept.fetch_add(1, Ordering::Relaxed);
        self.insert(room);
    }

    /// Forgets a room this node no longer runs (another node took it over, or its store said
    /// no): its connections are closed, and their devices reconnect to whoever runs it.
    pub(crate) fn drop_room(&self, code: &RoomCode) {
        let entry = lock(&self.rooms).remove(code);
        if let Some(entry) = entry {
            log::note(&format!("room {code}: no longer run by this node"));
            let mut e = lock(&entry);
            e.writer = None;
            self.close_all(&mut e);
        }
    }

    /// Closes every connection to a room, on this node and others.
    fn close_all(&self, e: &mut RoomEntry) {
        e.gone = true;
        for (conn, sink) in e.senders.drain() {
            self.deliver(Delivery {
                conn,
                sink,
                msg: Message::Close(None),
            });
        }
    }

    pub(crate) fn deliver(&self, d: Delivery) {
        match d.sink {
            Sink::Local(outbox) => outbox.deliver(d.msg),
            Sink::Remote(node) => {
                let frame = match d.msg {
                    Message::Text(t) => Frame::Text {
                        conn: d.conn,
                        bytes: t.as_str().as_bytes().to_vec(),
                    },
                    Message::Binary(b) => Frame::Binary {
                        conn: d.conn,
                        bytes: b.to_vec(),
                    },
                    _ => Frame::Close { conn: d.conn },
                };
                self.owners.send(&node, &frame);
            }
        }
    }

    /// Every room's tick (the host's, the computers'), and rooms leaving memory: closed after
    /// `--room-idle-days` with nobody in them, set aside after `--set-aside-seconds`.
    pub(crate) fn tick_all(&self) {
        let now = now_ms();
        let idle_ms = self.config.room_idle_ms;
        let set_aside_ms = self.config.set_aside_seconds.saturating_mul(1000);
        for (code, entry) in self.entries() {
            let mut e = lock(&entry);
            if e.gone {
                drop(e);
                self.forget(&code, &entry);
                continue;
            }
            let leaving = if e.room.idle(now, idle_ms) {
                Some(Write::Close {
                    reason: None,
                    done: None,
                })
            } else {
                e.room
                    .empty_since()
                    .map(|since| now.saturating_sub(since))
                    .filter(|&t| t >= set_aside_ms)
                    .map(|empty_for| Write::SetAside {
                        remaining_ms: idle_ms.saturating_sub(empty_for).max(1),
                        wakes_at: e.room.wakes_at(),
                    })
            };
            if let Some(leaving) = leaving {
                self.close_all(&mut e);
                if let Some(writer) = e.writer.take() {
                    let _ = writer.try_send(leaving);
                }
                drop(e);
                self.forget(&code, &entry);
                continue;
            }
            let outs = e.room.tick(now);
            e.dispatch(outs, None, &self.metrics);
        }
    }

    /// Removes a room from memory (if `entry` is still the one there).
    pub(crate) fn forget(&self, code: &RoomCode, entry: &Arc<Mutex<RoomEntry>>) {
        let mut rooms = lock(&self.rooms);
        if rooms.get(code).is_some_and(|e| Arc::ptr_eq(e, entry)) {
            rooms.remove(code);
        }
    }

    /// Every second: set-aside rooms whose turn clock ran out are taken up again (each in a
    /// task of its own, as taking up replays the game), so the clock plays what is due; with
    /// nobody in them, they are set aside again after `--set-aside-seconds`.
    pub(crate) async fn wake_due(self: &Arc<Self>) {
        let due = match self.store.due(now_ms()).await {
            Ok(due) => due,
            Err(e) => {
                log::warn("due", format_args!("listing the rooms due: {e}"));
                return;
            }
        };
        for name in due {
            let Some(code) = RoomCode::parse(&name) else {
                continue;
            };
            if self.room(&code).is_some() || !lock(&self.waking).insert(code.clone()) {
                continue;
            }
            let rooms = self.clone();
            tokio::spawn(async move {
                if let Located::Here(_) = rooms.locate(&code).await {
                    log::note(&format!("room {code}: taken up for its turn timer"));
                }
                lock(&rooms.waking).remove(&code);
            });
        }
    }

    /// Every ten seconds: the store's sweep, the count of rooms kept, the address tables'
    /// sweep, finished writers.
    pub(crate) async fn housekeeping(&self) {
        let now = now_ms();
        if let Err(e) = self.store.sweep(now).await {
            log::warn("sweep", format_args!("sweeping the store: {e}"));
        }
        match self.store.count().await {
            Ok(n) => self.kept.store(n, Ordering::Relaxed),
            Err(e) => log::warn("count", format_args!("counting the store's rooms: {e}")),
        }
        self.addresses.sweep(now);
        lock(&self.writers).retain(|w| !w.is_finished());
    }

    /// Finds a room: here, at another node, or gone (with the sentence to say). A kept room
    /// this node may run (nobody runs it: the server restarted, it was set aside, its node
    /// died) is rebuilt here from the store.
    pub(crate) async fn locate(self: &Arc<Self>, code: &RoomCode) -> Located {
        if let Some(e) = self.room(code) {
            return Located::Here(e);
        }
        let _one_at_a_time = self.locating.lock().await;
        let name = code.to_string();
        let unreachable = |e: StoreError| {
            log::warn("store", format_args!("room {code}: {e}"));
            Located::Unreachable(
                "The room server cannot reach its rooms just now; try again in a moment.".into(),
            )
        };
        for _ in 0..5 {
            if let Some(e) = self.room(code) {
                return Located::Here(e);
            }
            match self.store.find(&name).await {
                Ok(Found::Kept) => {}
                Ok(Found::Closed { at_ms, reason }) => {
                    return Located::Gone(closed_words(
                        at_ms,
                        reason.as_deref(),
                        &self.config.idle_words(),
                    ))
                }
                Ok(Found::Unknown) => return Located::Gone(UNKNOWN.into()),
                Err(e) => return unreachable(e),
            }
            if self.stopping() {
                // A stopping node takes up no room: the next node (or this one restarted) will.
                return Located::Unreachable(
                    "The room server is restarting; try again in a moment.".into(),
                );
            }
            match self.owners.claim(&name).await {
                Ok(Claim::Here) => {}
                Ok(Claim::At(node)) => return Located::At(node),
                Ok(Claim::Retry) => continue,
                Err(e) => return unreachable(e),
            }
            return match self.take_over(code).await {
                Ok(e) => Located::Here(e),
                Err(why) => {
                    log::warn(
                        "takeover",
                        format_args!("room {code}: could not be taken up: {why}"),
                    );
                    let _ = self.owners.release(&name).await;
                    Located::Gone(format!("This room could not be opened again: {why}"))
                }
            };
        }
        Located::Unreachable(
            "The room server cannot reach its rooms just now; try again in a moment.".into(),
        )
    }

    /// A room's public summary (`GET /api/rooms/{code}`): of the room this node runs, or of
    /// the store's record replayed here without taking the room up (a look from My games is
    /// not a device in the room: a set-aside room stays set aside and its idle time runs on).
    pub(crate) async fn summary(self: &Arc<Self>, code: &RoomCode) -> Result<RoomSummary, Located> {
        if let Some(entry) = self.room(code) {
            return Ok(lock(&entry).room.summary());
        }
        let unreadable = |why: &dyn std::fmt::Display| {
            log::warn("summary", format_args!("room {code}: not read: {why}"));
            Located::Unreachable(
                "The room server cannot read this room just now; try again in a moment.".into(),
            )
        };
        match self.store.find(&code.to_string()).await {
            Ok(Found::Kept) => self
                .rebuild(code)
                .await
                .map(|r| r.summary())
                .map_err(|e| unreadable(&e)),
            Ok(Found::Closed { at_ms, reason }) => Err(Located::Gone(closed_words(
                at_ms,
                reason.as_deref(),
                &self.config.idle_words(),
            ))),
            Ok(Found::Unknown) => Err(Located::Gone(UNKNOWN.into())),
            Err(e) => Err(unreadable(&e)),
        }
    }

    /// Rebuilds a room from the store, renewing this node's hold on it while its actions are
    /// replayed (a long game takes a while).
    async fn take_over(
        self: &Arc<Self>,
        code: &RoomCode,
    ) -> Result<Arc<Mutex<RoomEntry>>, TakeUpError> {
        let name = code.to_string();
        let renewing = {
            let owners = self.owners.clone();
            let name = name.clone();
            tokio::spawn(async move {
                let mut every = tokio::time::interval(Duration::from_millis(1_000));
                every.tick().await;
                loop {
                    every.tick().await;
                    let _ = owners.renew(std::slice::from_ref(&name)).await;
                }
            })
        };
        let rebuilt = self.rebuild(code).await;
        renewing.abort();
        let room = rebuilt?;
        // Back in a node's care: no longer to be closed for being idle.
        self.store.wake(&name).await?;
        Ok(self.insert(room))
    }

    async fn rebuild(&self, code: &RoomCode) -> Result<Room, TakeUpError> {
        let kept = self
            .store
            .load(&code.to_string())
            .await?
            .ok_or(TakeUpError::NotKept)?;
        let bot_delay_ms = self.config.bot_delay_ms;
        let code = code.clone();
        let node = self.owners.node().to_string();
        tokio::task::spawn_blocking(move || {
            let opening: OpenRoom = serde_json::from_str(&kept.opening)?;
            let state: RoomState = serde_json::from_str(&kept.state)?;
            let actions = kept
                .actions
                .iter()
                .map(|a| KeptAction::read(a))
                .collect::<Result<Vec<_>, _>>()?;
            let n = actions.len();
            let room = Room::restore(
                code.clone(),
                opening,
                state,
                actions,
                bot_delay_ms,
                now_ms(),
            )?;
            log::note(&format!(
                "room {code}: taken up by node {node} ({n} actions replayed)"
            ));
            Ok(room)
        })
        .await?
    }

    /// The nodes whose clients play in rooms this node runs.
    pub(crate) fn remote_nodes(&self) -> HashSet<String> {
        let mut nodes = HashSet::new();
        for (_, e) in self.entries() {
            for sink in lock(&e).senders.values() {
                if let Sink::Remote(n) = sink {
                    nodes.insert(n.clone());
                }
            }
        }
        nodes
    }

    /// A node is gone: its clients leave the rooms this node runs.
    pub(crate) fn drop_remote(&self, node: &str) {
        for (_, entry) in self.entries() {
            let mut e = lock(&entry);
            let gone: Vec<ConnId> = e
                .senders
                .iter()
                .filter(|(_, s)| matches!(s, Sink::Remote(n) if n == node))
                .map(|(&c, _)| c)
                .collect();
            for conn in gone {
                e.senders.remove(&conn);
                let outs = e.room.disconnect(conn, now_ms());
                e.dispatch(outs, None, &self.metrics);
            }
        }
    }

    fn here(&self, code: &str) -> Option<Arc<Mutex<RoomEntry>>> {
        RoomCode::parse(code).and_then(|c| self.room(&c))
    }

    /// Another node's client connects to a room this node runs; `false` if it does not run
    /// it (any more).
    pub(crate) fn connect_remote(&self, code: &str, conn: ConnId, from: &str) -> bool {
        let Some(entry) = self.here(code) else {
            return false;
        };
        let mut e = lock(&entry);
        if e.gone {
            return false;
        }
        e.senders.insert(conn, Sink::Remote(from.to_string()));
        e.room.connect(conn, now_ms());
        true
    }

    /// A message from another node's client.
    pub(crate) fn message_remote(self: &Arc<Self>, code: &str, conn: ConnId, bytes: &[u8]) {
        if let Some(entry) = self.here(code) {
            let mut e = lock(&entry);
            if e.senders.contains_key(&conn) {
                let outs = e.room.on_message(conn, bytes, now_ms(), crate::new_token);
                e.dispatch(outs, Some(Instant::now()), &self.metrics);
                self.after_message(&mut e);
            }
        }
    }

    /// Another node's client left.
    pub(crate) fn leave_remote(&self, code: &str, conn: ConnId) {
        if let Some(entry) = self.here(code) {
            let mut e = lock(&entry);
            if e.senders.remove(&conn).is_some() {
                let outs = e.room.disconnect(conn, now_ms());
                e.dispatch(outs, None, &self.metrics);
            }
        }
    }

    /// Stopping: every room this node holds is handed to the store as set aside (with its
    /// whole idle time: people were in it) and let go, once what it decided is kept; waits at
    /// most `within` for the writers.
    pub(crate) async fn set_all_aside(&self, within: Duration) {
        let idle_ms = self.config.room_idle_ms;
        for (code, entry) in self.entries() {
            let mut e = lock(&entry);
            self.close_all(&mut e);
            if let Some(writer) = e.writer.take() {
                let _ = writer.try_send(Write::SetAside {
                    remaining_ms: idle_ms,
                    wakes_at: e.room.wakes_at(),
                });
            }
            drop(e);
            self.forget(&code, &entry);
        }
        let writers = std::mem::take(&mut *lock(&self.writers));
        let waited = tokio::time::timeout(within, async {
            for w in writers {
                let _ = w.await;
            }
        })
        .await;
        if waited.is_err() {
            log::warn(
                "stop",
                format_args!("some rooms' writers did not finish in {within:?}"),
            );
        }
    }
}

/// A room's writer: keeps each step's actions and state, then sends what the room said; if
/// the store says this node no longer runs the room, forgets it.
async fn write_room(rooms: Arc<Rooms>, code: RoomCode, mut rx: mpsc::Receiver<Write>) {
    let name = code.to_string();
    while let Some(write) = rx.recv().await {
        let batch = match write {
            Write::Step(batch) => batch,
            Write::SetAside {
                remaining_ms,
                wakes_at,
            } => {
                match rooms.store.set_aside(&name, remaining_ms, wakes_at).await {
                    Ok(true) => log::note(&format!("room {code}: set aside (nobody in it)")),
                    other => log::warn(
                        "set-aside",
                        format_args!("room {code}: could not be set aside ({other:?})"),
                    ),
                }
                return;
            }
            Write::Close { reason, done } => {
                let closed = rooms.store.close(&name, reason.as_deref()).await;
                match (&closed, &reason) {
                    (Ok(()), None) => log::note(&format!("room {code}: closed (nobody in it)")),
                    (Ok(()), Some(why)) => log::note(&format!(
                        "room {code}: closed by the server's operator ({why})"
                    )),
                    (Err(e), _) => log::warn("close", format_args!("room {code}: not closed: {e}")),
                }
                if let Some(done) = done {
                    let _ = done.send(closed);
                }
                return;
            }
        };
        if !batch.actions.is_empty() || batch.state.is_some() {
            let kept = rooms
                .store
                .write(&name, batch.from, &batch.actions, batch.state.as_deref())
                .await;
            if !matches!(kept, Ok(true)) {
                log::warn(
                    "write",
                    format_args!(
                        "room {code}: its step was not kept ({kept:?}); the room is let go"
                    ),
                );
                for d in batch.deliveries {
                    if matches!(d.msg, Message::Close(_)) {
                        rooms.deliver(d);
                    }
                }
                rooms.drop_room(&code);
                return;
            }
        }
        let applied = batch.actions.len();
        for d in batch.deliveries {
            rooms.deliver(d);
        }
        for order in batch.pushes {
            rooms.queue_push(Push {
                room: code.clone(),
                order,
            });
        }
        if applied > 0 {
            rooms.metrics.actions(applied as u64);
            if let Some(t) = batch.received {
                rooms.metrics.action_took(t.elapsed());
            }
        }
    }
}

/// What a closed room's link says: when it was closed (a UTC date) and why.
pub(crate) fn closed_words(at_ms: Option<u64>, reason: Option<&str>, idle: &str) -> String {
    if let Some(reason) = reason {
        let on = at_ms.map_or(String::new(), |at| format!(" on {}", crate::log::date(at)));
        let stop = if reason.ends_with(['.', '!', '?']) {
            ""
        } else {
            "."
        };
        return format!("This room was closed{on} by the room server's operator: {reason}{stop}");
    }
    match at_ms {
        Some(at) => format!(
            "This room was closed on {} after {idle} with no move and nobody in it.",
            crate::log::date(at)
        ),
        None => format!("This room was closed after {idle} with no move and nobody in it."),
    }
}

#[cfg(test)]
mod tests {
    use super::closed_words;

    #[test]
    fn a_closed_rooms_link_says_when_and_why() {
        // 2026-12-07 18:00 UTC.
        assert_eq!(
            closed_words(Some(1_796_666_400_000), None, "30 days"),
            "This room was closed on 7 December 2026 after 30 days with no move and nobody in it."
        );
        assert_eq!(
            closed_words(None, None, "5 minutes"),
            "This room was closed after 5 minutes with no move and nobody in it."
        );
        assert_eq!(
            closed_words(Some(1_796_666_400_000), Some("Moving house"), "30 days"),
            "This room was closed on 7 December 2026 by the room server's operator: Moving house."
        );
        assert_eq!(
            closed_words(None, Some("Bye!"), "30 days"),
            "This room was closed by the room server's operator: Bye!"
        );
    }
}
