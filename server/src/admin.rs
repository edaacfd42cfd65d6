//! The operator's API, there only with `--admin-token-file` (`WORLDS_ADMIN_TOKEN_FILE`).
//!
//! Every request carries `Authorization: Bearer TOKEN`; the token is compared in constant time
//! ([`crate::config::AdminToken`]), and a missing or wrong one is refused (`401`) and counted
//! against the address as a wrong room code is (`429` once it tried too often). A browser page
//! elsewhere cannot call it: the server's CORS rules let no `Authorization` header through.
//!
//! - `GET /api/admin/rooms`: the rooms this node runs now, as JSON ([`AdminRoom`]);
//! - `POST /api/admin/notice` `{"text": "..."}`: every device connected to this node shows the
//!   sentence in its feed and as a banner ([`RoomMsg::Notice`]);
//! - `POST /api/admin/rooms/CODE/close` `{"reason": "..."}`: the room closes; its devices,
//!   and its link from then on, say when and why.
//!
//! An operator's text is text, never HTML: one line of at most [`MAX_TEXT`] characters.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::Message;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use worlds_table::room::{RoomCode, RoomMsg, RoomPresence};

use crate::limits::client_address;
use crate::metrics::Refused;
use crate::outbox::message;
use crate::rooms::{closed_words, Delivery, Located, Rooms, Sink, Write};
use crate::{lock, now_ms};

/// The longest notice or reason, in characters.
pub const MAX_TEXT: usize = 300;
/// The largest request body the admin API reads.
const MAX_BODY: usize = 4 * 1024;
/// How long closing a room may wait for its store.
const CLOSE_WITHIN: Duration = Duration::from_secs(5);

/// The admin routes, or none without an admin token.
pub(crate) fn routes(rooms: &Rooms) -> Router<Arc<Rooms>> {
    if rooms.config.admin_token.is_none() {
        return Router::new();
    }
    Router::new()
        .route("/api/admin/rooms", get(list))
        .route("/api/admin/notice", post(notice))
        .route("/api/admin/rooms/{code}/close", post(close))
        .layer(DefaultBodyLimit::max(MAX_BODY))
}

fn problem(status: StatusCode, sentence: &str) -> Response {
    (status, Json(serde_json::json!({ "error": sentence }))).into_response()
}

/// `Ok` for a request bearing the admin token; else the refusal to answer with, the try
/// counted against the client's address.
#[allow(clippy::result_large_err)]
fn authorized(rooms: &Rooms, peer: SocketAddr, headers: &HeaderMap) -> Result<(), Response> {
    let client = client_address(peer.ip(), headers, &rooms.config.trusted_proxies);
    if !rooms.addresses.may_try(client) {
        rooms.metrics.refused(Refused::Rate);
        return Err(problem(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many wrong tokens or codes from your address; wait a minute and try again.",
        ));
    }
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    let token = rooms.config.admin_token.as_ref();
    if let (Some(token), Some(given)) = (token, given) {
        if token.matches(given) {
            return Ok(());
        }
    }
    rooms.addresses.failed(client);
    rooms.metrics.refused(Refused::Token);
    Err((
        StatusCode::UNAUTHORIZED,
        [(header::WWW_AUTHENTICATE, "Bearer")],
        Json(serde_json::json!({
            "error": "The admin API needs the header Authorization: Bearer TOKEN, with the server's admin token."
        })),
    )
        .into_response())
}

