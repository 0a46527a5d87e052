/**
 * The two baselines every result is compared with, measured in the same run as the service:
 * the static ceiling (ceiling.mjs) and the minimal implementation (minimal.mjs). Both are plain
 * JavaScript run by node itself on the server core, like the service.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCores, serverCores } from './pinning.ts';
import { startReady, type Running } from './processes.ts';
import { ROOT } from './paths.ts';

export interface Baseline extends Running {
  base: string;
}

/** An answer of the service, kept to be answered again byte for byte. */
export interface RecordedAnswer {
  /** The request URL's path (what the ceiling matches). */
  url: string;
  body: Buffer;
  contentType: string;
}

const scratch = mkdtempSync(join(tmpdir(), 'erpwb-bench-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));

async function startNode(script: string, configFile: string): Promise<Baseline> {
  const [command, args] = onCores(serverCores(), process.execPath, [join(ROOT, 'scripts/bench', script), configFile]);
  const running = await startReady(command, args, /listening (\d+)/);
  return { ...running, base: `http://127.0.0.1:${running.match[1]}` };
}

/** The static ceiling answering each of `answers` at its URL. */
export function startCeiling(answers: RecordedAnswer[]): Promise<Baseline> {
  const manifest = answers.map((answer, i) => {
    const file = join(scratch, `ceiling-${i}`);
    writeFileSync(file, answer.body);
    return { url: answer.url, file, contentType: answer.contentType };
  });
  const manifestFile = join(scratch, 'ceiling.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return startNode('ceiling.mjs', manifestFile);
}

export interface MinimalConfig {
  dbFile: string;
  /** The REST base of the account, e.g. /app/rest/v1/1 */
  base: string;
  companyId: number;
  /** The product export's columns, in order (the service's CSV header). */
  exportColumns: string[];
}

/** The minimal implementation on the service's database file. */
export function startMinimal(config: MinimalConfig): Promise<Baseline> {
  const configFile = join(scratch, 'minimal.json');
  writeFileSync(configFile, JSON.stringify(config));
  return startNode('minimal.mjs', configFile);
}
