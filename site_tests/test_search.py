"""Search finds a Bengali word however the reader's keyboard spells it.

Several Bengali keyboards type য়, ড়, ঢ় as one code point (U+09DF, U+09DC, U+09DD); the pages
are written with the letter and a nukta (two code points). Unicode calls them the same text;
the index and the query are both normalised (runtime/src/search-worker.js), so both spellings
find the same pages.
"""

from __future__ import annotations

import unicodedata

import pytest

QUERY = "[data-md-component=search-query]"
RESULTS = ".md-search-result__item"
META = ".md-search-result__meta"
EMPTY = "সার্চ টাইপ করুন"  # Material's Bengali placeholder for an empty box
STARTING = "অনুসন্ধান শুরু করা হচ্ছে"  # while the index is built

# (the pages' spelling, the one-code-point spelling some keyboards type)
WORDS = [
    ("গ্রেডি\u09af\u09bcেন্ট", "গ্রেডি\u09dfেন্ট"),
    ("ব\u09a1\u09bc", "ব\u09dc"),
    ("গা\u09a2\u09bc", "গা\u09dd"),
]


def _found(page, query):
    """The result list's links for ``query``, once the list has settled."""
    box = page.locator(QUERY)
    box.fill("")
    page.wait_for_function(f"document.querySelector('{META}').textContent === '{EMPTY}'")
    box.fill(query)
    # the answer replaces the empty box's placeholder (and the index's "starting" line)
    page.wait_for_function(
        f"!['{EMPTY}', '{STARTING}'].includes(document.querySelector('{META}').textContent)",
        timeout=20000,
    )
    return page.locator(f"{RESULTS} > a").evaluate_all("els => els.map(a => a.href.split('#')[0])")


@pytest.mark.parametrize(("written", "typed"), WORDS, ids=["ya", "rra", "rha"])
def test_a_precomposed_letter_finds_what_the_nukta_form_finds(server, open_page, written, typed):
    assert unicodedata.normalize("NFC", typed) == written  # the same text to Unicode
    assert typed != written  # but not the same code points
    page = open_page(server.url + "glossary/").page
    page.locator(QUERY).click(timeout=20000)
    expected = _found(page, written)
    assert expected, f"the pages' own spelling {written!r} finds nothing"
    assert _found(page, typed) == expected
