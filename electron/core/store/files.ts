import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Files the service keeps itself (product and category images), below <data>/files. Names are
 * random keys, so a service URL made of one cannot be guessed. Writes go through a temporary
 * file and a rename: a reader never sees half a file.
 */
export class FileStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'files');
  }

  /** A new unguessable name in `folder` with the given extension: 'images/3f9c...e1.png'. */
  newKey(folder: string, extension: string): string {
    return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  }

  /** Absolute path of a key; undefined when the key would leave the store. */
  pathOf(key: string): string | undefined {
    const path = resolve(this.root, key);
    return path.startsWith(this.root + sep) ? path : undefined;
  }

  write(key: string, content: Buffer): void {
    const path = this.pathOf(key);
    if (!path) throw new Error(`file key outside the store: ${key}`);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
    writeFileSync(temporary, content, { mode: 0o600 });
    renameSync(temporary, path);
  }

  exists(key: string): boolean {
    const path = this.pathOf(key);
    return path !== undefined && existsSync(path);
  }

  remove(key: string): void {
    const path = this.pathOf(key);
    if (path) rmSync(path, { force: true });
  }
}
