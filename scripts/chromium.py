"""How the site tests and the benchmarks launch Debian's chromium: by path (Playwright cannot
download browsers here), headless, and with the browser's own background work (component
updates, sync, first-run set-up, background networking, the address bar's popup pages)
switched off, so that it neither reaches for the network nor takes CPU from the page on a
two-core machine."""

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Playwright passes Chromium a --disable-features list of its own, and Chromium keeps only the
# last --disable-features it is given: ours repeats the list of the locked playwright
# (site_tests/test_browser_flags.py fails when it changes) and adds the address bar's popup,
# which Chromium 156 draws as two chrome:// pages of a renderer of their own in every browser
# context, headless too: about a second of CPU per context, a few minutes over the site suite.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
OMNIBOX_POPUP_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--headless",
    "--disable-gpu",
    "--disable-quic",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + OMNIBOX_POPUP_FEATURES),
]
