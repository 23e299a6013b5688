#!/usr/bin/env bash
# Runs `swift build` with its output always through a pipe: SwiftPM passes
# colour flags to the compiler only on a terminal, and a change of flags
# rebuilds everything (a second `make run` from a terminal after one from a
# script took two more minutes). The exit status is swift build's.
set -o pipefail
"${SWIFT:-swift}" build "$@" 2>&1 | cat
