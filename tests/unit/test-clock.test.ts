import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advanced, createTestClock, settingFromJson } from '../../electron/core/clock/test-clock.ts';
import { parseWallTime } from '../../electron/core/clock/wall-time.ts';
import { openTestClock } from '../../electron/core/clock/stored-clock.ts';
import { createClockHandlers } from '../../electron/core/operations/clock.ts';
import { openDatabase } from '../../electron/core/store/database.ts';
import { formatTimestamp } from '../../electron/core/time.ts';
import { isOperationError } from '../../shared/contract/errors.ts';

/** A base clock the test moves by hand (the machine's time, as far as the test clock knows). */
function manualBase(start: string) {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), tick: (ms: number) => void (t += ms) };
}

const instant = (text: string) => {
  const parsed = parseWallTime(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.instant;
};

describe('the test clock', () => {
  it('system follows the base clock; frozen stands still; offset runs with the base, ahead', () => {
    const base = manualBase('2026-11-25T10:00:00Z');
    const clock = createTestClock(base);
    expect(clock.now().toISOString()).toBe('2026-11-25T10:00:00.000Z');
    base.tick(1000);
    expect(clock.now().toISOString()).toBe('2026-11-25T10:00:01.000Z');

    clock.set({ mode: 'frozen', at_ms: Date.parse('2026-12-01T07:00:00Z') });
    base.tick(60_000);
    expect(clock.now().toISOString()).toBe('2026-12-01T07:00:00.000Z');
    clock.advance(3_600_000);
    expect(clock.setting()).toEqual({ mode: 'frozen', at_ms: Date.parse('2026-12-01T08:00:00Z') });

    clock.set({ mode: 'system' });
    clock.advance(86_400_000);
    expect(clock.setting()).toEqual({ mode: 'offset', offset_ms: 86_400_000 });
    const before = clock.now().getTime();
    base.tick(5000);
    expect(clock.now().getTime() - before).toBe(5000);
    expect(clock.now().getTime() - base.now().getTime()).toBe(86_400_000);
    expect(clock.systemNow().getTime()).toBe(base.now().getTime());
  });

  it('advanced() keeps a frozen clock frozen and adds to an offset', () => {
    expect(advanced({ mode: 'frozen', at_ms: 1000 }, 500)).toEqual({ mode: 'frozen', at_ms: 1500 });
    expect(advanced({ mode: 'offset', offset_ms: 1000 }, 500)).toEqual({ mode: 'offset', offset_ms: 1500 });
    expect(advanced({ mode: 'system' }, 500)).toEqual({ mode: 'offset', offset_ms: 500 });
  });

  it('tells its listeners about every change', () => {
    const clock = createTestClock(manualBase('2026-11-25T10:00:00Z'));
    const seen: string[] = [];
    const stop = clock.onChange((s) => seen.push(s.mode));
    clock.set({ mode: 'frozen', at_ms: 0 });
    clock.advance(1);
    stop();
    clock.set({ mode: 'system' });
    expect(seen).toEqual(['frozen', 'frozen']);
  });

  it('reads a stored setting, and anything unreadable as system', () => {
    expect(settingFromJson(undefined)).toEqual({ mode: 'system' });
    expect(settingFromJson('{"mode":"frozen","at_ms":5}')).toEqual({ mode: 'frozen', at_ms: 5 });
    expect(settingFromJson('{"mode":"offset","offset_ms":-5}')).toEqual({ mode: 'offset', offset_ms: -5 });
    expect(settingFromJson('{"mode":"frozen"}')).toEqual({ mode: 'system' });
    expect(settingFromJson('not json')).toEqual({ mode: 'system' });
  });
});

describe('Europe/Bucharest wall time', () => {
  it('winter is UTC+2, summer UTC+3', () => {
    expect(instant('2026-12-01 09:00:00').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(instant('2026-07-01 09:00:00').toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(formatTimestamp(instant('2026-12-01 09:00:00'))).toBe('2026-12-01 09:00:00');
  });

  it('ISO 8601 with Z or an offset is converted', () => {
    expect(instant('2026-12-01T07:00:00Z').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(instant('2026-12-01T09:00:00+02:00').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(instant('2026-12-01T02:00:00-0500').toISOString()).toBe('2026-12-01T07:00:00.000Z');
  });

  it('the hour skipped in spring is refused; the hour passed twice in autumn is the summer one', () => {
    expect(parseWallTime('2026-03-29 03:30:00')).toEqual({ error: expect.stringMatching(/does not exist/) });
    expect(instant('2026-03-29 04:00:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(instant('2026-10-25 03:30:00').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses what is not a time', () => {
    for (const text of ['2026-12-01', '01.12.2026 09:00', '2026-02-29 09:00:00', '2026-12-01 24:00:00', '2026-12-01T09:00:00+25:00']) {
      expect(parseWallTime(text), text).toEqual({ error: expect.any(String) });
    }
  });
});

describe('the stored clock', () => {
  it('survives closing and opening the database; system leaves no row', () => {
    const dir = mkdtempSync(join(tmpdir(), 'erpwb-clock-'));
    const file = join(dir, 'store.sqlite');
    const base = manualBase('2026-11-25T10:00:00Z');
    try {
      let db = openDatabase(file);
      let clock = openTestClock(db, base);
      const handlers = createClockHandlers({ clock, changed: () => {} });
      expect(handlers['clock.update']({ mode: 'frozen', now: '2026-12-01 09:00:00' })).toEqual({ mode: 'frozen', now: '2026-12-01 09:00:00' });
      db.close();

      db = openDatabase(file);
      clock = openTestClock(db, base);
      expect(createClockHandlers({ clock, changed: () => {} })['clock.get']({})).toEqual({ mode: 'frozen', now: '2026-12-01 09:00:00' });
      createClockHandlers({ clock, changed: () => {} })['clock.update']({ mode: 'system' });
      expect(db.prepare("SELECT count(*) AS n FROM service_settings WHERE key = 'test_clock'").get()).toEqual({ n: 0 });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an update runs `changed` after the clock moved; a refused one changes nothing', () => {
    const clock = createTestClock(manualBase('2026-11-25T10:00:00Z'));
    const seen: string[] = [];
    const handlers = createClockHandlers({ clock, changed: () => void seen.push(formatTimestamp(clock.now())) });
    handlers['clock.update']({ advance_s: 60 });
    expect(seen).toEqual(['2026-11-25 12:01:00']);
    let refused: unknown;
    try {
      handlers['clock.update']({ advance_s: 60, now: '2026-12-01 09:00:00' });
    } catch (error) {
      refused = error;
    }
    expect(isOperationError(refused) && refused.status === 400 && refused.message.startsWith('advance_s:')).toBe(true);
    expect(seen).toHaveLength(1);
    expect(clock.setting()).toEqual({ mode: 'offset', offset_ms: 60_000 });
  });
});
