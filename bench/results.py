"""bench/RESULTS.md is shared by several benchmarks: each owns one section, delimited by
``<!-- begin NAME -->`` / ``<!-- end NAME -->`` lines, and rewrites only that section, so a
run of one benchmark never erases another's numbers or the hand-written notes around them."""

import pathlib

RESULTS = pathlib.Path(__file__).with_name("RESULTS.md")


def write_section(name, body, path=RESULTS):
    """Replace section ``name`` of ``path`` with ``body`` (appended when it is new)."""
    path = pathlib.Path(path)
    begin, end = f"<!-- begin {name} -->", f"<!-- end {name} -->"
    block = f"{begin}\n{body.strip()}\n{end}"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        tail = rest.split(end, 1)[1]
        text = head + block + tail
    else:
        text = (text.rstrip() + "\n\n" if text.strip() else "") + block + "\n"
    path.write_text(text, encoding="utf-8")
