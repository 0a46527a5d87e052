import type { Database } from 'better-sqlite3';
import { badRequest } from '../../../shared/contract/errors.ts';
import { CLOCK_EARLIEST, CLOCK_LATEST, type ClockState, type ClockUpdate } from '../../../shared/contract/operations-clock.ts';
import { formatTimestamp, type Clock } from '../time.ts';
import { advanced, createTestClock, settingFromJson, type ClockSetting, type TestClock } from './test-clock.ts';
import { parseWallTime } from './wall-time.ts';

/**
 * The row of service_settings that keeps the clock. That table survives restarts and resets (a
 * reset carries it into the new file), and the settings domain reads only the keys it knows.
 */
const SETTING_KEY = 'test_clock';

const earliestMs = instantOf(CLOCK_EARLIEST);
const latestMs = instantOf(CLOCK_LATEST);

/**
 * Opens the core's clock: `base` (the machine's clock, or the one a test gives) run as the stored
 * setting says. Every change is written back at once, so the clock survives a restart.
 */
export function openTestClock(db: Database, base: Clock): TestClock {
  const read = db.prepare<[string], { value: string }>('SELECT value FROM service_settings WHERE key = ?');
  const write = db.prepare<[string, string]>(
    'INSERT INTO service_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM service_settings WHERE key = ?');
  const clock = createTestClock(base, settingFromJson(read.get(SETTING_KEY)?.value));
  clock.onChange((setting) => {
    if (setting.mode === 'system') remove.run(SETTING_KEY);
    else write.run(SETTING_KEY, JSON.stringify(setting));
  });
  return clock;
}

/** The clock as clock.get and clock.update answer it. */
export function stateOf(clock: TestClock): ClockState {
  const setting = clock.setting();
  const now = formatTimestamp(clock.now());
  return setting.mode === 'offset' ? { mode: 'offset', now, offset_s: setting.offset_ms / 1000 } : { mode: setting.mode, now };
}

/** What an update body (clock.update) asks for; every rule between its fields is a 400 naming the field. */
export function nextSetting(clock: TestClock, update: ClockUpdate): ClockSetting {
  const { mode, now, offset_s, advance_s } = update;
  if (advance_s !== undefined) {
    if (now !== undefined) throw badRequest('advance_s: not together with now (now sets the clock, advance_s moves it)');
    if (mode !== undefined || offset_s !== undefined) {
      throw badRequest(`advance_s: sent alone: it moves the clock in its current mode (drop ${mode !== undefined ? 'mode' : 'offset_s'})`);
    }
    const ms = Math.round(advance_s * 1000);
    if (clock.now().getTime() + ms > latestMs) throw badRequest(`advance_s: would move the clock past ${CLOCK_LATEST}`);
    return advanced(clock.setting(), ms);
  }
  if (mode === undefined) {
    throw badRequest(now !== undefined ? "mode: required with now ('frozen')" : 'body: name mode (system, frozen, offset) or advance_s');
  }
  if (now !== undefined && mode !== 'frozen') throw badRequest(`now: goes with mode 'frozen', not '${mode}'`);
  if (offset_s !== undefined && mode !== 'offset') throw badRequest(`offset_s: goes with mode 'offset', not '${mode}'`);
  switch (mode) {
    case 'system':
      return { mode: 'system' };
    case 'frozen': {
      const at = now === undefined ? clock.now().getTime() : parsedNow(now);
      return { mode: 'frozen', at_ms: at };
    }
    case 'offset': {
      if (offset_s === undefined) throw badRequest("offset_s: required with mode 'offset'");
      const offsetMs = Math.round(offset_s * 1000);
      const shown = clock.systemNow().getTime() + offsetMs;
      if (shown < earliestMs || shown > latestMs) throw badRequest(`offset_s: the clock would show a time outside ${CLOCK_EARLIEST} - ${CLOCK_LATEST}`);
      return { mode: 'offset', offset_ms: offsetMs };
    }
  }
}

function parsedNow(text: string): number {
  const parsed = parseWallTime(text);
  if ('error' in parsed) throw badRequest(`now: ${parsed.error}`);
  const ms = parsed.instant.getTime();
  if (ms < earliestMs || ms > latestMs) throw badRequest(`now: '${text}' is outside ${CLOCK_EARLIEST} - ${CLOCK_LATEST}`);
  return ms;
}

function instantOf(wall: string): number {
  const parsed = parseWallTime(wall);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.instant.getTime();
}
