//! The packed WebRTC offer and answer ("signal") of a data-channel connection.
//!
//! A browser's offer or answer SDP is a page of text, but a data channel needs only a few
//! facts from it: the ICE user fragment and password, the DTLS certificate's SHA-256
//! fingerprint, the DTLS role, and the candidates (addresses) to try. [`SignalEssentials`]
//! holds those; [`SignalEssentials::from_sdp`] reads them from a real SDP (Chromium or
//! Firefox, CRLF or LF), [`SignalEssentials::to_sdp`] writes a complete data-channel-only SDP
//! from a fixed template that both browsers accept for `setRemoteDescription`, and
//! [`SignalEssentials::to_bytes`] / [`SignalEssentials::from_bytes`] pack them into about
//! 80 bytes for an invite or reply link.
//!
//! Packed layout (all integers big-endian):
//! - 1 byte: the DTLS role (0 actpass, 1 active, 2 passive);
//! - the ICE ufrag and pwd, each as 1 byte of length (characters) then the characters at
//!   6 bits each (ICE characters are exactly the base64 alphabet `A-Za-z0-9+/`);
//! - 32 bytes: the fingerprint;
//! - 1 byte: the number of candidates (at most [`MAX_CANDIDATES`]), then each candidate as
//!   1 head byte (bits 0–1: address kind 0 IPv4, 1 IPv6, 2 mDNS UUID; bits 2–3: type 0 host,
//!   1 srflx, 2 prflx, 3 relay; bit 4: a related address follows; bit 5: the related
//!   address is `0.0.0.0` port 0, as Chromium writes it to hide the local address), the
//!   address (4 or 16 bytes), the port (2 bytes), and if bit 4 is set the related address
//!   (1 kind byte, address, port).
//!
//! Only UDP candidates of component 1 are kept (a data channel is one bundled, rtcp-muxed
//! transport); TCP candidates and mDNS names that are not UUIDs are skipped.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

/// The most candidates kept (the first ones in the SDP's order).
pub const MAX_CANDIDATES: usize = 8;
/// The longest ICE ufrag or pwd packed (RFC 8839 allows 256; browsers use 4 to 32).
pub const MAX_ICE_CHARS: usize = 64;

/// Whether an SDP is an offer or an answer (the `type` of `RTCSessionDescriptionInit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SdpKind {
    Offer,
    Answer,
}

impl SdpKind {
    /// The `type` string the browser API wants: `"offer"` or `"answer"`.
    pub fn as_str(self) -> &'static str {
        match self {
            SdpKind::Offer => "offer",
            SdpKind::Answer => "answer",
        }
    }
}

/// The DTLS role (`a=setup:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DtlsRole {
    ActPass,
    Active,
    Passive,
}

impl DtlsRole {
    fn as_str(self) -> &'static str {
        match self {
            DtlsRole::ActPass => "actpass",
            DtlsRole::Active => "active",
            DtlsRole::Passive => "passive",
        }
    }
}

/// A candidate's address: an mDNS name `<uuid>.local` (the UUID's 16 bytes) or an IP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Address {
    V4(Ipv4Addr),
    V6(Ipv6Addr),
    Mdns([u8; 16]),
}

impl Address {
    fn parse(text: &str) -> Option<Address> {
        if let Some(name) = text.strip_suffix(".local") {
            return parse_uuid(name).map(Address::Mdns);
        }
        if let Ok(ip) = text.parse::<Ipv4Addr>() {
            return Some(Address::V4(ip));
        }
        text.parse::<Ipv6Addr>().ok().map(Address::V6)
    }

