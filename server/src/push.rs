//! Web Push (issue 61): the server's VAPID key, the bounded queue of pushes the rooms ask for,
//! and the task that sends them, off the rooms' clock.
//!
//! - The VAPID key pair (RFC 8292) is made on the first start and kept by the store
//!   ([`crate::store::RoomStore::server_key`]: in the database with `--data`, `wr:vapid` in
//!   Redis so every node signs with one key, per process with `--memory`). `GET
//!   /api/push/key` answers its public key ([`Rooms::push_key`]).
//! - A room asks for a push ([`worlds_table::room::Room::take_pushes`]); once its record says
//!   so, the room's writer puts it in a bounded queue ([`QUEUE`]; when full, the push is
//!   dropped and counted). One task takes them and sends each (at most [`AT_ONCE`] at a time)
//!   with a [`TIMEOUT`], holding no room's lock: a failing push service never delays a room.
//! - Each request is RFC 8030 with its body encrypted as RFC 8291 aes128gcm and signed with
//!   VAPID, by the `web-push-native` crate (pure Rust). The endpoint is checked again
//!   ([`check_endpoint`]) before a request exists, redirects are not followed, and a name
//!   is connected to only at the public addresses it resolves to ([`PublicOnly`]).
//! - The push service answering 404 or 410 (the subscription is gone) makes the room forget
//!   it ([`worlds_table::room::Room::forget_push`]).

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::Uri;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use tokio::sync::{mpsc, OnceCell};
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256KeyPair};
use web_push_native::p256::PublicKey;
use web_push_native::{Auth, WebPushBuilder};
use worlds_table::room::{check_endpoint, is_public, PushOrder, PushRefused, RoomCode};

use crate::store::StoreError;

/// Pushes waiting to be sent, at most.
pub const QUEUE: usize = 256;
/// Pushes being sent at once, at most.
pub const AT_ONCE: usize = 16;
/// How long one push request may take, from connecting to the answer.
pub const TIMEOUT: Duration = Duration::from_secs(5);
/// How long a push service keeps a push for a device that is offline (`TTL`), and how long
/// its VAPID signature is good for (at most a day, RFC 8292).
const TTL: Duration = Duration::from_secs(12 * 3600);
pub use crate::config::DEFAULT_CONTACT;
/// The store's name for the VAPID key (`wr:vapid` in Redis).
pub(crate) const KEY_NAME: &str = "vapid";

/// A push a room asked for.
pub(crate) struct Push {
    pub room: RoomCode,
    pub order: PushOrder,
}

/// Why the VAPID key could not be had.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("the kept VAPID key does not read")]
    Unreadable,
}

/// Why a push was not delivered.
#[derive(Debug, thiserror::Error)]
pub enum PushError {
    #[error("{0}")]
    Refused(#[from] PushRefused),
    #[error("the subscription's keys do not read")]
    Keys,
    #[error("the endpoint is not a URL")]
    Endpoint(#[from] axum::http::uri::InvalidUri),
    #[error("encrypting or signing: {0}")]
    Build(#[from] web_push_native::Error),
    #[error("{0}")]
    Send(#[from] reqwest::Error),
    #[error("no answer in {TIMEOUT:?}")]
    Timeout,
    #[error("the push service answered {0}")]
    Status(u16),
    #[error("{0}")]
    Key(#[from] KeyError),
}

/// The server's VAPID key pair.
pub struct Vapid {
    key: ES256KeyPair,
    public: String,
}

impl Vapid {
    pub(crate) fn fresh() -> Vapid {
        Vapid::from_key(ES256KeyPair::generate())
    }

    fn from_key(key: ES256KeyPair) -> Vapid {
        let public = URL_SAFE_NO_PAD.encode(key.public_key().public_key().to_bytes_uncompressed());
        Vapid { key, public }
    }

    /// The private key as the store keeps it: its 32 bytes, base64url.
    pub(crate) fn secret(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.key.to_bytes())
    }

    pub(crate) fn read(secret: &str) -> Option<Vapid> {
        let bytes = URL_SAFE_NO_PAD.decode(secret).ok()?;
        ES256KeyPair::from_bytes(&bytes).ok().map(Vapid::from_key)
    }

    /// The public key: 65 bytes (uncompressed P-256), base64url, as `pushManager.subscribe`
    /// takes it for `applicationServerKey`.
    pub fn public(&self) -> &str {
        &self.public
    }
}

/// The push queue and the VAPID key, as the server holds them.
pub(crate) struct Pusher {
    queue: mpsc::Sender<Push>,
    pub(crate) waiting: Mutex<Option<mpsc::Receiver<Push>>>,
    pub(crate) vapid: OnceCell<Arc<Vapid>>,
}

impl Pusher {
    pub fn new() -> Pusher {
        let (queue, waiting) = mpsc::channel(QUEUE);
        Pusher {
            queue,
            waiting: Mutex::new(Some(waiting)),
            vapid: OnceCell::new(),
        }
    }

    /// Queues a push; `false` if the queue is full (the push is dropped).
    pub fn queue(&self, push: Push) -> bool {
        self.queue.try_send(push).is_ok()
    }
}

/// A resolver that gives only the public addresses a name resolves to: a push service's name
/// that leads to this machine or a private network is not connected to.
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            let public: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| is_public(a.ip()))
                .collect();
            if public.is_empty() {
                return Err(format!("{host} has no public address").into());
            }
            let addrs: Addrs = Box::new(public.into_iter());
            Ok(addrs)
        })
    }
}

/// The client every push is sent with: a timeout, no redirects, no proxy, public addresses
/// only.
pub(crate) fn client() -> Result<reqwest::Client, reqwest::Error> {
    reqwest::Client::builder()
        .timeout(TIMEOUT)
        .connect_timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .dns_resolver(Arc::new(PublicOnly))
        .user_agent(concat!("worlds-serve/", env!("CARGO_PKG_VERSION")))
        .build()
}

/// What became of a push.
pub(crate) enum Sent {
    Delivered,
    /// The push service says the subscription is gone (404, 410).
    Gone,
}

/// Sends one push: checked, encrypted, signed, posted.
pub(crate) async fn send(
    client: &reqwest::Client,
    vapid: &Vapid,
    contact: &str,
    allow_loopback: bool,
    order: &PushOrder,
) -> Result<Sent, PushError> {
    let subscription = &order.subscription;
    check_endpoint(&subscription.endpoint, allow_loopback)?;
    let uri: Uri = subscription.endpoint.parse()?;
    let device = subscription
        .p256dh()
        .and_then(|k| PublicKey::from_sec1_bytes(&k).ok())
        .ok_or(PushError::Keys)?;
    let auth = subscription.auth().ok_or(PushError::Keys)?;
    let request = WebPushBuilder::new(uri, device, Auth::clone_from_slice(&auth))
        .with_valid_duration(TTL)
        .with_vapid(&vapid.key, contact)
        .build(order.payload())?;
    let request = reqwest::Request::try_from(request)?;
    let answer = client.execute(request).await?;
    match answer.status().as_u16() {
        200..=299 => Ok(Sent::Delivered),
        404 | 410 => Ok(Sent::Gone),
        other => Err(PushError::Status(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vapid_key_reads_back_as_kept_and_its_public_key_is_65_bytes() {
        let key = Vapid::fresh();
        let again = Vapid::read(&key.secret()).expect("reads");
        assert_eq!(again.public(), key.public());
        let public = URL_SAFE_NO_PAD.decode(key.public()).expect("base64url");
        assert_eq!(public.len(), 65);
        assert_eq!(public[0], 4, "uncompressed");
        assert!(Vapid::read("not a key").is_none());
    }
}
