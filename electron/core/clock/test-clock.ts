import type { Clock } from '../time.ts';

/**
 * How the test clock runs, as it is stored: the base clock's time (system), a fixed instant
 * (frozen), or the base clock's time moved by an offset (offset, keeps running).
 */
export type ClockSetting = { mode: 'system' } | { mode: 'frozen'; at_ms: number } | { mode: 'offset'; offset_ms: number };

/** A Clock whose time can be set, frozen and advanced (Stripe's test clocks are the model). */
export interface TestClock extends Clock {
  setting(): ClockSetting;
  /** The base clock's time (the machine's): what mode system shows and an offset starts from. */
  systemNow(): Date;
  /** Runs as `setting` says from now on (and tells the listeners). */
  set(setting: ClockSetting): void;
  /**
   * Moves the time forward: a frozen clock stays frozen `ms` later; a system or offset clock
   * becomes (or stays) an offset clock `ms` further ahead, still running.
   */
  advance(ms: number): void;
  /** Called after every change (persistence, waking the webhook dispatcher). */
  onChange(listener: (setting: ClockSetting) => void): () => void;
}

/** `base` is the machine's clock (tests give a fixed one): the time of mode system and the origin of an offset. */
export function createTestClock(base: Clock, initial: ClockSetting = { mode: 'system' }): TestClock {
  let current: ClockSetting = initial;
  const listeners = new Set<(setting: ClockSetting) => void>();

  const clock: TestClock = {
    now() {
      switch (current.mode) {
        case 'system':
          return base.now();
        case 'frozen':
          return new Date(current.at_ms);
        case 'offset':
          return new Date(base.now().getTime() + current.offset_ms);
      }
    },
    setting: () => current,
    systemNow: () => base.now(),
    set(setting) {
      current = setting;
      for (const listener of listeners) listener(current);
    },
    advance(ms) {
      clock.set(advanced(current, ms));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return clock;
}

/** `setting` moved forward by `ms`: a frozen clock stays frozen; a running one keeps running, as an offset clock. */
export function advanced(setting: ClockSetting, ms: number): ClockSetting {
  if (setting.mode === 'frozen') return { mode: 'frozen', at_ms: setting.at_ms + ms };
  return { mode: 'offset', offset_ms: (setting.mode === 'offset' ? setting.offset_ms : 0) + ms };
}

/** A stored setting, checked (a hand-edited or older row reads as system rather than failing the start). */
export function settingFromJson(text: string | undefined): ClockSetting {
  if (text === undefined) return { mode: 'system' };
  try {
    const value = JSON.parse(text) as Partial<Record<string, unknown>>;
    if (value.mode === 'frozen' && Number.isFinite(value.at_ms)) return { mode: 'frozen', at_ms: value.at_ms as number };
    if (value.mode === 'offset' && Number.isFinite(value.offset_ms)) return { mode: 'offset', offset_ms: value.offset_ms as number };
  } catch {
    // unreadable: the system clock
  }
  return { mode: 'system' };
}
