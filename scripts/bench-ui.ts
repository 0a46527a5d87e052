/**
 * npm run bench:ui -- [--scale 1000] [--data DIR] [--runs 5]
 *
 * The sales screen in Debian's Chromium against the headless service on a data folder seeded at
 * --scale (the same folder npm run bench keeps): time from a click in the sidebar to the first
 * rows, from a sort click to the re-sorted rows, from a jump deep into the list to its rows, and
 * the frames of a 10,000-row scroll (Performance API: rAF intervals and Long Animation Frames),
 * and the overview: from a click on it to its figures (nothing cached).
 * Reported, never asserted: timings depend on the machine. The targets are printed
 * beside them (first rows 300 ms, sort or page 150 ms, <= 5% frames over budget, overview figures 300 ms).
 * Writes bench-results/ui-<time>.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { scrollAndMeasure } from '../tests/e2e/scroll-measure.ts';

/* page.evaluate bodies run in Chromium; this file is type-checked with Node's types only. */
declare const document: { querySelector(selector: string): { click(): void; textContent: string | null } | null };
declare const requestAnimationFrame: (callback: () => void) => number;
declare const performance: { now(): number };

const ROOT = resolve(import.meta.dirname, '..');
const TOKEN = 'bench-admin-token';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1000' }, data: { type: 'string' }, runs: { type: 'string', default: '5' } },
});
const scale = Number(values.scale);
const runs = Number(values.runs);
const dataDir = values.data ?? join(ROOT, 'bench-results', `data-scale-${scale}`);

function startService(): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['electron/cli/serve.ts', '--data', dataDir, '--port', '0', '--scale', String(scale), '--admin-token', TOKEN], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Control API: (http:\/\/[^/]+)\/_sandbox\//.exec(output);
      if (match) resolvePromise({ child, url: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`the service exited with ${code} before it was ready:\n${output}`)));
  });
}

const FIRST_ROW = '[role="row"][aria-rowindex="2"]:not([aria-busy="true"])';

/**
 * Runs `act` in the page and resolves with the milliseconds until `done` holds, checked on every
 * animation frame (what the user would see), all inside Chromium so no round trip is counted.
 */
