#!/usr/bin/env python3
"""Writes dist/sw.js, the service worker of this build: it caches exactly the files of the
build (trunk's hashed names) on the first visit, so the site starts, plays, edits and runs
the lab with no network, and it removes the caches of older builds when it takes over. Its
cache name is a hash of the files, so any changed file makes a new version (the page then
offers "A new version is ready — Reload").

usage: service_worker.py DIST
"""
import hashlib
import json
import sys
from pathlib import Path

SKIP_SUFFIXES = (".gz", ".br")


def main():
    dist = Path(sys.argv[1] if len(sys.argv) > 1 else "dist")
    files = sorted(
        p.relative_to(dist).as_posix()
        for p in dist.rglob("*")
        if p.is_file()
        and not p.name.endswith(SKIP_SUFFIXES)
        and p.name != "sw.js"
        and not p.relative_to(dist).as_posix().startswith(".")
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((dist / name).read_bytes())
    version = "mw-" + digest.hexdigest()[:16]
    pages = [name for name in files if name.endswith(".html") and "/" not in name]
    worker = f"""// The service worker of one build of Monopoly Worlds, written by
// scripts/service_worker.py: it lists exactly this build's files.
const VERSION = {json.dumps(version)};
const FILES = {json.dumps(["./"] + files, indent=2)};
// The pages of the site (the game, the Board Maker, the lab); any other address is the game.
const PAGES = {json.dumps(pages)};

self.addEventListener('install', (event) => {{
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(FILES)));
}});

self.addEventListener('activate', (event) => {{
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('mw-') && k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
}});

// The page's "Reload" on the new-version notice.
self.addEventListener('message', (event) => {{
  if (event.data === 'skip-waiting') self.skipWaiting();
}});

// "Your turn" (issue 61): a click on the notification focuses the room's page if one is
// open, or opens the room's link.
self.addEventListener('notificationclick', (event) => {{
  event.notification.close();
  const data = event.notification.data || {{}};
  const target = new URL(typeof data.url === 'string' ? data.url : './', self.location.href);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({{ type: 'window', includeUncontrolled: true }}).then((pages) => {{
      const open = pages.find((p) => {{
        const at = new URL(p.url);
        return at.pathname === target.pathname && at.hash === target.hash;
      }});
      return open ? open.focus() : self.clients.openWindow(target.href);
    }}),
  );
}});

// A push from the room server while no page of the seat is open: {{"title","body","url"}}.
self.addEventListener('push', (event) => {{
  let data = {{}};
  try {{
    data = event.data ? event.data.json() : {{}};
  }} catch (e) {{
    data = {{}};
  }}
  const title = typeof data.title === 'string' ? data.title.slice(0, 200) : 'Your turn — Monopoly Worlds';
  const body = typeof data.body === 'string' ? data.body.slice(0, 500) : '';
  const url = typeof data.url === 'string' ? data.url : './';
  event.waitUntil(self.registration.showNotification(title, {{ body, tag: url, data: {{ url }} }}));
}});

self.addEventListener('fetch', (event) => {{
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {{
    // Every address of a page (with a #world= or #game= link, or ?open=) is that page.
    const name = new URL(request.url).pathname.split('/').pop();
    const page = PAGES.includes(name) ? name : 'index.html';
    event.respondWith(
      caches.open(VERSION)
        .then((cache) => cache.match(page))
        .then((page) => page || fetch(request)),
    );
    return;
  }}
  event.respondWith(
    caches.open(VERSION)
      .then((cache) => cache.match(request, {{ ignoreSearch: true }}))
      .then((hit) => hit || fetch(request)),
  );
}});
"""
    (dist / "sw.js").write_text(worker)
    print(f"sw.js: {version}, {len(files)} files")


if __name__ == "__main__":
    main()
