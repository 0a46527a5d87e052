import { timingSafeEqual, createHash, randomInt } from 'node:crypto';
import { chmodSync, fchmodSync, type WriteStream } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { dirname, sep } from 'node:path';
import type { FtpSrv } from 'ftp-srv';
import { ensurePrivateDir } from '../../store/private-files.ts';

/** The one user of the embedded server; its password is derived from the storage key. */
export const EMBEDDED_FTP_USER = 'erp-workbench';
export const EMBEDDED_FTP_HOST = '127.0.0.1';

/** ftp-srv logs through bunyan to stdout at info level: the service keeps quiet instead. */
const SILENT_LOG = {
  child: () => SILENT_LOG,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;

/** Windows has no owner/group/other modes (store/private-files.ts): nothing is set there. */
const POSIX = process.platform !== 'win32';

/**
 * ftp-srv's constructor installs SIGTERM/SIGINT/SIGQUIT handlers that exit the process 100 ms
 * later, which would cut the service's own graceful stop short: they are taken off again.
 */
function withoutSignalHandlers<T>(make: () => T): T {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const made = make();
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.off(signal, listener as (...args: unknown[]) => void);
    }
  }
  return made;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface EmbeddedAddress {
  host: string;
  port: number;
}

/**
 * The service's own FTP server (ftp-srv) for local use: loopback only, a free port, serving
 * `root` (<data>/ftp) to one user. Started on first need, stopped with the core.
 */
export function createEmbeddedFtp(options: { root: string; password: () => string }) {
  let server: FtpSrv | undefined;
  let address: EmbeddedAddress | undefined;
  let starting: Promise<EmbeddedAddress> | undefined;

  async function launch(): Promise<EmbeddedAddress> {
    // 0700, also a root an older version made 0755 (its files below stay as they are: a 0700 root
    // keeps others out of them, and walking a large tree at each start is not worth it).
    ensurePrivateDir(options.root);
    // Passive data ports from a random base: two services on one machine rarely race for the same one.
    const pasvMin = randomInt(20_000, 60_000);
    // Loaded here, on first need: ftp-srv and its dependencies took ~0.2 s of every start.
    const { FtpSrv, FileSystem } = await import('ftp-srv');

    /**
     * ftp-srv's file system with owner-only modes: its own makes files 0644 and folders 0755
     * (the defaults less the umask), and the uploads it stores are the accounts' attachments,
     * kept in the data folder like the rest of its files (store/private-files.ts). No umask change.
     */
    class PrivateFileSystem extends FileSystem {
      override write(fileName: string, options?: { append?: boolean; start?: number }): { stream: WriteStream; clientPath: string } {
        const opened = super.write(fileName, options) as { stream: WriteStream; clientPath: string };
        // 'open' is emitted before the stream issues its first write (it buffers until then), so
        // the mode is set before any byte lands. A file whose mode cannot be set is not stored:
        // the stream's error makes ftp-srv answer the STOR with an error and delete the file.
        if (POSIX) {
          opened.stream.once('open', (fd: number) => {
            try {
              fchmodSync(fd, 0o600);
            } catch (error) {
              opened.stream.destroy(error as Error);
            }
          });
        }
        return opened;
      }

      override async mkdir(path: string): Promise<string> {
        const made = (await super.mkdir(path)) as string;
        // MKD makes every missing level (recursive): each one between the root and `made`.
        if (POSIX) for (let folder = made; folder.startsWith(this.root + sep); folder = dirname(folder)) chmodSync(folder, 0o700);
        return made;
      }
    }

    const made = withoutSignalHandlers(
      () =>
        new FtpSrv({
          url: `ftp://${EMBEDDED_FTP_HOST}:0`,
          pasv_url: EMBEDDED_FTP_HOST,
          pasv_min: pasvMin,
          pasv_max: pasvMin + 2_000,
          anonymous: false,
          greeting: 'ERP Workbench embedded storage',
          log: SILENT_LOG,
        }),
    );
    made.on('login', ({ connection, username, password }, resolve, reject) => {
      const ok = username === EMBEDDED_FTP_USER && timingSafeEqual(digest(password ?? ''), digest(options.password()));
      if (ok) resolve({ fs: new PrivateFileSystem(connection, { root: options.root, cwd: '/' }) });
      else reject(new Error('wrong user or password'));
    });
    // A client that goes away mid-transfer is its own business.
    made.on('client-error', () => undefined);
    await made.listen();
    const listening = (made as unknown as { server: Server }).server.address() as AddressInfo;
    server = made;
    address = { host: EMBEDDED_FTP_HOST, port: listening.port };
    return address;
  }

  return {
    root: options.root,
    /** Where it listens; starts it when it is not running (two calls at once start it once). */
    start(): Promise<EmbeddedAddress> {
      if (address) return Promise.resolve(address);
      starting ??= launch().finally(() => (starting = undefined));
      return starting;
    },
    /** Where it listens, undefined while stopped. */
    address: (): EmbeddedAddress | undefined => address,
    async stop(): Promise<void> {
      await starting?.catch(() => undefined);
      const running = server;
      server = undefined;
      address = undefined;
      if (running) await running.close();
    },
  };
}
export type EmbeddedFtp = ReturnType<typeof createEmbeddedFtp>;
