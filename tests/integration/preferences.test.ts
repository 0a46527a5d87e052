import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConfUserSettings } from '../../electron/cli/user-settings.ts';
import { preferencesIn } from '../../shared/domain/user-settings.ts';
import { startHarness, type Harness } from './harness.ts';

/*
 * The window's UI preferences (theme, language, table columns) through the operations map: the
 * desktop window saves them over IPC into the user settings file (electron-store there; conf,
 * its engine, here: the same config.json).
 */

const userDataDir = mkdtempSync(join(tmpdir(), 'erpwb-prefs-'));
let h: Harness | undefined;
afterAll(async () => {
  await h?.close();
  rmSync(userDataDir, { recursive: true, force: true });
});

describe('preferences.get / preferences.set', () => {
  it('saves a store by name into the user settings file, reads it back, forgets it with null', async () => {
    h = await startHarness({ seed: 'empty', preferences: preferencesIn(createConfUserSettings(userDataDir)) });
    const ui = JSON.stringify({ state: { colorScheme: 'dark', language: 'ro' }, version: 1 });
    expect((await h.control('PUT', '/preferences/erp-workbench.ui', { value: ui })).status).toBe(200);
    expect((await h.control('PUT', '/preferences/erp-workbench.data-table', { value: '{"state":{"tables":{}}}' })).status).toBe(200);
    expect((await h.control<Record<string, string>>('GET', '/preferences')).body.data['erp-workbench.ui']).toBe(ui);

    // The file another process (the desktop app's electron-store) reads.
    const file = JSON.parse(readFileSync(join(userDataDir, 'config.json'), 'utf8')) as { uiPreferences: Record<string, string> };
    expect(file.uiPreferences['erp-workbench.ui']).toBe(ui);

    await h.control('PUT', '/preferences/erp-workbench.data-table', { value: null });
    expect(Object.keys((await h.control<Record<string, string>>('GET', '/preferences')).body.data)).toEqual(['erp-workbench.ui']);
  });

  it('refuses a bad name or a missing value with a 400 naming the field', async () => {
    const badKey = await h!.control('PUT', '/preferences/..%2Fetc', { value: 'x' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.messages.join()).toMatch(/key/);
    const noValue = await h!.control('PUT', '/preferences/erp-workbench.ui', {});
    expect(noValue.status).toBe(400);
    expect(noValue.body.messages.join()).toMatch(/value/);
  });
});