/// Why an operator's sentence is refused (`what` names it: "notice", "reason").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextRefused {
    #[error("The {what} is empty.")]
    Empty { what: &'static str },
    #[error("The {what} is {chars} characters long; it may be {MAX_TEXT} at most.")]
    TooLong { what: &'static str, chars: usize },
    #[error("The {what} holds a control character (a line break, a tab): write it as one line of plain text.")]
    Control { what: &'static str },
}

/// An operator's sentence as devices will show it, or why it is refused.
pub fn operator_text(text: &str, what: &'static str) -> Result<String, TextRefused> {
    let text = text.trim();
    let chars = text.chars().count();
    if chars == 0 {
        return Err(TextRefused::Empty { what });
    }
    if chars > MAX_TEXT {
        return Err(TextRefused::TooLong { what, chars });
    }
    if text.chars().any(char::is_control) {
        return Err(TextRefused::Control { what });
    }
    Ok(text.to_string())
}

/// A request body read as `T`, or a `400` with a sentence.
#[allow(clippy::result_large_err)]
fn read<T: for<'de> Deserialize<'de>>(body: &Bytes) -> Result<T, Response> {
    serde_json::from_slice(body).map_err(|e| {
        let mut why = e.to_string();
        why.truncate(200);
        problem(
            StatusCode::BAD_REQUEST,
            &format!("The request is not one this server reads ({why})."),
        )
    })
}

/// A room as `GET /api/admin/rooms` lists it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AdminRoom {
    pub code: String,
    pub title: String,
    pub board: String,
    pub started: bool,
    pub over: bool,
    pub seats: Vec<AdminSeat>,
    /// Actions played so far.
    pub actions: u64,
    /// When its last action was played (ms since 1970; `None` since it was taken up here).
    pub last_action_ms: Option<u64>,
    /// Devices connected to it now.
    pub connections: usize,
    /// The node running it.
    pub node: String,
}

/// A seat as the admin list shows it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AdminSeat {
    pub name: String,
    pub presence: RoomPresence,
    /// A computer seat's strategy.
    pub computer: Option<String>,
}

impl Rooms {
    /// The rooms this node runs now, by code.
    pub fn admin_rooms(&self) -> Vec<AdminRoom> {
        let node = self.owners.node().to_string();
        let mut list: Vec<AdminRoom> = self
            .entries()
            .into_iter()
            .filter_map(|(_, entry)| {
                let e = lock(&entry);
                if e.gone {
                    return None;
                }
                let s = e.room.summary();
                Some(AdminRoom {
                    code: s.room.code,
                    title: s.room.title,
                    board: s.room.board_name,
                    started: s.room.started,
                    over: s.over,
                    seats: s
                        .room
                        .seats
                        .into_iter()
                        .map(|seat| AdminSeat {
                            name: seat.name,
                            presence: seat.presence,
                            computer: seat.computer,
                        })
                        .collect(),
                    actions: s.actions,
                    last_action_ms: e.last_action_ms,
                    connections: e.room.connections(),
                    node: node.clone(),
                })
            })
            .collect();
        worlds_engine::sorting::sort_by(&mut list, |a, b| a.code.cmp(&b.code));
        list
    }

    /// Tells every device connected to this node `text` (to the rooms it runs, and through it
    /// to rooms other nodes run); returns how many were told.
    pub fn notice(&self, text: &str) -> usize {
        let bytes = serde_json::to_vec(&RoomMsg::Notice {
            text: text.to_string(),
        })
        .unwrap_or_default();
        let msg = message(Bytes::from(bytes));
        let mut told = 0;
        for (_, entry) in self.entries() {
            for sink in lock(&entry).senders.values() {
                if let Sink::Local(outbox) = sink {
                    outbox.deliver(msg.clone());
                    told += 1;
                }
            }
        }
        for proxied in lock(&self.proxied).values() {
            proxied.outbox.deliver(msg.clone());
            told += 1;
        }
        told
    }

    /// Closes a room for the operator's `reason`: once the store keeps it closed, its devices
    /// are told why and their sockets close; its link says so from then on. A room another
    /// node runs, an unknown or closed code, or a store out of reach is said back.
    pub(crate) async fn close_for(
        self: &Arc<Self>,
        code: &RoomCode,
        reason: &str,
    ) -> Result<(), Located> {
        let entry = match self.locate(code).await {
            Located::Here(entry) => entry,
            other => return Err(other),
        };
        let unreachable = || {
            Located::Unreachable(
                "The room's store did not confirm its closing; try again in a moment.".into(),
            )
        };
        let (done, closed) = tokio::sync::oneshot::channel();
        let devices: Vec<_> = {
            let mut e = lock(&entry);
            let Some(writer) = e.writer.take() else {
                return Err(unreachable());
            };
            e.gone = true;
            let close = Write::Close {
                reason: Some(reason.to_string()),
                done: Some(done),
            };
            if writer.try_send(close).is_err() {
                return Err(unreachable());
            }
            e.senders.drain().collect()
        };
        self.forget(code, &entry);
        let kept = tokio::time::timeout(CLOSE_WITHIN, closed).await;
        let words = closed_words(Some(now_ms()), Some(reason), &self.config.idle_words());
        let said = serde_json::to_vec(&RoomMsg::Closed { reason: words }).unwrap_or_default();
        let said = message(Bytes::from(said));
        let ok = matches!(kept, Ok(Ok(Ok(()))));
        for (conn, sink) in devices {
            if ok {
                let msg = said.clone();
                let sink = sink.clone();
                self.deliver(Delivery { conn, sink, msg });
            }
            let msg = Message::Close(None);
            self.deliver(Delivery { conn, sink, msg });
        }
        if ok {
            Ok(())
        } else {
            Err(unreachable())
        }
    }
}

