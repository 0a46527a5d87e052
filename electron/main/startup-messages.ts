import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../core/paths.ts';
import { APP_VERSION } from '../core/version.ts';
import { DataFolderInUseError, describeHolder, holderElsewhere, type DataFolderHolder } from '../core/store/data-folder-lock.ts';
import { MigrationError, NewerDatabaseError } from '../core/store/migrate.ts';

/**
 * What the window or a native dialog tells a person at start: what happened, what to do. Plain
 * words, the paths in full; no stack trace, no error code alone.
 */
export interface StartupMessage {
  title: string;
  /** What happened, and what it did or did not change. */
  message: string;
  /** What to do now. */
  action: string;
  /** A file or folder the dialog can offer to show. */
  path?: string;
}

/** Where the start was when it failed, and the places it works with. */
export interface StartupContext {
  step: 'settings' | 'data folder' | 'database' | 'listener' | 'window';
  userDataDir: string;
  dataDir: string;
  settingsFile: string;
}

const NOTHING_CHANGED = 'Nothing in the folder was changed.';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : '';
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'SQLITE_READONLY']);

/** SQLite's extended codes by their primary one: SQLITE_READONLY_DIRECTORY is SQLITE_READONLY. */
function primary(code: string): string {
  return code.startsWith('SQLITE_') ? code.split('_', 2).join('_') : code;
}

/**
 * Why `paths` (the first that exists and is not ours or not writable) cannot be written, as far as
 * the file system says: another owner (a run with sudo), a read-only disk or mode.
 */
function whyNotWritable(paths: string[], code: string): string {
  for (const path of paths) {
    let owner: number;
    try {
      owner = statSync(path).uid;
    } catch {
      continue;
    }
    const me = process.getuid?.();
    if (me !== undefined && me !== 0 && owner !== me) return `${path} belongs to another user (uid ${owner}; made by a run as administrator, with sudo?)`;
    try {
      accessSync(path, constants.W_OK);
    } catch (error) {
      return codeOf(error) === 'EROFS' ? `${path} is on a read-only disk` : `${path} is read-only for you`;
    }
  }
  return code === 'EROFS' ? 'it is on a read-only disk' : 'you do not have permission to write there';
}

function holderAction(holder: DataFolderHolder | undefined): string {
  const again = 'then start ERP Workbench again';
  if (!holder) return `Quit the other ERP Workbench (a window, or \`npm run serve\` / \`erp-workbench serve\` in a terminal or a container), ${again}.`;
  const where = holderElsewhere(holder);
  const meanwhile = holder.url && !where ? ` Meanwhile the same data is served at ${holder.url}/ (the web UI needs the token its start-up lines print).` : '';
  if (where === 'container') return `Stop that container (\`docker stop\` or \`podman stop\`), ${again}.`;
  if (where === 'machine') return `Stop ERP Workbench on ${holder.host} (process ${holder.pid}), ${again}.`;
  if (holder.kind === 'desktop') return `Quit the other ERP Workbench window (File → Quit), ${again}.`;
  if (holder.kind === 'serve') return `Stop it: Ctrl-C in the terminal it runs in, or end process ${holder.pid}; ${again}.${meanwhile}`;
  return `Stop that program (a test run using the erp-workbench package), or end process ${holder.pid}; ${again}.`;
}