    fn kind(&self) -> u8 {
        match self {
            Address::V4(_) => 0,
            Address::V6(_) => 1,
            Address::Mdns(_) => 2,
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        match self {
            Address::V4(ip) => out.extend_from_slice(&ip.octets()),
            Address::V6(ip) => out.extend_from_slice(&ip.octets()),
            Address::Mdns(uuid) => out.extend_from_slice(uuid),
        }
    }

    fn read(kind: u8, r: &mut Reader<'_>) -> Result<Address, SignalError> {
        Ok(match kind {
            0 => Address::V4(Ipv4Addr::from(r.array::<4>()?)),
            1 => Address::V6(Ipv6Addr::from(r.array::<16>()?)),
            2 => Address::Mdns(r.array::<16>()?),
            _ => return Err(SignalError::Damaged),
        })
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Address::V4(ip) => ip.fmt(f),
            Address::V6(ip) => ip.fmt(f),
            Address::Mdns(u) => {
                for (i, b) in u.iter().enumerate() {
                    if matches!(i, 4 | 6 | 8 | 10) {
                        f.write_str("-")?;
                    }
                    write!(f, "{b:02x}")?;
                }
                f.write_str(".local")
            }
        }
    }
}

/// `8-4-4-4-12` hexadecimal digits.
fn parse_uuid(text: &str) -> Option<[u8; 16]> {
    let b = text.as_bytes();
    if b.len() != 36 || [8, 13, 18, 23].iter().any(|&i| b[i] != b'-') {
        return None;
    }
    let hex: Vec<u8> = b.iter().copied().filter(|&c| c != b'-').collect();
    if hex.len() != 32 {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, pair) in hex.chunks(2).enumerate() {
        let s = std::str::from_utf8(pair).ok()?;
        out[i] = u8::from_str_radix(s, 16).ok()?;
    }
    Some(out)
}

/// A candidate's type (`typ`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CandidateType {
    Host,
    Srflx,
    Prflx,
    Relay,
}

impl CandidateType {
    fn parse(text: &str) -> Option<CandidateType> {
        Some(match text {
            "host" => CandidateType::Host,
            "srflx" => CandidateType::Srflx,
            "prflx" => CandidateType::Prflx,
            "relay" => CandidateType::Relay,
            _ => return None,
        })
    }

    fn as_str(self) -> &'static str {
        match self {
            CandidateType::Host => "host",
            CandidateType::Srflx => "srflx",
            CandidateType::Prflx => "prflx",
            CandidateType::Relay => "relay",
        }
    }

    /// RFC 8445's recommended type preference.
    fn preference(self) -> u32 {
        match self {
            CandidateType::Host => 126,
            CandidateType::Prflx => 110,
            CandidateType::Srflx => 100,
            CandidateType::Relay => 0,
        }
    }

    fn code(self) -> u8 {
        match self {
            CandidateType::Host => 0,
            CandidateType::Srflx => 1,
            CandidateType::Prflx => 2,
            CandidateType::Relay => 3,
        }
    }

    fn from_code(code: u8) -> CandidateType {
        match code & 3 {
            0 => CandidateType::Host,
            1 => CandidateType::Srflx,
            2 => CandidateType::Prflx,
            _ => CandidateType::Relay,
        }
    }
}

/// A UDP candidate of component 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub address: Address,
    pub port: u16,
    pub kind: CandidateType,
    /// `raddr` / `rport` (server-reflexive and relayed candidates).
    pub related: Option<(Address, u16)>,
}

impl Candidate {
    /// Reads the value of an `a=candidate:` line; `None` for a candidate a data channel
    /// does not use or this codec cannot pack (TCP, component 2, a non-UUID name).
    fn parse(value: &str) -> Option<Candidate> {
        let f: Vec<&str> = value.split_ascii_whitespace().collect();
        // foundation component transport priority address port "typ" type [ext...]
        if f.len() < 8 || f[1] != "1" || !f[2].eq_ignore_ascii_case("udp") || f[6] != "typ" {
            return None;
        }
        let address = Address::parse(f[4])?;
        let port = f[5].parse::<u16>().ok()?;
        let kind = CandidateType::parse(f[7])?;
        let ext = |key: &str| {
            f[8..]
                .chunks(2)
                .find(|kv| kv.first() == Some(&key))
                .and_then(|kv| kv.get(1).copied())
        };
        let related = match (ext("raddr"), ext("rport")) {
            (Some(a), Some(p)) => Some((Address::parse(a)?, p.parse::<u16>().ok()?)),
            _ => None,
        };
        Some(Candidate {
            address,
            port,
            kind,
            related,
        })
    }
}

