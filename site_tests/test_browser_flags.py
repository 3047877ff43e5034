"""The browser the site tests drive (scripts/chromium.py): our --disable-features replaces
Playwright's, so it must still hold every feature Playwright disables, and it switches off
the address bar's popup pages, which would take CPU in every browser context."""

import os
from pathlib import Path

from chromium import OMNIBOX_POPUP_FEATURES


def _ancestors(pid):
    while pid > 1:
        yield pid
        pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def _browser_command_line():
    """The command line of this test process's own Chromium (not its helpers', nor another
    shard's browser)."""
    me = os.getpid()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().decode().split("\0")
            if "--remote-debugging-pipe" not in args or any(a.startswith("--type=") for a in args):
                continue
            if me in _ancestors(int(entry.name)):
                return args
        except (OSError, ValueError, IndexError):
            continue  # a process that ended while it was read
    raise AssertionError("this process's Chromium was not found")


def test_our_disabled_features_keep_playwrights_and_drop_the_omnibox_popup(browser):
    lists = [
        a.removeprefix("--disable-features=").split(",")
        for a in _browser_command_line()
        if a.startswith("--disable-features=")
    ]
    assert len(lists) == 2, lists  # Playwright's, then ours: Chromium keeps the last one
    playwrights, ours = lists
    assert set(playwrights) <= set(ours), sorted(set(playwrights) - set(ours))
    assert set(OMNIBOX_POPUP_FEATURES) <= set(ours)

    context = browser.new_context()
    try:
        context.new_page().goto("about:blank")
        session = browser.new_browser_cdp_session()
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]  # every kind
        session.detach()
    finally:
        context.close()
    assert any(t["type"] == "page" for t in targets), targets
    assert not [t["url"] for t in targets if "omnibox" in t["url"]]
