import { createHmac, randomBytes } from 'node:crypto';
import type { Accounts } from '../accounts/index.ts';
import type { ApiUserRow, ApiUsers } from './api-users.ts';
import { verifyPassword, hashPassword } from './passwords.ts';
import { ipAllowed } from './ip-whitelist.ts';
import type { LockoutTracker } from './lockout.ts';

/** What the REST door knows about a request before it runs. */
export interface RestCall {
  companyId: number;
  authorization: string | undefined;
  ip: string;
  method: string;
  /** First path segment after the account: sales, invoices, connector, ... */
  module: string;
  /** For /connector/{id}/... calls: the id in the path. */
  connectorId?: number | undefined;
}

export interface AuthenticatedUser {
  id: number;
  username: string;
  connectorId: number | null;
}

export type AuthOutcome =
  | { ok: true; user: AuthenticatedUser }
  | {
      ok: false;
      status: 401 | 404 | 429;
      message: string;
      /** The user name the caller claimed, for the log (empty when none). */
      username: string;
      /** True for credential failures: the answer carries WWW-Authenticate. */
      challenge: boolean;
      retryAfterSeconds?: number;
    };

/** Modules a connector-bound key may reach besides its own connector's endpoints. */
const CONNECTOR_KEY_MODULES = new Set(['connector', 'marketplace']);

function parseBasic(header: string | undefined): { username: string; password: string } | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** What a passed check read, parsed once: enough to check a repeat without the database. */
interface PassedCheck {
  generation: string;
  row: ApiUserRow;
  whitelist: string[];
  methods: string[] | null;
  routes: string[] | null;
}

/**
 * The spec's authentication layers, in order: lock-out of the caller IP, the account and its
 * REST switch, Basic credentials against the API users (scrypt, constant time), then the
 * user's IP whitelist, HTTP method restriction, route (module) restriction and connector
 * binding. Every refusal is a 401 (the spec uses 401 for authorization refusals too, e.g. a
 * connector-bound key on another connector), except the lock (429 + Retry-After) and an
 * unknown account (404).
 */