/// Why an SDP or a packed signal cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignalError {
    /// The SDP lacks a needed line (named).
    Missing(&'static str),
    /// An ICE ufrag or pwd is empty, too long, or has characters ICE never uses.
    BadIce,
    /// The fingerprint is not a SHA-256 one of 32 bytes.
    BadFingerprint,
    /// The DTLS role is none of actpass, active, passive.
    BadRole,
    /// No candidate this codec can carry (the connection could not be reached).
    NoCandidates,
    /// The packed bytes do not read as a signal.
    Damaged,
}

impl fmt::Display for SignalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignalError::Missing(what) => {
                write!(f, "The connection details lack their {what}.")
            }
            SignalError::BadIce => f.write_str("The connection details have a damaged password."),
            SignalError::BadFingerprint => f.write_str(
                "The connection details have no usable certificate fingerprint (SHA-256).",
            ),
            SignalError::BadRole => f.write_str("The connection details have an unknown role."),
            SignalError::NoCandidates => f.write_str(
                "This device found no network address to offer; check that it is on a network.",
            ),
            SignalError::Damaged => f.write_str("The connection details are damaged."),
        }
    }
}

impl std::error::Error for SignalError {}

/// What a data-channel offer or answer needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignalEssentials {
    pub ice_ufrag: String,
    pub ice_pwd: String,
    /// SHA-256 of the DTLS certificate.
    pub fingerprint: [u8; 32],
    pub role: DtlsRole,
    pub candidates: Vec<Candidate>,
}

const ICE_ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn ice_ok(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= MAX_ICE_CHARS
        && text.bytes().all(|b| ICE_ALPHABET.contains(&b))
}

impl SignalEssentials {
    /// Reads the essentials of a browser's SDP (the local description once ICE gathering
    /// is complete, so it lists its candidates). Session-level and media-level attributes
    /// are both read; the first value wins.
    pub fn from_sdp(sdp: &str) -> Result<SignalEssentials, SignalError> {
        let mut ufrag = None;
        let mut pwd = None;
        let mut fingerprint = None;
        let mut role = None;
        let mut candidates = Vec::new();
        for line in sdp.lines() {
            let line = line.trim_end_matches('\r').trim();
            let Some(attr) = line.strip_prefix("a=") else {
                continue;
            };
            let (key, value) = attr.split_once(':').unwrap_or((attr, ""));
            let value = value.trim();
            match key {
                "ice-ufrag" if ufrag.is_none() => ufrag = Some(value.to_string()),
                "ice-pwd" if pwd.is_none() => pwd = Some(value.to_string()),
                "fingerprint" if fingerprint.is_none() => {
                    let (hash, hex) = value.split_once(' ').unwrap_or(("", ""));
                    if hash.eq_ignore_ascii_case("sha-256") {
                        fingerprint = Some(parse_fingerprint(hex.trim())?);
                    }
                }
                "setup" if role.is_none() => {
                    role = Some(match value {
                        "actpass" => DtlsRole::ActPass,
                        "active" => DtlsRole::Active,
                        "passive" => DtlsRole::Passive,
                        _ => return Err(SignalError::BadRole),
                    })
                }
                "candidate" => {
                    if let Some(c) = Candidate::parse(value) {
                        if candidates.len() < MAX_CANDIDATES && !candidates.contains(&c) {
                            candidates.push(c);
                        }
                    }
                }
                _ => {}
            }
        }
        let ice_ufrag = ufrag.ok_or(SignalError::Missing("ICE user fragment"))?;
        let ice_pwd = pwd.ok_or(SignalError::Missing("ICE password"))?;
        if !ice_ok(&ice_ufrag) || !ice_ok(&ice_pwd) {
            return Err(SignalError::BadIce);
        }
        let fingerprint = fingerprint.ok_or(SignalError::BadFingerprint)?;
        let role = role.ok_or(SignalError::Missing("DTLS role"))?;
        if candidates.is_empty() {
            return Err(SignalError::NoCandidates);
        }
        Ok(SignalEssentials {
            ice_ufrag,
            ice_pwd,
            fingerprint,
            role,
            candidates,
        })
    }

