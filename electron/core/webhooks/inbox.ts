import { formatTimestamp, type Clock } from '../time.ts';
import type { InboxBehaviour, InboxMessage, InboxState } from '../../../shared/domain/inbox.ts';

/** Posts kept per inbox (the oldest go first) and inboxes kept in all (the least used go first). */
const MAX_MESSAGES = 1000;
const MAX_INBOXES = 200;
/** Characters of a body kept (a webhook body is small; this bounds memory whatever is posted). */
export const INBOX_BODY_KEPT = 64 * 1024;

interface Inbox {
  messages: InboxMessage[];
  nextId: number;
  received: number;
  status: number | number[];
  /** Statuses of the sequence not used yet. */
  upcoming: number[];
  delayMs: number;
}

/**
 * The built-in receiver (beyond the spec): a connector pointed at /_sandbox/inbox/{name} has its
 * notifications recorded here, answered with a status and delay the user sets. Held in memory:
 * a test tool's scratch pad (the delivery log in the database is the durable record).
 */
export function createInbox(clock: Clock) {
  const inboxes = new Map<string, Inbox>();

  const fresh = (): Inbox => ({ messages: [], nextId: 1, received: 0, status: 200, upcoming: [], delayMs: 0 });

  function inboxOf(name: string): Inbox {
    let inbox = inboxes.get(name);
    if (inbox) {
      inboxes.delete(name); // re-inserted below: the map's order is the use order
    } else {
      inbox = fresh();
      if (inboxes.size >= MAX_INBOXES) inboxes.delete(inboxes.keys().next().value!);
    }
    inboxes.set(name, inbox);
    return inbox;
  }

  const stateOf = (name: string, inbox: Inbox): InboxState => ({
    name,
    behaviour: { status: inbox.status, delay_ms: inbox.delayMs, upcoming: [...inbox.upcoming] },
    received_count: inbox.received,
  });

  return {
    /** Records a post; answers the status to send and how long to wait first. */
    receive(name: string, post: { ip: string; method: string; headers: Record<string, string>; body: string }): { status: number; delayMs: number; id: number } {
      const inbox = inboxOf(name);
      const status = inbox.upcoming.length > 1 ? inbox.upcoming.shift()! : (inbox.upcoming[0] ?? (inbox.status as number));
      let json: unknown = null;
      try {
        json = post.body === '' || post.body.length > INBOX_BODY_KEPT ? null : JSON.parse(post.body);
      } catch {
        json = null;
      }
      const body = post.body.length > INBOX_BODY_KEPT ? `${post.body.slice(0, INBOX_BODY_KEPT)}… (${post.body.length} characters in all)` : post.body;
      const now = clock.now();
      const id = inbox.nextId++;
      inbox.received++;
      inbox.messages.push({ id, ts: formatTimestamp(now), received_at_ms: now.getTime(), ...post, body, json, answered_status: status });
      if (inbox.messages.length > MAX_MESSAGES) inbox.messages.shift();
      return { status, delayMs: inbox.delayMs, id };
    },

    /** What it received, in the order received; `after_id` polls for what came since. */
    list(name: string, filter: { after_id?: number | undefined; limit?: number | undefined }): { inbox: InboxState; messages: InboxMessage[] } {
      // Reading an inbox nobody posted to creates nothing (and evicts nothing).
      const inbox = inboxes.get(name) ?? fresh();
      const after = filter.after_id ?? 0;
      const messages = inbox.messages.filter((m) => m.id > after).slice(0, filter.limit ?? MAX_MESSAGES);
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
      inbox.messages = [];
      inbox.received = 0;
      return stateOf(name, inbox);
    },

    names(): InboxState[] {
      return [...inboxes].map(([name, inbox]) => stateOf(name, inbox));
    },
  };
}
export type InboxStore = ReturnType<typeof createInbox>;
