"""The site's own words write numbers in Bengali digits (CONTRIBUTING.md, "Interface text").

Every string of runtime/src/strings.js is rendered in Node with numbers for its number
arguments; none may show an ASCII digit. A reason passed on from the system (``why``: an
error's own text) and the names of graph nodes are quoted as they are, not counted here.
"""

import json
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
STRINGS = ROOT / "runtime" / "src" / "strings.js"
# arguments by parameter name; any other parameter is a count or size
QUOTED = {"why": "কারণ", "what": "কারণ", "kind": "ছবি", "label": "লেবেল"}
RENDER = """
import { t } from %s;
const quoted = %s;
const out = [];
const args = (fn) => {
  const params = fn.toString().split("=>")[0].replace(/[()\\s]/g, "").split(",").filter(Boolean);
  return params.map((p) =>
    p in quoted ? quoted[p] : p === "list" ? "2, 7" : p === "common" ? [["AddBackward0", 12]] : 1207.5,
  );
};
const walk = (value, path) => {
  if (typeof value === "function") out.push([path, String(value(...args(value)))]);
  else if (typeof value === "string") out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
  else for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
};
walk(t, "");
console.log(JSON.stringify(out));
"""


def _rendered():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    script = RENDER % (json.dumps(STRINGS.as_uri()), json.dumps(QUOTED, ensure_ascii=False))
    proc = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    return json.loads(proc.stdout)


def test_interface_strings_show_no_ascii_digit():
    rendered = _rendered()
    assert len(rendered) > 100
    # AddBackward0 is a node's name as PyTorch prints it: code, not a count
    ascii_digits = [
        (path, text)
        for path, text in rendered
        if any(c.isascii() and c.isdigit() for c in text.replace("AddBackward0", ""))
    ]
    assert not ascii_digits, ascii_digits
    # the numbers were there, in Bengali digits
    assert any("১২০৭.৫" in text for _, text in rendered)
