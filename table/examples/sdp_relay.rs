//! A browser check of the signal codec: two `RTCPeerConnection`s in one page connect
//! through nothing but the packed essentials.
//!
//! Serves a page on `127.0.0.1:<port>` (default 8765) that makes an offer, sends its SDP
//! here, gets back the SDP rebuilt from the packed bytes (`from_sdp` -> `to_bytes` ->
//! `from_bytes` -> `to_sdp`), answers it on a second connection, does the same with the
//! answer, and then sends a message over the data channel. The page posts its result here;
//! the program prints it and exits (0 when the message arrived).
//!
//! ```text
//! cargo run -p worlds-table --example sdp_relay &
//! chromium --headless --no-sandbox --disable-gpu --user-data-dir=$(mktemp -d) http://127.0.0.1:8765/
//! ```

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};

use worlds_table::signal::{SdpKind, SignalEssentials};

const PAGE: &str = r#"<!doctype html><meta charset="utf-8"><title>sdp relay</title><script>
const report = (m) => fetch('/result', {method: 'POST', body: m});
function gathered(pc) {
  return new Promise((done) => {
    if (pc.iceGatheringState === 'complete') return done();
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') done();
    });
  });
}
async function relay(kind, sdp) {
  const r = await fetch('/pack?kind=' + kind, {method: 'POST', body: sdp});
  const text = await r.text();
  if (!r.ok) throw new Error(kind + ': ' + text);
  return text;
}
(async () => {
  try {
    const host = new RTCPeerConnection();
    const guest = new RTCPeerConnection();
    const channel = host.createDataChannel('table');
    guest.ondatachannel = (e) => {
      e.channel.onmessage = (m) => report('OK the guest received: ' + m.data);
    };
    channel.onopen = () => channel.send('hello from the host');
    await host.setLocalDescription(await host.createOffer());
    await gathered(host);
    const offer = await relay('offer', host.localDescription.sdp);
    await guest.setRemoteDescription({type: 'offer', sdp: offer});
    await guest.setLocalDescription(await guest.createAnswer());
    await gathered(guest);
    const answer = await relay('answer', guest.localDescription.sdp);
    await host.setRemoteDescription({type: 'answer', sdp: answer});
    setTimeout(() => report('TIMEOUT ice: host ' + host.iceConnectionState +
      ', guest ' + guest.iceConnectionState), 20000);
  } catch (e) {
    report('ERROR ' + e);
  }
})();
</script>"#;

fn respond(stream: &mut TcpStream, status: &str, kind: &str, body: &str) {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body.as_bytes());
}

/// Reads one request: its first line and its body.
fn read_request(stream: &TcpStream) -> Option<(String, String)> {
    let mut reader = BufReader::new(stream);
    let mut first = String::new();
    reader.read_line(&mut first).ok()?;
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().ok()?;
            }
        }
    }
    let mut body = vec![0u8; length.min(1 << 20)];
    reader.read_exact(&mut body).ok()?;
    Some((first, String::from_utf8_lossy(&body).into_owned()))
}

fn main() {
    let port = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "8765".to_string());
    let listener = TcpListener::bind(format!("127.0.0.1:{port}")).expect("the port is free");
    eprintln!("serving http://127.0.0.1:{port}/");
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        let Some((first, body)) = read_request(&stream) else {
            continue;
        };
        let path = first.split_whitespace().nth(1).unwrap_or("/").to_string();
        if path == "/" {
            respond(&mut stream, "200 OK", "text/html", PAGE);
        } else if let Some(kind) = path.strip_prefix("/pack?kind=") {
            let kind = if kind == "offer" {
                SdpKind::Offer
            } else {
                SdpKind::Answer
            };
            let rebuilt = SignalEssentials::from_sdp(&body)
                .map(|s| (s.to_bytes(), s))
                .and_then(|(bytes, _)| SignalEssentials::from_bytes(&bytes).map(|s| (bytes, s)));
            match rebuilt {
                Ok((bytes, s)) => {
                    eprintln!(
                        "--- {} from the browser ({} characters):\n{body}\n--- packed into {} bytes; rebuilt:\n{}",
                        kind.as_str(),
                        body.len(),
                        bytes.len(),
                        s.to_sdp(kind)
                    );
                    respond(&mut stream, "200 OK", "text/plain", &s.to_sdp(kind));
                }
                Err(e) => {
                    eprintln!(
                        "--- {} from the browser does not read: {e}\n{body}",
                        kind.as_str()
                    );
                    respond(&mut stream, "400 Bad Request", "text/plain", &e.to_string());
                }
            }
        } else if path == "/result" {
            respond(&mut stream, "200 OK", "text/plain", "thanks");
            println!("{body}");
            std::process::exit(if body.starts_with("OK") { 0 } else { 1 });
        } else {
            respond(&mut stream, "404 Not Found", "text/plain", "");
        }
    }
}
