import type { Page } from 'playwright-core';

/*
 * Frame measurements of a scrolling DataTable in Chromium (the Performance API and a trace),
 * shared by the DataTable's e2e test and the UI benchmark (scripts/bench-ui.ts).
 */

/* The page.evaluate bodies run in Chromium; this file is type-checked with Node's types only. */
declare const document: any;
declare const requestAnimationFrame: (callback: (time: number) => void) => number;
declare const PerformanceObserver: any;
/**
 * Scrolls the grid by `rows` rows in `frames` animation frames (setting scrollTop in each) and
 * reports the frames: rAF intervals, Long Animation Frames, frames that showed placeholders.
 */
export function scrollAndMeasure(page: Page, rows: number, frames: number, totalRows: number) {
  return page.evaluate(async ([rowsToScroll, frames, totalRows]: [number, number, number]) => {
      const scroller = document.querySelector('[role="grid"]')!;
      const rowHeight = scroller.querySelectorAll('[role="row"]')[1]!.offsetHeight;
      const viewport = scroller.clientHeight - 36;
      // Scroll pixels per row (a bit less than the row height when the range is compressed).
      const step = (scroller.scrollHeight - scroller.clientHeight) / (totalRows - viewport / rowHeight);
      const longFrames: number[] = [];
      let observer: { observe(options: object): void; disconnect(): void } | undefined;
      try {
        const created = new PerformanceObserver((list: any) => {
          for (const entry of list.getEntries()) longFrames.push(entry.duration);
        });
        created.observe({ type: 'long-animation-frame' });
        observer = created;
      } catch {
        // No Long Animation Frames API: the rAF intervals below still tell.
      }
      const perFrame = (rowsToScroll * step) / frames;
      const start = scroller.scrollTop;
      const stamps: number[] = [];
      let placeholderFrames = 0;
      await new Promise<void>((resolve) => {
        let i = 0;
        const tick = (time: number) => {
          stamps.push(time);
          if (scroller.querySelector('[role="row"][aria-busy="true"]')) placeholderFrames++;
          if (i++ >= frames) {
            resolve();
            return;
          }
          scroller.scrollTop = start + perFrame * i;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      observer?.disconnect();
      const intervals = stamps.slice(1).map((t, i) => t - stamps[i]!);
      const sorted = [...intervals].sort((a, b) => a - b);
      const budget = 1000 / 60;
      return {
        rowsScrolled: Math.round((scroller.scrollTop - start) / step),
        rowHeight,
        step: Math.round(step * 1000) / 1000,
        frames: intervals.length,
        medianMs: sorted[Math.floor(sorted.length / 2)]!,
        p95Ms: sorted[Math.floor(sorted.length * 0.95)]!,
        maxMs: sorted[sorted.length - 1]!,
        overBudget: intervals.filter((ms) => ms > budget * 1.5).length,
        longAnimationFrames: longFrames.length,
        longestAnimationFrameMs: longFrames.length ? Math.max(...longFrames) : 0,
        placeholderFrames,
        firstRowInView: Math.floor(scroller.scrollTop / step),
      };
    }, [rows, frames, totalRows] as [number, number, number]);
}

/**
 * The renderer main thread's CPU time in a Chromium trace: per frame on average, and the tasks
 * that used more than a frame (16.7 ms) of CPU by themselves (`tdur` is thread time, so time the
 * process spent descheduled does not count).
 */
export function mainThreadCpu(trace: Buffer, frames: number): { msPerFrame: number; tasksOver16ms: number; longestTaskCpuMs: number } {
  interface TraceEvent {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    dur?: number;
    tdur?: number;
  }
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const calls = new Map<string, number>();
  for (const e of events) if (e.name === 'FunctionCall') calls.set(`${e.pid}:${e.tid}`, (calls.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...calls.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  // A task is 'ThreadControllerImpl::RunTask' in the `toplevel` category (plain 'RunTask' in older traces).
  const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main);
  const name = onMain.some((e) => e.name === 'ThreadControllerImpl::RunTask') ? 'ThreadControllerImpl::RunTask' : 'RunTask';
  const tasks = onMain.filter((e) => e.name === name);
  const cpuMs = tasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
  const total = cpuMs.reduce((sum, ms) => sum + ms, 0);
  return {
    msPerFrame: Math.round((total / frames) * 100) / 100,
    tasksOver16ms: cpuMs.filter((ms) => ms > 1000 / 60).length,
    longestTaskCpuMs: Math.round(Math.max(0, ...cpuMs) * 10) / 10,
  };
}

