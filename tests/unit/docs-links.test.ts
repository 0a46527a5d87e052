import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the front door and docs/ the manual: every link in them must open something
// in this repository (a package user has nothing outside it), and the README stays short.
const ROOT = join(import.meta.dirname, '../..');
const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Markdown links and images: [text](target) and ![alt](target), without the #anchor. */
function links(text: string): string[] {
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('README and docs/', () => {
  it('the README is a front door: at most 250 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('no README link points outside the repository', () => {
    for (const target of links(readFileSync(join(ROOT, 'README.md'), 'utf8'))) {
      expect(target, target).not.toMatch(/^[a-z]+:/i);
      const file = resolve(ROOT, target.split('#')[0]!);
      expect(relative(ROOT, file).startsWith('..'), target).toBe(false);
    }
  });

  it.each(pages)('every relative link of %s opens a file of the repository', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const target of links(text).filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'))) {
      const file = resolve(dirname(join(ROOT, page)), target.split('#')[0]!);
      expect(relative(ROOT, file).startsWith('..'), `${page}: ${target} leaves the repository`).toBe(false);
      expect(existsSync(file), `${page}: ${target} does not exist`).toBe(true);
    }
  });
});
