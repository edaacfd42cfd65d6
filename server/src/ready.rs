//! Liveness and readiness, for load balancers and orchestrators.
//!
//! - `GET /healthz`: the process answers (`ok`; `503 stopping` once it stops);
//! - `GET /readyz`: this node should be sent players: `200 ready` only when its store takes
//!   writes ([`crate::store::RoomStore::ready`]: on disk, a file written in the data folder and
//!   the database answering; Redis, a PING and this node's channel subscribed), and `503` with
//!   the reason otherwise: while a node still waits for Redis at its start (it listens
//!   meanwhile, see [`crate::start`]), while the store cannot be written, and while it drains
//!   after SIGTERM. The answer is kept for a second, so a load balancer's checks cost nothing.

use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

use crate::error::NotReady;
use crate::rooms::Rooms;
use crate::{lock, log};

/// How long the store has to answer.
const WITHIN: Duration = Duration::from_secs(2);

impl Rooms {
    /// Whether this node is ready for players: `Err` with the reason in words when not.
    pub async fn readiness(&self) -> Result<(), NotReady> {
        if self.stopping() {
            return Err(NotReady::Stopping);
        }
        if let Some(answer) = self.ready.kept() {
            return answer;
        }
        let _one = self.ready.checking.lock().await;
        if let Some(answer) = self.ready.kept() {
            return answer;
        }
        let answer = match tokio::time::timeout(WITHIN, self.store.ready()).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(NotReady::Store(e.to_string())),
            Err(_) => Err(NotReady::Slow(WITHIN)),
        };
        if let Err(why) = &answer {
            log::warn("not-ready", format_args!("not ready: {why}"));
        }
        *lock(&self.ready.last) = Some((Instant::now(), answer.clone()));
        answer
    }
}

/// `GET /readyz`.
pub(crate) async fn readyz(State(rooms): State<Arc<Rooms>>) -> Response {
    match rooms.readiness().await {
        Ok(()) => "ready".into_response(),
        Err(why) => (StatusCode::SERVICE_UNAVAILABLE, why.to_string()).into_response(),
    }
}
