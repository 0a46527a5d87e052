import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../../core/domains/auth/index.ts';

/** What the REST door learned about a request in its onRequest hook. */
export interface RestContext {
  companyId: number;
  user: AuthenticatedUser;
  /** The twin's own shadow call of a forwarded GET (proxy.ts): never cached, faulted or logged. */
  shadow?: true;
}

/**
 * Where the data stood when a GET arrived, before authentication read anything: an answer
 * cached for it is stale once anything it depends on changed after this (a user deleted while
 * its password was being checked included). See route-kit.ts.
 */
export interface AnswerMark {
  /** answerVersion() then. */
  version: string;
  /** The change sequence number then (AnswerDependencies.now). */
  since: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    rest: RestContext | null;
    answerMark: AnswerMark | null;
  }
}

/** The authenticated account of a REST request (set by the auth hook before any handler). */
export function companyIdOf(request: FastifyRequest): number {
  if (!request.rest) throw new Error('REST handler reached without authentication');
  return request.rest.companyId;
}
