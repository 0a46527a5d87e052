// The download's progress, where the user sees it: a bar on a terminal (cli-progress, as the
// seeding bar of `npm run serve`), a line every tenth elsewhere (a log, an IDE's run panel).
import cliProgress from 'cli-progress';

export interface DownloadProgress {
  update(transferred: number, total: number | null): void;
  stop(): void;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

export function downloadProgress(label: string, stream: NodeJS.WriteStream = process.stderr): DownloadProgress {
  if (stream.isTTY) {
    let bar: cliProgress.SingleBar | undefined;
    return {
      update(transferred, total) {
        if (!bar) {
          bar = new cliProgress.SingleBar(
            { stream, format: `${label} {bar} {percentage}% | {done}/{size} MB | {eta_formatted}`, hideCursor: true, clearOnComplete: false },
            cliProgress.Presets.shades_classic,
          );
          bar.start(total ?? 0, 0, { done: '0', size: total ? mb(total) : '?' });
        }
        if (total) bar.setTotal(total);
        bar.update(transferred, { done: mb(transferred), size: total ? mb(total) : '?' });
      },
      stop() {
        bar?.stop();
        bar = undefined;
      },
    };
  }
  // Not a terminal: no carriage returns; a line at each tenth (each 10 MB when the size is unknown).
  let lastStep = -1;
  return {
    update(transferred, total) {
      const step = total ? Math.floor((transferred / total) * 10) : Math.floor(transferred / (10 * MB));
      if (step === lastStep) return;
      lastStep = step;
      stream.write(total ? `${label}: ${step * 10}% (${mb(transferred)} of ${mb(total)} MB)\n` : `${label}: ${mb(transferred)} MB\n`);
    },
    stop() {
      lastStep = -1;
    },
  };
}

export interface ElapsedTicker {
  stop(): void;
}

/** "1:05": minutes and seconds since `started`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The time a step of unknown length has run (a compile: no tool reports its progress): on a
 * terminal one line rewritten each second, elsewhere a line every `everyMs` so a log shows it is
 * alive. The timer does not keep the process alive.
 */
export function elapsedTicker(label: string, stream: NodeJS.WriteStream = process.stderr, everyMs = 30_000): ElapsedTicker {
  const started = Date.now();
  const tty = Boolean(stream.isTTY);
  const tick = () => {
    const elapsed = formatElapsed(Date.now() - started);
    stream.write(tty ? `\r${label} ${elapsed}` : `${label}: still running (${elapsed})\n`);
  };
  const timer = setInterval(tick, tty ? 1000 : everyMs);
  timer.unref();
  if (tty) tick();
  return {
    stop() {
      clearInterval(timer);
      if (tty) stream.write('\n');
    },
  };
}
