// Types of build.mjs (plain JavaScript: npm run serve imports it before anything is compiled).
import type { PartName } from './build-staleness.mjs';

/** Bundles a Node entry holding the core into `outdir`, with the migrations and the seed worker next to it. */
export function buildCoreBundle(entryName: string, entryFile: string, outdir: string, target: string, moreEntries?: Record<string, string>): Promise<void>;

/** Builds `parts` in order into dist/, stamping each. */
export function buildParts(parts: PartName[], options?: { quiet?: boolean }): Promise<void>;
