//! Monopoly Worlds across devices: the native, web-sys-free heart of playing one game on
//! several devices (see the crate's README section in DESIGN.md, "Play across devices").
//!
//! - [`signal`]: the few facts of a WebRTC data-channel offer or answer, packed into about
//!   80 bytes, and a complete SDP rebuilt from them.
//! - [`invite`]: invite links (`#join=`) and reply links (`#reply=`), checked, with a
//!   sentence for every refusal.

pub mod invite;
pub mod signal;
