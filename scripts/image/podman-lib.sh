# shellcheck shell=bash
# Running the container image with podman, for .ci/image-test.sh and scripts/image/bench.sh.
#   source scripts/image/podman-lib.sh
#
# The flags are the ones that work on a CI machine without systemd or a user session: runc (crun
# is not always there), cgroupfs (no systemd to ask for a cgroup), fixed ulimits (podman would
# copy the host's, which can be above what an unprivileged container may set) and the host's
# network (no slirp4netns / netavark setup needed; the service then listens on a port of the host
# itself, so each run gets a free one through ERP_WORKBENCH_PORT: -p mapping does not apply there).
# Without systemd podman logs "unable to get systemd connection" for the healthcheck timer; the
# healthcheck itself works (`podman healthcheck run`), only nothing runs it periodically.

IMAGE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
IMAGE_NAME=erp-workbench
IMAGE_VERSION="$(node -p "require('$IMAGE_ROOT/package.json').version")"
IMAGE_TAG="$IMAGE_NAME:$IMAGE_VERSION"
# shellcheck disable=SC2034 # for the scripts that source this file
IMAGE_ARCHIVE="${IMAGE_OUT:-$IMAGE_ROOT/dist-image/$IMAGE_NAME-$IMAGE_VERSION.docker.tar}"

image_podman() { podman --runtime runc --cgroup-manager cgroupfs "$@"; }

# A TCP port free on 127.0.0.1 right now.
image_free_port() {
  node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Starts the image detached on <port>; extra podman run options (-e, -v, --name) before the image.
# Prints the container id.
image_run() {
  local port="$1"; shift
  image_podman run -d --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --network=host \
    -e ERP_WORKBENCH_PORT="$port" "$@" "$IMAGE_TAG"
}

# Milliseconds since the epoch (date +%s%N is GNU; node is there anyway).
image_now_ms() { node -p 'Date.now()'; }

# Waits until GET /_sandbox/health on <port> answers 200 (at most <seconds>, default 60), as a
# client outside the container sees it; fails early when the container <id> has exited.
image_wait_healthy() {
  local port="$1" id="$2" limit="${3:-60}" started=$SECONDS
  until curl -sf -o /dev/null "http://127.0.0.1:$port/_sandbox/health"; do
    if [ "$(image_podman inspect --format '{{.State.Running}}' "$id" 2>/dev/null)" != "true" ]; then
      echo "the container exited; its log:" >&2
      image_podman logs "$id" >&2 || true
      return 1
    fi
    if [ $((SECONDS - started)) -ge "$limit" ]; then
      echo "not healthy after $limit s; the container's log:" >&2
      image_podman logs "$id" >&2 || true
      return 1
    fi
    sleep 0.1
  done
}

# Seconds (two decimals) between two image_now_ms readings.
image_seconds_between() { node -p "(($2 - $1) / 1000).toFixed(2)"; }