function timeInPage(page: Page, act: string, done: string): Promise<number> {
  return page.evaluate(
    ([actBody, doneBody]) =>
      new Promise<number>((resolveTime, rejectTime) => {
        const check = new Function(`return (${doneBody})`) as () => boolean;
        const start = performance.now();
        (new Function(actBody) as () => void)();
        const deadline = start + 20_000;
        const tick = () => {
          if (check()) resolveTime(Math.round(performance.now() - start));
          else if (performance.now() > deadline) rejectTime(new Error(`not done after 20 s: ${doneBody}`));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    [act, done] as const,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/renderer/index.html'))) throw new Error('dist/renderer is missing: run npm run build:renderer first');
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  console.log(`service: scale ${scale}, data in ${dataDir} (seeded on first use: minutes at scale 1000)`);
  const service = await startService();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx compiles with esbuild's keepNames: functions sent to page.evaluate call its __name helper.
    await page.addInitScript('globalThis.__name = (fn) => fn;');
    await page.goto(`${service.url}/?token=${TOKEN}#/c/1`);
    await page.getByTestId('health').waitFor();
    const salesLink = 'document.querySelector(\'nav a[href$="/documents/sales"]\').click()';
    const overviewLink = 'document.querySelector(\'nav a[href$="#/c/1"], nav a[href$="/c/1"]\').click()';

    // First rows after navigation: the first time (nothing cached), then again after leaving.
    const firstRows: number[] = [];
    for (let i = 0; i < runs; i++) {
      firstRows.push(await timeInPage(page, salesLink, `!!document.querySelector('${FIRST_ROW}')`));
      const total = await page.locator('[role="grid"]').getAttribute('aria-rowcount');
      if (i === 0) console.log(`sales rows in the view: ${Number(total) - 1}`);
      await timeInPage(page, overviewLink, "!document.querySelector('[role=\"grid\"]')");
    }
    await timeInPage(page, salesLink, `!!document.querySelector('${FIRST_ROW}')`);
    const rowCount = Number(await page.locator('[role="grid"]').getAttribute('aria-rowcount')) - 1;

    // Sort: by total, then by date, and so on (each puts another row first), until the first row
    // shows other content and has loaded. The sortable headers are, in order: ID, date, total.
    const sorts: number[] = [];
    for (let i = 0; i < runs; i++) {
      const before = await page.locator(FIRST_ROW).textContent();
      const header = i % 2 === 0 ? 3 : 2;
      sorts.push(
        await timeInPage(
          page,
          `document.querySelector('[role="columnheader"] button:nth-of-type(1)') && [...document.querySelectorAll('[role="columnheader"] button[title]')][${header - 1}].click()`,
          `(() => { const r = document.querySelector('${FIRST_ROW}'); return !!r && r.textContent !== ${JSON.stringify(before)}; })()`,
        ),
      );
    }

    // A page change: a jump far into the list (a window nobody read yet), until its rows are there.
    const jumps: number[] = [];
    for (let i = 0; i < runs; i++) {
      const fraction = 0.15 + (0.7 * i) / Math.max(1, runs - 1);
      jumps.push(
        await timeInPage(
          page,
          `const g = document.querySelector('[role="grid"]'); g.scrollTop = (g.scrollHeight - g.clientHeight) * ${fraction};`,
          `!document.querySelector('[role="grid"] [role="row"][aria-busy="true"]')`,
        ),
      );
    }

    // The overview: from a click on it in the sidebar to its figures, each time after a reload on
    // the sales screen (nothing cached: dashboard.overview is asked for and answered every time).
    const overviewFigures: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.goto(`${service.url}/?token=${TOKEN}#/c/1/documents/sales`);
      await page.locator(FIRST_ROW).waitFor();
      overviewFigures.push(await timeInPage(page, overviewLink, `!!document.querySelector('[data-testid="figure-salesToday"]')`));
    }
    await page.goto(`${service.url}/?token=${TOKEN}#/c/1/documents/sales`);
    await page.locator(FIRST_ROW).waitFor();

    // 10,000 rows scrolled at 10 rows a frame from the top.
    await page.evaluate(() => {
      (document.querySelector('[role="grid"]') as unknown as { scrollTop: number }).scrollTop = 0;
    });
    await page.waitForTimeout(500);
    const scroll = await scrollAndMeasure(page, 10_000, 1_000, rowCount);
    const overShare = scroll.overBudget / scroll.frames;

    const report = {
      scale,
      rows: rowCount,
      first_rows_ms: { first: firstRows[0], median_after: median(firstRows.slice(1)), all: firstRows, target: 300 },
      sort_ms: { median: median(sorts), all: sorts, target: 150 },
      page_jump_ms: { median: median(jumps), all: jumps, target: 150 },
      scroll_10k_rows: { ...scroll, over_budget_share: Math.round(overShare * 1000) / 10, target_share: 5 },
      overview_figures_ms: { median: median(overviewFigures), all: overviewFigures, target: 300 },
    };
    console.log('\nsales screen (ms)                 measured     target');
    console.log(`first rows, cold navigation      ${String(firstRows[0]).padStart(8)}     300`);
    console.log(`first rows, again (median)       ${String(median(firstRows.slice(1))).padStart(8)}     300`);
    console.log(`sort (median of ${runs})              ${String(median(sorts)).padStart(8)}     150`);
    console.log(`page jump (median of ${runs})         ${String(median(jumps)).padStart(8)}     150`);
    console.log(`overview figures (median of ${runs})  ${String(median(overviewFigures)).padStart(6)}     300`);
    console.log(`scroll 10k rows: frames over budget ${report.scroll_10k_rows.over_budget_share}% of ${scroll.frames} (target <= 5%), p95 frame ${scroll.p95Ms.toFixed(1)} ms`);
    const file = join(ROOT, 'bench-results', `ui-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwritten to ${file}`);
  } finally {
    await browser.close();
    service.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
