"""What a reader reads around the lessons: section links in their own words, interface text
in Bengali with Bengali digits (CONTRIBUTING.md, "Digits"), and no English from the theme."""

from __future__ import annotations

import re

import pytest
from conftest import PageSession, run_and_wait, wait_cells

BENGALI = re.compile("[\u0980-\u09ff]")


def test_a_section_link_names_its_heading_in_bengali(server, open_page):
    """The permalink of a Bengali heading is an address a reader can read and share
    (#চেইন-রুল, not #_1), and opening it finds that heading."""
    page = open_page(server.url + "lessons/02-backprop-by-hand/").page
    link = page.locator("h2 > a.headerlink").nth(1)
    heading = link.evaluate("a => a.parentElement.textContent").replace("¶", "").strip()
    anchor = link.evaluate("a => decodeURIComponent(new URL(a.href).hash.slice(1))")
    assert BENGALI.search(anchor), (heading, anchor)
    assert re.match("[\u0980-\u09ff]+", heading).group(0) in anchor  # the first word, every mark
    # an address with that anchor opens on that heading (the permalink's href, as shared)
    shared = open_page(link.evaluate("a => a.href")).page
    shared.wait_for_function(
        "id => { const h = document.querySelector(':target'); return h && h.id === id && h.tagName === 'H2'; }",
        arg=anchor,
        timeout=30000,
    )


# Names a Bengali reader meets as they are (products, keys, file formats); anything else of three
# or more Latin letters in interface text with no Bengali beside it is English left for them.
NAMES = {"pyautograd", "pytorch", "numpy", "pyodide", "python", "graphviz", "autograd", "lessonkit"}
NAMES |= {"shift", "enter", "ctrl", "esc", "tab", "json", "ipynb", "dot", "nan", "inf"}
# what the page writes around its content: attributes and the chrome; not code, a cell's code or
# output, formulas, or the lesson's prose (which names English terms on purpose; search results
# quote it)
INTERFACE_TEXT = """() => {
  const skip = "code, pre, kbd, script, style, .katex, .cm-editor, [data-role=output], .lr-expected, "
    + ".md-search-result__list";  // the results quote the prose
  const chrome = ".md-header, .md-footer, .md-search, .md-skip, .md-top, .md-sidebar, .md-dialog, "
    + ".md-content__button, .md-source, .lr-cell button, .lr-cell [data-role=status], .lr-boot";
  const found = [];
  for (const el of document.querySelectorAll("*")) {
    if (el.closest(skip)) continue;
    for (const name of ["title", "aria-label", "placeholder", "alt"]) {
      const value = el.getAttribute(name);
      if (value) found.push(`${el.tagName.toLowerCase()}[${name}]: ${value}`);
    }
    if (!el.closest(chrome)) continue;
    for (const node of el.childNodes)
      if (node.nodeType === Node.TEXT_NODE && node.textContent.trim())
        found.push(`${el.tagName.toLowerCase()}: ${node.textContent.trim()}`);
  }
  found.push(`title: ${document.title}`);
  return found;
}"""


def english(strings):
    """The strings that are English: Latin words beyond NAMES, and no Bengali letter."""
    return sorted(
        {
            s
            for s in strings
            if not BENGALI.search(s.split(": ", 1)[1])
            and any(w.lower() not in NAMES for w in re.findall(r"[A-Za-z]{3,}", s.split(": ", 1)[1]))
        }
    )


@pytest.fixture(scope="module")
def after_a_run_and_a_search(browser, server, offline_fallback):
    """The playground after its first cell ran and a search found several pages: the interface
    strings (INTERFACE_TEXT) and the search's count line."""
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    page.goto(server.url + "playground/")
    wait_cells(page)
    run_and_wait(page, 0)
    box = page.locator("[data-md-component=search-query]")
    box.click(timeout=20000)
    box.fill("গ্রেডিয়েন্ট")
    page.wait_for_selector(".md-search-result__item")
    # the count line, in whichever digits (the index is ready and the results are in)
    page.wait_for_function("/[0-9০-৯]/.test(document.querySelector('.md-search-result__meta').textContent)")
    seen = page.evaluate(INTERFACE_TEXT)
    count = page.locator(".md-search-result__meta").inner_text()
    more = page.locator(".md-search-result__more summary").all_inner_texts()
    foreign = session.foreign
    session.close()
    assert not foreign, f"requests left the site's origin: {foreign}"
    return seen, count, more


def test_no_english_from_the_theme_on_a_lesson_a_run_or_a_missing_page(
    after_a_run_and_a_search, server, open_page
):
    """Material's strings come in Bengali (theme language bn); the permalinks' title, the footer's
    generator line and the 404 page, which Material leaves in English, are the site's own."""
    seen, _, _ = after_a_run_and_a_search
    assert len(seen) > 50
    assert not english(seen), english(seen)
    missing = open_page(server.url + "404.html").page  # what a static host answers for a missing page
    seen = missing.evaluate(INTERFACE_TEXT) + [missing.locator("article h1").inner_text()]
    assert not english(seen), english(seen)


def test_interface_numbers_are_in_bengali_digits(after_a_run_and_a_search):
    """The search's count ("১২ টা ডকুমেন্ট", "আরও ৩টি"), the cell's counter and time, and every
    other string of the interface: Bengali digits (a cell's code and output keep Python's)."""
    seen, count, more = after_a_run_and_a_search
    assert re.fullmatch(r"[০-৯]+ টা ডকুমেন্ট", count), count
    assert more and all(re.search("[০-৯]", m) for m in more), more
    with_ascii = [s for s in seen if re.search("[0-9]", s.split(": ", 1)[1])]
    assert not with_ascii, with_ascii
