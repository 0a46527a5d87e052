import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rule of the architecture (README, "Layout"): the folder says the runtime, and a
 * folder may import only the folders its runtime can load. Checked here instead of by a lint
 * plugin: it reads every source file's import specifiers.
 */
const ROOT = resolve(import.meta.dirname, '../..');

type Area = 'shared' | 'core' | 'server' | 'cli' | 'main' | 'renderer';
const AREAS: Array<[Area, string]> = [
  ['shared', 'shared'],
  ['core', 'electron/core'],
  ['server', 'electron/server'],
  ['cli', 'electron/cli'],
  ['main', 'electron/main'],
  ['main', 'electron/preload'],
  ['renderer', 'renderer/src'],
];
const MAY_IMPORT: Record<Area, Area[]> = {
  shared: ['shared'],
  core: ['shared', 'core'],
  server: ['shared', 'core', 'server'],
  cli: ['shared', 'core', 'server', 'cli'],
  main: ['shared', 'core', 'server', 'main'],
  renderer: ['shared', 'renderer'],
};
/** Packages (not relative files) each runtime may load. */
const PACKAGE_RULE: Record<Area, (name: string) => boolean> = {
  shared: (name) => name === 'typebox' || name.startsWith('typebox/'),
  core: (name) => name !== 'electron' && !name.startsWith('react'),
  server: (name) => name !== 'electron' && !name.startsWith('react'),
  cli: (name) => name !== 'electron' && !name.startsWith('react'),
  main: (name) => !name.startsWith('react'),
  renderer: (name) => !name.startsWith('node:') && name !== 'electron' && !['fs', 'path', 'better-sqlite3'].includes(name),
};

function areaOf(file: string): Area | undefined {
  const rel = relative(ROOT, file).split(sep).join('/');
  return AREAS.find(([, folder]) => rel === folder || rel.startsWith(`${folder}/`))?.[0];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!).filter(Boolean);
}

/** The domain folder a path is in (electron/core/domains/<name>/...), or undefined. */
function domainOf(path: string): string | undefined {
  const rel = relative(join(ROOT, 'electron/core/domains'), path).split(sep);
  return rel[0] === '..' || rel.length < 2 ? undefined : rel[0];
}

/** Each circle of a directed graph once, as 'a -> b -> a' (depth first; a back edge closes one). */
function circlesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const circles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): void => {
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const at = path.indexOf(next);
      if (at >= 0) circles.push([...path.slice(at), next].join(' -> '));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
  return circles;
}

describe('import rules', () => {
  const files = AREAS.flatMap(([, folder]) => sourceFiles(join(ROOT, folder)));

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('each folder imports only what its runtime may load', () => {
    const violations: string[] = [];
    for (const file of files) {
      const area = areaOf(file)!;
      for (const specifier of importsOf(file)) {
        const where = `${relative(ROOT, file)} imports '${specifier}'`;
        if (specifier.startsWith('.')) {
          const target = areaOf(resolve(dirname(file), specifier));
          if (target && !MAY_IMPORT[area].includes(target)) violations.push(`${where} (${area} may not import ${target})`);
        } else if (!PACKAGE_RULE[area](specifier)) {
          violations.push(`${where} (not loadable in ${area})`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('a domain folder is entered only through its index.ts', () => {
    const domains = join(ROOT, 'electron/core/domains');
    const violations: string[] = [];
    for (const file of files) {
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = resolve(dirname(file), specifier);
        const rel = relative(domains, target).split(sep);
        if (rel[0] === '..' || rel.length < 2) continue;
        const sameDomain = relative(domains, file).split(sep)[0] === rel[0];
        if (!sameDomain && rel[1] !== 'index.ts') violations.push(`${relative(ROOT, file)} imports '${specifier}'`);
      }
    }
    expect(violations).toEqual([]);
  });

  /*
   * A route file is a file directly in electron/server/public/ or electron/server/control/ that
   * declares a URL of its own: a path written in it, in a route-kit declaration (`path: '/…'`)
   * or in a Fastify registration (`app.get('/…'` and the other verbs; a template literal counts
   * too). Helpers beside them (request-urls.ts, route-kit.ts, image-upload.ts, the *.examples.ts,
   * the query and filter modules) declare none. The folder's index.ts wires its route files, so
   * it alone may import them; a route file never imports another one: what two of them share
   * lives in a helper.
   */
  it('route files do not import each other (only the folder index.ts wires them)', () => {
    const folders = ['electron/server/public', 'electron/server/control'].map((folder) => join(ROOT, folder));
    const DECLARES_URL = /\bpath:\s*['`](?:\/|\$\{)|\bapp\.(?:get|head|post|put|patch|delete|all|route)\(\s*['`](?:\/|\$\{)/;
    const routeFiles = new Set(
      files.filter((file) => folders.includes(dirname(file)) && DECLARES_URL.test(readFileSync(file, 'utf8'))),
    );
    const rel = (file: string) => relative(ROOT, file).split(sep).join('/');
    // The rule must see the route files it is about, or it would pass on nothing.
    expect([...routeFiles].map(rel)).toEqual(
      expect.arrayContaining([
        'electron/server/public/connector.ts',
        'electron/server/public/product.ts',
        'electron/server/public/product-images.ts',
        'electron/server/control/event-stream.ts',
        'electron/server/control/inbox-receiver.ts',
      ]),
    );
    const violations: string[] = [];
    for (const file of routeFiles) {
      if (file.endsWith(`${sep}index.ts`)) continue;
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        if (routeFiles.has(resolve(dirname(file), specifier))) violations.push(`${rel(file)} imports '${specifier}'`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
    expect(circlesOf(graph)).toEqual(['a -> b -> c -> a']);
    expect(circlesOf(new Map([['a', new Set(['b'])], ['d', new Set(['a', 'b'])]]))).toEqual([]);
  });

  it('domains import each other without circles (type imports count: a circle of types is still a circle)', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of files) {
      const from = domainOf(file);
      if (from === undefined) continue;
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        const to = domainOf(resolve(dirname(file), specifier));
        if (to !== undefined && to !== from) graph.set(from, (graph.get(from) ?? new Set<string>()).add(to));
      }
    }
    // connectors -> issuing is one edge every order document takes: an empty graph means the reading broke.
    expect(graph.get('connectors')?.has('issuing')).toBe(true);
    expect(circlesOf(graph)).toEqual([]);
  });
});
