/**
 * A process that holds a data folder as a service would (data-folder-lock.ts) until it is killed:
 * `node --import tsx data-folder-holder.ts DIR KIND [URL]`. It prints `held` once it holds it.
 * Killed with SIGKILL it releases nothing itself: the kernel drops its lock, its note stays.
 */
import { holdDataFolder, type HolderKind } from '../../electron/core/store/data-folder-lock.ts';

const [dataDir, kind, url] = process.argv.slice(2);
const lock = holdDataFolder(dataDir!, { kind: kind as HolderKind, ...(kind === 'serve' && { command: 'npm run serve' }) });
if (url) lock.listening(url);
process.stdout.write('held\n');
setInterval(() => undefined, 60_000);
