"""What a reader reads around the lessons: section links in their own words, interface text
in Bengali with Bengali digits (CONTRIBUTING.md, "Digits"), and no English from the theme."""

from __future__ import annotations

import re

from conftest import run_and_wait, wait_cells

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


def test_no_english_from_the_theme_on_a_lesson_a_run_or_a_missing_page(server, open_page):
    """Material's strings come in Bengali (theme language bn); the permalinks' title, the footer's
    generator line and the 404 page, which Material leaves in English, are the site's own."""
    page = open_page(server.url + "playground/").page
    wait_cells(page)
    run_and_wait(page, 0)
    page.locator("[data-md-component=search-query]").click(timeout=20000)
    page.locator("[data-md-component=search-query]").fill("গ্রেডিয়েন্ট")
    page.wait_for_selector(".md-search-result__item")
    seen = page.evaluate(INTERFACE_TEXT)
    assert len(seen) > 50
    assert not english(seen), english(seen)
    missing = open_page(server.url + "404.html").page  # what a static host answers for a missing page
    seen = missing.evaluate(INTERFACE_TEXT) + [missing.locator("article h1").inner_text()]
    assert not english(seen), english(seen)
