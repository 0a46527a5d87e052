#!/usr/bin/env bash
# The container image, used as a user would (.ci/run calls it after npm test):
#   build it (npm run image), podman load it, run it with an admin token from the environment,
#   wait for its health, run its HEALTHCHECK, create API users through the control API, read a
#   REST list and post a connector order with them, open the order's documents (a PDF, an AWB
#   label with its barcode: pdfkit, the fonts and bwip-js survived the image's pruning), check it
#   runs as the non-root user, then start a new container on the same /data volume and find the
#   users and the order still there. Container, volume and image are removed however it ends.
#
#   .ci/image-test.sh              needs root (the build), podman, runc, mmdebstrap, curl
#   IMAGE_TEST_SKIP_BUILD=1        test the archive already in dist-image/
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/image/podman-lib.sh
source scripts/image/podman-lib.sh

MAX_IMAGE_MB=250
TOKEN="image-test-$RANDOM$RANDOM"
VOLUME="erp-image-test-$$"
READER_PASSWORD="Reader-$RANDOM-pass!"
SHOP_PASSWORD="Shop-$RANDOM-pass!"
# Named up front, so the cleanup finds them even if the script stops inside podman run.
containers=("erp-image-test-$$-first" "erp-image-test-$$-second")
image_id=

log() { printf '\n== image-test: %s (%d s)\n' "$*" "$SECONDS"; }
fail() { printf '\nimage-test: FAILED: %s\n' "$*" >&2; exit 1; }

cleanup() {
  local id
  for id in "${containers[@]}"; do image_podman rm -f -v -t 5 "$id" >/dev/null 2>&1 || true; done
  podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  [ -z "$image_id" ] || podman rmi -f "$image_id" >/dev/null 2>&1 || true
}
trap cleanup EXIT
trap "exit 130" INT TERM   # so that the EXIT trap runs on Ctrl-C or a CI timeout too

# The value at a dotted path (data.SERVICE_order_id) of the JSON on stdin.
json_get() {
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{
    const v=process.argv[1].split(".").reduce((o,k)=>o==null?o:o[k],JSON.parse(s));
    console.log(v!==null&&typeof v==="object"?JSON.stringify(v):v)})' "$1"
}

# Whether <url> answers 200 with a PDF.
is_pdf() { [ "$(curl -sf "$1" | head -c 5)" = "%PDF-" ]; }

# call <expected status> <curl arguments...>: the body on stdout; another status fails the test.
call() {
  local expected="$1" body status; shift
  body="$(curl -s -w '\n%{http_code}' "$@")" || fail "curl $*"
  status="${body##*$'\n'}"; body="${body%$'\n'*}"
  [ "$status" = "$expected" ] || fail "$* answered $status, expected $expected: ${body:0:500}"
  printf '%s' "$body"
}

for tool in podman runc curl node; do command -v "$tool" >/dev/null || fail "$tool is missing"; done

if [ "${IMAGE_TEST_SKIP_BUILD:-}" != 1 ]; then
  log "build (npm run image)"
  npm run image --silent
fi
[ -f "$IMAGE_ARCHIVE" ] || fail "no $IMAGE_ARCHIVE"

log "podman load"
podman rmi -f "$IMAGE_TAG" >/dev/null 2>&1 || true
podman load -q -i "$IMAGE_ARCHIVE" >/dev/null
image_id="$(podman image inspect --format '{{.Id}}' "$IMAGE_TAG")"
size_mb=$(($(podman image inspect --format '{{.Size}}' "$image_id") / 1000000))
echo "image $IMAGE_TAG ${image_id:0:12}: $size_mb MB"
[ "$size_mb" -le "$MAX_IMAGE_MB" ] || fail "the image is $size_mb MB, more than $MAX_IMAGE_MB MB"
[ "$(podman image inspect --format '{{.HealthCheck.Test}}' "$image_id")" != "[]" ] || fail "the image has no HEALTHCHECK"

log "run"
PORT="$(image_free_port)"
BASE="http://127.0.0.1:$PORT"
started="$(image_now_ms)"
id="$(image_run "$PORT" --name "${containers[0]}" -e ERP_WORKBENCH_ADMIN_TOKEN="$TOKEN" -v "$VOLUME:/data")" ||
  fail "podman run"
image_wait_healthy "$PORT" "$id" 60 || fail "the service did not become healthy"
echo "time from podman run to healthy: $(image_seconds_between "$started" "$(image_now_ms)") s"
image_podman healthcheck run "$id" || fail "podman healthcheck run: not healthy"
echo "podman healthcheck run: healthy"
health="$(call 200 "$BASE/_sandbox/health")"
[ "$(json_get data.version <<<"$health")" = "$IMAGE_VERSION" ] || fail "health names another version: $health"

