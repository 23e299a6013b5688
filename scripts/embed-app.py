#!/usr/bin/env python3
"""Builds the web app into haven-server (#35, SPEC §17).

Writes Server/Sources/HavenServer/AppFiles.swift from the files of
Server/App: each file's bytes in base64 with its media type, and the
service worker with the app's version (a hash of every file) and its
file list filled in, so that a changed app is a new offline cache.
`--check` writes nothing and fails when the Swift file is not what the
files make (the server's tests run it).
"""
import base64
import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, "Server", "App")
OUT = os.path.join(ROOT, "Server", "Sources", "HavenServer", "AppFiles.swift")
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


def files():
    names = sorted(n for n in os.listdir(APP) if os.path.splitext(n)[1] in TYPES)
    contents = {n: open(os.path.join(APP, n), "rb").read() for n in names}
    version = hashlib.sha256(b"".join(n.encode() + b"\0" + contents[n] for n in names)).hexdigest()[:16]
    listed = "[" + ", ".join(f"'{n}'" for n in ["./"] + [n for n in names if n != "sw.js"]) + "]"
    contents["sw.js"] = (contents["sw.js"].replace(b"__HAVEN_APP_VERSION__", version.encode())
                         .replace(b"__HAVEN_APP_FILES__", listed.encode()))
    return version, names, contents


def swift():
    version, names, contents = files()
    lines = [
        "// Written by scripts/embed-app.py from Server/App: edit those files and run",
        "// `make app`; the server's tests fail while this file is out of date.",
        "",
        "extension AppFiles {",
        f'    static let version = "{version}"',
        "",
        "    static let embedded: [String: (type: String, base64: String)] = [",
    ]
    for name in names:
        ext = os.path.splitext(name)[1]
        lines.append(f'        "{name}": ("{TYPES[ext]}", "{base64.b64encode(contents[name]).decode()}"),')
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def main():
    text = swift()
    if "--check" in sys.argv:
        held = open(OUT).read() if os.path.exists(OUT) else ""
        if held != text:
            sys.exit(f"{os.path.relpath(OUT, ROOT)} is out of date with Server/App: run `make app`")
        return
    if "--sizes" in sys.argv:
        _, names, contents = files()
        for name in names:
            print(name, len(contents[name]))
        return
    with open(OUT, "w") as out:
        out.write(text)


main()
