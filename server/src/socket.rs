//! A room's WebSocket: the loop that moves bytes between a client and its room, and nothing
//! more (the room decides).
//!
//! Every wait has a deadline and every queue a bound: a socket must say which seat it is
//! within `first_message_ms`; the server pings it every `ping_ms` and closes it after
//! `silence_ms` without a word (pongs count); what is sent to it waits in a queue of `queue`
//! messages, and a client that lets it fill (it does not read) is disconnected, as is one a
//! message takes longer than `write_ms` to reach. The socket itself refuses a message over
//! 64 KiB before reading it. When the server stops, each socket is told to reconnect.

use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use worlds_table::room::{ConnId, RoomCode, RoomMsg};

use crate::cluster::{Frame, Proxied};
use crate::config::Limits;
use crate::metrics::Refused;
use crate::outbox::{Inbox, Outbox};
use crate::rooms::{Located, RoomEntry, Rooms, Sink};
use crate::{lock, new_token, now_ms};

/// Messages queued for one socket that go out in one write, at most.
const WRITE_BATCH: usize = 64;

/// The close code that tells a client the server is restarting (it reconnects).
pub const RESTARTING: u16 = 1012;

/// A socket counted against its client's address and in `worlds_connections` while it lives.
struct Counted {
    rooms: Arc<Rooms>,
    client: IpAddr,
}

impl Counted {
    fn new(rooms: &Arc<Rooms>, client: IpAddr) -> Option<Counted> {
        if !rooms.addresses.socket_opened(client) {
            return None;
        }
        rooms.metrics.socket_opened();
        Some(Counted {
            rooms: rooms.clone(),
            client,
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.rooms.addresses.socket_closed(self.client);
        self.rooms.metrics.socket_closed();
    }
}

async fn say_and_close(mut socket: WebSocket, msg: RoomMsg) {
    if let Ok(text) = serde_json::to_string(&msg) {
        let _ = socket.send(Message::Text(text.into())).await;
    }
    let _ = socket.send(Message::Close(None)).await;
}

fn denied(reason: &str) -> RoomMsg {
    RoomMsg::Denied {
        reason: reason.to_string(),
    }
}

fn closed(reason: &str) -> RoomMsg {
    RoomMsg::Closed {
        reason: reason.to_string(),
    }
}

/// A socket for room `code` from `client` (its address as counted).
pub(crate) async fn serve_socket(
    rooms: Arc<Rooms>,
    code: String,
    client: IpAddr,
    mut socket: WebSocket,
) {
    let Some(_counted) = Counted::new(&rooms, client) else {
        rooms.metrics.refused(Refused::Rate);
        return say_and_close(
            socket,
            denied("Too many connections from this address: close some of this game's pages and try again."),
        )
        .await;
    };
    if rooms.stopping() {
        let _ = socket.send(restarting()).await;
        return;
    }
    if !rooms.addresses.may_try(client) {
        rooms.metrics.refused(Refused::Rate);
        return say_and_close(
            socket,
            denied("Too many tries from this address; wait a minute."),
        )
        .await;
    }
    let Some(parsed) = RoomCode::parse(&code) else {
        rooms.addresses.failed(client);
        rooms.metrics.refused(Refused::Code);
        return say_and_close(socket, closed("No room has this code.")).await;
    };
    let located = rooms.locate(&parsed).await;
    let conn = match rooms.owners.next_conn().await {
        Ok(c) => c,
        Err(e) => {
            crate::log::warn("conn", format_args!("numbering a connection: {e}"));
            return say_and_close(
                socket,
                closed("The room server cannot reach its rooms just now; try again in a moment."),
            )
            .await;
        }
    };
    match located {
        Located::Here(entry) => serve_here(rooms, entry, conn, client, socket).await,
        Located::At(owner) => serve_through(rooms, parsed, owner, conn, socket).await,
        Located::Gone(reason) => {
            rooms.addresses.failed(client);
            rooms.metrics.refused(Refused::Code);
            say_and_close(socket, closed(&reason)).await
        }
        Located::Unreachable(reason) => say_and_close(socket, closed(&reason)).await,
    }
}

fn restarting() -> Message {
    Message::Close(Some(CloseFrame {
        code: RESTARTING,
        reason: "The room server is restarting; reconnecting".into(),
    }))
}

/// How a socket's loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// The client closed it (or its connection broke).
    Client,
    /// The room closed it (its last message said why).
    Room,
    /// The client did not read what was sent to it.
    Slow,
    /// Nothing came from the client in time.
    Silent,
    /// The client sent a message over the size limit.
    TooLarge,
    /// The server is stopping.
    Stopping,
}

/// Whether a socket error is a message over the size limit.
fn too_large(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(t) = s.downcast_ref::<tungstenite::Error>() {
            return matches!(t, tungstenite::Error::Capacity(_));
        }
        source = s.source();
    }
    e.to_string().contains("too long")
}

