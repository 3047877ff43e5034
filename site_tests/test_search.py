"""Search finds a Bengali word however the reader's keyboard spells it, and shows formulas as
text a reader can read.

Several Bengali keyboards type য়, ড়, ঢ় as one code point (U+09DF, U+09DC, U+09DD); the pages
are written with the letter and a nukta (two code points). Unicode calls them the same text;
the index and the query are both normalised (runtime/src/search-worker.js), so both spellings
find the same pages.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata

import pytest
from conftest import REPO

sys.path.insert(0, str(REPO / "hooks"))
import search_text  # noqa: E402

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


# what a formula may not leave in the index's prose: TeX commands, \( \[ delimiters, dollars
RAW_TEX = re.compile(r"\\[A-Za-z()\[\]]|\$")


def test_the_search_index_holds_formulas_as_readable_text(built_site):
    """Snippets are cut from the index's text: a formula there is plain symbols (∂L/∂w, σ, x²),
    never TeX. Code stays as written (a Python string may hold a backslash)."""
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    raw = [
        (doc["location"], RAW_TEX.search(prose).group(0))
        for doc in docs
        if RAW_TEX.search(prose := search_text.CODE.sub("", doc["title"] + " " + doc["text"]))
    ]
    assert not raw, f"{len(raw)} of {len(docs)} entries hold raw TeX: {raw[:5]}"
    partials = [doc["location"] for doc in docs if "∂L/∂w" in doc["text"]]
    assert len(partials) >= 3, partials  # the lessons' commonest formula, as a reader writes it


def test_a_word_from_a_formula_finds_its_page_with_a_readable_snippet(server, open_page):
    """\\operatorname{diag}(\\sigma'(z)) of lesson 8 is found by "diag", and its snippet reads
    diag(σ′(z)), not TeX."""
    page = open_page(server.url + "glossary/").page
    page.locator(QUERY).click(timeout=20000)
    found = _found(page, "diag")
    assert any("/lessons/08-depth/" in url for url in found), found
    snippets = page.locator(f"{RESULTS} article").all_inner_texts()
    readable = [s for s in snippets if "diag(σ′(z" in s]
    assert readable, snippets
    assert not any(RAW_TEX.search(s) for s in snippets), snippets
