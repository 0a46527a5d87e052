import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../shared/contract/operations.ts';

/**
 * Where an operation lives (electron/core/operations/README.md): it is declared in
 * shared/contract/operations-<area>.ts and handled in electron/core/operations/<area>.ts, one
 * file for one file; nothing else holds handlers, and electron/core/assemble/ only wires.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const CONTRACT = join(ROOT, 'shared/contract');
const HANDLERS = join(ROOT, 'electron/core/operations');

const areasOf = (dir: string, pattern: RegExp): string[] =>
  readdirSync(dir)
    .flatMap((name) => pattern.exec(name)?.[1] ?? [])
    .sort();
const contractAreas = areasOf(CONTRACT, /^operations-([a-z-]+)\.ts$/);
const handlerAreas = areasOf(HANDLERS, /^([a-z-]+)\.ts$/);

const isOperationDef = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && ['summary', 'input', 'output', 'http'].every((key) => key in value);

/** The operations an area's contract file declares: every exported map of operation definitions. */
async function declaredIn(area: string): Promise<string[]> {
  const module = (await import(join(CONTRACT, `operations-${area}.ts`))) as Record<string, unknown>;
  return Object.values(module)
    .filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null && Object.values(value).some(isOperationDef))
    .flatMap((map) => Object.keys(map));
}

/**
 * Stands for every dependency of a handler factory: each property, call and construction answers
 * another stand-in. A factory only builds its closures (and prepares its statements), so it can
 * be called with it and tell which operations it handles without a store.
 */
function standIn(): unknown {
  const proxy: unknown = new Proxy(function standInFunction() {}, {
    get: (_target, key) => {
      if (key === 'then') return undefined;
      if (key === Symbol.toPrimitive) return () => 0;
      if (key === Symbol.iterator) return function* nothing() {};
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy as object,
  });
  return proxy;
}

/** The operations an area's handler file answers: the keys of what its one create…Handlers factory returns. */
async function handledIn(area: string): Promise<{ factories: string[]; operations: string[] }> {
  const module = (await import(join(HANDLERS, `${area}.ts`))) as Record<string, unknown>;
  const factories = Object.entries(module).filter(
    (entry): entry is [string, (deps: unknown) => object] => /^create\w*Handlers$/.test(entry[0]) && typeof entry[1] === 'function',
  );
  const [factory] = factories;
  return { factories: factories.map(([name]) => name), operations: factory ? Object.keys(factory[1](standIn())) : [] };
}

describe('operations layout', () => {
  it('finds the areas', () => {
    expect(contractAreas.length).toBeGreaterThan(20);
  });

  it('every operation is declared in exactly one contract area (none inline in operations.ts)', async () => {
    const declaredBy = new Map<string, string[]>();
    for (const area of contractAreas) {
      for (const name of await declaredIn(area)) declaredBy.set(name, [...(declaredBy.get(name) ?? []), area]);
    }
    const twice = [...declaredBy].filter(([, areas]) => areas.length > 1).map(([name, areas]) => `${name}: ${areas.join(', ')}`);
    expect(twice).toEqual([]);
    expect([...declaredBy.keys()].sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('each contract area has one handler file, and each handler file one contract area', () => {
    expect(handlerAreas).toEqual(contractAreas);
  });

  for (const area of contractAreas) {
    it(`operations/${area}.ts handles exactly the operations of operations-${area}.ts`, async () => {
      const declared = await declaredIn(area);
      const handled = await handledIn(area);
      expect(handled.factories, `one create…Handlers factory in operations/${area}.ts`).toHaveLength(1);
      expect(handled.operations.sort()).toEqual(declared.sort());
    });
  }

  it('only operations/ and the wiring (assemble/operations.ts, create-core.ts) deal in handlers', () => {
    const core = join(ROOT, 'electron/core');
    const allowed = new Set(['assemble/operations.ts', 'create-core.ts', 'operation-handlers.ts']);
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        return entry.isDirectory() ? files(path) : entry.name.endsWith('.ts') ? [path] : [];
      });
    const outside = files(core)
      .map((path) => relative(core, path).split(sep).join('/'))
      .filter((rel) => !rel.startsWith('operations/') && !allowed.has(rel))
      .filter((rel) => /from '[./]+operation-handlers\.ts'/.test(readFileSync(join(core, rel), 'utf8')));
    expect(outside).toEqual([]);
  });
});
