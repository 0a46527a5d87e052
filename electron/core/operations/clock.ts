import type { clockOperations } from '../../../shared/contract/operations-clock.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import { nextSetting, stateOf } from '../clock/stored-clock.ts';
import type { TestClock } from '../clock/test-clock.ts';

export interface ClockHandlerDeps {
  clock: TestClock;
  /** Runs after every update (the webhook dispatcher looks at what is due). */
  changed(): void;
}

/** The test clock every "now" of the core reads (shared/contract/operations-clock.ts). */
export function createClockHandlers(deps: ClockHandlerDeps): HandlersOf<keyof typeof clockOperations> {
  const { clock } = deps;
  return {
    'clock.get': () => stateOf(clock),
    'clock.update': (update) => {
      clock.set(nextSetting(clock, update));
      deps.changed();
      return stateOf(clock);
    },
  };
}
