"""The search index in words a reader can read: formulas as plain text, not TeX.

Material's search index (``search/search_index.json``) holds each section's text as the
Markdown left it, so a formula arrived in a result's snippet as ``\\(\\frac{\\partial L}
{\\partial w}\\)``. ``readable`` writes every formula of an entry as the symbols it stands
for (``∂L/∂w``, ``σ``, ``x²``, ``·``), and ``rewrite_index`` does it for the whole built
index (``on_post_build`` of hooks/site_build.py). The words stay searchable: a formula's
letters and Bengali ``\\text{…}`` remain in the text.

Every TeX command the pages use has an entry below; one without an entry keeps its name
without the backslash (a test of the built index fails on any backslash word or ``$``).
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

SYMBOLS = {
    # Greek
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "vartheta": "ϑ",
    "iota": "ι",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Xi": "Ξ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    # operators and relations
    "partial": "∂",
    "nabla": "∇",
    "cdot": "·",
    "times": "×",
    "odot": "⊙",
    "otimes": "⊗",
    "pm": "±",
    "mp": "∓",
    "div": "÷",
    "sum": "∑",
    "prod": "∏",
    "int": "∫",
    "infty": "∞",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "neq": "≠",
    "ne": "≠",
    "approx": "≈",
    "sim": "∼",
    "equiv": "≡",
    "propto": "∝",
    "in": "∈",
    "notin": "∉",
    "subset": "⊂",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "Rightarrow": "⇒",
    "mapsto": "↦",
    "gets": "←",
    "ell": "ℓ",
    "top": "ᵀ",
    "circ": "∘",
    "mid": "|",
    "lVert": "‖",
    "rVert": "‖",
    "Vert": "‖",
    "|": "‖",
    "langle": "⟨",
    "rangle": "⟩",
    "dots": "…",
    "ldots": "…",
    "cdots": "⋯",
    "vdots": "⋮",
    "forall": "∀",
    "exists": "∃",
    # spacing and sizes
    ",": "",
    ";": " ",
    ":": " ",
    "!": "",
    " ": " ",
    "quad": "  ",
    "qquad": "   ",
    "left": "",
    "right": "",
    "big": "",
    "Big": "",
    "bigg": "",
    "Bigg": "",
    "displaystyle": "",
    "{": "{",
    "}": "}",
    "_": "_",
    "%": "%",
    "&": "&",
    "#": "#",
}
# written with a space either side (a TeX control word eats the spaces after it)
BINARY = (
    "cdot",
    "times",
    "odot",
    "otimes",
    "pm",
    "mp",
    "div",
    "le",
    "leq",
    "ge",
    "geq",
    "neq",
    "ne",
    "approx",
    "sim",
    "equiv",
    "propto",
    "in",
    "notin",
    "subset",
    "to",
    "rightarrow",
    "leftarrow",
    "Rightarrow",
    "mapsto",
    "gets",
    "mid",
    "circ",
)
# named functions: written as words
WORDS = ("ln", "log", "exp", "sin", "cos", "tan", "tanh", "max", "min", "arg", "det", "lim", "sup")
# one argument, written as itself
PLAIN = (
    "text",
    "textrm",
    "texttt",
    "textbf",
    "textit",
    "mathrm",
    "mathbf",
    "mathit",
    "boldsymbol",
    "operatorname",
    "mbox",
    "mathsf",
    "mathcal",
)
ACCENTS = {
    "hat": "\u0302",
    "bar": "\u0304",
    "tilde": "\u0303",
    "vec": "\u20d7",
    "dot": "\u0307",
    "ddot": "\u0308",
    "overline": "\u0305",
    "widehat": "\u0302",
}
BLACKBOARD = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ"}
SUPERSCRIPT = dict(
    zip("0123456789+-=()nixyTtkjabcdeglmoprsuvw′", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱˣʸᵀᵗᵏʲᵃᵇᶜᵈᵉᵍˡᵐᵒᵖʳˢᵘᵛʷ′", strict=True)
)
SUBSCRIPT = dict(zip("0123456789+-=()aeijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True))
SUPERSCRIPT["ᵀ"] = "ᵀ"

# a formula as pymdownx.arithmatex (generic) leaves it, and as Markdown does: \( \), \[ \], $ $, $$ $$
FORMULA = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]|\$\$(.+?)\$\$|\$(.+?)\$", re.DOTALL)
CODE = re.compile(r"(<pre\b.*?</pre>|<code\b.*?</code>)", re.DOTALL)
_COMMAND = re.compile(r"\\([A-Za-z]+|.)")
_SPACES = re.compile(r"[ \t]{2,}")
_BEFORE_COMMA = re.compile(r"\s+([,;])")


class _Reader:
    """A tiny recursive reader of the TeX the lessons write (no macros, no catcodes)."""

    def __init__(self, tex: str):
        self.tex = tex
        self.pos = 0

    def group(self) -> str:
        """The next argument: a {group} or one token, as plain text."""
        self.skip_spaces()
        if self.pos >= len(self.tex):
            return ""
        if self.tex[self.pos] == "{":
            end = self._closing(self.pos)
            inner = self.tex[self.pos + 1 : end]
            self.pos = end + 1
            return plain(inner)
        if self.tex[self.pos] == "\\":
            match = _COMMAND.match(self.tex, self.pos)
            self.pos = match.end()
            return self.command(match.group(1))
        self.pos += 1
        return self.tex[self.pos - 1]

    def raw_group(self) -> str:
        self.skip_spaces()
        if self.pos < len(self.tex) and self.tex[self.pos] == "{":
            end = self._closing(self.pos)
            inner = self.tex[self.pos + 1 : end]
            self.pos = end + 1
            return inner
        return ""

    def _closing(self, start: int) -> int:
        depth = 0
        i = start
        while i < len(self.tex):
            c = self.tex[i]
            if c == "\\":
                i += 2
                continue
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    return i
            i += 1
        return len(self.tex)

    def skip_spaces(self):
        while self.pos < len(self.tex) and self.tex[self.pos] in " \t\n":
            self.pos += 1

    def command(self, name: str) -> str:
        if name in ("frac", "tfrac", "dfrac"):
            top, bottom = self.group(), self.group()
            return f"{_wrap(top)}/{_wrap(bottom)}"
        if name == "sqrt":
            return "√" + _wrap(self.group())
        if name in PLAIN:
            return self.group()
        if name == "mathbb":
            letter = self.group()
            return BLACKBOARD.get(letter, letter)
        if name in ACCENTS:
            base = self.group()
            return base + ACCENTS[name] if len(base) == 1 else f"{base}{ACCENTS[name]}"
        if name == "begin":
            self.raw_group()
            return "["
        if name == "end":
            self.raw_group()
            return "]"
        if name == "\\":
            return "; "
        if name.isalpha():  # TeX drops the spaces after a control word, not before the next one
            self.skip_spaces()
            if self.tex.startswith("\\", self.pos) and self.tex[self.pos : self.pos + 2] != "\\\\":
                self.pos -= self.tex[: self.pos].endswith(" ")
        if name in BINARY:
            return f" {SYMBOLS[name]} "
        if name in SYMBOLS:
            return SYMBOLS[name]
        if name in WORDS:
            follows = self.tex[self.pos : self.pos + 1]
            return name + (" " if follows.isalnum() else "")
        return name


def _wrap(text: str) -> str:
    """A fraction's part in parentheses when it is more than one term."""
    text = text.strip()
    if re.fullmatch(r"[^\s+\-−=,/·×]+|\(.*\)", text) and text.count("(") == text.count(")"):
        return text
    return f"({text})"


