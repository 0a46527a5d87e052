import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { _electron as electron } from 'playwright-core';

/*
 * The desktop window itself, launched by Playwright, where an Electron binary is present. The
 * binary is fetched at first launch (Electron >= 42), and machines without internet access
 * (CI here) have none: then this test is skipped and says so. Never `require('electron')` here:
 * without a binary that call tries to download one.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function electronBinary(): string | undefined {
  if (process.env.ELECTRON_BINARY) return existsSync(process.env.ELECTRON_BINARY) ? process.env.ELECTRON_BINARY : undefined;
  const pathFile = join(ROOT, 'node_modules/electron/path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(ROOT, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();
if (!binary) {
  console.warn('SKIPPED: the Electron launch test — no Electron binary on this machine (node_modules/electron/dist is empty; it is fetched at first launch). The core, the server and the renderer are tested without it.');
}

describe('the desktop window (Electron)', () => {
  it.skipIf(!binary)('opens sandboxed, exposes only invoke and onEvent, and reaches the core over IPC', async () => {
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-electron.mjs')], { stdio: 'ignore' });
    const home = mkdtempSync(join(tmpdir(), 'erpwb-electron-'));
    const app = await electron.launch({
      executablePath: binary!,
      args: [join(ROOT, 'dist/electron/main/main.js'), '--no-sandbox'],
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), APPDATA: home },
    });
    try {
      const window = await app.firstWindow();
      expect(await window.title()).toBe('ERP Workbench');
      expect(await window.evaluate(() => Object.keys((window as unknown as { erp: object }).erp).sort())).toEqual(['invoke', 'onEvent']);
      expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      const health = await window.evaluate(() =>
        (window as unknown as { erp: { invoke(op: string, input: object): Promise<{ ok: boolean; data?: { status: string } }> } }).erp.invoke('service.health', {}),
      );
      expect(health).toMatchObject({ ok: true, data: { status: 'ok' } });
    } finally {
      await app.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
