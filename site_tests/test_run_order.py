"""Running cells in and out of order (runtime/src/page.js): "run all above" stops at the first
error and says where; Shift+Enter on a cell already running queues no second run; the warning
that earlier cells were not run appears only on a cell that needed a name they make. Python
restores on each page from a stored snapshot (``open_warm``): none of this is about its start."""

from conftest import cell, output_text, run_and_wait, set_code, wait_cells


def counter(page, index):
    return cell(page, index).locator('[data-role="counter"]').inner_text()


def notice(page, index):
    box = cell(page, index).locator('[data-role="notice"]')
    return box.inner_text() if box.is_visible() else ""


def open_playground(open_warm, server):
    s = open_warm(server.url + "playground/")
    wait_cells(s.page, 4)
    return s.page


def test_run_all_above_stops_at_the_first_error_and_says_so(server, open_warm):
    page = open_playground(open_warm, server)
    set_code(page, 0, "a = 1")
    set_code(page, 1, "1 / 0")
    set_code(page, 2, "print('দুই')")
    set_code(page, 3, "print('তিন')")
    cell(page, 3).locator('[data-role="run-above"]').click()
    page.wait_for_function(
        """() => ['0', '1', '2'].every(i => ['done', 'error', 'idle']
                   .includes(document.querySelector(`[data-cell="${i}"]`).dataset.state))
               && document.querySelector('[data-cell="1"]').dataset.state === 'error'"""
    )
    assert cell(page, 0).get_attribute("data-state") == "done"
    assert "ZeroDivisionError" in output_text(page, 1)
    # the cell after the error did not run, and the pressed cell says why
    assert counter(page, 2) == "[ ]"
    assert "দুই" not in output_text(page, 2)
    assert "বাতিল" in cell(page, 2).locator('[data-role="status"]').inner_text()
    said = notice(page, 3)
    assert "সেল ২-এ থেমে গেছে" in said, said


def test_shift_enter_on_a_running_cell_queues_no_second_run(server, open_warm):
    page = open_playground(open_warm, server)
    set_code(page, 0, "import time\ntime.sleep(1.5)\nprint('একবার')")
    editor = cell(page, 0).locator(".cm-content")
    editor.focus()
    for _ in range(5):
        page.keyboard.press("Shift+Enter")
    page.wait_for_function("""() => document.querySelector('[data-cell="0"]').dataset.state === 'done'""")
    # a later run queues behind whatever cell 0 still had queued: cell 0 ran once
    run_and_wait(page, 1)
    assert counter(page, 0) == "[১]", counter(page, 0)
    assert counter(page, 1) == "[২]", counter(page, 1)
    # what the cell printed (the expected-output diff below it quotes the line again)
    printed = cell(page, 0).locator(".lr-out-stdout").all_inner_texts()
    assert "".join(printed).count("একবার") == 1, printed


def test_not_run_warning_only_on_a_cell_that_needs_an_earlier_name(server, open_warm):
    page = open_playground(open_warm, server)
    set_code(page, 0, "zz = 5")
    set_code(page, 1, "print('নিজে নিজে চলে')")
    set_code(page, 2, "print(zz + 1)")
    set_code(page, 3, "print(1 + 1)")
    run_and_wait(page, 3)  # self-contained: no warning, though cells 1-3 never ran
    assert notice(page, 3) == ""
    run_and_wait(page, 2)  # needs zz, made by cell 1 (index 0), which never ran
    assert "NameError" in output_text(page, 2)
    said = notice(page, 2)
    assert "সেল ১-এ" in said and "এখনও চালানো হয়নি" in said and "২" not in said.split("-এ")[0], said
    run_and_wait(page, 0)
    run_and_wait(page, 2)
    assert notice(page, 2) == "" and "6" in output_text(page, 2)
