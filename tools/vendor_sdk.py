"""Builds the vendored Discord Embedded App SDK again (``make vendor``): installs the pinned
``@discord/embedded-app-sdk`` and esbuild from the npm registry into a scratch folder outside
the checkout, bundles the SDK into one minified script that sets the global
``DiscordEmbedded``, and writes it with the licences of every package the bundle took in to
``web/static/vendor/``. Needs Node.js and npm; the bot itself never does (the built file is
committed). Not part of the tests: run it to move to another SDK version (change SDK here and
in the README beside the file), then check the diff and run the Activity's tests."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

SDK = "2.5.0"  # @discord/embedded-app-sdk
ESBUILD = "0.28.2"
TSLIB = "2.9.1"  # only for its licence text: the SDK has its own copy compiled in
OUT = Path(__file__).resolve().parent.parent / "web" / "static" / "vendor"
SCRIPT = "discord-embedded-app-sdk.js"
ENTRY = 'export { DiscordSDK } from "@discord/embedded-app-sdk";\n'
ESBUILD_ARGS = ["--bundle", "--format=iife", "--global-name=DiscordEmbedded", "--minify",
                "--target=es2020", "--legal-comments=eof"]
LICENCE_FILE = re.compile(r"licen[cs]e(\.md|\.txt)?", re.IGNORECASE)


def run(command: list[str], folder: Path) -> None:
    """Run a command in ``folder``; stop with its output if it fails."""
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")


def bundled_packages(meta: dict[str, Any]) -> list[str]:
    """The npm packages in the bundle: the SDK, and those it ships compiled into its own files
    (``output/lib/<package>/``) that esbuild took in (its metafile's inputs)."""
    found = set()
    for source in meta["inputs"]:
        parts = Path(source).parts
        if "output" in parts and "lib" in parts and parts.index("lib") == parts.index("output") + 1:
            found.add(parts[parts.index("lib") + 1])
    return ["@discord/embedded-app-sdk", *sorted(found)]


def licences(scratch: Path, packages: list[str]) -> str:
    """LICENSES.md: each bundled package's name, version, licence and licence text."""
    lines = ["# Licences of the bundled Discord Embedded App SDK and what it includes", "",
             f"`{SCRIPT}` is built from these npm packages (see README.md here).",
             "The SDK ships all but itself compiled into its own files; each is named with",
             "the version npm installs for the range the SDK declares (tslib, a compiler",
             "helper it does not declare, with the version pinned in the build script),",
             "and that version's licence."]
    for name in packages:
        folder = scratch / "node_modules" / name
        about = json.loads((folder / "package.json").read_text(encoding="utf-8"))
        texts = sorted(p for p in folder.iterdir() if LICENCE_FILE.fullmatch(p.name))
        if not texts:
            sys.exit(f"{name} ships no licence file: read its licence before vendoring it")
        text = texts[0].read_text(encoding="utf-8").strip()
        lines += ["", f"## {name} {about['version']} ({about.get('license', '?')})", "", text]
    return "\n".join(lines) + "\n"


def build(out: Path) -> None:
    """Install, bundle and write the script and its licences to ``out``."""
    for tool in ("npm", "npx", "node"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is needed (Node.js and npm) to build the SDK again")
    with tempfile.TemporaryDirectory(prefix="menagerie-sdk-") as folder:
        scratch = Path(folder)
        run(["npm", "init", "-y"], scratch)
        run(["npm", "install", "--no-audit", "--no-fund", "--save-exact",
             f"@discord/embedded-app-sdk@{SDK}", f"esbuild@{ESBUILD}", f"tslib@{TSLIB}"],
            scratch)
        (scratch / "entry.mjs").write_text(ENTRY, encoding="utf-8")
        run(["npx", "--no-install", "esbuild", "entry.mjs", *ESBUILD_ARGS,
             "--metafile=meta.json", f"--outfile={SCRIPT}"], scratch)
        meta = json.loads((scratch / "meta.json").read_text(encoding="utf-8"))
        out.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(scratch / SCRIPT, out / SCRIPT)
        (out / "LICENSES.md").write_text(licences(scratch, bundled_packages(meta)),
                                         encoding="utf-8")
    print(f"{SCRIPT}: {(out / SCRIPT).stat().st_size} bytes, SDK {SDK}, in {out}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT,
                        help="where to write the script and LICENSES.md (default: the vendor "
                             "folder of the web board)")
    build(parser.parse_args(argv).out)


if __name__ == "__main__":
    main()
