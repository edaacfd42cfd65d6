//! Sending the rooms' pushes (issue 61): the VAPID key made or read once, the queue served by
//! one task that sends at most [`AT_ONCE`] pushes at a time, each within its timeout and never
//! under a room's lock, and a subscription the push service says is gone forgotten by its
//! room. What a push is and how it is made are [`crate::push`]'s.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::push::{
    client, send, KeyError, Push, PushError, Sent, Vapid, AT_ONCE, KEY_NAME, TIMEOUT,
};
use crate::rooms::Rooms;
use crate::{lock, log};

impl Rooms {
    /// The server's VAPID key: the one kept, or a new one kept now (the first start).
    pub async fn vapid(&self) -> Result<Arc<Vapid>, KeyError> {
        self.pusher
            .vapid
            .get_or_try_init(|| async {
                let fresh = Vapid::fresh();
                let kept = self.store.server_key(KEY_NAME, &fresh.secret()).await?;
                Vapid::read(&kept).map(Arc::new).ok_or(KeyError::Unreadable)
            })
            .await
            .cloned()
    }

    /// The public key devices subscribe with (base64url).
    pub async fn push_key(&self) -> Result<String, KeyError> {
        Ok(self.vapid().await?.public().to_string())
    }

    /// A room's push, once its record says it was asked for: queued, or dropped and counted
    /// when the queue is full.
    pub(crate) fn queue_push(&self, push: Push) {
        if !self.pusher.queue(push) {
            self.metrics.push_dropped();
        }
    }

    /// Sends the queued pushes until the server stops (started once, by `run_rooms`).
    pub(crate) async fn send_pushes(self: Arc<Self>) {
        let Some(mut waiting) = lock(&self.pusher.waiting).take() else {
            return;
        };
        let client = match client() {
            Ok(c) => c,
            Err(e) => {
                log::warn("push", format_args!("no push can be sent: {e}"));
                return;
            }
        };
        let at_once = Arc::new(Semaphore::new(AT_ONCE));
        while let Some(push) = waiting.recv().await {
            let Ok(permit) = at_once.clone().acquire_owned().await else {
                return;
            };
            let rooms = self.clone();
            let client = client.clone();
            tokio::spawn(async move {
                rooms.send_one(&client, push).await;
                drop(permit);
            });
        }
    }

    async fn send_one(&self, client: &reqwest::Client, push: Push) {
        let config = &self.config;
        let sent = async {
            let vapid = self.vapid().await?;
            let order = &push.order;
            send(
                client,
                &vapid,
                &config.push_contact,
                config.push_allow_loopback,
                order,
            )
            .await
        };
        let sent = match tokio::time::timeout(TIMEOUT, sent).await {
            Ok(sent) => sent,
            Err(_) => Err(PushError::Timeout),
        };
        let (code, seat) = (&push.room, push.order.seat);
        match sent {
            Ok(Sent::Delivered) => self.metrics.push_sent(),
            Ok(Sent::Gone) => {
                self.metrics.push_failed();
                log::note(&format!(
                    "room {code}: seat {seat}'s push subscription is gone; forgotten"
                ));
                self.forget_push(code, push.order.seat, &push.order.subscription.endpoint);
            }
            Err(e) => {
                self.metrics.push_failed();
                log::warn(
                    "push",
                    format_args!("room {code}: a push to seat {seat} failed: {e}"),
                );
            }
        }
    }
}
