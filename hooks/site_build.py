"""MkDocs hook (mkdocs.yml ``hooks:``): everything ``mkdocs build`` needs beyond Markdown.

* ``on_config``: registers the runnable-cell fences (hooks/cells_fence.py).
* ``on_page_markdown``: checks every page against the cell contract (lessonkit/cells.py).
* ``on_post_page``: links each page to the web app manifest and icon (installable app).
* ``on_post_build``: writes the browser runtime into the site (hooks/runtime_assets.py):
  Pyodide core, the NumPy wheel (or the read-time fallback), the pyautograd wheel,
  lessonkit, the esbuild bundles, KaTeX, the Bengali font, the app manifest and icons,
  a sha256 manifest and the service worker.
"""

from pathlib import Path

import cells_fence
import runtime_assets
from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

APP_SHORT_NAME = "pyautograd"


def on_config(config):
    cells_fence.install(config)
    return config


def on_page_markdown(markdown, page, **kwargs):
    try:
        cells_fence.check_page(markdown, page.file.src_path)
    except cells_fence.CellSyntaxError as exc:
        raise PluginError(str(exc)) from None
    return markdown


def on_post_page(output, page, config):
    def href(path):
        return get_relative_url(path, page.url)

    links = (
        f'<link rel="manifest" href="{href("assets/runtime/app.webmanifest")}">'
        f'<link rel="apple-touch-icon" href="{href("assets/runtime/icons/icon-192.png")}">'
    )
    return output.replace("</head>", links + "</head>", 1)


def on_post_build(config):
    root = Path(config.config_file_path).resolve().parent
    app = {
        "name": config.site_name,
        "short_name": APP_SHORT_NAME,
        "description": config.site_description or config.site_name,
    }
    try:
        runtime_assets.build(root, Path(config.site_dir), app)
    except runtime_assets.SiteBuildError as exc:
        raise PluginError(str(exc)) from None
