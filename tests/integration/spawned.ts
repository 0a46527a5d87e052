/**
 * Waits until the output a spawned process wrote so far (`read`) matches `pattern`, polling every
 * 50 ms; fails after `ms` with the output in the message.
 */
export async function waitForOutput(read: () => string, pattern: RegExp, ms = 60_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const match = read().match(pattern);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${pattern}; output so far:\n${read()}`);
}
