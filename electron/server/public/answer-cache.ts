import type { AuthenticatedUser } from '../../core/domains/auth/index.ts';
import type { LoggedAnswer } from '../../core/domains/api-log/index.ts';
import type { AnswerDependencies } from '../../core/store/data-version.ts';

/**
 * One answer of a GET endpoint as it went out, with what a repeat of the request needs. As a
 * LoggedAnswer, the API log writes its head once and lets the repeats refer to that line.
 */
export interface CachedAnswer extends LoggedAnswer {
  /** What besides its tables the answer was made at (other connections' commits, the day): see answerVersion(). */
  version: string;
  /** The tables the answer was made from, and the change sequence number it was made at (store/table-changes.ts). */
  tables: readonly string[];
  since: number;
  /** The exact bytes sent (UTF-8 JSON): a repeat writes them as they are, no encoding. */
  body: Buffer;
  status: number;
  contentType: string;
  /** What the API log keeps of the answer (its head). */
  logHead: string;
  /** request_route of the API log line. */
  route: string;
  companyId: number;
  /** Who the answer was made for (it echoes the user): checked again on every repeat. */
  user: AuthenticatedUser;
}

/** Requests remembered as asked once (their keys only). */
const ASKED_ONCE_KEPT = 10_000;

/** Bytes an entry holds besides its body (key, head, the objects): an estimate, on the safe side. */
const ENTRY_OVERHEAD = 512;

const sizeOf = (key: string, answer: CachedAnswer) => answer.body.length + 2 * (key.length + answer.logHead.length + answer.route.length) + ENTRY_OVERHEAD;

/**
 * A copy of `text` that holds only its own characters. The log head is cut from the whole
 * serialized answer, and V8 makes a cut of a long string a view that keeps the whole string
 * alive: a cached 50 KB answer then held its body twice (the bytes, and the string as UTF-16
 * when it has a diacritic), unseen by the budget.
 */
export function ownCopy(text: string): string {
  return text.length === 0 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/** Says whether the tables of an answer changed since it was made (the core's AnswerDependencies). */
export type TableValidity = Pick<AnswerDependencies, 'unchangedSince'>;

/**
 * Serialized answers of GET endpoints, reused while the data they were made of is unchanged
 * (the same version, see answerVersion(), and none of the tables it was read from changed since:
 * electron/core/store/table-changes.ts). The key holds everything the
 * answer depends on besides the data: the caller's IP and credentials (the envelope echoes IP
 * and user), the Host (URLs in answers are built on it) and the whole URL. Authentication is
 * checked again for every repeat (see cached-answers.ts). Beyond the byte budget, the least
 * recently used answers go first; an answer larger than an eighth of the budget is not kept.
 */
export class AnswerCache {
  /** Insertion order is recency: a hit moves its entry to the end. */
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  /** The version of the newest answer stored: entries of another version can never be served. */
  private version: string | undefined;
  /** Keys asked once lately (see worthKeeping), oldest first. */
  private readonly askedOnce = new Set<string>();

  /** `maxBytes` is read on every store: a changed setting applies from the next answer on. */
  constructor(private readonly maxBytes: () => number) {}

  /** The answer stored under `key` when it was made at `version` from tables unchanged since; a stale one is dropped. */
  get(key: string, version: string, tables: TableValidity): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.version !== version || !tables.unchangedSince(entry.tables, entry.since)) {
      this.bytes -= sizeOf(key, entry);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Stores `answer` (made at `answer.version`, the current one). Entries of any other version go
   * at once: the version only moves forward (another connection wrote, the day passed, the file
   * was swapped), so they would only be found stale. Entries whose tables changed are dropped
   * when they are next asked for, or as the least recently used.
   */
  set(key: string, answer: CachedAnswer): void {
    const budget = this.maxBytes();
    if (answer.version !== this.version) {
      this.clear();
      this.version = answer.version;
    }
    const kept = { ...answer, logHead: ownCopy(answer.logHead) };
    const size = sizeOf(key, kept);
    this.delete(key);
    if (size <= budget / 8) {
      this.entries.set(key, kept);
      this.bytes += size;
    }
    this.evictTo(budget);
  }

  /** Forgets every answer. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Whether an answer just made for `key` is worth keeping: only once the same request came
   * twice lately. A client asking every page or filter once (an export walk, a sync) then costs
   * no copy of each answer and does not push the answers that are asked again out of the cache.
   */
  worthKeeping(key: string): boolean {
    if (this.maxBytes() === 0) return false;
    if (this.askedOnce.delete(key)) return true;
    this.askedOnce.add(key);
    if (this.askedOnce.size > ASKED_ONCE_KEPT) this.askedOnce.delete(this.askedOnce.values().next().value!);
    return false;
  }

  /** Bytes held and entries, for the settings screen and the tests. */
  stats(): { bytes: number; entries: number } {
    return { bytes: this.bytes, entries: this.entries.size };
  }

  private delete(key: string): void {
    const previous = this.entries.get(key);
    if (previous === undefined) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, previous);
  }

  private evictTo(budget: number): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= budget) break;
      this.entries.delete(key);
      this.bytes -= sizeOf(key, entry);
    }
  }
}
