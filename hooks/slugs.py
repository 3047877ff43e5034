"""Heading anchors that keep the heading's Bengali words (``toc``'s ``slugify``).

Python-Markdown's default slugify keeps ASCII only, and ``pymdownx.slugs`` drops the
combining marks Bengali spells with (vowel signs, hasanta, nukta): a Bengali heading got an
empty slug and with it the anchor ``#_1``. Here a slug keeps every letter, mark and digit
(Unicode categories L, M, N) of the NFC text, lower-cases it, writes each run of spaces or
dashes as one ``-`` and drops the rest (punctuation, symbols, zero-width joiners). ``toc``
itself makes a repeated slug unique on its page (``_1``, ``_2`` after the first).
"""

from __future__ import annotations

import re
import unicodedata

_TAGS = re.compile(r"<[^>]*>")
_DASHES = re.compile(r"[\s\-]+")


def slugify(value: str, separator: str = "-") -> str:
    """The anchor of a heading whose text is ``value``."""
    text = unicodedata.normalize("NFC", _TAGS.sub("", value)).strip().lower()
    kept = "".join(
        c if c == "_" or unicodedata.category(c)[0] in "LMN" else (" " if c.isspace() or c == "-" else "")
        for c in text
    )
    return _DASHES.sub(separator, kept.strip()).strip(separator)


def install(config) -> None:
    """Makes ``slugify`` the ``toc`` extension's slugify (``on_config``)."""
    config.mdx_configs.setdefault("toc", {})["slugify"] = slugify
