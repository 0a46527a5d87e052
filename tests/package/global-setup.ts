import { freshBuild } from './build.ts';

// Once, before any file runs: the examples import the package from dist/, the tarball packs it,
// the desktop package packs dist/electron and dist/renderer; two files building the same part
// side by side would swap each other's folders.
export default async function setup(): Promise<void> {
  await freshBuild(['renderer', 'server', 'cli', 'electron']);
}
