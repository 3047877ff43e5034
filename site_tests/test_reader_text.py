"""What a reader reads around the lessons: section links in their own words, interface text
in Bengali with Bengali digits (CONTRIBUTING.md, "Digits"), and no English from the theme."""

from __future__ import annotations

import re

BENGALI = re.compile("[\u0980-\u09ff]")


def test_a_section_link_names_its_heading_in_bengali(server, open_page):
    """The permalink of a Bengali heading is an address a reader can read and share
    (#গণনার-গ্রাফ…, not #_2), and following it lands on that heading."""
    page = open_page(server.url + "lessons/02-backprop-by-hand/").page
    link = page.locator("h2 > a.headerlink").nth(1)
    heading = link.evaluate("a => a.parentElement.textContent").replace("¶", "").strip()
    anchor = link.evaluate("a => decodeURIComponent(new URL(a.href).hash.slice(1))")
    assert BENGALI.search(anchor), (heading, anchor)
    assert re.match("[\u0980-\u09ff]+", heading).group(0) in anchor  # the first word, every mark
    link.click()
    # followed, the link brings its heading to the top of the window
    page.wait_for_function(
        """id => { const h = document.getElementById(id);
                   const top = h && h.getBoundingClientRect().top;
                   return h && h.tagName === "H2" && top >= 0 && top < 200; }""",
        arg=anchor,
        timeout=10000,
    )
