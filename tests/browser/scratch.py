"""Scratch notebooks for the browser tests: each test module registers the notebook it needs
(:func:`scratch`), and one Voila server, the session's ``scratch_site`` (conftest.py), serves
them all, so a test run starts one server for every scratch page rather than one per module.

>>> name = scratch("example.ipynb", "Example", markdown("# Example"), code("1 + 1"))
>>> NOTEBOOKS[name].metadata.title, [cell.cell_type for cell in NOTEBOOKS[name].cells]
('Example · Calypso', ['markdown', 'code'])
>>> del NOTEBOOKS[name]
"""

from __future__ import annotations

import pathlib

import nbformat
from nbformat import NotebookNode
from nbformat.v4 import new_code_cell as code
from nbformat.v4 import new_markdown_cell as markdown
from nbformat.v4 import new_notebook

__all__ = ["NOTEBOOKS", "code", "markdown", "scratch", "write_all"]

NOTEBOOKS: dict[str, NotebookNode] = {}
"""Every registered scratch notebook by file name."""


def scratch(name: str, title: str, *cells: NotebookNode) -> str:
    """Register the notebook ``name`` (its page titled ``title``) and return its name. Every
    code cell must show something, or the site's template calls the page incomplete."""
    if name in NOTEBOOKS:
        raise ValueError(f"scratch notebook {name!r} is registered twice")
    NOTEBOOKS[name] = new_notebook(
        cells=list(cells),
        metadata={
            "title": f"{title} · Calypso",
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
    )
    return name


def write_all(folder: pathlib.Path) -> None:
    """Write every registered notebook into ``folder``."""
    for name, notebook in NOTEBOOKS.items():
        nbformat.write(notebook, folder / name)
