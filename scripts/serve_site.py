"""Serve the built site (site/) on 127.0.0.1 with the headers the runner wants.

COOP/COEP make the page cross-origin isolated, so SharedArrayBuffer exists and the Stop
button can interrupt Python without losing the page's state. ``--plain`` leaves them
out, which is what a typical static host does (the site's service worker then adds
them). Used by ``scripts/serve`` and by site_tests/.

    python scripts/serve_site.py [--port 8000] [--dir site] [--plain]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    isolation = True
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/octet-stream",
        ".zip": "application/zip",
        ".woff2": "font/woff2",
        ".woff": "font/woff",
        ".svg": "image/svg+xml",
    }

    def end_headers(self):
        if self.isolation:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile):
        """Count the body bytes sent (site_tests measure the page weight with this)."""
        counter = getattr(self.server, "bytes_sent", None)
        if counter is None:
            return super().copyfile(source, outputfile)
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            with self.server.count_lock:
                self.server.bytes_sent += len(chunk)
                self.server.paths_sent.append((self.path, len(chunk)))

    def log_message(self, format, *args):  # quiet unless asked
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, isolation: bool = True, verbose: bool = False):
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"isolation": isolation}), directory=str(directory)
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.verbose = verbose
    server.bytes_sent = 0
    server.paths_sent = []
    server.count_lock = threading.Lock()
    return server


def serve_in_thread(directory: Path, isolation: bool = True):
    """Start a server on a free port; returns (server, base_url). Call server.shutdown() to stop."""
    server = make_server(directory, 0, isolation)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=str(Path(__file__).resolve().parent.parent / "site"))
    parser.add_argument(
        "--plain", action="store_true", help="no COOP/COEP headers (like a plain static host)"
    )
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--fallback-port", action="store_true", help="use a free port if --port is taken")
    args = parser.parse_args(argv)
    directory = Path(args.dir)
    if not (directory / "index.html").is_file() and not (directory / "404.html").is_file():
        sys.exit(f"{directory} does not look like a built site: run `mkdocs build` first")
    try:
        server = make_server(directory, args.port, not args.plain, args.verbose)
    except OSError as exc:
        if not args.fallback_port:
            raise
        print(f"port {args.port} is not free ({exc.strerror}); using a free port", flush=True)
        server = make_server(directory, 0, not args.plain, args.verbose)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving {directory} at {url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