/// `GET /api/admin/rooms`.
async fn list(
    State(rooms): State<Arc<Rooms>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if let Err(refused) = authorized(&rooms, peer, &headers) {
        return refused;
    }
    Json(rooms.admin_rooms()).into_response()
}

#[derive(Deserialize)]
struct NoticeBody {
    text: String,
}

/// `POST /api/admin/notice`: `{"devices": N}`, the devices told.
async fn notice(
    State(rooms): State<Arc<Rooms>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(refused) = authorized(&rooms, peer, &headers) {
        return refused;
    }
    let text = match read::<NoticeBody>(&body).map(|b| operator_text(&b.text, "notice")) {
        Err(refused) => return refused,
        Ok(Err(why)) => return problem(StatusCode::BAD_REQUEST, &why.to_string()),
        Ok(Ok(text)) => text,
    };
    let devices = rooms.notice(&text);
    crate::log::note(&format!(
        "notice from the operator to {devices} devices: {text}"
    ));
    Json(serde_json::json!({ "devices": devices })).into_response()
}

#[derive(Deserialize)]
struct CloseBody {
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/admin/rooms/{code}/close`: `{"closed": CODE}`; `404` for an unknown code,
/// `410` for a closed room, `409` for a room another node runs, `503` when the store is out of
/// reach.
async fn close(
    State(rooms): State<Arc<Rooms>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(code): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(refused) = authorized(&rooms, peer, &headers) {
        return refused;
    }
    let given = if body.is_empty() {
        None
    } else {
        match read::<CloseBody>(&body) {
            Ok(b) => b.reason,
            Err(refused) => return refused,
        }
    };
    let reason = match given.as_deref().map(|r| operator_text(r, "reason")) {
        None => "no reason given".to_string(),
        Some(Ok(reason)) => reason,
        Some(Err(why)) => return problem(StatusCode::BAD_REQUEST, &why.to_string()),
    };
    let Some(code) = RoomCode::parse(&code) else {
        return problem(StatusCode::NOT_FOUND, crate::rooms::UNKNOWN);
    };
    match rooms.close_for(&code, &reason).await {
        Ok(()) => Json(serde_json::json!({ "closed": code.shown() })).into_response(),
        Err(Located::Gone(why)) if why == crate::rooms::UNKNOWN => {
            problem(StatusCode::NOT_FOUND, &why)
        }
        Err(Located::Gone(why)) => problem(StatusCode::GONE, &why),
        Err(Located::At(node)) => problem(
            StatusCode::CONFLICT,
            &format!(
                "Node {node} runs this room just now: ask that node (its GET /api/admin/rooms lists it)."
            ),
        ),
        Err(Located::Unreachable(why)) => problem(StatusCode::SERVICE_UNAVAILABLE, &why),
        Err(Located::Here(_)) => problem(
            StatusCode::SERVICE_UNAVAILABLE,
            "The room could not be closed just now; try again in a moment.",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_operators_text_is_one_line_of_plain_text_and_not_too_long() {
        assert_eq!(
            operator_text("  Restarting in 5 minutes ", "notice"),
            Ok("Restarting in 5 minutes".to_string())
        );
        assert_eq!(
            operator_text("<b>bold</b>", "notice"),
            Ok("<b>bold</b>".to_string()),
            "kept as text: the browser shows it as text, never as HTML"
        );
        assert!(operator_text("   ", "notice").is_err_and(|w| w.to_string().contains("empty")));
        assert!(
            operator_text("two\nlines", "notice").is_err_and(|w| w.to_string().contains("control"))
        );
        assert!(
            operator_text("bell\u{7}", "reason").is_err_and(|w| w.to_string().contains("reason"))
        );
        let long = "é".repeat(MAX_TEXT + 1);
        assert!(
            operator_text(&long, "notice").is_err_and(|w| w.to_string().contains("301 characters"))
        );
        assert!(operator_text(&"é".repeat(MAX_TEXT), "notice").is_ok());
    }
}
