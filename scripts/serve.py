#!/usr/bin/env python3
"""Serves a built site (dist/) on loopback the way a static host does: the right MIME types,
gzip (or brotli) when the browser accepts it (a precompressed `.br` / `.gz` file beside the
asset is served as it is, anything else compressible is compressed once and kept), no caching.

usage: serve.py DIR PORT
"""
import functools
import gzip
import http.server
import os
import sys

COMPRESSIBLE = (".wasm", ".js", ".mjs", ".css", ".html", ".svg", ".json", ".webmanifest")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }
    compressed = {}

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepts = self.headers.get("Accept-Encoding", "")
        if not path.endswith(COMPRESSIBLE) or not os.path.isfile(path):
            return super().send_head()
        body, encoding = None, None

        def fresh(pre):
            # A precompressed copy older than its file is stale (the file was rebuilt); the
            # tools that write them keep the file's time to the second.
            return os.path.isfile(pre) and os.path.getmtime(pre) >= os.path.getmtime(path) - 1

        if "br" in accepts and fresh(path + ".br"):
            with open(path + ".br", "rb") as f:
                body, encoding = f.read(), "br"
        elif "gzip" in accepts:
            if fresh(path + ".gz"):
                with open(path + ".gz", "rb") as f:
                    body = f.read()
            else:
                key = (path, os.path.getmtime(path))
                if key not in self.compressed:
                    with open(path, "rb") as f:
                        self.compressed[key] = gzip.compress(f.read(), 9)
                body = self.compressed[key]
            encoding = "gzip"
        if body is None:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        import io
        return io.BytesIO(body)

    def log_message(self, *args):
        pass


def main():
    directory, port = sys.argv[1], int(sys.argv[2])
    handler = functools.partial(Handler, directory=directory)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving {directory} at http://127.0.0.1:{port}", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
