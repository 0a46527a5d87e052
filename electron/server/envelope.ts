import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRestPath } from './public/rest-path.ts';

export interface EnvelopeExtras {
  messages?: string[];
  page?: number;
  hasMorePages?: boolean;
}

/** request_route of the envelope: the path below the account base (or the whole path elsewhere). */
export function requestRoute(request: FastifyRequest): string {
  const rest = parseRestPath(request.url);
  const route = rest ? `/${rest.segments.join('/')}` : (request.url.split('?', 1)[0] ?? '/');
  try {
    return decodeURIComponent(route);
  } catch {
    return route;
  }
}

/**
 * Most messages an answer lists. A body with thousands of faults (a 500-line order wrong on every
 * line) is answered with the first ones and a count of the rest: the client fixes those and sends
 * again, and the answer (and the log's head of it) stays small whatever was sent.
 */
export const MAX_MESSAGES = 10;

/** `messages` cut to MAX_MESSAGES, the last saying how many more there were. */
export function firstMessages(messages: string[]): string[] {
  if (messages.length <= MAX_MESSAGES) return messages;
  return [...messages.slice(0, MAX_MESSAGES), `... and ${messages.length - MAX_MESSAGES} more`];
}

/** The spec's response envelope around `data`, for answers and errors alike. */
export function envelope(request: FastifyRequest, status: number, data: unknown, extras: EnvelopeExtras = {}) {
  return {
    is_error: status >= 400,
    http_code: status,
    data,
    messages: extras.messages ? firstMessages(extras.messages) : [],
    request_route: requestRoute(request),
    your_ip: request.ip,
    your_user: request.callerName ?? '',
    your_method: request.method,
    ...(extras.page !== undefined && pagingKeys(data, extras.page, extras.hasMorePages ?? false)),
  };
}

/**
 * The paging keys of a list answer: the spec's page and has_more_pages, and the keys public
 * clients of the real service read beside them (data_count, data_next_page_exists, and
 * data_next_page only when there is a next page).
 */
export function pagingKeys(data: unknown, page: number, hasMorePages: boolean) {
  return {
    page,
    has_more_pages: hasMorePages,
    data_count: Array.isArray(data) ? data.length : 0,
    data_next_page_exists: hasMorePages,
    ...(hasMorePages && { data_next_page: page + 1 }),
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, messages: string[]) {
  return reply.code(status).type('application/json; charset=utf-8').send(envelope(request, status, null, { messages }));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated (or claimed) API user name, for your_user and the API log. */
    callerName: string | undefined;
  }
}
