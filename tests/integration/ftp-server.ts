import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { FtpSrv } from 'ftp-srv';

const QUIET = { child: () => QUIET, trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;

/** A real FTP server (ftp-srv) on 127.0.0.1 serving a temp folder, that a test can stop and start again on the same port. */
export interface TestFtp {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The folder it serves. */
  root: string;
  /** Every file below the root, as paths relative to it ('1/sale/3/ab12-note.txt'). */
  files(): string[];
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestFtp(user = 'tester', password = 'Ftp-pässwörd-7Qz!'): Promise<TestFtp> {
  const root = mkdtempSync(join(tmpdir(), 'erpwb-ftp-'));
  let server: FtpSrv | undefined;
  let port = 0;

  async function start(): Promise<void> {
    const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
    const pasvMin = 20_000 + Math.floor(Math.random() * 40_000);
    const made = new FtpSrv({ url: `ftp://127.0.0.1:${port}`, pasv_url: '127.0.0.1', pasv_min: pasvMin, pasv_max: pasvMin + 2000, log: QUIET });
    // ftp-srv exits the process on these signals: not in a test runner.
    for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.off(s, l as () => void);
    made.on('login', (data, resolve, reject) =>
      data.username === user && data.password === password ? resolve({ root }) : reject(new Error('bad login')),
    );
    made.on('client-error', () => undefined);
    await made.listen();
    port = ((made as unknown as { server: Server }).server.address() as AddressInfo).port;
    server = made;
  }

  function files(dir = root): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [relative(root, path)];
    });
  }

  await start();
  const ftp: TestFtp = {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    user,
    password,
    root,
    files: () => files(),
    async stop() {
      const running = server;
      server = undefined;
      await running?.close();
    },
    start,
    async close() {
      await ftp.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return ftp;
}