    /// A complete SDP for a data-channel-only session with these essentials, for the
    /// browser's `setRemoteDescription({type: kind.as_str(), sdp})`. An answer never says
    /// `actpass` (it is written `active` then).
    pub fn to_sdp(&self, kind: SdpKind) -> String {
        let role = match (kind, self.role) {
            (SdpKind::Answer, DtlsRole::ActPass) => DtlsRole::Active,
            (_, r) => r,
        };
        // A session id from the fingerprint: stable for the same certificate, positive 63-bit.
        let mut id = [0u8; 8];
        id.copy_from_slice(&self.fingerprint[..8]);
        let session = u64::from_be_bytes(id) & 0x3fff_ffff_ffff_ffff;
        let mut s = String::with_capacity(768);
        let mut line = |l: &str| {
            s.push_str(l);
            s.push_str("\r\n");
        };
        line("v=0");
        line(&format!("o=- {session} 2 IN IP4 127.0.0.1"));
        line("s=-");
        line("t=0 0");
        line("a=group:BUNDLE 0");
        line("a=msid-semantic: WMS");
        line("m=application 9 UDP/DTLS/SCTP webrtc-datachannel");
        line("c=IN IP4 0.0.0.0");
        for (i, c) in self.candidates.iter().enumerate() {
            let local_pref = 65535 - (i as u32);
            let priority = (c.kind.preference() << 24) | (local_pref << 8) | 255;
            let mut l = format!(
                "a=candidate:{} 1 udp {priority} {} {} typ {}",
                i + 1,
                c.address,
                c.port,
                c.kind.as_str()
            );
            if let Some((addr, port)) = c.related {
                l.push_str(&format!(" raddr {addr} rport {port}"));
            }
            l.push_str(" generation 0");
            line(&l);
        }
        line("a=end-of-candidates");
        line(&format!("a=ice-ufrag:{}", self.ice_ufrag));
        line(&format!("a=ice-pwd:{}", self.ice_pwd));
        line(&format!("a=fingerprint:sha-256 {}", self.fingerprint_hex()));
        line(&format!("a=setup:{}", role.as_str()));
        line("a=mid:0");
        line("a=sctp-port:5000");
        line("a=max-message-size:262144");
        s
    }

    /// The fingerprint as the SDP writes it: `AB:CD:...`.
    pub fn fingerprint_hex(&self) -> String {
        let parts: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        parts.join(":")
    }

