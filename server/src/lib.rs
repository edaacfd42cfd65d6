//! `worlds serve`: the room server. It serves the built site and hosts rooms: each room's game
//! is held here, played by the engine through the table crate's host logic
//! ([`worlds_table::room::Room`]); every browser in a room is a client of its own seats.
//!
//! The modules follow the server's concerns:
//! - [`http`]: the routes (site, health, metrics, opening a room, a room's socket);
//! - [`socket`]: a socket's loop, which only moves bytes, with its deadlines and bounds;
//! - [`rooms`]: the rooms this node runs, what they decide kept before anyone hears of it;
//! - [`store`]: where rooms are kept, one interface ([`store::RoomStore`]) and its three
//!   stores: memory, an embedded database on disk (the default), Redis;
//! - [`cluster`]: which node runs each room ([`cluster::Ownership`]: one server alone, or
//!   nodes sharing Redis); [`nodes`]: how nodes pass a client's messages to the room's node;
//! - [`outbox`]: the bounded way to one socket;
//! - [`push`]: Web Push to a seat whose page is closed, off the rooms' clock;
//! - [`limits`] and [`metrics`]: counting by address (behind a trusted proxy, by the client's
//!   own), and `/metrics`;
//! - [`ready`]: `/healthz` and `/readyz`, for load balancers;
//! - [`admin`]: the operator's API (`--admin-token-file`): the rooms, a notice, closing one;
//! - [`start`]: the store the flags name, the listener, the clocks, a clean stop;
//! - [`config`], [`error`], [`log`].

pub mod admin;
pub mod cluster;
pub mod config;
pub mod error;
pub mod http;
pub mod limits;
pub mod log;
pub mod metrics;
pub mod nodes;
pub mod outbox;
pub mod push;
mod push_sender;
pub mod ready;
pub mod rooms;
pub mod socket;
pub mod start;
pub mod store;

use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

pub use config::{Config, Keep, Limits};
pub use rooms::Rooms;
pub use start::{open_rooms, run, run_rooms, serve};

use worlds_table::room::seat_token;

/// The largest room-opening request (a board with its pictures).
pub const MAX_OPEN_BYTES: usize = 8 * 1024 * 1024;

pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

pub(crate) fn random<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    // The OS's randomness: if it ever failed, the server must not make guessable codes.
    if getrandom::fill(&mut b).is_err() {
        panic!("the operating system gave no random bytes");
    }
    b
}

pub(crate) fn new_token() -> String {
    seat_token(random::<16>())
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
