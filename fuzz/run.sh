#!/usr/bin/env bash
# Runs the fuzzer for SECONDS (default 30), seeded by SEED (default: the clock).
# Built with the dev profile: optimised, with debug assertions and overflow
# checks on, so that arithmetic overflow is a panic the fuzzer catches.
# Failures are written to fuzz/failures/; exit code 1 if there was any.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p solve-fuzz
exec target/debug/solve-fuzz "${1:-30}" ${2:+"$2"}
