//! Rooms past one machine (issue 30): one redis-server and two `worlds serve --redis` nodes
//! behind haproxy (round robin, readiness checks on /readyz, no sticky sessions), all real
//! processes started as an operator would, on random loopback ports, stopped by their process
//! ids. A host and a friend play through haproxy; the node running their room is killed with
//! `kill -9` mid-game; they play on with equal games; then every node restarts and the room is
//! still there. Then nobody is in the room: it leaves the nodes' memory (set aside, to expire
//! when it would close for being idle) and is taken up again, with its game, when they return.
//!
//! Needs `redis-server`, `redis-cli` and `haproxy` (scripts/setup.sh installs them).

mod common;

use std::time::{Duration, Instant};

use common::*;

#[test]
fn two_nodes_behind_haproxy_lose_nothing_when_the_room_s_node_is_killed() {
    let dir = scratch("redis");
    let redis_port = free_port();
    let _redis = redis(redis_port);
    let ports = [free_port(), free_port()];
    let mut nodes = vec![
        node(&dir, ports[0], redis_port),
        node(&dir, ports[1], redis_port),
    ];
    let lb = free_port();
    let _haproxy = haproxy(&dir, lb, &ports, "");

    runtime().block_on(async {
        // Ann opens a room with a computer; Bea joins by the link; Ann starts.
        let (code, mut ann, mut bea) = ann_and_bea(lb).await;
        play(&mut ann, &mut bea, 8).await;
        let (before, _) = same_game(&ann, &bea);

        // The node running the room dies.
        // Every key of the room carries its hash tag, so Redis Cluster keeps them in one slot.
        let keys = redis_cli(redis_port, &["--scan", "--pattern", "wr:room:*"]);
        assert!(!keys.trim().is_empty());
        for k in keys.lines() {
            assert!(k.starts_with(&format!("wr:room:{{{code}}}:")), "{k}");
        }
        // The owner key names the node and its fencing value.
        let held = redis_get(redis_port, &format!("wr:room:{{{code}}}:owner"));
        let (owner, fence) = held.split_once('/').expect("NODE/FENCE");
        let (owner, fence): (String, u64) = (owner.to_string(), fence.parse().expect("a number"));
        let dead = nodes
            .iter()
            .position(|(_, id)| *id == owner)
            .unwrap_or_else(|| panic!("the owner {owner:?} is one of the nodes"));
        nodes[dead].0.kill9();
        play(&mut ann, &mut bea, 8).await;
        let (after, _) = same_game(&ann, &bea);
        assert!(after > before, "the game went on");
        assert!(
            ann.reconnects + bea.reconnects >= 1,
            "a device on the dead node reconnected"
        );
        let held = redis_get(redis_port, &format!("wr:room:{{{code}}}:owner"));
        let (new_owner, new_fence) = held.split_once('/').expect("NODE/FENCE");
        assert_ne!(new_owner, owner, "another node runs the room");
        assert!(
            new_fence.parse::<u64>().expect("a number") > fence,
            "each takeover carries a fencing value of its own"
        );

        // Every node restarts: the room is still there, with its game.
        for (p, _) in nodes.iter_mut() {
            p.kill9();
        }
        let kept = ann.game().map(|g| g.history().len()).unwrap_or(0);
        nodes = vec![
            node(&dir, ports[0], redis_port),
            node(&dir, ports[1], redis_port),
        ];
        play(&mut ann, &mut bea, 4).await;
        let (last, _) = same_game(&ann, &bea);
        assert!(last > kept, "the room played on after every node restarted");

        // Both devices go away: after a second with nobody in it the room leaves the node's
        // memory; Redis keeps it until it would be closed for being idle.
        ann.ws = None;
        bea.ws = None;
        let actions = format!("wr:room:{{{code}}}:actions");
        let until = Instant::now() + Duration::from_secs(15);
        while !redis_get(redis_port, &format!("wr:room:{{{code}}}:owner")).is_empty() {
            assert!(Instant::now() < until, "the empty room was not set aside");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let ttl = redis_pttl(redis_port, &actions);
        assert!(
            ttl > 29 * 24 * 3600 * 1000 && ttl <= 30 * 24 * 3600 * 1000,
            "a set-aside room expires when it would close, 30 days on: {ttl} ms"
        );
        let closes_at: u64 = redis_get(redis_port, &format!("wr:closed:{{{code}}}"))
            .parse()
            .expect("the closed mark holds when it closes");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        assert!(
            closes_at > now + 29 * 24 * 3600 * 1000,
            "it closes 30 days on: {closes_at}"
        );
        // They come back by their seat tokens: the room is taken up again, game and all.
        play(&mut ann, &mut bea, 4).await;
        let (back, _) = same_game(&ann, &bea);
        assert!(back > last, "the room played on after it was set aside");
        assert_eq!(redis_pttl(redis_port, &actions), -1, "kept again for good");
        assert_eq!(redis_get(redis_port, &format!("wr:closed:{{{code}}}")), "");
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// `GET /readyz` until it answers `status`, within 20 s; its body then.
fn readyz_until(port: u16, status: u16) -> String {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let (now, body) = get(port, "/readyz");
        if now == status {
            return body;
        }
        assert!(
            Instant::now() < until,
            "/readyz still answers {now}: {body}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_node_started_before_its_redis_waits_and_serves_rooms_once_redis_is_up() {
    let dir = scratch("redis-late");
    let redis_port = free_port();
    let port = free_port();
    // The node starts first: it listens at once and waits for Redis with backoff instead of
    // exiting, saying what it waits for.
    let (mut node, id) = node(&dir, port, redis_port);
    assert!(!id.is_empty());
    assert_eq!(
        get(port, "/healthz"),
        (200, "ok".to_string()),
        "the process answers"
    );
    let (status, body) = get(port, "/readyz");
    assert_eq!(status, 503);
    assert_eq!(
        body,
        format!("waiting for Redis at redis://127.0.0.1:{redis_port}")
    );
    let (status, body) = post(port, "/api/rooms", "{}");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("try again in a moment"), "{body}");
    std::thread::sleep(Duration::from_secs(2));
    assert!(
        node.child.try_wait().is_ok_and(|s| s.is_none()),
        "the node waits for Redis"
    );
    let mut redis = redis(redis_port);
    assert_eq!(readyz_until(port, 200), "ready");
    runtime().block_on(async {
        let (_code, mut ann, mut bea) = ann_and_bea(port).await;
        play(&mut ann, &mut bea, 2).await;
        same_game(&ann, &bea);
    });
    // Redis stops: the node is no longer ready, and says why.
    redis.kill9();
    let why = readyz_until(port, 503);
    assert!(why.contains("Redis"), "{why}");
    let _ = std::fs::remove_dir_all(&dir);
}
