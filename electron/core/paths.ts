import { homedir } from 'node:os';
import { join } from 'node:path';

/** The product name Electron derives its per-user folder from (app.getPath('userData')). */
export const PRODUCT_NAME = 'ERP Workbench';

/** The folder Electron's app.getPath('userData') names, computed without Electron. */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

/** The store's file in a data folder. */
export const DATABASE_FILE = 'erp-workbench.sqlite';

/** Business data (SQLite, local files) lives below the user-data folder, apart from settings. */
export function defaultDataDir(): string {
  return join(defaultUserDataDir(), 'data');
}
