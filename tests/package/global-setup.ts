import { freshBuild } from './build.ts';

// Once, before any file runs: the examples import the package from dist/ and the tarball packs
// it; two files building the same part side by side would swap each other's folders.
export default async function setup(): Promise<void> {
  await freshBuild(['renderer', 'server', 'cli']);
}
