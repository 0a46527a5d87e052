import { StringDecoder } from 'node:string_decoder';
import { formatTimestamp, type Clock } from '../time.ts';
import type { InboxBehaviour, InboxMessage, InboxState } from '../../../shared/domain/inbox.ts';
import { DEFAULT_SERVICE_SETTINGS } from '../../../shared/domain/settings.ts';

/** Posts kept per inbox (the oldest go first) and inboxes kept in all (the least used go first). */
const MAX_MESSAGES = 1000;
const MAX_INBOXES = 200;
/**
 * Bytes of a body kept, as UTF-8 (a webhook body is small): the rest is read and counted, never
 * held, so a post of any size costs this much memory at most.
 */
export const INBOX_BODY_KEPT = 64 * 1024;
const MIB = 1024 * 1024;

/** A body as the inbox keeps it: its head (whole characters of its first INBOX_BODY_KEPT bytes) and its full length. */
export interface ReceivedBody {
  head: string;
  bytes: number;
}

/**
 * Collects a body arriving in chunks: copies of the first INBOX_BODY_KEPT bytes, the length of
 * the rest. The copies matter: a chunk of a socket can be a view of a larger buffer, and keeping
 * the view would keep all of it.
 */
export class BodyHead {
  private readonly parts: Buffer[] = [];
  private kept = 0;
  /** Bytes seen so far, kept or not. */
  bytes = 0;

  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    const room = INBOX_BODY_KEPT - this.kept;
    if (room <= 0) return;
    const part = Buffer.from(chunk.subarray(0, room));
    this.parts.push(part);
    this.kept += part.length;
  }

  finish(): ReceivedBody {
    return { head: decodeHead(Buffer.concat(this.parts, this.kept), this.bytes), bytes: this.bytes };
  }
}

/**
 * The text of a head. A cut body can end inside a character: the decoder's write() holds back an
 * incomplete sequence at the end instead of turning it into U+FFFD, so the head stays whole
 * characters. A body kept whole is decoded as before (invalid bytes become U+FFFD). Either way the
 * string is a new one, not a view of anything larger.
 */
function decodeHead(head: Buffer, bytes: number): string {
  return bytes > head.length ? new StringDecoder('utf8').write(head) : head.toString('utf8');
}

/**
 * The same for a body handed over as a string (own-inbox.ts). A string cut with slice() would be
 * a view of the whole body (V8 keeps the parent alive), so a long one is re-encoded from a short
 * prefix: INBOX_BODY_KEPT UTF-16 units are at least INBOX_BODY_KEPT bytes of UTF-8.
 */
export function textBody(body: string): ReceivedBody {
  const bytes = Buffer.byteLength(body);
  if (bytes <= INBOX_BODY_KEPT) return { head: body, bytes };
  return { head: decodeHead(Buffer.from(body.slice(0, INBOX_BODY_KEPT)).subarray(0, INBOX_BODY_KEPT), bytes), bytes };
}

/**
 * What a capture costs the heap, estimated on the high side for 64-bit V8 without pointer
 * compression: a string 16 bytes plus 1 byte a character (2 when one is past U+00FF), an object
 * or array 64 bytes plus 8 a slot (16 more for a key's descriptor, the key string counted as
 * well), a number that is not a small integer a 16-byte box. Walked with a stack of its own: a
 * parsed body can nest deeper than the call stack goes.
 */
export function heapBytes(root: unknown): number {
  let total = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') total += stringBytes(value);
    else if (typeof value === 'number') total += Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : 16;
    else if (Array.isArray(value)) {
      total += 64 + 8 * value.length;
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      total += 64;
      for (const [key, item] of Object.entries(value)) {
        total += 24 + stringBytes(key);
        stack.push(item);
      }
    }
  }
  return total;
}

const TWO_BYTE = /[^\u0000-\u00ff]/;
const stringBytes = (text: string): number => 16 + Math.ceil((text.length * (TWO_BYTE.test(text) ? 2 : 1)) / 8) * 8;

/** The record around a message: its place in both lists and its counts. */
const CAPTURE_OVERHEAD = 64;

/** One kept post, in its inbox's list and in the list of all captures (oldest first). */
interface Capture {
  inbox: Inbox;
  message: InboxMessage;
  bytes: number;
  older: Capture | undefined;
  newer: Capture | undefined;
}

interface Inbox {
  captures: Capture[];
  keptBytes: number;
  nextId: number;
  received: number;
  /** Posts received but no longer kept (the per-inbox cap or the budget of all inboxes). */
  dropped: number;
  status: number | number[];
  /** Statuses of the sequence not used yet. */
  upcoming: number[];
  delayMs: number;
}

/**
 * The built-in receiver (beyond the spec): a connector pointed at /_sandbox/inbox/{name} has its
 * notifications recorded here, answered with a status and delay the user sets. Held in memory:
 * a test tool's scratch pad (the delivery log in the database is the durable record), within one
 * byte budget for all inboxes together (the inbox_budget_mb setting): past it the oldest captures
 * go, whichever inbox holds them.
 */
