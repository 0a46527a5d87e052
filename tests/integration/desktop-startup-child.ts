/**
 * The desktop app's start (startup.ts, with conf for electron-store) in a process of its own, for
 * a test that needs another user (a folder that user cannot write):
 * `node --import tsx desktop-startup-child.ts USER_DATA_DIR`. Prints the outcome as one JSON line
 * and closes what started.
 */
import Conf from 'conf';
import { join } from 'node:path';
import { startDesktop } from '../../electron/main/startup.ts';
import type { UserSettingsValues } from '../../shared/domain/user-settings.ts';

const userDataDir = process.argv[2]!;
const started = await startDesktop({
  userDataDir,
  dataDir: join(userDataDir, 'data'),
  openSettingsStore: (options) => new Conf<UserSettingsValues>({ ...options, configName: 'config', projectName: 'erp-workbench' }),
  server: { adminToken: 'desktop-child-token' },
  log: () => undefined,
});
if (started.ok) await started.services.close();
process.stdout.write(`${JSON.stringify(started.ok ? { ok: true } : { ok: false, failure: started.failure, notices: started.notices })}\n`);
