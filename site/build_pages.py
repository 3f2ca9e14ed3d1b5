"""The static site's pages: voici builds every chapter from the calypso-static template
(site/static-site/), then the build drops what no page opens, adds our stylesheet, page script
and Font Awesome, serves each long stylesheet every page repeats once, puts the front page at
the root, and checks that no page loads anything off the site.

>>> linked_styles("<style>p {}</style>", {"p {}": "x.css"}, "s")
'<link rel="stylesheet" href="s/x.css" type="text/css" />'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import build_downloads as downloads
import build_tools as tools
import build_wheels as wheels

NOTEBOOKS = tools.ROOT / "notebooks"
TEMPLATES = tools.ROOT / "site"  # on JUPYTER_PATH: voila/templates/calypso, as `make serve` uses it
TEMPLATE_STATIC = tools.ROOT / "site" / "voila" / "templates" / "calypso" / "static"
STYLESHEET = TEMPLATE_STATIC / "calypso.css"
ANCHOR_SCRIPT = TEMPLATE_STATIC / "calypso-anchor.js"


def voici_build(venv: Path) -> None:
    shutil.rmtree(tools.OUTPUT, ignore_errors=True)
    env = {
        **os.environ,
        "JUPYTER_PATH": os.pathsep.join(map(str, (tools.STATIC_TEMPLATES, TEMPLATES))),
    }
    env.pop("JUPYTER_CONFIG_DIR", None)
    tools.run(
        venv / "bin" / "voici",
        "build",
        "--lite-dir",
        tools.LITE,
        "--contents",
        NOTEBOOKS,
        "--output-dir",
        tools.OUTPUT,
        "--template",
        "calypso-static",
        "--theme",
        "light",
        "--no-sourcemaps",
        cwd=tools.LITE,
        env=env,
        quiet=True,
    )


#: What of JupyterLite's own app folder build/ a Voici page uses: the theme's stylesheet and the
#: settings' schemas. The rest (about 18 MB) is JupyterLab's app, which the site never opens.
LITE_APP_KEPT = ("themes", "schemas")
#: Front-end extensions a Voici page never loads (its pages name the ones they load): Voici has
#: its own widget manager, and the preview is JupyterLab's.
UNUSED_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/jupyterlab-preview")


def drop_unused() -> None:
    """Remove what voici builds that no page of the site opens."""
    for entry in (tools.OUTPUT / "build").iterdir():
        if entry.name not in LITE_APP_KEPT:
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    for extension in UNUSED_EXTENSIONS:
        shutil.rmtree(tools.OUTPUT / "extensions" / extension)


def add_assets() -> None:
    """Our stylesheet, our page script and Font Awesome where the calypso template links them
    (`<base_url>voila/static/...`, as under Voila)."""
    static = tools.OUTPUT / "voila" / "static"
    static.mkdir(parents=True)
    for asset in (STYLESHEET, ANCHOR_SCRIPT):
        shutil.copy(asset, static / asset.name)
    fontawesome = static / "fontawesome"
    downloads.unpack(
        downloads.npm_tarball(downloads.FONT_AWESOME),
        {
            "css/all.min.css": fontawesome / "css" / "all.min.css",
            "css/v4-shims.min.css": fontawesome / "css" / "v4-shims.min.css",
            # woff2 only: every browser that runs WebAssembly takes it (not eot, svg, ttf, woff)
            **{
                f"webfonts/{font}.woff2": fontawesome / "webfonts" / f"{font}.woff2"
                for font in ("fa-brands-400", "fa-regular-400", "fa-solid-900")
            },
            "LICENSE.txt": fontawesome / "LICENSE.txt",
        },
    )


#: An inline stylesheet at least this long that every page repeats (JupyterLab's theme, 240 kB)
#: is served once, as a file of its own, instead of in each page.
SHARED_STYLE_MIN = 10_000
STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)


def share_styles() -> None:
    """Each long <style> that every chapter page repeats, written once to voila/static/ as
    page-<sha256>.css and linked from each page in its place (the same cascade): 0.24 MB a page
    less to send, and a browser that opened one chapter has it for the next. Only a stylesheet
    whose URLs are all data: URLs moves, so it means the same from its new folder."""
    pages = sorted(tools.OUTPUT.glob("voici/render/**/*.html"))
    texts = [page.read_text() for page in pages]
    repeated = set.intersection(
        *(
            {m.group(1) for m in STYLE.finditer(t) if len(m.group(1)) >= SHARED_STYLE_MIN}
            for t in texts
        )
    )
    static = tools.OUTPUT / "voila" / "static"
    names = {}
    for css in repeated:
        if not re.search(r"url\(\s*['\"]?(?!data:)", css):
            names[css] = f"page-{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
            (static / names[css]).write_text(css)
    for page, text in zip(pages, texts, strict=True):
        page.write_text(linked_styles(text, names, os.path.relpath(static, page.parent)))


def linked_styles(text: str, names: dict[str, str], folder: str) -> str:
    """text with each <style> named in names (its text: a file name) a link to folder/name.

    >>> linked_styles("<style id=a>p {}</style><style>b {}</style>", {"p {}": "x.css"}, "../s")
    '<link rel="stylesheet" href="../s/x.css" type="text/css" /><style>b {}</style>'
    """

    def link(match: re.Match[str]) -> str:
        name = names.get(match.group(1))
        if name is None:
            return match.group(0)
        return f'<link rel="stylesheet" href="{folder}/{name}" type="text/css" />'

    return STYLE.sub(link, text)


def add_front_door() -> None:
    """The site's root page: JupyterLite's own goes through two redirects to the chapter list
    (and has no icon, so the browser asks for a /favicon.ico that does not exist). Ours is the
    template's tree page (voici/tree/index.html) moved to the root: it opens the welcome chapter
    at once and lists the chapters meanwhile."""
    tree = (tools.OUTPUT / "voici" / "tree" / "index.html").read_text()
    (tools.OUTPUT / "index.html").write_text(re.sub(r'(href="|url=)\.\./\.\./', r"\1", tree))


def check_output() -> None:
    """What must hold of every page: no link off the site, and the kernel's settings."""
    settings = json.loads((tools.OUTPUT / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"][wheels.KERNEL_SETTINGS]
    if kernel.get("disablePyPIFallback") is not True:
        raise SystemExit("jupyter-lite.json lost disablePyPIFallback")
    for page in [tools.OUTPUT / "index.html", *tools.OUTPUT.glob("voici/**/*.html")]:
        text = page.read_text()
        tags = re.findall(r"<(?:link|script|img|iframe)\b[^>]*>", text)
        loads = [t for t in tags if re.search(r"""(?:href|src)=["']?(?:https?:)?//""", t)]
        loads += re.findall(r"""\bimport\(\s*["'](?:https?:)?//[^"']*""", text)
        if loads:
            raise SystemExit(f"{tools.shown(page)} loads from off the site: {loads}")
