import { buildParts } from '../../scripts/build.mjs';
import { staleParts } from '../../scripts/build-staleness.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** Builds the parts older than their sources (the examples import the package from dist/). */
export async function freshBuild(parts: Array<'renderer' | 'server' | 'cli'>): Promise<void> {
  const stale = staleParts(ROOT, parts);
  if (stale.length) await buildParts(stale, { quiet: true });
}
