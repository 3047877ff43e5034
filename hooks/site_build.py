"""MkDocs hook (mkdocs.yml ``hooks:``): everything ``mkdocs build`` needs beyond Markdown.

* ``on_config``: registers the runnable-cell fences (hooks/cells_fence.py).
* ``on_page_markdown``: checks every page against the cell contract (lessonkit/cells.py).
* ``on_post_build``: writes the browser runtime into the site (hooks/runtime_assets.py):
  Pyodide core, the NumPy wheel (or the read-time fallback), the pyautograd wheel,
  lessonkit, the esbuild bundles, KaTeX, the Bengali font and a sha256 manifest.
"""

from pathlib import Path

import cells_fence
import runtime_assets
from mkdocs.exceptions import PluginError


def on_config(config):
    cells_fence.install(config)
    return config


def on_page_markdown(markdown, page, **kwargs):
    try:
        cells_fence.check_page(markdown, page.file.src_path)
    except cells_fence.CellSyntaxError as exc:
        raise PluginError(str(exc)) from None
    return markdown


def on_post_build(config):
    root = Path(config.config_file_path).resolve().parent
    try:
        runtime_assets.build(root, Path(config.site_dir))
    except runtime_assets.SiteBuildError as exc:
        raise PluginError(str(exc)) from None
