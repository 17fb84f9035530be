#!/usr/bin/env bash
# The type check and the lint side by side; on a two-core machine they finish in the time of the
# slower one instead of the sum, and the run says at once what it is doing rather than printing
# nothing for a minute or more.
# Types are checked by TypeScript 7, the native compiler (package.json's "typescript-7"): the same
# five projects (tsconfig.json) in about a quarter of TypeScript 5.9's CPU time. TypeScript 5.9 stays
# the project's `typescript` (npx tsc, editors, typescript-eslint and openapi-typescript need its
# JavaScript API, which 7 does not have). One checker, one project at a time: on two cores beside
# the lint, more threads only cost more CPU (docs/testing.md).
set -u
cd "$(dirname "$0")/.."
# A larger young generation (V8's default semi-space is 16 MB on 64-bit) means fewer scavenges in
# ESLint: about a tenth fewer core-seconds (docs/testing.md).
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-semi-space-size=64"
# Both Go programs (TypeScript 7 and the lint's type-aware half, Oxlint's tsgolint) on one thread: on
# two cores beside the tests, tsgolint's default of one per core cost half as much CPU again (32
# core-seconds against 21) to finish a few seconds sooner, and TypeScript 7 took 29 against 26.
export GOMAXPROCS="${GOMAXPROCS:-1}"
start=$SECONDS
echo "Checking types (TypeScript 7, tsc -b) and lint (ESLint, then Oxlint's type-aware rules) side by side; each says when it is done."
# package.json's scripts hold the commands, so `npm run typecheck` / `npm run lint` check the same.
npm run --silent typecheck &
types=$!
npm run --silent lint &
lint=$!
wait "$types"
types_status=$?
echo "Types: $([ "$types_status" -eq 0 ] && echo clean || echo 'errors above') ($((SECONDS - start)) s)"
wait "$lint"
lint_status=$?
echo "Lint: $([ "$lint_status" -eq 0 ] && echo clean || echo 'problems above') ($((SECONDS - start)) s)"
[ "$types_status" -eq 0 ] && [ "$lint_status" -eq 0 ]
