// The electron-builder configuration `npm run dist` packs with: electron-builder.yml, plus the
// better-sqlite3 binary built for the packaged Electron as resources/sqlite/better_sqlite3.node
// (electron/main/main.ts loads it from there). The binary's path changes with the versions, so it
// is not in the yml: a configuration file made for the run extends it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { PACKAGED_SQLITE_BINDING } from '../../electron/core/store/sqlite-binding.ts';

/** Writes that configuration into `dir` for the checkout `root`; answers its path (electron-builder --config). */
export function writeDistConfig(dir: string, root: string, sqliteBinding: string): string {
  const file = join(dir, 'electron-builder.dist.yml');
  const config = {
    extends: join(root, 'electron-builder.yml'),
    extraResources: [{ from: sqliteBinding, to: PACKAGED_SQLITE_BINDING }],
  };
  writeFileSync(file, `# Made by npm run dist (scripts/installers/) for one run; see electron-builder.yml.\n${stringify(config)}`);
  return file;
}
