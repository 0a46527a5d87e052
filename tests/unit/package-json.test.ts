import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm install` in a clean clone must leave the tree clean: the lock's root entry says what
// package.json says (npm rewrites it otherwise). And the package is publishable.
const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { name: string; version: string; packages: Record<string, Record<string, unknown>> };

describe('package.json and its lock', () => {
  it("the lock's root entry matches package.json (npm install changes nothing)", () => {
    const root = lock.packages['']!;
    expect(lock.name).toBe(pkg.name);
    expect(lock.version).toBe(pkg.version);
    for (const key of ['name', 'version', 'license', 'dependencies', 'devDependencies', 'engines', 'bin'] as const) {
      expect(root[key], key).toEqual(pkg[key]);
    }
    // Every dependency of package.json is in the lock.
    for (const name of Object.keys({ ...(pkg.dependencies as object), ...(pkg.devDependencies as object) })) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
    }
  });

  it('is publishable: not private, an entry with its types, the bin, no sources in files', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.exports).toMatchObject({ '.': { types: expect.stringMatching(/\.d\.ts$/), import: './dist/server/workbench.js' } });
    expect(pkg.bin).toEqual({ 'erp-workbench': 'bin/erp-workbench.mjs' });
    const files = pkg.files as string[];
    expect(files).toContain('!dist/**/*.map');
    expect(files.filter((f) => /^(electron|shared|renderer|tests)\b/.test(f))).toEqual([]);
    // Runtime code needs no TypeScript runner: tsx is a development tool.
    expect(Object.keys(pkg.dependencies as object)).not.toContain('tsx');
  });
});
