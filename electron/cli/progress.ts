import cliProgress from 'cli-progress';
import type { SeedProgress } from '../core/store/seed/index.ts';

/**
 * A progress bar for seeding (at start-up and on every reset) that appears only when the work
 * takes more than a second, and only on a terminal; elsewhere (CI logs) it prints nothing.
 * A run ends when done reaches total; the next report starts a new run.
 */
export function seedProgressBar(stream: NodeJS.WriteStream = process.stderr): { onProgress: SeedProgress; stop(): void } {
  let started: number | undefined;
  let bar: cliProgress.SingleBar | undefined;
  const stop = () => {
    bar?.stop();
    bar = undefined;
    started = undefined;
  };
  return {
    onProgress(done, total, phase) {
      if (!stream.isTTY) return;
      started ??= Date.now();
      if (!bar && Date.now() - started >= 1000 && done < total) {
        bar = new cliProgress.SingleBar(
          { stream, format: 'seeding {bar} {percentage}% | {value}/{total} | {phase}', hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done, { phase });
      }
      bar?.setTotal(total);
      bar?.update(done, { phase });
      if (done >= total) stop();
    },
    stop,
  };
}
