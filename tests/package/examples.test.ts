import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from './build.ts';

// The examples of docs/ci.md, each run by its own test runner as a team's CI would: the package
// imported by its name ('erp-workbench' resolves to this checkout's build through the package's
// exports; the build is fresh: global-setup.ts), one workbench per run, an account per worker or file.

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, CI: '1', FORCE_COLOR: '0', NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output: stripVTControlCharacters(output) }));
  });
}

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

describe('the CI examples of docs/ci.md run', () => {
  it('vitest: globalSetup starts one workbench, each test file makes its own account', async () => {
    const result = await run(bin('vitest'), ['run', '--config', 'examples/vitest/vitest.config.ts']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Test Files +2 passed/);
    expect(result.output).toMatch(/Tests +3 passed/);
  });

  it('Jest: globalSetup and globalTeardown as ES modules, CommonJS tests over fetch', async () => {
    const result = await run(bin('jest'), ['--config', 'examples/jest/jest.config.mjs']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Tests: +3 passed, 3 total/);
  });

  it("Playwright: the request fixture, an account per worker, no browser", async () => {
    const result = await run(bin('playwright'), ['test', '-c', 'examples/playwright/playwright.config.ts', '--output', join(ROOT, 'test-results/examples-playwright')]);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/2 passed/);
  });

  it('docs/ci.md shows each example file as it is', () => {
    const doc = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
    // <!-- example: examples/vitest/global-setup.ts --> followed by a fenced block with the file.
    const shown = [...doc.matchAll(/<!-- example: (\S+) -->\s*```\w*\n([\s\S]*?)```/g)];
    expect(shown.length).toBeGreaterThanOrEqual(6);
    for (const [, file, block] of shown) {
      expect(block, `docs/ci.md's copy of ${file}`).toBe(readFileSync(join(ROOT, file!), 'utf8'));
    }
  });
});
