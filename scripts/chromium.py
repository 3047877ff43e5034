"""How the site tests and the benchmarks launch Debian's chromium: by path (Playwright cannot
download browsers here), headless, and with the browser's own background work (component
updates, sync, first-run set-up, background networking) switched off, so that it neither
reaches for the network nor takes CPU from the page on a two-core machine."""

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--headless",
    "--disable-gpu",
    "--disable-quic",
]