    /// The packed form (see the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(96);
        out.push(match self.role {
            DtlsRole::ActPass => 0,
            DtlsRole::Active => 1,
            DtlsRole::Passive => 2,
        });
        pack_ice(&self.ice_ufrag, &mut out);
        pack_ice(&self.ice_pwd, &mut out);
        out.extend_from_slice(&self.fingerprint);
        let n = self.candidates.len().min(MAX_CANDIDATES);
        out.push(n as u8);
        for c in &self.candidates[..n] {
            let hidden = c.related == Some((Address::V4(Ipv4Addr::UNSPECIFIED), 0));
            let explicit = c.related.filter(|_| !hidden);
            let head = c.address.kind()
                | (c.kind.code() << 2)
                | (u8::from(explicit.is_some()) << 4)
                | (u8::from(hidden) << 5);
            out.push(head);
            c.address.write(&mut out);
            out.extend_from_slice(&c.port.to_be_bytes());
            if let Some((addr, port)) = explicit {
                out.push(addr.kind());
                addr.write(&mut out);
                out.extend_from_slice(&port.to_be_bytes());
            }
        }
        out
    }

    /// Reads the packed form; every byte must be used.
    pub fn from_bytes(bytes: &[u8]) -> Result<SignalEssentials, SignalError> {
        let mut r = Reader::new(bytes);
        let s = SignalEssentials::read(&mut r)?;
        if !r.is_empty() {
            return Err(SignalError::Damaged);
        }
        Ok(s)
    }

    /// Reads the packed form from the front of a reader (invites carry more after it).
    pub(crate) fn read(r: &mut Reader<'_>) -> Result<SignalEssentials, SignalError> {
        let role = match r.u8()? {
            0 => DtlsRole::ActPass,
            1 => DtlsRole::Active,
            2 => DtlsRole::Passive,
            _ => return Err(SignalError::BadRole),
        };
        let ice_ufrag = unpack_ice(r)?;
        let ice_pwd = unpack_ice(r)?;
        let fingerprint = r.array::<32>()?;
        let n = usize::from(r.u8()?);
        if n == 0 {
            return Err(SignalError::NoCandidates);
        }
        if n > MAX_CANDIDATES {
            return Err(SignalError::Damaged);
        }
        let mut candidates = Vec::with_capacity(n);
        for _ in 0..n {
            let head = r.u8()?;
            if head & 0xc0 != 0 || head & 0x30 == 0x30 {
                return Err(SignalError::Damaged);
            }
            let address = Address::read(head & 3, r)?;
            let port = r.u16()?;
            let related = if head & 0x10 != 0 {
                let kind = r.u8()?;
                let addr = Address::read(kind, r)?;
                Some((addr, r.u16()?))
            } else if head & 0x20 != 0 {
                Some((Address::V4(Ipv4Addr::UNSPECIFIED), 0))
            } else {
                None
            };
            candidates.push(Candidate {
                address,
                port,
                kind: CandidateType::from_code((head >> 2) & 3),
                related,
            });
        }
        Ok(SignalEssentials {
            ice_ufrag,
            ice_pwd,
            fingerprint,
            role,
            candidates,
        })
    }
}

fn parse_fingerprint(hex: &str) -> Result<[u8; 32], SignalError> {
    let mut out = [0u8; 32];
    let mut n = 0;
    for part in hex.split(':') {
        if n == 32 || part.len() != 2 {
            return Err(SignalError::BadFingerprint);
        }
        out[n] = u8::from_str_radix(part, 16).map_err(|_| SignalError::BadFingerprint)?;
        n += 1;
    }
    if n != 32 {
        return Err(SignalError::BadFingerprint);
    }
    Ok(out)
}

/// Length in characters, then 6 bits per character.
fn pack_ice(text: &str, out: &mut Vec<u8>) {
    out.push(text.len() as u8);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for b in text.bytes() {
        let v = ICE_ALPHABET.iter().position(|&a| a == b).unwrap_or(0) as u32;
        acc = (acc << 6) | v;
        bits += 6;
        while bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if bits > 0 {
        out.push((acc << (8 - bits)) as u8);
    }
}

fn unpack_ice(r: &mut Reader<'_>) -> Result<String, SignalError> {
    let len = usize::from(r.u8()?);
    if len == 0 || len > MAX_ICE_CHARS {
        return Err(SignalError::BadIce);
    }
    let bytes = r.take((len * 6).div_ceil(8))?;
    let mut text = String::with_capacity(len);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 6 && text.len() < len {
            bits -= 6;
            text.push(char::from(ICE_ALPHABET[((acc >> bits) & 63) as usize]));
        }
        acc &= (1 << bits) - 1;
    }
    if acc != 0 {
        // Padding bits are always zero when written by `pack_ice`.
        return Err(SignalError::Damaged);
    }
    Ok(text)
}

