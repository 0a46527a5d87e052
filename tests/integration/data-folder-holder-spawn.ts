import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

export interface HolderProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves once the process has died (and been reaped: its locks are gone). */
  kill(): Promise<void>;
}

/** Another process holding `dataDir` (data-folder-holder.ts), once it says it does. */
export async function holdInAnotherProcess(dataDir: string, kind: 'desktop' | 'serve' | 'library', url?: string): Promise<HolderProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/integration/data-folder-holder.ts'), dataDir, kind, ...(url ? [url] : [])], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the holder did not start: ${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('held\n')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the holder exited (${code}): ${output}`));
    });
  });
  return {
    child,
    pid: child.pid!,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