export function createAuthenticator(deps: {
  accounts: Accounts;
  apiUsers: ApiUsers;
  lockout: LockoutTracker;
  /** Moves whenever an account or an API user changes, by any connection (auth-generation.ts). */
  generation: () => string;
}) {
  const { accounts, apiUsers, lockout } = deps;
  // Checks that passed, by account and Authorization header, valid while the generation they
  // were made under holds: a repeat skips the account and user lookups (~30 µs a request before).
  // Failures are never remembered: each one counts. Keyed by an HMAC of the header, as `verified`
  // below: no password is kept in memory.
  const passed = new Map<string, PassedCheck>();
  // Successful checks are remembered under an HMAC of (stored hash, password) with a per-process
  // key: a repeat call skips scrypt, and a changed or deleted user no longer matches.
  const cacheKey = randomBytes(32);
  const verified = new Map<string, true>();
  const inFlight = new Map<string, Promise<boolean>>();
  const MAX_CACHED = 2000;
  // Unknown user names still pay one scrypt, so timing does not tell which names exist.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  const keyOf = (row: ApiUserRow, password: string) =>
    createHmac('sha256', cacheKey).update(row.password_hash).update('\0').update(password).digest('base64');

  /** Runs scrypt (or the dummy one for unknown users) and remembers a success. */
  async function checkPassword(row: ApiUserRow | undefined, password: string): Promise<boolean> {
    if (!row) {
      await verifyPassword(password, await dummyHash);
      return false;
    }
    const key = keyOf(row, password);
    // Parallel first requests of one client share a single scrypt run.
    let check = inFlight.get(key);
    if (!check) {
      check = verifyPassword(password, row.password_hash).finally(() => inFlight.delete(key));
      inFlight.set(key, check);
    }
    const ok = await check;
    if (ok) {
      if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value!);
      verified.set(key, true);
    }
    return ok;
  }

  const refuse = (message: string, username: string, challenge = false): AuthOutcome => ({
    ok: false,
    status: 401,
    message,
    username,
    challenge,
  });

  async function authenticate(call: RestCall): Promise<AuthOutcome> {
    const passedKey = createHmac('sha256', cacheKey).update(`${call.companyId}\n${call.authorization ?? ''}`).digest('base64');
    const generation = deps.generation();
    const remembered = passed.get(passedKey);
    if (remembered && remembered.generation === generation && lockout.retryAfterSeconds(call.ip) === 0) {
      lockout.recordSuccess(call.ip);
      return authorize(call, remembered);
    }
    if (remembered) passed.delete(passedKey);
    const lockedFor = lockout.retryAfterSeconds(call.ip);
    if (lockedFor > 0) {
      return {
        ok: false,
        status: 429,
        message: `too many failed authentications from ${call.ip}; try again in ${lockedFor} s`,
        username: '',
        challenge: false,
        retryAfterSeconds: lockedFor,
      };
    }
    const account = accounts.find(call.companyId);
    if (!account) {
      return { ok: false, status: 404, message: `account ${call.companyId} does not exist`, username: '', challenge: false };
    }
    if (!account.rest_enabled) {
      return refuse(`the REST module is not enabled for account ${call.companyId}`, '');
    }
    const credentials = parseBasic(call.authorization);
    if (!credentials) {
      return refuse('missing or malformed credentials: use HTTP Basic authentication with an API user', '', true);
    }
    const row = apiUsers.findByName(call.companyId, credentials.username);
    const key = row && keyOf(row, credentials.password);
    let matches = key !== undefined && verified.has(key);
    if (!matches && key !== undefined && inFlight.has(key)) {
      // The same guess is being checked already: it counts once, whatever its outcome.
      matches = await inFlight.get(key)!;
    } else if (!matches) {
      if (!lockout.tryBeginCheck(call.ip)) {
        return {
          ok: false,
          status: 429,
          message: `too many authentication attempts under way from ${call.ip}; try again in a second`,
          username: credentials.username,
          challenge: false,
          retryAfterSeconds: 1,
        };
      }
      try {
        matches = await checkPassword(row, credentials.password);
      } finally {
        lockout.endCheck(call.ip);
      }
    }
    if (!matches || !row) {
      const lockSeconds = lockout.recordFailure(call.ip);
      const outcome = refuse('invalid API user name or password', credentials.username, true);
      if (lockSeconds > 0 && !outcome.ok) {
        return { ...outcome, message: `${outcome.message}; ${call.ip} is now locked for ${lockSeconds} s` };
      }
      return outcome;
    }
    lockout.recordSuccess(call.ip);
    const check: PassedCheck = {
      generation,
      row,
      whitelist: JSON.parse(row.ip_whitelist) as string[],
      methods: row.methods === null ? null : (JSON.parse(row.methods) as string[]),
      routes: row.routes === null ? null : (JSON.parse(row.routes) as string[]),
    };
    // Remembered only when nothing changed while scrypt ran (the generation read before it).
    if (deps.generation() === generation) {
      if (passed.size >= MAX_CACHED) passed.delete(passed.keys().next().value!);
      passed.set(passedKey, check);
    }
    return authorize(call, check);
  }

  /** The checks after the password: IP whitelist, method, route, connector binding. */
  function authorize(call: RestCall, { row, whitelist, methods, routes }: PassedCheck): AuthOutcome {
    const user = row.username;
    if (!ipAllowed(call.ip, whitelist)) {
      return refuse(`API user '${user}' may not connect from ${call.ip} (IP whitelist)`, user);
    }
    // HEAD is a GET without the body: a GET-only user may use it.
    const method = call.method === 'HEAD' ? 'GET' : call.method;
    if (methods && !methods.includes(method)) {
      return refuse(`API user '${user}' may not use ${call.method} (allowed: ${methods.join(', ')})`, user);
    }
    if (routes && !routes.includes(call.module)) {
      return refuse(`API user '${user}' may not reach /${call.module}/ (allowed: ${routes.join(', ')})`, user);
    }
    if (row.connector_id !== null) {
      if (!CONNECTOR_KEY_MODULES.has(call.module)) {
        return refuse(
          `API user '${user}' is bound to connector ${row.connector_id} and may only reach /connector/${row.connector_id}/ and /marketplace/`,
          user,
        );
      }
      if (call.module === 'connector' && call.connectorId !== row.connector_id) {
        return refuse(`API user '${user}' is bound to connector ${row.connector_id}, not to connector ${call.connectorId ?? '(none)'}`, user);
      }
    }
    apiUsers.markUsed(row.id);
    return { ok: true, user: { id: row.id, username: row.username, connectorId: row.connector_id } };
  }

  /**
   * A repeat of a call that `user` passed moments ago with the same credentials, IP, method and
   * path (a hit of the REST answer cache). Everything else a check reads (account, REST switch,
   * user, password, whitelist, restrictions) is stored data, which every cached answer depends on
   * (cached-answers.ts, ANSWERS_ALWAYS_DEPEND_ON); only the caller IP's lock-out can change without
   * a write, so only it is checked again.
   */
  function repeat(user: AuthenticatedUser, ip: string): boolean {
    if (lockout.retryAfterSeconds(ip) > 0) return false;
    lockout.recordSuccess(ip);
    apiUsers.markUsed(user.id);
    return true;
  }

  return Object.assign(authenticate, { repeat });
}
export type Authenticate = ReturnType<typeof createAuthenticator>;
