import type { CoreEventBus } from '../events.ts';
import type { PostResult } from './http-post.ts';
import { textBody, type InboxStore } from './inbox.ts';
import { withFields } from '../with-fields.ts';

/** The built-in receiver's path (electron/server/control/inbox-receiver.ts) and its name rule. */
const INBOX_PATH = /^\/_sandbox\/inbox\/([A-Za-z0-9._-]{1,64})$/;
/** What the listener says of kept-alive connections (Fastify's default keepAliveTimeout, 72 s). */
const KEEP_ALIVE = 'timeout=72';

/**
 * The name of this service's own inbox a target points at, if it does: the same origin as the
 * listener (the stored URL was a path, or the listener's own address) and the inbox's path.
 */
export function ownInboxName(target: URL, publicUrl: string): string | undefined {
  if (target.search !== '' || target.origin !== new URL(publicUrl).origin) return undefined;
  return INBOX_PATH.exec(target.pathname)?.[1];
}

/**
 * A post to this service's own inbox, handed over in the process instead of through a loopback
 * connection: the same exchange the receiver's route makes (the message recorded with the headers
 * a Node client sends, the status and delay set for the inbox, the route's JSON answer and the
 * listener's headers), without an HTTP client, a parse and a Fastify route per notification. The
 * demo connector posts every notification here, so this was about a quarter of an order's CPU.
 * Like postJson: never throws, a delay beyond `timeoutMs` is a timeout, abort() leaves it unsettled.
 */
export function postToOwnInbox(
  inbox: InboxStore,
  events: CoreEventBus,
  name: string,
  target: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): { result: Promise<PostResult>; abort: () => void } {
  const started = performance.now();
  const requestHeaders: Record<string, string> = { host: target.host, ...headers, 'content-length': String(Buffer.byteLength(body)) };
  // As the receiver reads them: lower-case names, and the Connection header of a keep-alive agent.
  const received: Record<string, string> = {};
  for (const [key, value] of Object.entries(requestHeaders)) received[key.toLowerCase()] = value;
  received['connection'] = 'keep-alive';
  let timer: NodeJS.Timeout | undefined;
  let settle: ((result: PostResult) => void) | undefined;
  const result = new Promise<PostResult>((resolve) => {
    settle = resolve;
  });
  const finish = (answer: Omit<PostResult, 'durationMs' | 'requestHeaders'>) => {
    const done = settle;
    settle = undefined;
    done?.(withFields(answer, { durationMs: Math.round((performance.now() - started) * 100) / 100, requestHeaders }));
  };
  const answer = inbox.receive(name, { ip: '127.0.0.1', method: 'POST', headers: received, body: textBody(body) });
  events.emit('inbox.received', { name, id: answer.id, status: answer.status });
  const respond = () => {
    const empty = answer.status === 204 || answer.status === 304;
    const responseBody = empty ? '' : JSON.stringify({ inbox: name, id: answer.id, status: answer.status });
    const responseHeaders: Record<string, string> = empty
      ? { date: new Date().toUTCString(), connection: 'keep-alive', 'keep-alive': KEEP_ALIVE }
      : {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(responseBody)),
          date: new Date().toUTCString(),
          connection: 'keep-alive',
          'keep-alive': KEEP_ALIVE,
        };
    finish({ httpStatus: answer.status, responseHeaders, responseBodyHead: responseBody, error: null });
  };
  if (answer.delayMs >= timeoutMs) {
    timer = setTimeout(() => finish({ httpStatus: null, responseHeaders: null, responseBodyHead: '', error: `timeout: no complete answer within ${timeoutMs} ms` }), timeoutMs);
  } else if (answer.delayMs > 0) {
    timer = setTimeout(respond, answer.delayMs);
  } else {
    // Answered in a later turn, as a network answer would be: the dispatcher's bookkeeping around send() stays in order.
    setImmediate(respond);
  }
  return {
    result,
    abort: () => {
      settle = undefined;
      if (timer) clearTimeout(timer);
    },
  };
}
