import { buildParts } from '../../scripts/build.mjs';
import { staleParts, type PartName } from '../../scripts/build-staleness.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** Builds the parts older than their sources (the examples import the package from dist/; the desktop package packs dist/electron and dist/renderer). */
export async function freshBuild(parts: PartName[]): Promise<void> {
  const stale = staleParts(ROOT, parts);
  if (stale.length) await buildParts(stale, { quiet: true });
}
