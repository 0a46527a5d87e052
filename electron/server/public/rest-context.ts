import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../../core/domains/auth/index.ts';

/** What the REST door learned about a request in its onRequest hook. */
export interface RestContext {
  companyId: number;
  user: AuthenticatedUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    rest: RestContext | null;
  }
}

/** The authenticated account of a REST request (set by the auth hook before any handler). */
export function companyIdOf(request: FastifyRequest): number {
  if (!request.rest) throw new Error('REST handler reached without authentication');
  return request.rest.companyId;
}
