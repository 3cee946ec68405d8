#!/usr/bin/env python3
"""The fingerprint of what the playground's built files come from: FNV-1a
(64 bits) over the path and bytes of every file of the library that goes
into the WebAssembly module (src/ but the front ends: main.rs, cli/, lsp/), the build settings, the grammar, the
module's crate, the shipped specs, the lock file and the editor's source
and npm lock file, in path order.
tests/playground.rs computes the same and compares it with
web/page/inputs.txt."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def inputs():
    files = [ROOT / "Cargo.lock", ROOT / "Cargo.toml", ROOT / ".cargo/config.toml"]
    files += [ROOT / "web/editor" / n for n in ("editor.js", "package.json", "package-lock.json")]
    for folder, pattern in [("src", "*.rs"), ("grammar", "*"), ("web/wasm", "*"), ("specs", "*.toml")]:
        files += [p for p in (ROOT / folder).rglob(pattern) if p.is_file()]
    names = sorted(p.relative_to(ROOT).as_posix() for p in files)
    return [n for n in names if not (n.startswith(("src/cli/", "src/lsp/")) or n == "src/main.rs")]


def fingerprint(names):
    h = 0xCBF29CE484222325
    for name in names:
        for chunk in (name.encode(), b"\0", (ROOT / name).read_bytes(), b"\0"):
            for byte in chunk:
                h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


# The sources, then the built files themselves (so that a module replaced
# by hand is caught too). Only scripts/build-playground.sh runs this, right
# after building.
print("inputs fnv1a64 %016x" % fingerprint(inputs()))
print("built fnv1a64 %016x" % fingerprint(["web/page/editor.js", "web/page/examples.js", "web/page/solve.wasm"]))
