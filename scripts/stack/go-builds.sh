#!/usr/bin/env bash
# The Go builds of a first start, begun by bootstrap.sh before `npm ci` so they run beside it (the system Node may be too
# old to run the TypeScript stack scripts before npm ci has installed Node 24). Modules, versions and flags are read
# from tools.ts, their one home; each build runs `go install` as ensureGoProgram would, in a process group of its own,
# and holds the same mark (bin/.<name>.building with its pid), so the stack waits for it rather than building again.
#
# Sourced: start_go_builds NAME… starts the builds of the programs not yet in the cache's bin/; stop_go_builds ends them.
# Run: `bash go-builds.sh --print NAME…` prints the command each build runs, a word a line, a blank line after each.

go_builds_tools="$(dirname "${BASH_SOURCE[0]}")/tools.ts"
go_builds_bin="${PRESSROOM_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pressroom}/bin"
go_build_pids=()

# The module@version of a program: its line `  name: 'module@version',` (or `'name': …`) in tools.ts' goPrograms.
go_module_of() {
  sed -n "/^export const goPrograms = {/,/^}/s/^  '\{0,1\}$1'\{0,1\}: '\([^']*@[^']*\)',\$/\1/p" "$go_builds_tools"
}

# GO_BUILD_FLAGS' quoted words, one array element each; a program in OPTIMISED_GO_PROGRAMS without their -N -l.
go_build_flags() {
  local line optimised
  line=$(sed -n "s/^export const GO_BUILD_FLAGS = \[\(.*\)\];\$/\1/p" "$go_builds_tools")
  optimised=$(sed -n "s/^export const OPTIMISED_GO_PROGRAMS = \[\(.*\)\];\$/\1/p" "$go_builds_tools")
  case ",${optimised// /}," in *",'$1',"*) line=${line//-N -l /} ;; esac
  eval "go_flags=(${line//,/ })"
}

go_build_command() {
  local module
  module=$(go_module_of "$1")
  [ -n "$module" ] || { echo "go-builds.sh: no Go program $1 in tools.ts" >&2; return 1; }
  go_build_flags "$1"
  go_command=(env "GOBIN=$go_builds_bin" "CGO_ENABLED=${CGO_ENABLED:-0}" go install "${go_flags[@]}" "$module")
}

start_go_builds() {
  command -v go >/dev/null 2>&1 || return 0
  local name mark
  mkdir -p "$go_builds_bin"
  for name in "$@"; do
    mark="$go_builds_bin/.$name.building"
    [ -e "$go_builds_bin/$name" ] && continue
    if [ -e "$mark" ]; then
      kill -0 "$(cat "$mark" 2>/dev/null)" 2>/dev/null && continue
      rm -f "$mark" # left by a build that was stopped
    fi
    go_build_command "$name" || continue
    echo "pressroom building $name from $(go_module_of "$name") beside npm ci (first run on this machine only)…"
    # setsid: its own process group (the stack ends it whole); the mark is written only if absent (noclobber).
    setsid bash -c 'name=$1 mark=$2; shift 2; (set -o noclobber; echo $$ > "$mark") 2>/dev/null || exit 0
      trap "rm -f \"\$mark\"" EXIT; trap "exit 143" TERM INT
      "$@" && echo "pressroom built $name in $SECONDS s (at +$((($(date +%s%3N) - ${PRESSROOM_STARTED_MS:-0}) / 1000)) s)"' \
      go-build "$name" "$mark" "${go_command[@]}" &
    go_build_pids+=("$!")
  done
}

stop_go_builds() {
  local pid
  for pid in "${go_build_pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
}

if [ "${BASH_SOURCE[0]}" = "$0" ] && [ "${1:-}" = --print ]; then
  shift
  for name in "$@"; do
    go_build_command "$name" || exit 1
    printf '%s\n' "${go_command[@]:1}" ''
  done
fi