/// Writes what the room sends to the socket, and pings it, until the room closes it, the
/// client does not keep up, or the loop that reads it ends (it then aborts this).
async fn write_loop(
    mut sink: SplitSink<WebSocket, Message>,
    mut inbox: Inbox,
    limits: Limits,
) -> Ended {
    let write_within = Duration::from_millis(limits.write_ms);
    let mut ping = tokio::time::interval(Duration::from_millis(limits.ping_ms.max(1)));
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ping.tick().await;
    loop {
        tokio::select! {
            _ = inbox.kick.notified() => return Ended::Slow,
            out = inbox.rx.recv() => match out {
                None => return Ended::Room,
                Some(bye @ Message::Close(_)) => {
                    let _ = tokio::time::timeout(Duration::from_secs(2), sink.send(bye)).await;
                    return Ended::Room;
                }
                Some(msg) => {
                    // What else is queued goes in the same write (one system call, not one a
                    // message), up to a close, which ends it.
                    let mut batch = vec![msg];
                    while batch.len() < WRITE_BATCH {
                        match inbox.rx.try_recv() {
                            Ok(m) => {
                                let close = matches!(m, Message::Close(_));
                                batch.push(m);
                                if close {
                                    break;
                                }
                            }
                            Err(_) => break,
                        }
                    }
                    let closing = matches!(batch.last(), Some(Message::Close(_)));
                    let write = async {
                        for m in batch {
                            sink.feed(m).await?;
                        }
                        sink.flush().await
                    };
                    let sent = tokio::select! {
                        r = tokio::time::timeout(write_within, write) => matches!(r, Ok(Ok(()))),
                        _ = inbox.kick.notified() => false,
                    };
                    if closing {
                        return Ended::Room;
                    }
                    if !sent {
                        return Ended::Slow;
                    }
                }
            },
            _ = ping.tick() => {
                let ping = Message::Ping(axum::body::Bytes::from_static(b"worlds"));
                if !matches!(tokio::time::timeout(write_within, sink.send(ping)).await, Ok(Ok(()))) {
                    return Ended::Slow;
                }
            }
        }
    }
}

/// Moves bytes between a socket and its room until one of them ends it: what the room sends
/// (to `outbox`, read from `inbox`) is written by a task of its own, so this loop always
/// reads; what the client says goes to `heard` with when it arrived.
async fn pump(
    rooms: &Rooms,
    socket: WebSocket,
    outbox: Outbox,
    inbox: Inbox,
    mut heard: impl FnMut(&[u8], Instant),
) -> Ended {
    let limits = rooms.config.limits.clone();
    let mut stopping = rooms.stopping.subscribe();
    let (sink, mut stream) = socket.split();
    let mut writer = tokio::spawn(write_loop(sink, inbox, limits.clone()));
    let opened = Instant::now();
    let mut said = false;
    let mut last_heard = Instant::now();
    let mut every = tokio::time::interval(Duration::from_millis(500));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let ended = if *stopping.borrow_and_update() {
        Ended::Stopping
    } else {
        loop {
            tokio::select! {
                _ = stopping.changed() => break Ended::Stopping,
                w = &mut writer => break w.unwrap_or(Ended::Room),
                m = stream.next() => {
                    last_heard = Instant::now();
                    match m {
                        Some(Ok(Message::Text(t))) => {
                            said = true;
                            heard(t.as_str().as_bytes(), last_heard);
                        }
                        Some(Ok(Message::Binary(b))) => {
                            said = true;
                            heard(&b, last_heard);
                        }
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                        Some(Ok(Message::Close(_))) | None => break Ended::Client,
                        Some(Err(e)) => break if too_large(&e) { Ended::TooLarge } else { Ended::Client },
                    }
                }
                _ = every.tick() => {
                    let quiet = if said { limits.silence_ms } else { limits.first_message_ms };
                    let since = if said { last_heard } else { opened };
                    if since.elapsed() >= Duration::from_millis(quiet) {
                        break Ended::Silent;
                    }
                }
            }
        }
    };
    // Goodbye, as fits how it ended (nothing to a client that does not read).
    let goodbye = match ended {
        Ended::Slow => {
            rooms.metrics.slow_client();
            None
        }
        Ended::TooLarge => {
            rooms.metrics.refused(Refused::Size);
            None
        }
        Ended::Room => None,
        Ended::Stopping => Some(restarting()),
        Ended::Silent => Some(Message::Close(Some(CloseFrame {
            code: 1008,
            reason: "Nothing was heard from this connection in time".into(),
        }))),
        Ended::Client => Some(Message::Close(None)),
    };
    match goodbye {
        Some(bye) if !writer.is_finished() => {
            outbox.deliver(bye);
            if tokio::time::timeout(Duration::from_secs(2), &mut writer)
                .await
                .is_err()
            {
                writer.abort();
            }
        }
        _ => writer.abort(),
    }
    ended
}

