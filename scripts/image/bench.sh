#!/usr/bin/env bash
# The container image's start time, for npm run bench (scripts/bench/adoption.ts runs this):
# `podman run` to the first healthy GET /_sandbox/health from outside, RUNS times, each a new
# container on a new /data (so the demo seed is part of it, as on a CI service's first start).
#
#   scripts/image/bench.sh        stderr: "time from podman run to healthy: 1.52 s (...)"
#                                 stdout: one JSON line, {"skipped": "..."} when it cannot run
#   IMAGE_BENCH_RUNS=<n>          default 3
#
# Uses the loaded image erp-workbench:<version>, else loads dist-image/'s archive (npm run image)
# and removes it again afterwards. Leaves no container behind.
set -euo pipefail
# shellcheck source=scripts/image/podman-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/podman-lib.sh"

RUNS="${IMAGE_BENCH_RUNS:-3}"
skip() { echo "image bench: skipped: $1" >&2; node -e 'console.log(JSON.stringify({ skipped: process.argv[1] }))' "$1"; exit 0; }

command -v podman >/dev/null || skip "podman is not installed"
command -v curl >/dev/null || skip "curl is not installed"
loaded_here=
if ! podman image exists "$IMAGE_TAG"; then
  [ -f "$IMAGE_ARCHIVE" ] || skip "no image $IMAGE_TAG and no ${IMAGE_ARCHIVE#"$IMAGE_ROOT/"} (npm run image)"
  podman load -q -i "$IMAGE_ARCHIVE" >/dev/null || skip "podman load failed"
  loaded_here=1
fi

name="erp-image-bench-$$"
cleanup() {
  image_podman rm -f -v -t 5 "$name" >/dev/null 2>&1 || true
  [ -z "$loaded_here" ] || podman rmi -f "$IMAGE_TAG" >/dev/null 2>&1 || true
}
trap cleanup EXIT
trap "exit 130" INT TERM

times=()
for _ in $(seq "$RUNS"); do
  port="$(image_free_port)"
  started="$(image_now_ms)"
  id="$(image_run "$port" --name "$name" 2>/dev/null)" || skip "podman run failed"
  image_wait_healthy "$port" "$id" 60 || skip "the container did not become healthy within 60 s"
  times+=("$(image_seconds_between "$started" "$(image_now_ms)")")
  image_podman rm -f -v -t 5 "$id" >/dev/null 2>&1
done

size_mb=$(($(podman image inspect --format '{{.Size}}' "$IMAGE_TAG") / 1000000))
# shellcheck disable=SC2016 # JavaScript template strings
node -e '
  const runs = process.argv.slice(2).map(Number);
  const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  console.error(`time from podman run to healthy: ${median.toFixed(2)} s (median of ${runs.length}: ${runs.join(", ")} s; new /data, demo seeded; image ${process.argv[1]} MB)`);
  console.log(JSON.stringify({ podman_run_to_healthy_s: median, runs_s: runs, data: "new, demo seeded", image_mb: Number(process.argv[1]) }));
' "$size_mb" "${times[@]}"
