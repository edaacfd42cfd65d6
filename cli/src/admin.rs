//! `worlds admin`: calls a room server's admin API (`worlds serve --admin-token-file`): the
//! rooms it runs, a notice to every device, closing a room. It speaks plain HTTP/1.1 over a
//! TCP connection of its own, for a server on the operator's network, on loopback or through
//! an SSH tunnel: the token would travel in the clear across anything else.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::time::Duration;

use worlds_server::admin::AdminRoom;

use crate::args::{AdminArgs, AdminCommand};
use crate::landing::{clean, json, print_json, refuse, BadArgs};
use crate::text::one_line;

/// How long connecting, and then the answer, may take.
const CONNECT_WITHIN: Duration = Duration::from_secs(5);
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// Where the server is: host and port.
struct Server {
    host: String,
    port: u16,
}

fn server(url: &str) -> Result<Server, BadArgs> {
    let Some(rest) = url.strip_prefix("http://") else {
        return Err(BadArgs(format!(
            "--url {}: give it as http://HOST:PORT (worlds admin speaks plain HTTP, to a server on your own network or loopback)",
            clean(url)
        )));
    };
    let hostport = rest.trim_end_matches('/');
    let (host, port) = match hostport.rsplit_once(':') {
        Some((h, p)) if !h.is_empty() && !h.ends_with(':') => (h, p.parse::<u16>().ok()),
        _ => (hostport, Some(80)),
    };
    match port {
        Some(port) if !host.is_empty() && !host.contains('/') => Ok(Server {
            host: host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
            port,
        }),
        _ => Err(BadArgs(format!(
            "--url {}: give it as http://HOST:PORT",
            clean(url)
        ))),
    }
}

fn token(file: &str) -> Result<String, BadArgs> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        BadArgs(format!(
            "--token-file {}: cannot be read ({e})",
            clean(file)
        ))
    })?;
    let token = text.trim();
    if token.is_empty() || token.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(BadArgs(format!(
            "--token-file {}: it must hold the token alone",
            clean(file)
        )));
    }
    Ok(token.to_string())
}

/// One request; the answer's status and body.
fn request(
    to: &Server,
    token: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let addr = (to.host.as_str(), to.port)
        .to_socket_addrs()
        .map_err(|e| format!("{}: {e}", to.host))?
        .next()
        .ok_or_else(|| format!("{}: no address", to.host))?;
    let mut s =
        TcpStream::connect_timeout(&addr, CONNECT_WITHIN).map_err(|e| format!("{addr}: {e}"))?;
    s.set_read_timeout(Some(ANSWER_WITHIN))
        .map_err(|e| e.to_string())?;
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}:{}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        to.host,
        to.port,
        body.len()
    );
    s.write_all(head.as_bytes())
        .and_then(|()| s.write_all(body.as_bytes()))
        .map_err(|e| format!("{addr}: {e}"))?;
    let mut answer = Vec::new();
    s.read_to_end(&mut answer)
        .map_err(|e| format!("{addr}: {e}"))?;
    read_answer(&answer).ok_or_else(|| format!("{addr}: the answer is not HTTP"))
}

/// An HTTP/1.1 answer's status and body (a chunked body put back together).
fn read_answer(bytes: &[u8]) -> Option<(u16, String)> {
    let text = String::from_utf8_lossy(bytes);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let chunked = head.lines().any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("transfer-encoding:") && l.contains("chunked")
    });
    if !chunked {
        return Some((status, body.to_string()));
    }
    let mut whole = String::new();
    let mut rest = body;
    loop {
        let (size, after) = rest.split_once("\r\n")?;
        let size = usize::from_str_radix(size.trim(), 16).ok()?;
        if size == 0 {
            return Some((status, whole));
        }
        whole.push_str(after.get(..size)?);
        rest = after.get(size..)?.strip_prefix("\r\n")?;
    }
}

/// The server's sentence in an error answer (`{"error": ...}`), or the body as it is.
fn sentence(body: &str) -> String {
    serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_string))
        .unwrap_or_else(|| body.trim().to_string())
}

