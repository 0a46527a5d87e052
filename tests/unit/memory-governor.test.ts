import { describe, expect, it } from 'vitest';
import { createMemoryGovernor, GROWTH_BYTES } from '../../electron/core/memory-governor.ts';

/*
 * The memory governor (core/memory-governor.ts): above the RSS target it starts a major
 * collection, never more often than its interval; V8's collector is reachable without flags.
 */
describe('memory governor', () => {
  it('collects above the target when new memory is held, at most once per interval', () => {
    let rss = 100;
    let held = 10;
    let clock = 0;
    let collected = 0;
    const look = (at: number) => {
      clock = at;
      return governor.look();
    };
    const governor = createMemoryGovernor({ targetBytes: 200, minIntervalMs: 1000, sample: () => ({ rss, held }), now: () => clock, collect: () => collected++ });
    expect(look(0)).toBe(false); // under the target
    held = 10 + GROWTH_BYTES;
    expect(look(50)).toBe(false); // still under it
    rss = 300;
    expect(look(100)).toBe(true);
    held = 10; // what the collection left
    expect(look(300)).toBe(false);
    held = 10 + 2 * GROWTH_BYTES;
    expect(look(500)).toBe(false); // within the interval
    expect(look(1100)).toBe(true);
    held = 20;
    expect(look(1500)).toBe(false);
    // Large but not growing (an idle process above the target): left alone.
    held = 25;
    expect(look(5000)).toBe(false);
    expect(look(9000)).toBe(false);
    rss = 150;
    held = 20 + GROWTH_BYTES;
    expect(look(12_000)).toBe(false); // under the target again
    expect(collected).toBe(2);
    expect(governor.collections()).toBe(2);
  });

  it("starts V8's own major collection, which frees unreachable Buffers", async () => {
    const { FinalizationRegistry: Registry } = globalThis;
    let freed = false;
    const registry = new Registry(() => (freed = true));
    (() => {
      const answer = Buffer.alloc(1024 * 1024);
      registry.register(answer, 'answer');
    })();
    let held = 0;
    const governor = createMemoryGovernor({ targetBytes: 0, minIntervalMs: 0, sample: () => ({ rss: 1, held: (held += GROWTH_BYTES) }) });
    // The first look notes what is held; the second finds it grown and collects.
    governor.look();
    expect(governor.look()).toBe(true);
    const deadline = Date.now() + 10_000;
    while (!freed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      governor.look();
    }
    expect(freed).toBe(true);
    // The service's own global gets no gc() from it.
    expect('gc' in globalThis).toBe(false);
  });
});
