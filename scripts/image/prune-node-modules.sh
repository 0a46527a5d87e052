#!/usr/bin/env bash
# Removes from <app>/node_modules what Node never loads at run time, for the container image
# (scripts/image/build.sh; its size limit is 250 MB and Node alone is 107 of them).
#
#   scripts/image/prune-node-modules.sh <app folder>
#
# General rules first (safe for any package): source maps, TypeScript sources and declarations,
# Markdown, C sources, and the test / docs / example folders at a package's top (only there:
# a folder named doc deeper down can be code, e.g. yaml/dist/doc). Licence files stay.
# Then a short list for the largest packages, each entry with why it is never loaded; the image
# test (.ci/image-test.sh) renders a PDF with a barcode, so a wrong entry fails CI.
set -euo pipefail

APP="${1:?usage: prune-node-modules.sh <app folder>}"
MODULES="$APP/node_modules"
[ -d "$MODULES" ] || { echo "prune-node-modules: no $MODULES" >&2; exit 1; }
before="$(du -sb "$MODULES" | cut -f1)"

find "$MODULES" -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' \
  -o -name '*.md' -o -name '*.markdown' -o -name '*.c' -o -name '*.cc' -o -name '*.h' \) -delete
for pkg in "$MODULES"/*/ "$MODULES"/@*/*/; do
  for dir in test tests __tests__ docs doc example examples .github; do rm -rf "$pkg$dir"; done
done

prune() { rm -rf "${@/#/$MODULES/}"; }
# better-sqlite3: the SQLite amalgamation and binding sources; the binary sits in build/Release.
prune better-sqlite3/deps better-sqlite3/src
# pdfkit: its tarball carries a yarn release; Node loads js/pdfkit.js or js/pdfkit.node.mjs.
prune pdfkit/.yarn pdfkit/js/pdfkit.standalone.js pdfkit/js/pdfkit.browser.js pdfkit/js/pdfkit.browser.mjs \
  pdfkit/js/pdfkit.browser.old.js pdfkit/js/pdfkit.browser.old.mjs
# bwip-js: Node's export is dist/bwip-js-node.{js,mjs}, self-contained; the rest are the browser,
# React Native and generic builds, the PostScript source and the demo.
prune bwip-js/src bwip-js/barcode.ps bwip-js/demo.html bwip-js/lib bwip-js/dist/bwip-js.js \
  bwip-js/dist/bwip-js.mjs bwip-js/dist/bwip-js-min.js bwip-js/dist/bwipp.mjs \
  bwip-js/dist/bwip-js-rn.mjs bwip-js/dist/bwip-js-gen.mjs
# dejavu-fonts-ttf: the PDFs embed only the fonts the build names (pdf-base.ts); the rest of the
# family and the glyph coverage report go.
prune dejavu-fonts-ttf/status.txt dejavu-fonts-ttf/fontconfig
for font in "$MODULES"/dejavu-fonts-ttf/ttf/*.ttf; do
  grep -rqF --include='*.js' "dejavu-fonts-ttf/ttf/$(basename "$font")" "$APP/dist" || rm -f "$font"
done

after="$(du -sb "$MODULES" | cut -f1)"
echo "prune-node-modules: node_modules $((before / 1000000)) MB -> $((after / 1000000)) MB"
