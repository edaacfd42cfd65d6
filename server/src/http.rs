//! The server's routes.
//!
//! - `GET /healthz`: `ok` (load balancers, and the lobby's "is there a room server");
//! - `GET /readyz`: `ready`, or `503` with the reason ([`crate::ready`]);
//! - `/api/admin/...`: the operator's API, with `--admin-token-file` only ([`crate::admin`]);
//! - `GET /metrics`: the server's counters in Prometheus's text format ([`crate::metrics`]);
//! - `POST /api/rooms`: opens a room ([`worlds_table::room::OpenRoom`]); answers `201` with the
//!   room's code and the creator's seat tokens, `400` with a sentence for a request it cannot
//!   read, `429` when the address opened too many rooms in the last minute, `503` when the
//!   server holds all the rooms it may (`--max-rooms`) or is restarting;
//! - `GET /api/rooms/CODE`: the room's public summary, for My games
//!   ([`worlds_table::room::RoomSummary`]; `404` unknown, `410` closed, with a sentence);
//! - `GET /api/rooms/CODE/ws`: the room's WebSocket ([`crate::socket`]);
//! - `GET /api/push/key`: the server's VAPID public key for Web Push, as JSON
//!   `{"key": "<base64url of the uncompressed P-256 public key>"}` ([`crate::push`]), `503`
//!   with a sentence when the store cannot be reached;
//! - anything else: a file of the site (with its `.br` / `.gz` copies).
//!
//! Behind a reverse proxy named by `--trusted-proxy`, a client is counted by the address the
//! proxy puts in `X-Forwarded-For` ([`crate::limits::client_address`]).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use tower_http::cors::{Any, CorsLayer};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use worlds_table::protocol::MAX_MESSAGE_BYTES;
use worlds_table::room::{OpenRoom, RoomCode};

use crate::limits::client_address;
use crate::metrics::Refused;
use crate::rooms::{Located, NotOpened, Rooms};
use crate::{new_token, MAX_OPEN_BYTES};

/// The WebSocket's read buffer: enough for any message a client sends in one or two reads,
/// and small, since the socket zeroes it before each read (at the default 128 KiB that was a
/// fifth of the server's time under load).
const READ_BUFFER: usize = 4 * 1024;

/// The server's routes over `rooms`.
pub fn app(rooms: Arc<Rooms>) -> Router {
    let site = ServeDir::new(&rooms.config.site)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(crate::ready::readyz))
        .merge(crate::admin::routes(&rooms))
        .route("/metrics", get(metrics))
        .route(
            "/api/rooms",
            post(open_room).layer(DefaultBodyLimit::max(MAX_OPEN_BYTES)),
        )
        .route("/api/rooms/{code}", get(room_summary))
        .route("/api/rooms/{code}/ws", get(room_socket))
        .route("/api/push/key", get(push_key))
        .fallback_service(site)
        // A page served elsewhere (a static host) may use this server's rooms when its player
        // names it in Settings as "Room server": the health check and opening a room answer
        // any page (a room's socket is not bound by this rule; its code and seat tokens are).
        .layer(
            CorsLayer::new()
                .allow_origin(Any)
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([header::CONTENT_TYPE]),
        )
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .with_state(rooms)
}

async fn healthz(State(rooms): State<Arc<Rooms>>) -> Response {
    if rooms.stopping() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping").into_response();
    }
    "ok".into_response()
}

async fn metrics(State(rooms): State<Arc<Rooms>>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4"),
        )],
        rooms.metrics.render(rooms.rooms_here(), rooms.kept()),
    )
        .into_response()
}

/// `{"key": "<base64url>"}`: the public key a device subscribes with
/// (`pushManager.subscribe({applicationServerKey})`).
async fn push_key(State(rooms): State<Arc<Rooms>>) -> Response {
    match rooms.push_key().await {
        Ok(key) => Json(serde_json::json!({ "key": key })).into_response(),
        Err(e) => {
            crate::log::warn("push-key", format_args!("the VAPID key: {e}"));
            problem(
                StatusCode::SERVICE_UNAVAILABLE,
                "The room server cannot reach its keys just now; try again in a moment.",
            )
        }
    }
}

