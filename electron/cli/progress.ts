import cliProgress from 'cli-progress';
import type { SeedProgress } from '../core/store/seed/index.ts';

/**
 * A progress bar for seeding that appears only when the work takes more than a second, and
 * only on a terminal; elsewhere (CI logs) it prints nothing.
 */
export function seedProgressBar(stream: NodeJS.WriteStream = process.stderr): { onProgress: SeedProgress; stop(): void } {
  const started = Date.now();
  let bar: cliProgress.SingleBar | undefined;
  return {
    onProgress(done, total, phase) {
      if (!stream.isTTY) return;
      if (!bar) {
        if (Date.now() - started < 1000) return;
        bar = new cliProgress.SingleBar(
          { stream, format: 'seeding {bar} {percentage}% | {value}/{total} | {phase}', hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done, { phase });
      }
      bar.setTotal(total);
      bar.update(done, { phase });
    },
    stop() {
      bar?.stop();
    },
  };
}