pub fn run(a: &AdminArgs) -> ExitCode {
    let parsed = (|| Ok::<_, BadArgs>((server(&a.url)?, token(&a.token_file)?)))();
    let (to, token) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("admin", bad),
    };
    let (method, path, body) = match &a.what {
        AdminCommand::Rooms { format } => {
            if let Err(bad) = json(format) {
                return refuse("admin", bad);
            }
            ("GET", "/api/admin/rooms".to_string(), None)
        }
        AdminCommand::Notice { text } => {
            let text = text.join(" ");
            let body = serde_json::json!({ "text": text }).to_string();
            ("POST", "/api/admin/notice".to_string(), Some(body))
        }
        AdminCommand::Close { code, reason } => {
            let code: String = code.chars().filter(char::is_ascii_alphanumeric).collect();
            let body = serde_json::json!({ "reason": reason }).to_string();
            let path = format!("/api/admin/rooms/{code}/close");
            ("POST", path, Some(body))
        }
    };
    let (status, answer) = match request(&to, &token, method, &path, body.as_deref()) {
        Ok(a) => a,
        Err(why) => {
            eprintln!("worlds admin: cannot reach the server: {}", one_line(&why));
            return ExitCode::from(1);
        }
    };
    if !(200..300).contains(&status) {
        eprintln!(
            "worlds admin: the server answered {status}: {}",
            one_line(&sentence(&answer))
        );
        return ExitCode::from(1);
    }
    show(&a.what, &answer)
}

/// What the server answered, for a person (or as JSON with `rooms --format json`).
fn show(what: &AdminCommand, answer: &str) -> ExitCode {
    let value: serde_json::Value = serde_json::from_str(answer).unwrap_or_default();
    match what {
        AdminCommand::Rooms { format } => {
            let rooms: Vec<AdminRoom> = match serde_json::from_str(answer) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("worlds admin: the server's list does not read: {e}");
                    return ExitCode::from(1);
                }
            };
            if json(format).unwrap_or(false) {
                return print_json(&rooms);
            }
            print_rooms(&rooms);
        }
        AdminCommand::Notice { .. } => {
            println!("told {} devices", value["devices"].as_u64().unwrap_or(0));
        }
        AdminCommand::Close { .. } => {
            println!(
                "closed room {}",
                clean(value["closed"].as_str().unwrap_or(""))
            );
        }
    }
    ExitCode::SUCCESS
}

fn print_rooms(rooms: &[AdminRoom]) {
    println!(
        "{:<10} {:<24} {:<12} {:<8} {:>7} {:<10} seats",
        "code", "title", "board", "started", "actions", "node"
    );
    for r in rooms {
        let seats: Vec<String> = r
            .seats
            .iter()
            .map(|s| {
                let presence = serde_json::to_value(s.presence)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                format!("{} ({presence})", clean(&s.name))
            })
            .collect();
        println!(
            "{:<10} {:<24} {:<12} {:<8} {:>7} {:<10} {}",
            clean(&r.code),
            clean(&r.title),
            clean(&r.board),
            if r.started { "yes" } else { "no" },
            r.actions,
            clean(&r.node),
            seats.join(", ")
        );
    }
    println!("{} rooms", rooms.len());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_plain_http_address_is_taken() {
        let s = server("http://127.0.0.1:8080/")
            .map_err(|b| b.0)
            .expect("taken");
        assert_eq!((s.host.as_str(), s.port), ("127.0.0.1", 8080));
        let s = server("http://rooms.lan").map_err(|b| b.0).expect("taken");
        assert_eq!((s.host.as_str(), s.port), ("rooms.lan", 80));
        let s = server("http://[::1]:9000").map_err(|b| b.0).expect("taken");
        assert_eq!((s.host.as_str(), s.port), ("::1", 9000));
        assert!(server("https://rooms.example").is_err());
        assert!(server("http://host:port").is_err());
        assert!(server("http://").is_err());
    }

    #[test]
    fn an_answer_reads_whole_or_chunked() {
        let plain = b"HTTP/1.1 401 Unauthorized\r\ncontent-length: 2\r\n\r\n{}";
        assert_eq!(read_answer(plain), Some((401, "{}".to_string())));
        let chunked =
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n[1,\r\n2\r\n2]\r\n0\r\n\r\n";
        assert_eq!(read_answer(chunked), Some((200, "[1,2]".to_string())));
        assert_eq!(read_answer(b"nonsense"), None);
    }
}