export function createInbox(clock: Clock, budget: () => number = () => DEFAULT_SERVICE_SETTINGS.inbox_budget_mb * MIB) {
  const inboxes = new Map<string, Inbox>();
  /** All captures, oldest first, across inboxes: a list so any one leaves in constant time. */
  let oldest: Capture | undefined;
  let newest: Capture | undefined;
  let keptBytes = 0;

  const fresh = (): Inbox => ({ captures: [], keptBytes: 0, nextId: 1, received: 0, dropped: 0, status: 200, upcoming: [], delayMs: 0 });

  function unlink(capture: Capture): void {
    if (capture.older) capture.older.newer = capture.newer;
    else oldest = capture.newer;
    if (capture.newer) capture.newer.older = capture.older;
    else newest = capture.older;
    capture.older = capture.newer = undefined;
    keptBytes -= capture.bytes;
    capture.inbox.keptBytes -= capture.bytes;
  }

  /** Drops the oldest captures of all inboxes until `room` more bytes fit in the budget. */
  function makeRoom(room: number): void {
    const limit = budget();
    while (oldest && keptBytes + room > limit) {
      const capture = oldest;
      unlink(capture);
      const { captures } = capture.inbox;
      // The oldest of all is the oldest of its inbox: captures[0], barring a bug.
      const at = captures[0] === capture ? 0 : captures.indexOf(capture);
      captures.splice(at, 1);
      capture.inbox.dropped++;
    }
  }

  function forget(inbox: Inbox): void {
    for (const capture of inbox.captures) unlink(capture);
    inbox.captures = [];
  }

  function inboxOf(name: string): Inbox {
    let inbox = inboxes.get(name);
    if (inbox) {
      inboxes.delete(name); // re-inserted below: the map's order is the use order
    } else {
      inbox = fresh();
      if (inboxes.size >= MAX_INBOXES) {
        const least = inboxes.keys().next().value!;
        forget(inboxes.get(least)!);
        inboxes.delete(least);
      }
    }
    inboxes.set(name, inbox);
    return inbox;
  }

  const stateOf = (name: string, inbox: Inbox): InboxState => ({
    name,
    behaviour: { status: inbox.status, delay_ms: inbox.delayMs, upcoming: [...inbox.upcoming] },
    received_count: inbox.received,
    kept_count: inbox.captures.length,
    dropped_count: inbox.dropped,
    kept_bytes: inbox.keptBytes,
  });

  return {

    /** Records a post; answers the status to send and how long to wait first. */
    receive(name: string, post: { ip: string; method: string; headers: Record<string, string>; body: ReceivedBody }): { status: number; delayMs: number; id: number } {
      const inbox = inboxOf(name);
      const status = inbox.upcoming.length > 1 ? inbox.upcoming.shift()! : (inbox.upcoming[0] ?? (inbox.status as number));
      const whole = post.body.bytes <= INBOX_BODY_KEPT;
      let json: unknown = null;
      try {
        json = post.body.head === '' || !whole ? null : JSON.parse(post.body.head);
      } catch {
        json = null;
      }
      const body = whole ? post.body.head : `${post.body.head}… (${post.body.bytes} bytes in all)`;
      const now = clock.now();
      const id = inbox.nextId++;
      inbox.received++;
      const message: InboxMessage = {
        id,
        ts: formatTimestamp(now),
        received_at_ms: now.getTime(),
        ip: post.ip,
        method: post.method,
        headers: post.headers,
        body,
        json,
        answered_status: status,
      };
      let bytes = CAPTURE_OVERHEAD + heapBytes(message);
      const limit = budget();
      if (bytes > limit && json !== null) {
        // Parsed, a body of 64 KiB can outweigh a small budget on its own ([[],[],...]): the
        // capture keeps its text, not the parse.
        message.json = null;
        bytes = CAPTURE_OVERHEAD + heapBytes(message);
      }
      makeRoom(bytes);
      // A budget below one capture (not reachable with the setting's 1 MiB minimum): the post is
      // answered and counted, not kept.
      if (keptBytes + bytes > limit) {
        inbox.dropped++;
        return { status, delayMs: inbox.delayMs, id };
      }
      const capture: Capture = { inbox, message, bytes, older: newest, newer: undefined };
      if (newest) newest.newer = capture;
      else oldest = capture;
      newest = capture;
      keptBytes += bytes;
      inbox.keptBytes += bytes;
      inbox.captures.push(capture);
      if (inbox.captures.length > MAX_MESSAGES) {
        unlink(inbox.captures.shift()!);
        inbox.dropped++;
      }
      return { status, delayMs: inbox.delayMs, id };
    },

    /** What it received, in the order received; `after_id` polls for what came since. */
    list(name: string, filter: { after_id?: number | undefined; limit?: number | undefined }): { inbox: InboxState; messages: InboxMessage[] } {
      makeRoom(0);
      // Reading an inbox nobody posted to creates nothing (and evicts nothing).
      const inbox = inboxes.get(name) ?? fresh();
      const after = filter.after_id ?? 0;
      const messages = inbox.captures
        .filter((c) => c.message.id > after)
        .slice(0, filter.limit ?? MAX_MESSAGES)
        .map((c) => c.message);
      return { inbox: stateOf(name, inbox), messages };
    },

    setBehaviour(name: string, behaviour: InboxBehaviour): InboxState {
      const inbox = inboxOf(name);
      inbox.status = behaviour.status;
      inbox.upcoming = Array.isArray(behaviour.status) ? [...behaviour.status] : [];
      inbox.delayMs = behaviour.delay_ms ?? 0;
      return stateOf(name, inbox);
    },

    /** Forgets the posts (the behaviour stays). */
    clear(name: string): InboxState {
      const inbox = inboxes.get(name) ?? fresh();
      forget(inbox);
      inbox.received = 0;
      inbox.dropped = 0;
      return stateOf(name, inbox);
    },

    names(): InboxState[] {
      makeRoom(0);
      return [...inboxes].map(([name, inbox]) => stateOf(name, inbox));
    },

    /** Bytes the captures of all inboxes hold (as heapBytes counts them) and the budget they are held to. */
    usage(): { kept_bytes: number; budget_bytes: number } {
      makeRoom(0);
      return { kept_bytes: keptBytes, budget_bytes: budget() };
    },
  };
}
export type InboxStore = ReturnType<typeof createInbox>;
