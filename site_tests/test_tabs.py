"""Two and three tabs of one lesson in one browser: none loses another's edits, the newest wins.

Each test starts from a profile that keeps the memory snapshot and nothing else
(``open_warm``): every tab starts Python in the background, as a reader's would, and there it
restores instead of starting cold."""

from conftest import cell, set_code, wait_cells


def saved_code(page, index):
    """The code localStorage holds for cell ``index`` of this page (None: the author's)."""
    return page.evaluate(
        """i => { const src = document.querySelector(`[data-cell="${i}"]`).dataset.src;
          for (const k of Object.keys(localStorage)) {
            const e = JSON.parse(localStorage.getItem(k) || 'null');
            if (e && e.code !== undefined && k.includes(':cell:') && e.index === i) return e.code;
          }
          return null; }""",
        index,
    )


def editor_text(page, index):
    return cell(page, index).locator(".cm-content").inner_text()


def wait_stored(page, index, text):
    page.wait_for_function(
        """([i, text]) => Object.keys(localStorage).some(k => {
             const e = JSON.parse(localStorage.getItem(k) || 'null');
             return k.includes(':cell:') && e && e.index === i && (e.code || '').includes(text); })""",
        arg=[index, text],
        timeout=10000,
    )


def test_closing_an_untouched_tab_keeps_the_other_tabs_edits(server, open_warm):
    s = open_warm(server.url + "playground/")
    a = s.page
    wait_cells(a)
    set_code(a, 2, "print('পুরনো সম্পাদনা')")  # an edit made before tab B opens
    wait_stored(a, 2, "পুরনো")
    b = s.context.new_page()
    b.goto(server.url + "playground/")
    wait_cells(b)
    assert "পুরনো" in editor_text(b, 2)
    # A edits two cells; B, left untouched, still has the older code of cell 2 loaded
    set_code(a, 1, "print('ক-এর সম্পাদনা')")
    set_code(a, 2, "print('ক-এর নতুন সম্পাদনা')")
    wait_stored(a, 1, "ক-এর সম্পাদনা")
    wait_stored(a, 2, "ক-এর নতুন")
    b.reload()  # the page goes away (pagehide) and comes back
    wait_cells(b)
    b.close(run_before_unload=True)
    assert "ক-এর সম্পাদনা" in saved_code(a, 1)
    assert "ক-এর নতুন সম্পাদনা" in saved_code(a, 2)
    a.reload()
    wait_cells(a)
    assert "ক-এর সম্পাদনা" in editor_text(a, 1)
    assert "ক-এর নতুন সম্পাদনা" in editor_text(a, 2)


def test_open_tabs_show_each_others_edits_and_the_newest_wins(server, open_warm):
    s = open_warm(server.url + "playground/")
    a = s.page
    wait_cells(a)
    b = s.context.new_page()
    b.goto(server.url + "playground/")
    wait_cells(b)
    set_code(a, 1, "print('প্রথম ট্যাব')")
    # B shows A's edit as soon as A has saved it, with a notice
    b.wait_for_function(
        """() => document.querySelector('[data-cell="1"] .cm-content')?.innerText.includes('প্রথম ট্যাব')""",
        timeout=10000,
    )
    assert "ট্যাবে" in cell(b, 1).locator('[data-role="notice"]').inner_text()
    # B then changes the same cell: the later edit is the one kept, and A shows it
    set_code(b, 1, "print('দ্বিতীয় ট্যাব')")
    a.wait_for_function(
        """() => document.querySelector('[data-cell="1"] .cm-content')?.innerText.includes('দ্বিতীয় ট্যাব')""",
        timeout=10000,
    )
    # A's own text is one Ctrl+Z away
    cell(a, 1).locator(".cm-content").click()
    a.keyboard.press("Control+z")
    assert "প্রথম ট্যাব" in editor_text(a, 1)
    # a reset in A reaches B, and closing either tab brings no older code back
    cell(a, 1).locator('[data-role="reset"]').click()
    original = editor_text(a, 1)
    b.wait_for_function(
        """t => document.querySelector('[data-cell="1"] .cm-content')?.innerText === t""",
        arg=original,
        timeout=10000,
    )
    b.close(run_before_unload=True)
    assert saved_code(a, 1) is None
    a.reload()
    wait_cells(a)
    assert editor_text(a, 1) == original


def wait_editor(page, index, text):
    page.wait_for_function(
        """([i, t]) => document.querySelector(`[data-cell="${i}"] .cm-content`)?.innerText.includes(t)""",
        arg=[index, text],
        timeout=10000,
    )


def test_three_tabs_keep_the_newest_edit_of_each_cell_and_drop_none(server, open_warm):
    s = open_warm(server.url + "playground/")
    a = s.page
    wait_cells(a)
    b = s.context.new_page()
    c = s.context.new_page()
    for tab in (b, c):
        tab.goto(server.url + "playground/")
        wait_cells(tab)
    # B and C type into the same cell, C last: every tab ends on C's edit
    set_code(b, 1, "print('খ-এর সম্পাদনা')")
    set_code(c, 1, "print('গ-এর সম্পাদনা')")
    for tab in (a, b, c):
        wait_editor(tab, 1, "গ-এর সম্পাদনা")
    wait_stored(a, 1, "গ-এর")
    # B's typed edit is not dropped silently: B says so, and it is one Ctrl+Z away
    assert "ট্যাবে" in cell(b, 1).locator('[data-role="notice"]').inner_text()
    cell(b, 1).locator(".cm-content").click()
    b.keyboard.press("Control+z")
    assert "খ-এর সম্পাদনা" in editor_text(b, 1)
    # taking it back is the reader's newest change: the other two tabs follow
    for tab in (a, c):
        wait_editor(tab, 1, "খ-এর সম্পাদনা")
    # edits of different cells in different tabs are all kept, and every tab shows them
    set_code(a, 2, "print('ক-এর সম্পাদনা')")
    set_code(c, 3, "print('গ-এর দ্বিতীয় সম্পাদনা')")
    for tab in (a, b, c):
        wait_editor(tab, 2, "ক-এর সম্পাদনা")
        wait_editor(tab, 3, "গ-এর দ্বিতীয়")
    # closing the other two (they go through pagehide) brings no older code back
    c.close(run_before_unload=True)
    b.close(run_before_unload=True)
    assert "খ-এর সম্পাদনা" in saved_code(a, 1)
    assert "ক-এর সম্পাদনা" in saved_code(a, 2)
    assert "গ-এর দ্বিতীয়" in saved_code(a, 3)
    a.reload()
    wait_cells(a)
    assert "খ-এর সম্পাদনা" in editor_text(a, 1)
    assert "ক-এর সম্পাদনা" in editor_text(a, 2)
    assert "গ-এর দ্বিতীয়" in editor_text(a, 3)
