"""The build hook's NumPy wheel resolution, without a browser and without the network."""

import hashlib
import json
import logging
import sys
import urllib.error

import pytest
from conftest import REPO

sys.path.insert(0, str(REPO / "hooks"))
import numpy_wheel  # noqa: E402
import runtime_assets  # noqa: E402
import search_text  # noqa: E402
import slugs  # noqa: E402

NAME = "numpy-9.9-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
DATA = b"not really a wheel"
SHA = hashlib.sha256(DATA).hexdigest()


@pytest.fixture
def no_network(monkeypatch):
    calls = []

    def refuse(url, timeout=None):
        calls.append(url)
        raise urllib.error.URLError("offline")

    monkeypatch.setattr(numpy_wheel.urllib.request, "urlopen", refuse)
    return calls


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    env_dir, cache = tmp_path / "packages", tmp_path / "cache"
    env_dir.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.delenv("PYODIDE_PACKAGES_DIR", raising=False)
    monkeypatch.delenv("STRICT_OFFLINE", raising=False)
    return env_dir, cache / "pyodide-packages"


def test_packages_dir_first_then_cache(dirs, monkeypatch, no_network):
    env_dir, cache = dirs
    cache.mkdir(parents=True)
    (cache / NAME).write_bytes(DATA)
    assert numpy_wheel.resolve(NAME, SHA, "314.0.4").source == "cache"
    (env_dir / NAME).write_bytes(DATA)
    monkeypatch.setenv("PYODIDE_PACKAGES_DIR", str(env_dir))
    found = numpy_wheel.resolve(NAME, SHA, "314.0.4")
    assert found.source == "PYODIDE_PACKAGES_DIR" and found.path == env_dir / NAME
    assert no_network == []


def test_a_wheel_with_the_wrong_sha256_fails(dirs, monkeypatch, no_network):
    env_dir, _ = dirs
    (env_dir / NAME).write_bytes(DATA + b"!")
    monkeypatch.setenv("PYODIDE_PACKAGES_DIR", str(env_dir))
    with pytest.raises(numpy_wheel.WheelMismatch):
        numpy_wheel.resolve(NAME, SHA, "314.0.4")


def test_download_from_the_pinned_official_url_into_the_cache(dirs, monkeypatch):
    import io

    _, cache = dirs
    urls = []

    class Response(io.BytesIO):
        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

    def fake(url, timeout=None):
        urls.append(url)
        return Response(DATA)

    monkeypatch.setattr(numpy_wheel.urllib.request, "urlopen", fake)
    found = numpy_wheel.resolve(NAME, SHA, "314.0.4")
    assert urls == [f"https://cdn.jsdelivr.net/pyodide/v314.0.4/full/{NAME}"]
    assert found.source == "download" and (cache / NAME).read_bytes() == DATA


def test_offline_build_warns_once_and_falls_back_to_read_time(dirs, tmp_path, no_network, caplog):
    nm = tmp_path / "nm"
    (nm / "pyodide").mkdir(parents=True)
    (nm / "pyodide" / "pyodide-lock.json").write_text(
        json.dumps({"packages": {"numpy": {"file_name": NAME, "sha256": SHA}}})
    )
    with caplog.at_level(logging.WARNING):
        info = runtime_assets._numpy(nm, tmp_path / "out", "314.0.4")
    assert info["local"] is False and info["remote_base"].endswith("/v314.0.4/full/")
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "PYODIDE_PACKAGES_DIR" in warnings[0].getMessage()


def test_strict_offline_makes_it_a_failure(dirs, tmp_path, monkeypatch, no_network):
    nm = tmp_path / "nm"
    (nm / "pyodide").mkdir(parents=True)
    (nm / "pyodide" / "pyodide-lock.json").write_text(
        json.dumps({"packages": {"numpy": {"file_name": NAME, "sha256": SHA}}})
    )
    monkeypatch.setenv("STRICT_OFFLINE", "1")
    with pytest.raises(runtime_assets.SiteBuildError, match="STRICT_OFFLINE"):
        runtime_assets._numpy(nm, tmp_path / "out", "314.0.4")


def test_missing_node_modules_runs_npm_ci_or_says_to(tmp_path, monkeypatch):
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "314.0.4"}}))
    monkeypatch.setattr(runtime_assets.shutil, "which", lambda name: None)
    with pytest.raises(runtime_assets.SiteBuildError, match="npm ci"):
        runtime_assets._node_modules(tmp_path)
    ran = []

    def fake_npm(cmd, cwd, **kw):
        ran.append(cmd)
        meta = tmp_path / "node_modules" / "pyodide" / "package.json"
        meta.parent.mkdir(parents=True)
        meta.write_text(json.dumps({"version": "314.0.4"}))
        return runtime_assets.subprocess.CompletedProcess(cmd, 0, "", "")

    monkeypatch.setattr(runtime_assets.shutil, "which", lambda name: "/usr/bin/npm")
    monkeypatch.setattr(runtime_assets.subprocess, "run", fake_npm)
    assert runtime_assets._node_modules(tmp_path) == tmp_path / "node_modules"
    assert ran == [["/usr/bin/npm", "ci", "--no-audit", "--no-fund"]]
    assert runtime_assets._node_modules(tmp_path) and len(ran) == 1  # up to date: no second npm ci


