import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en.ts';
import { ro } from '../../renderer/src/i18n/ro.ts';

// Every message shown with a count goes through i18next's plural forms: `_one`/`_other` in
// English, `_one`/`_few`/`_other` in Romanian (1 încercare, 2 încercări, 20 de încercări).

type Tree = { [key: string]: string | Tree };

/** Every key of a catalogue, dotted: 'products.notifications.attempts_one'. */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const enKeys = new Set(keys(en as unknown as Tree));
const roKeys = new Set(keys(ro as unknown as Tree));
const pluralBases = (set: Set<string>) => new Set([...set].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));

/** The message at a dotted key, undefined when there is none. */
function messageOf(tree: Tree, key: string): string | Tree | undefined {
  return key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The keys the screens translate with a `count`: t('a.b', { ..., count ... }). */
function keysUsedWithCount(): string[] {
  const used = new Set<string>();
  const call = /\bt\(\s*'([\w.]+)'\s*,\s*\{([^}]*)\}/g;
  for (const file of sources('renderer/src')) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) if (/\bcount\b/.test(match[2]!)) used.add(match[1]!);
  }
  return [...used].sort();
}

describe('plural messages', () => {
  it('every plural key has all its forms: one and other in English, one, few and other in Romanian', () => {
    const bases = new Set([...pluralBases(enKeys), ...pluralBases(roKeys)]);
    expect(bases.size).toBeGreaterThanOrEqual(10);
    const missing: string[] = [];
    for (const base of bases) {
      for (const form of ['one', 'other']) if (!enKeys.has(`${base}_${form}`)) missing.push(`en ${base}_${form}`);
      for (const form of ['one', 'few', 'other']) if (!roKeys.has(`${base}_${form}`)) missing.push(`ro ${base}_${form}`);
      if (enKeys.has(base) || roKeys.has(base)) missing.push(`${base} also without a plural suffix`);
    }
    expect(missing).toEqual([]);
  });

  it('every message the screens show with a count is a plural one', () => {
    const used = keysUsedWithCount();
    expect(used).toContain('products.notifications.attempts');
    const bases = pluralBases(enKeys);
    // A count written as a label's value ('reușite: 3') agrees with nothing: no plural needed.
    const labelled = (key: string) => /: \{\{count\}\}$/.test(String(messageOf(ro as unknown as Tree, key)));
    expect(used.filter((key) => !bases.has(key) && !labelled(key))).toEqual([]);
  });

  it('renders 1 attempt, 2 attempts; 1 încercare, 2 încercări, 20 de încercări', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { en: { translation: en }, ro: { translation: ro } }, lng: 'en', interpolation: { escapeValue: false } });
    const attempts = (lng: string, count: number) => i18n.t('connectorOrders.delivery.attempts', { lng, count });
    expect([1, 2].map((n) => attempts('en', n))).toEqual(['1 attempt', '2 attempts']);
    expect([1, 2, 19, 20, 101, 120].map((n) => attempts('ro', n))).toEqual(['1 încercare', '2 încercări', '19 încercări', '20 de încercări', '101 încercări', '120 de încercări']);
    expect(i18n.t('products.notifications.attempts', { lng: 'ro', count: 1 })).toBe('1 încercare');
    expect(i18n.t('common.items', { lng: 'ro', count: 21 })).toBe('21 de elemente');
  });
});
