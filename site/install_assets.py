"""Copy the Font Awesome icon font from its installed wheel into the site template.

Voila's stock template loads Font Awesome from a public CDN; ours links this local copy
instead, so the site works offline and no page calls a third party. The copy is a build
product (git ignores it); `make install` and binder/postBuild run this script.
"""

import pathlib
import shutil

import fontawesomefree

source = pathlib.Path(fontawesomefree.__file__).parent / "static" / "fontawesomefree"
target = (
    pathlib.Path(__file__).parent / "voila" / "templates" / "calypso" / "static" / "fontawesome"
)
shutil.rmtree(target, ignore_errors=True)
(target / "css").mkdir(parents=True)
for name in ("all.min.css", "v4-shims.min.css"):
    shutil.copy(source / "css" / name, target / "css" / name)
shutil.copytree(source / "webfonts", target / "webfonts")
print(f"copied the Font Awesome assets to {target}")
