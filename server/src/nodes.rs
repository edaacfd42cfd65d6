//! Clients on other nodes (with Redis): the frames nodes send each other about a client whose
//! socket reached one node while its room runs on another, and the once-a-second upkeep of
//! this node's leases and of those clients.

use std::collections::HashSet;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::ws::Message;
use worlds_table::room::RoomCode;

use crate::cluster::Frame;
use crate::lock;
use crate::outbox::message;
use crate::rooms::Rooms;

impl Rooms {
    /// Once a second: renews this node's rooms (forgetting any it lost), lets go of
    /// connections whose node is gone, and closes the clients of rooms whose owner changed,
    /// so they reconnect to the new one.
    pub(crate) async fn keep_up(self: &Arc<Self>) {
        let codes: Vec<RoomCode> = self.codes();
        let names: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        match self.owners.renew(&names).await {
            Ok(kept) => {
                for (code, kept) in codes.iter().zip(kept) {
                    if !kept {
                        self.drop_room(code);
                    }
                }
            }
            Err(e) => crate::log::warn("renew", format_args!("renewing this node's rooms: {e}")),
        }
        // Connections from other nodes: a node that is gone takes its connections along.
        for node in self.remote_nodes() {
            if self.owners.alive(&node).await.unwrap_or(true) {
                continue;
            }
            self.drop_remote(&node);
        }
        // This node's clients of rooms run elsewhere: is their owner still the owner?
        let owners: HashSet<(RoomCode, String)> = lock(&self.proxied)
            .values()
            .map(|p| (p.code.clone(), p.owner.clone()))
            .collect();
        for (code, owner) in owners {
            let still = matches!(self.owners.runner(&code.to_string()).await, Ok(Some(o)) if o == owner)
                && self.owners.alive(&owner).await.unwrap_or(false);
            if !still {
                for p in lock(&self.proxied).values() {
                    if p.code == code {
                        p.outbox.close();
                    }
                }
            }
        }
    }

    /// A frame from another node.
    pub(crate) fn on_frame(self: &Arc<Self>, frame: Frame) {
        match frame {
            Frame::Connect { code, conn, from } => {
                if !self.connect_remote(&code, conn, &from) {
                    self.owners.send(&from, &Frame::Close { conn });
                }
            }
            Frame::Msg {
                code, conn, bytes, ..
            } => self.message_remote(&code, conn, &bytes),
            Frame::Leave { code, conn, .. } => self.leave_remote(&code, conn),
            Frame::Text { conn, bytes } => {
                if let Some(p) = lock(&self.proxied).get(&conn) {
                    p.outbox.deliver(message(Bytes::from(bytes)));
                }
            }
            Frame::Binary { conn, bytes } => {
                if let Some(p) = lock(&self.proxied).get(&conn) {
                    p.outbox.deliver(Message::Binary(Bytes::from(bytes)));
                }
            }
            Frame::Close { conn } => {
                if let Some(p) = lock(&self.proxied).remove(&conn) {
                    p.outbox.close();
                }
            }
        }
    }
}
