/**
 * Serialized answers of GET endpoints, reused while the data they were made of is unchanged
 * (same data version, see electron/core/store/data-version.ts). The key holds the caller (user
 * and IP, which the envelope echoes) and the whole URL. Authentication still runs for every
 * request: the cache only saves the query and the serialization. Least recently used answers
 * are dropped beyond `maxBytes`.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { version: string; body: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.body;
  }

  set(key: string, version: string, body: string): void {
    if (body.length > this.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= oldEntry.body.length;
    }
  }
}