/// Reads bytes from the front of a slice; running short is an error, never a panic.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], SignalError> {
        if self.bytes.len() < n {
            return Err(SignalError::Damaged);
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N], SignalError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    pub(crate) fn u8(&mut self) -> Result<u8, SignalError> {
        Ok(self.take(1)?[0])
    }

    pub(crate) fn u16(&mut self) -> Result<u16, SignalError> {
        Ok(u16::from_be_bytes(self.array::<2>()?))
    }

    pub(crate) fn u32(&mut self) -> Result<u32, SignalError> {
        Ok(u32::from_be_bytes(self.array::<4>()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An offer as Chromium writes it for a data channel (ICE gathering complete): an mDNS
    /// host candidate, a TCP one (skipped), a plain IPv4 host one and a server-reflexive one.
    pub(crate) const CHROMIUM_OFFER: &str = "v=0\r\n\
o=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 54400 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 203.0.113.7\r\n\
a=candidate:1467250027 1 udp 2122260223 0b8a9c1e-4b5d-4f0a-9a57-3c5f1e2d7a6b.local 54400 typ host generation 0 network-id 1 network-cost 10\r\n\
a=candidate:3591203421 1 tcp 1518280447 0b8a9c1e-4b5d-4f0a-9a57-3c5f1e2d7a6b.local 9 typ host tcptype active generation 0 network-id 1 network-cost 10\r\n\
a=candidate:2999745851 1 udp 2122194687 192.168.1.23 54401 typ host generation 0 network-id 2 network-cost 10\r\n\
a=candidate:842163049 1 udp 1686052607 203.0.113.7 54400 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-id 1 network-cost 10\r\n\
a=ice-ufrag:4ZcD\r\n\
a=ice-pwd:2/1muCWoOi3uLifh0NuRHlbY\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 B9:2A:6C:E1:0F:3D:45:77:8A:91:C2:DE:0B:64:F3:18:A7:5E:2C:90:41:BB:D6:7F:08:33:EE:C9:5A:12:6D:F0\r\n\
a=setup:actpass\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

    /// An answer as Firefox writes it (LF line ends here, IPv6 host candidate).
    const FIREFOX_ANSWER: &str = "v=0
o=mozilla...THIS_IS_SDPARTA-99.0 5283751409834726115 0 IN IP4 0.0.0.0
s=-
t=0 0
a=fingerprint:sha-256 0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9
a=group:BUNDLE 0
a=ice-options:trickle
a=msid-semantic:WMS *
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:0 1 UDP 2122252543 3c1d4f5e-aaaa-4bbb-8ccc-0123456789ab.local 50123 typ host
a=candidate:1 1 UDP 2122187007 2001:db8::42 50124 typ host
a=candidate:2 1 TCP 2105524479 3c1d4f5e-aaaa-4bbb-8ccc-0123456789ab.local 9 typ host tcptype active
a=sendrecv
a=end-of-candidates
a=ice-pwd:d4c1f0a2b3e4c5d6e7f8a9b0c1d2e3f4
a=ice-ufrag:8a3f21c0
a=mid:0
a=setup:active
a=sctp-port:5000
a=max-message-size:1073741823
";

    #[test]
    fn a_chromium_offer_reads_packs_and_comes_back() {
        let s = SignalEssentials::from_sdp(CHROMIUM_OFFER).expect("reads");
        assert_eq!(s.ice_ufrag, "4ZcD");
        assert_eq!(s.ice_pwd, "2/1muCWoOi3uLifh0NuRHlbY");
        assert_eq!(s.role, DtlsRole::ActPass);
        assert_eq!(s.fingerprint[0], 0xB9);
        assert_eq!(s.fingerprint[31], 0xF0);
        assert_eq!(s.candidates.len(), 3, "the TCP candidate is skipped");
        assert!(matches!(s.candidates[0].address, Address::Mdns(_)));
        assert_eq!(
            s.candidates[1].address,
            Address::V4(Ipv4Addr::new(192, 168, 1, 23))
        );
        assert_eq!(s.candidates[2].kind, CandidateType::Srflx);
        assert_eq!(
            s.candidates[2].related,
            Some((Address::V4(Ipv4Addr::UNSPECIFIED), 0))
        );

        let bytes = s.to_bytes();
        eprintln!("a Chromium offer packs into {} bytes", bytes.len());
        assert!(bytes.len() <= 90, "{} bytes", bytes.len());
        assert_eq!(SignalEssentials::from_bytes(&bytes).expect("unpacks"), s);

        let sdp = s.to_sdp(SdpKind::Offer);
        assert!(sdp.contains("0b8a9c1e-4b5d-4f0a-9a57-3c5f1e2d7a6b.local 54400 typ host"));
        assert!(sdp.contains("192.168.1.23 54401 typ host"));
        assert!(sdp.contains("203.0.113.7 54400 typ srflx raddr 0.0.0.0 rport 0"));
        assert!(sdp.contains(
            "a=fingerprint:sha-256 B9:2A:6C:E1:0F:3D:45:77:8A:91:C2:DE:0B:64:F3:18:A7:5E:2C:90:41:BB:D6:7F:08:33:EE:C9:5A:12:6D:F0\r\n"
        ));
        assert!(sdp.contains("a=setup:actpass\r\n"));
        assert!(sdp.contains("a=group:BUNDLE 0\r\n"));
        assert!(sdp.contains("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"));
        assert!(sdp.starts_with("v=0\r\no=- "));
        // The rebuilt SDP reads back to the same essentials.
        assert_eq!(SignalEssentials::from_sdp(&sdp).expect("reads again"), s);
    }

    #[test]
    fn a_firefox_answer_with_lf_and_ipv6_reads_and_comes_back() {
        let s = SignalEssentials::from_sdp(FIREFOX_ANSWER).expect("reads");
        assert_eq!(s.ice_ufrag, "8a3f21c0");
        assert_eq!(s.role, DtlsRole::Active);
        assert_eq!(s.candidates.len(), 2);
        assert_eq!(
            s.candidates[1].address,
            Address::V6("2001:db8::42".parse().expect("ip"))
        );
        let bytes = s.to_bytes();
        assert_eq!(SignalEssentials::from_bytes(&bytes).expect("unpacks"), s);
        let sdp = s.to_sdp(SdpKind::Answer);
        assert!(sdp.contains("3c1d4f5e-aaaa-4bbb-8ccc-0123456789ab.local 50123 typ host"));
        assert!(sdp.contains("2001:db8::42 50124 typ host"));
        assert!(sdp.contains("a=setup:active\r\n"));
        assert_eq!(SignalEssentials::from_sdp(&sdp).expect("reads again"), s);
    }

    #[test]
    fn an_answer_never_says_actpass() {
        let s = SignalEssentials::from_sdp(CHROMIUM_OFFER).expect("reads");
        assert!(s.to_sdp(SdpKind::Answer).contains("a=setup:active\r\n"));
    }

    #[test]
    fn what_cannot_connect_is_refused() {
        let no_fp = CHROMIUM_OFFER.replace("a=fingerprint:sha-256", "a=fingerprint:sha-1");
        assert_eq!(
            SignalEssentials::from_sdp(&no_fp),
            Err(SignalError::BadFingerprint)
        );
        let no_cands: String = CHROMIUM_OFFER
            .lines()
            .filter(|l| !l.starts_with("a=candidate"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            SignalEssentials::from_sdp(&no_cands),
            Err(SignalError::NoCandidates)
        );
        let bad_pwd = CHROMIUM_OFFER.replace("2/1muCWoOi3uLifh0NuRHlbY", "bad pwd!");
        assert_eq!(
            SignalEssentials::from_sdp(&bad_pwd),
            Err(SignalError::BadIce)
        );
        assert_eq!(
            SignalEssentials::from_sdp(""),
            Err(SignalError::Missing("ICE user fragment"))
        );
    }

    #[test]
    fn cut_or_changed_bytes_never_panic() {
        let bytes = SignalEssentials::from_sdp(CHROMIUM_OFFER)
            .expect("reads")
            .to_bytes();
        for n in 0..bytes.len() {
            assert!(
                SignalEssentials::from_bytes(&bytes[..n]).is_err(),
                "cut at {n}"
            );
        }
        for i in 0..bytes.len() {
            for flip in [1u8, 0x80, 0xff] {
                let mut b = bytes.clone();
                b[i] ^= flip;
                // A flipped byte may still read (an address or a port changed); it must
                // never panic.
                let _ = SignalEssentials::from_bytes(&b);
            }
        }
    }
}