def _script(text: str, table: dict[str, str], mark: str) -> str:
    text = text.strip()
    if text and all(c in table for c in text):
        return "".join(table[c] for c in text)
    return f"{mark}{text}" if len(text) == 1 else f"{mark}({text})"


def plain(tex: str) -> str:
    """The formula ``tex`` (without its delimiters) as plain text."""
    reader = _Reader(tex)
    out = []
    while reader.pos < len(tex):
        c = tex[reader.pos]
        if c == "\\":
            match = _COMMAND.match(tex, reader.pos)
            reader.pos = match.end()
            out.append(reader.command(match.group(1)))
        elif c in "^_":
            reader.pos += 1
            arg = reader.group()
            out.append(_script(arg, SUPERSCRIPT if c == "^" else SUBSCRIPT, c))
        elif c == "{":
            out.append(reader.group())
        elif c == "}":
            reader.pos += 1
        elif c == "&":
            out.append(", ")
            reader.pos += 1
        elif c == "'":
            out.append("′")
            reader.pos += 1
        elif c == "~":
            out.append(" ")
            reader.pos += 1
        else:
            out.append(c)
            reader.pos += 1
    text = _SPACES.sub(" ", "".join(out)).replace("[ ", "[").replace(" ]", "]")
    return unicodedata.normalize("NFC", _BEFORE_COMMA.sub(r"\1", text))  # ŷ as one letter


def _prose(text: str) -> str:
    text = FORMULA.sub(lambda m: plain(next(g for g in m.groups() if g is not None)).strip(), text)
    return text.replace("$", "")


def readable(text: str) -> str:
    """``text`` with every formula of its prose written as plain text and no ``$`` left there;
    code (``<pre>``, ``<code>``) stays as the reader will type it."""
    parts = CODE.split(text)
    return "".join(part if i % 2 else _prose(part) for i, part in enumerate(parts))


def rewrite_index(site: Path) -> tuple[int, int]:
    """Rewrites ``search/search_index.json`` under ``site`` in place; (entries changed, entries)."""
    path = site / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    changed = 0
    for doc in index["docs"]:
        before = (doc.get("title"), doc.get("text"))
        for key in ("title", "text"):
            if isinstance(doc.get(key), str):
                doc[key] = readable(doc[key])
        changed += (doc.get("title"), doc.get("text")) != before
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return changed, len(index["docs"])
