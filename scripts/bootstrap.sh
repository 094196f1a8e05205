#!/usr/bin/env bash
# Entry point of `npm start` and `npm test` on any machine: installs the Node dependencies when they are
# missing or stale (npm itself may still run under an older system Node), then hands over to the
# TypeScript script under the project's pinned Node 24.
set -euo pipefail
cd "$(dirname "$0")/.."

command=${1:?usage: bootstrap.sh start|test [args...]}
shift
# The start log's times count from here (scripts/stack/log.ts).
export PRESSROOM_STARTED_MS=${PRESSROOM_STARTED_MS:-$(date +%s%3N)}

if ! command -v npm >/dev/null 2>&1; then
  echo "npm is not installed: install Node.js (20 or newer) with npm, then run this again." >&2
  exit 1
fi

stamp=node_modules/.pressroom-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -x node_modules/.bin/node ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  # A fresh machine's Go builds (minutes) start now, beside npm ci; the stack waits for them (tools.ts).
  source scripts/stack/go-builds.sh
  trap stop_go_builds EXIT
  trap 'exit 130' INT TERM
  # stripe-mock only stands in for Stripe without a key (.env is read by `npm start` only).
  if [ -n "${STRIPE_SECRET_KEY:-}" ] || { [ "$command" = start ] && grep -qs '^STRIPE_SECRET_KEY=.' .env; }; then start_go_builds minio; else start_go_builds minio stripe-mock; fi
  echo "pressroom installing Node dependencies (npm ci)…"
  started=$SECONDS
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
  echo "pressroom npm ci: $((SECONDS - started)) s"
  trap - EXIT INT TERM
fi

# Every tool the script starts (vitest, vite, eslint…) then runs under the pinned Node 24 too.
export PATH="$PWD/node_modules/.bin:$PATH"
# Node keeps the bytecode it compiles for each module file there: the dozens of processes a run starts (test files,
# APIs, workers, linters) load NestJS, Temporal's SDK and the rest without compiling them again.
export NODE_COMPILE_CACHE=${NODE_COMPILE_CACHE:-${PRESSROOM_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pressroom}/node-compile-cache}
exec node "scripts/$command.ts" "$@"