log "REST list with an API user made through the control API"
ADMIN=(-H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json')
call 201 "${ADMIN[@]}" -X POST "$BASE/_sandbox/accounts/1/api-users" -d "{\"username\":\"ci-reader\",
  \"password\":\"$READER_PASSWORD\",\"ip_whitelist\":[\"*\"],\"routes\":null,\"methods\":null}" >/dev/null
sales="$(call 200 -u "ci-reader:$READER_PASSWORD" "$BASE/app/rest/v1/1/sales/list/")"
[ "$(json_get data.0.bv_id <<<"$sales")" != undefined ] || fail "the demo's sales list is empty: ${sales:0:300}"
echo "GET /app/rest/v1/1/sales/list/: first bv_id $(json_get data.0.bv_id <<<"$sales")"

log "connector order as the demo's connector 1 (eCommerce)"
call 201 "${ADMIN[@]}" -X POST "$BASE/_sandbox/accounts/1/api-users" -d "{\"username\":\"ci-shop\",
  \"password\":\"$SHOP_PASSWORD\",\"ip_whitelist\":[\"*\"],\"routes\":null,\"methods\":null,\"connector_id\":1}" >/dev/null
order="$(call 200 -u "ci-shop:$SHOP_PASSWORD" -H 'Content-Type: application/json' -X POST \
  "$BASE/app/rest/v1/1/connector/1/order/IMG-1/" -d '{
  "order_unique_id": "IMG-1", "order_reference": "#IMG-1", "order_status": "processing",
  "order_currency_code": "RON", "shipping_method": "courier", "payment_method": "bank_transfer", "payments": [],
  "client": {"name": "Ana Ștefănescu", "email": "ana@example.ro", "phone": "0722000001", "client_unique_id": 51001,
    "invoice_address": {"city": "Iași", "county": "Iași", "country": "Romania",
      "street": "Strada Lăpușneanu", "number": "14", "zip": "700057"},
    "delivery_address": {"city": "Iași", "county": "Iași", "country": "Romania",
      "street": "Strada Lăpușneanu", "number": "14", "zip": "700057",
      "shipping_contact_name": "Ana Ștefănescu", "shipping_contact_phone": "0722000001"}},
  "items": [{"type": "service", "code": "SHIPPING", "item_name": "Transport curier", "item_quantity": 1,
    "item_price": 16.8, "item_vat_percent": 19, "item_price_with_vat": 19.99, "line_value_with_vat": 19.99}]}')"
order_id="$(json_get data.SERVICE_order_id <<<"$order")"
[[ "$order_id" =~ ^[0-9]+$ ]] || fail "the order answer has no SERVICE_order_id: ${order:0:500}"
echo "POST /connector/1/order/IMG-1/: SERVICE_order_id $order_id"

log "documents: the order's proforma PDF, its AWB label with the barcode"
today="$(date +%F)"
proformas="$(call 200 -u "ci-reader:$READER_PASSWORD" "$BASE/app/rest/v1/1/proformas/list/datefrom:$today/")"
proforma_pdf="$(json_get data.0.view_link <<<"$proformas")"
proforma_pdf="${proforma_pdf/\/html\//\/pdf\/}"
is_pdf "$proforma_pdf" || fail "the proforma $proforma_pdf is not a PDF"
awb="$(call 200 "${ADMIN[@]}" -X POST "$BASE/_sandbox/accounts/1/connectors/1/orders/IMG-1/awb" \
  -d '{"awb_type":"fan","awb_packet_count":1,"weight":1.5}')"
awb_pdf="$(json_get data.awb_url <<<"$awb")"
is_pdf "$awb_pdf" || fail "the AWB label $awb_pdf is not a PDF"
label="$(call 200 "${awb_pdf/\/pdf\//\/html\/}")"
[[ "$label" == *"<svg"* ]] || fail "the AWB label has no barcode (bwip-js)"
echo "proforma PDF, AWB label PDF and its barcode: served"

log "non-root"
[ "$(image_podman exec "$id" id -u)" = 10001 ] || fail "podman exec runs as $(image_podman exec "$id" id -un)"
processes="$(image_podman top "$id" user args)"
[[ "$processes" == *$'\n'"erp "*"erp-workbench serve"* ]] || fail "the service runs as another user: $processes"
data_dir="$(image_podman exec "$id" stat -c '%U %a' /data)"
[ "$data_dir" = "erp 700" ] || fail "/data: $data_dir"
echo "the service and /data belong to erp (10001); /data is 0700"

log "/data across containers: stop, a new container on the same volume"
image_podman stop -t 10 "$id" >/dev/null
[ "$(image_podman inspect --format '{{.State.ExitCode}}' "$id")" = 0 ] || fail "SIGTERM: exit code $(image_podman inspect --format '{{.State.ExitCode}}' "$id")"
PORT="$(image_free_port)"
BASE="http://127.0.0.1:$PORT"
started="$(image_now_ms)"
id="$(image_run "$PORT" --name "${containers[1]}" -e ERP_WORKBENCH_ADMIN_TOKEN="$TOKEN" -v "$VOLUME:/data")" ||
  fail "podman run (again)"
image_wait_healthy "$PORT" "$id" 60 || fail "the second container did not become healthy"
echo "time from podman run to healthy (existing data): $(image_seconds_between "$started" "$(image_now_ms)") s"
call 200 -u "ci-reader:$READER_PASSWORD" "$BASE/app/rest/v1/1/sales/list/" >/dev/null
again="$(call 200 -H "Authorization: Bearer $TOKEN" "$BASE/_sandbox/accounts/1/orders/$order_id")"
[ "$(json_get data.order_unique_id <<<"$again")" = IMG-1 ] || fail "the order is gone: ${again:0:300}"
second_log="$(image_podman logs "$id" 2>&1)"
[[ "$second_log" != *seeded* ]] || fail "the second container seeded its data again: $second_log"
echo "the API users and order $order_id are still there; no new seed"

log "passed"