/** The message for a start that failed at `context.step` with `error`. */
export function describeStartupFailure(error: unknown, context: StartupContext): StartupMessage {
  const { dataDir, settingsFile } = context;
  const database = join(dataDir, DATABASE_FILE);
  if (error instanceof NewerDatabaseError) {
    const by = error.writtenBy ? `ERP Workbench ${error.writtenBy}` : 'a newer ERP Workbench';
    return {
      title: 'This data was saved by a newer ERP Workbench',
      message:
        `The data folder ${dataDir} was last used by ${by} (database schema ${error.schemaVersion}). ` +
        `This is ERP Workbench ${APP_VERSION}, which reads schema versions up to ${error.knownVersion}, so it did not open it. ${NOTHING_CHANGED}`,
      action:
        `Install ${error.writtenBy ? `ERP Workbench ${error.writtenBy} or newer` : 'the newer ERP Workbench again'} and start it on this data. ` +
        `To use this version instead, move or rename the folder ${dataDir} while ERP Workbench is closed: it then starts with new demo data, and the moved folder stays as it was for the newer version.`,
      path: dataDir,
    };
  }
  if (error instanceof DataFolderInUseError) {
    return {
      title: 'ERP Workbench is already running on this data',
      message:
        `The data folder ${dataDir} is in use by ${describeHolder(error.holder)}. ` +
        `Two programs on the same data would lose each other's changes, so this one did not start. ${NOTHING_CHANGED}`,
      action: holderAction(error.holder),
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  // Node's loader refusing a native module built for another runtime: better-sqlite3 from
  // node_modules (built for Node) in a window started without `npm start`, or a package made
  // without its Electron build of the driver (sqlite-binding.ts).
  if (/NODE_MODULE_VERSION|not a valid Win32 application|invalid ELF header|wrong ELF class|incompatible architecture/.test(detail)) {
    return {
      title: 'The database driver does not fit this ERP Workbench',
      message:
        `The SQLite driver was built for another runtime than this window's Electron ${process.versions.electron ?? ''}`.trimEnd() +
        ` (${detail.split('\n')[0]}). ${NOTHING_CHANGED}`,
      action:
        'From a clone, start the window with `npm start`: it builds the driver for Electron once (docs/desktop.md, "Run from a clone"). ' +
        'An installed app: install it again from its installer. Meanwhile `npm run serve` gives the same screens in a browser.',
    };
  }
  const code = primary(codeOf(error));
  const settingsStep = context.step === 'settings';
  const place = settingsStep ? `The settings folder ${context.userDataDir}` : `The data folder ${dataDir}`;
  if (DISK_FULL.has(code)) {
    return {
      title: 'The disk is full',
      message: `${place} cannot be written: the disk it is on is full (or your quota is used up). Nothing already saved was lost.`,
      action: 'Free some space on that disk, then start ERP Workbench again.',
      path: settingsStep ? context.userDataDir : dataDir,
    };
  }
  if (NOT_WRITABLE.has(code)) {
    const paths = settingsStep ? [settingsFile, context.userDataDir] : [database, dataDir, context.userDataDir];
    return {
      title: settingsStep ? 'ERP Workbench cannot write its settings' : 'ERP Workbench cannot write its data folder',
      message: `${place} cannot be written: ${whyNotWritable(paths, code)}. ${NOTHING_CHANGED}`,
      action:
        'Give your user write access to it (on Linux or macOS: `sudo chown -R "$(whoami)" "' +
        (settingsStep ? context.userDataDir : dataDir) +
        '"`), or move it aside while ERP Workbench is closed to start with new data; then start ERP Workbench again.',
      path: settingsStep ? context.userDataDir : dataDir,
    };
  }
  if (code === 'SQLITE_IOERR' || code === 'EIO') {
    return {
      title: 'ERP Workbench cannot read or write its data',
      message: `${place}: the disk answered with an error (${detail}). Nothing already saved was lost.`,
      action: 'Check that the disk is there and healthy (a removed USB drive, a network folder no longer reachable), then start ERP Workbench again.',
      path: settingsStep ? context.userDataDir : dataDir,
    };
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return {
      title: 'The database is locked by another program',
      message:
        `Another program holds ${database} locked: an ERP Workbench older than ${APP_VERSION} on the same folder, ` +
        `or a database tool with a transaction open (DB Browser for SQLite, sqlite3). ${NOTHING_CHANGED}`,
      action: 'Close that program, then start ERP Workbench again.',
      path: dataDir,
    };
  }
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return {
      title: 'The database file is damaged',
      message: `${database} cannot be read as an ERP Workbench database (${detail}). ERP Workbench did not change it.`,
      action:
        `Keep a copy of the folder ${dataDir}. Then restore a copy you saved, or move the folder aside while ERP Workbench is closed to start with new demo data.`,
      path: dataDir,
    };
  }
  if (error instanceof MigrationError) {
    return { title: 'The database does not match this version', message: `${detail}. ${NOTHING_CHANGED}`, action: 'Start the version of ERP Workbench that made this data, or move the folder aside to start with new data.', path: dataDir };
  }
  return {
    title: 'ERP Workbench cannot start',
    message: `The start stopped at the ${context.step}: ${detail}`,
    action: 'Start ERP Workbench again. If this comes back, start it from a terminal to see its log, and report the message.',
  };
}