fn problem(status: StatusCode, sentence: &str) -> Response {
    (status, Json(serde_json::json!({ "error": sentence }))).into_response()
}

async fn open_room(
    State(rooms): State<Arc<Rooms>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if rooms.stopping() {
        return problem(
            StatusCode::SERVICE_UNAVAILABLE,
            "The room server is restarting; try again in a moment.",
        );
    }
    let client = client_address(peer.ip(), &headers, &rooms.config.trusted_proxies);
    let limits = &rooms.config.limits;
    if let Some(why) = rooms.full() {
        return problem(StatusCode::SERVICE_UNAVAILABLE, why);
    }
    if !rooms.addresses.may_open(client) {
        rooms.metrics.refused(Refused::Rooms);
        return problem(
            StatusCode::TOO_MANY_REQUESTS,
            &format!(
                "Rooms were opened from your address {} times in the last minute; wait a minute and try again.",
                limits.rooms_per_minute
            ),
        );
    }
    let request: OpenRoom = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            let mut why = e.to_string();
            why.truncate(200);
            return problem(
                StatusCode::BAD_REQUEST,
                &format!("The room could not be opened: the request is not one this server reads ({why})."),
            );
        }
    };
    match rooms.create(request, new_token).await {
        Ok((code, held)) => (
            StatusCode::CREATED,
            Json(serde_json::json!({ "code": code.shown(), "seats": held })),
        )
            .into_response(),
        Err(NotOpened::Refused(why)) => problem(StatusCode::BAD_REQUEST, &why),
        Err(NotOpened::Unavailable(why)) => problem(StatusCode::SERVICE_UNAVAILABLE, why),
    }
}

/// `GET /api/rooms/{code}`: the room as anyone with its code may read it (a device's My
/// games): [`worlds_table::room::RoomSummary`] as JSON, no token needed and nothing secret in
/// it. A set-aside room is taken up to answer (and set aside again when nobody comes). `404`
/// for an unknown code (counted against the address, as a wrong code on a socket is), `410`
/// with the sentence its link says for a closed room.
async fn room_summary(
    State(rooms): State<Arc<Rooms>>,
    Path(code): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let client = client_address(peer.ip(), &headers, &rooms.config.trusted_proxies);
    if !rooms.addresses.may_try(client) {
        rooms.metrics.refused(Refused::Rate);
        return problem(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many wrong room codes from your address; wait a minute and try again.",
        );
    }
    let Some(code) = RoomCode::parse(&code) else {
        rooms.addresses.failed(client);
        rooms.metrics.refused(Refused::Code);
        return problem(StatusCode::NOT_FOUND, crate::rooms::UNKNOWN);
    };
    match rooms.summary(&code).await {
        Ok(summary) => Json(summary).into_response(),
        Err(Located::Gone(why)) => {
            if why == crate::rooms::UNKNOWN {
                rooms.addresses.failed(client);
                rooms.metrics.refused(Refused::Code);
                return problem(StatusCode::NOT_FOUND, &why);
            }
            problem(StatusCode::GONE, &why)
        }
        Err(Located::Unreachable(why)) => problem(StatusCode::SERVICE_UNAVAILABLE, &why),
        Err(_) => problem(
            StatusCode::SERVICE_UNAVAILABLE,
            "The room server cannot read this room just now; try again in a moment.",
        ),
    }
}

async fn room_socket(
    State(rooms): State<Arc<Rooms>>,
    Path(code): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let client = client_address(peer.ip(), &headers, &rooms.config.trusted_proxies);
    ws.read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| crate::socket::serve_socket(rooms, code, client, socket))
}