/// A client of a room this node runs.
async fn serve_here(
    rooms: Arc<Rooms>,
    entry: Arc<Mutex<RoomEntry>>,
    conn: ConnId,
    client: IpAddr,
    mut socket: WebSocket,
) {
    let (outbox, inbox) = Outbox::new(rooms.config.limits.queue);
    let refused = {
        let mut e = lock(&entry);
        if e.gone {
            Some(None)
        } else if e.room.connections() >= rooms.config.limits.sockets_per_room {
            Some(Some(denied(
                "This room has as many connections open as it takes: close another window of it and try again.",
            )))
        } else {
            e.senders.insert(conn, Sink::Local(outbox.clone()));
            e.room.connect(conn, now_ms());
            None
        }
    };
    match refused {
        // The room left this node a moment ago: the device reconnects to wherever it is.
        Some(None) => {
            let _ = socket.send(Message::Close(None)).await;
            return;
        }
        Some(Some(msg)) => {
            rooms.metrics.refused(Refused::Rate);
            return say_and_close(socket, msg).await;
        }
        None => {}
    }
    let _ended = pump(&rooms, socket, outbox, inbox, |bytes, at| {
        let mut e = lock(&entry);
        let outs = e.room.on_message(conn, bytes, now_ms(), new_token);
        let refusals = e.dispatch(outs, Some(at), &rooms.metrics);
        rooms.after_message(&mut e);
        drop(e);
        // A seat token the room does not know counts as a try against this address.
        if refusals.contains(&worlds_table::room::Refusal::Token) {
            rooms.addresses.failed(client);
        }
    })
    .await;
    {
        let mut e = lock(&entry);
        if e.senders.remove(&conn).is_some() {
            let outs = e.room.disconnect(conn, now_ms());
            e.dispatch(outs, None, &rooms.metrics);
        }
    }
}

/// A client of a room another node runs: its messages go there, what the room says comes
/// back. If that node goes, the socket is closed and the client reconnects.
async fn serve_through(
    rooms: Arc<Rooms>,
    code: RoomCode,
    owner: String,
    conn: ConnId,
    socket: WebSocket,
) {
    let (outbox, inbox) = Outbox::new(rooms.config.limits.queue);
    lock(&rooms.proxied).insert(
        conn,
        Proxied {
            code: code.clone(),
            owner: owner.clone(),
            outbox: outbox.clone(),
        },
    );
    let name = code.to_string();
    let from = rooms.owners.node().to_string();
    rooms.owners.send(
        &owner,
        &Frame::Connect {
            code: name.clone(),
            conn,
            from: from.clone(),
        },
    );
    let _ended = pump(&rooms, socket, outbox, inbox, |bytes, _| {
        rooms.owners.send(
            &owner,
            &Frame::Msg {
                code: name.clone(),
                conn,
                from: from.clone(),
                bytes: bytes.to_vec(),
            },
        );
    })
    .await;
    lock(&rooms.proxied).remove(&conn);
    rooms.owners.send(
        &owner,
        &Frame::Leave {
            code: name,
            conn,
            from,
        },
    );
}