def test_a_cell_fence_outside_the_contract_fails_the_build_with_its_page_and_line():
    import cells_fence

    cells_fence.check_page("```python {.run}\nx = 1\n```\n", "ok.md")  # a valid page passes
    with pytest.raises(
        cells_fence.CellSyntaxError, match=r"^lessons/x\.md: line 3: unknown class \.expect_error"
    ):
        cells_fence.check_page("text\n\n```python {.run .expect_error}\n1/0\n```\n", "lessons/x.md")


def test_formulas_are_read_as_math_js_reads_them():
    import math_prerender

    assert math_prerender.formula("span", r"\(a &lt; b\)") == ("a < b", False)
    assert math_prerender.formula("div", r"\[z = x^2\]") == ("z = x^2", True)
    assert math_prerender.formula("span", r" \[x\] ") == ("x", True)


def test_without_node_the_pages_keep_math_js(tmp_path, monkeypatch, caplog):
    import math_prerender

    page = tmp_path / "index.html"
    text = (
        '<p><span class="arithmatex">\\(x\\)</span></p>'
        '<script src="assets/runtime/math.js" type="module"></script>'
    )
    page.write_text(text)
    monkeypatch.setattr(math_prerender.shutil, "which", lambda name: None)
    with caplog.at_level(logging.WARNING, logger="mkdocs.hooks.site_build"):
        assert math_prerender.prerender_site(tmp_path, REPO / "node_modules" / "katex") is False
    assert page.read_text() == text  # the browser draws the formula, as before
    assert "drawn in the browser" in caplog.text


def test_with_node_the_formula_is_drawn_and_math_js_dropped(tmp_path):
    import math_prerender

    page = tmp_path / "index.html"
    page.write_text(
        '<p><span class="arithmatex">\\(x^2\\)</span></p><script src="../assets/runtime/math.js" type="module"></script>'
    )
    assert math_prerender.prerender_site(tmp_path, REPO / "node_modules" / "katex")
    out = page.read_text()
    assert '<span class="arithmatex" data-katex="ok"><span class="katex">' in out
    assert "math.js" not in out


@pytest.mark.parametrize(
    ("tex", "text"),
    [
        (r"\frac{\partial L}{\partial w}", "∂L/∂w"),
        (r"\sigma(a)\,(1 - \sigma(a))", "σ(a)(1 - σ(a))"),
        (r"c = a^2", "c = a²"),
        (r"\frac{dL}{dx} = 6 \cdot 2 = 12", "dL/dx = 6 · 2 = 12"),
        (r"\frac{a + b}{2}", "(a + b)/2"),
        (r"W^\top x + \hat{y}_i", "Wᵀx + ŷᵢ"),
        (r"\operatorname{diag}(\sigma'(z_l))", "diag(σ′(zₗ))"),
        (r"\text{softplus}(a) = \ln(1 + e^{a})", "softplus(a) = ln(1 + eᵃ)"),
        (r"w \leftarrow w - \eta \frac{\partial L}{\partial w}", "w ← w - η ∂L/∂w"),
        (r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}", "[a, b; c, d]"),
        (r"\tfrac14 \le \sqrt{x^2 + 1}", "1/4 ≤ √(x² + 1)"),
    ],
)
def test_formulas_in_the_search_index_read_as_symbols(tex, text):
    assert search_text.plain(tex) == text
    assert search_text.readable(rf"যদি \({tex}\) হয়") == f"যদি {text} হয়"


def test_search_index_keeps_code_as_written():
    prose = r'<p>\(x^2\) আর $y$</p><pre><code>print("a\n$b")</code></pre>'
    assert search_text.readable(prose) == r'<p>x² আর y</p><pre><code>print("a\n$b")</code></pre>'


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("পাঠ ১: গণনার গ্রাফ", "পাঠ-১-গণনার-গ্রাফ"),
        ("স্বয়ংক্রিয় ডিফারেনশিয়েশন", "স্বয়ংক্রিয়-ডিফারেনশিয়েশন"),  # vowel signs, hasanta, nukta kept
        ("backward() ও <code>Gradient</code>", "backward-ও-gradient"),
        ("অনুশীলন ১১.৩ — ফেটে না যাওয়া (★★★)", "অনুশীলন-১১৩-ফেটে-না-যাওয়া"),
        ("গ্রেডি\u09dfেন্ট", "গ্রেডি\u09af\u09bcেন্ট"),  # NFC: the page's and the keyboard's spelling agree
    ],
)
def test_heading_anchors_keep_bengali_letters_and_marks(heading, anchor):
    assert slugs.slugify(heading, "-") == anchor
