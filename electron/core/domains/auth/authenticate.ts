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

const parseList = (json: string) => JSON.parse(json) as string[];

/**
 * The spec's authentication layers, in an order that gives nothing away before the password is
 * proven: the lock-out of the caller IP; Basic credentials; the user's IP whitelist, checked
 * before the password; the password (scrypt, constant time); then the account's REST switch and
 * the user's HTTP method restriction, route (module) restriction and connector binding.
 *
 * Whatever the caller cannot prove it is entitled to know answers alike: an unknown account, an
 * unknown user, a wrong password and a caller outside the user's IP whitelist (right password or
 * not) all get the same 401, each after one scrypt run, and each counts toward the IP's lock. Only
 * valid credentials of a user of another account learn that the path's account does not exist
 * (404) or is not theirs (401 naming their account). Every other refusal is a 401 (the spec uses
 * 401 for authorization refusals too, e.g. a connector-bound key on another connector), except
 * the lock (429 + Retry-After).
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
  // Refusals that must not tell what was wrong still pay one scrypt, so timing does not tell
  // which names exist or whether a whitelisted-out caller guessed right.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  const keyOf = (row: ApiUserRow, password: string) =>
    createHmac('sha256', cacheKey).update(row.password_hash).update('\0').update(password).digest('base64');

  /** Runs scrypt against `row` (or the stand-in hash when there is none to check) and remembers a success. */
  async function checkPassword(row: ApiUserRow | undefined, password: string): Promise<boolean> {
    if (!row) {
      await verifyPassword(password, await dummyHash);
      return false;
    }
    const ok = await verifyPassword(password, row.password_hash);
    if (ok) {
      if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value!);
      verified.set(keyOf(row, password), true);
    }
    return ok;
  }

  /**
   * Whether `password` is the one of `candidate` (undefined: nobody the caller may prove, the
   * stand-in check runs and fails), or 'busy' when the IP has as many checks under way as it may
   * still fail. Identical guesses from one IP arriving together share one check and one
   * reservation, whether the check is a real one or the stand-in: parallel repeats answer alike
   * for a known user, an unknown one and a whitelisted-out one.
   */
  async function checkGuess(ip: string, companyId: number, username: string, candidate: ApiUserRow | undefined, password: string): Promise<boolean | 'busy'> {
    if (candidate && verified.has(keyOf(candidate, password))) return true;
    const guess = createHmac('sha256', cacheKey)
      .update(`${ip}\0${companyId}\0${username}\0${candidate?.password_hash ?? ''}\0`)
      .update(password)
      .digest('base64');
    let check = inFlight.get(guess);
    if (!check) {
      if (!lockout.tryBeginCheck(ip)) return 'busy';
      check = checkPassword(candidate, password).finally(() => {
        lockout.endCheck(ip);
        inFlight.delete(guess);
      });
      inFlight.set(guess, check);
    }
    return check;
  }

  const refuse = (message: string, username: string, challenge = false): AuthOutcome => ({
    ok: false,
    status: 401,
    message,
    username,
    challenge,
  });

  async function authenticate(call: RestCall): Promise<AuthOutcome> {
    // A locked IP learns nothing, whatever it sends and whichever account it names.
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
    const passedKey = createHmac('sha256', cacheKey).update(`${call.companyId}\n${call.authorization ?? ''}`).digest('base64');
    const generation = deps.generation();
    const remembered = passed.get(passedKey);
    if (remembered && remembered.generation !== generation) passed.delete(passedKey);
    else if (remembered && ipAllowed(call.ip, remembered.whitelist)) return authorize(call, remembered);
    // A remembered check from outside the user's whitelist takes the full way below, which pays
    // a password check as every refusal does: a right password must not answer faster.

    const credentials = parseBasic(call.authorization);
    if (!credentials) {
      return refuse('missing or malformed credentials: use HTTP Basic authentication with an API user', '', true);
    }
    const { username, password } = credentials;
    const account = accounts.find(call.companyId);
    const row = account && apiUsers.findByName(call.companyId, username);
    const allowed = (candidate: ApiUserRow) => ipAllowed(call.ip, parseList(candidate.ip_whitelist));
    // The user the password is checked against, chosen before it is read: the path account's user
    // of that name when the caller's IP is in its whitelist; when the account has no such user
    // (or does not exist), the first user of that name in another account that allows the IP (a
    // client with a wrong account id in its URL is told so); otherwise none (the stand-in check).
    const candidate = row ? (allowed(row) ? row : undefined) : apiUsers.findElsewhere(call.companyId, username).find(allowed);
    const matches = await checkGuess(call.ip, call.companyId, username, candidate, password);
    if (matches === 'busy') {
      return {
        ok: false,
        status: 429,
        message: `too many authentication attempts under way from ${call.ip}; try again in a second`,
        username,
        challenge: false,
        retryAfterSeconds: 1,
      };
    }
    if (!matches || !candidate) {
      const lockSeconds = lockout.recordFailure(call.ip);
      const message = `invalid API user name or password (or the user's IP whitelist does not include ${call.ip})`;
      return refuse(lockSeconds > 0 ? `${message}; ${call.ip} is now locked for ${lockSeconds} s` : message, username, true);
    }
    if (!account || candidate.company_id !== call.companyId) {
      // Proven credentials of another account's user: not a guess, not counted.
      return account
        ? refuse(`API user '${username}' belongs to account ${candidate.company_id}, not to account ${call.companyId}`, username)
        : { ok: false, status: 404, message: `account ${call.companyId} does not exist`, username, challenge: false };
    }
    if (!account.rest_enabled) {
      return refuse(`the REST module is not enabled for account ${call.companyId}`, username);
    }
    const check: PassedCheck = {
      generation,
      row: candidate,
      whitelist: parseList(candidate.ip_whitelist),
      methods: candidate.methods === null ? null : parseList(candidate.methods),
      routes: candidate.routes === null ? null : parseList(candidate.routes),
    };
    // Remembered only when nothing changed while scrypt ran (the generation read before it).
    if (deps.generation() === generation) {
      if (passed.size >= MAX_CACHED) passed.delete(passed.keys().next().value!);
      passed.set(passedKey, check);
    }
    return authorize(call, check);
  }

  /** The checks after the password (and the whitelist, checked before it): method, route, connector binding. */
  function authorize(call: RestCall, { row, methods, routes }: PassedCheck): AuthOutcome {
    const user = row.username;
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
   * path (a hit of the REST answer cache, whose key holds the IP and the Authorization header).
   * Everything else a check reads (account, REST switch, user, password, whitelist, restrictions)
   * is stored data, which every cached answer depends on (cached-answers.ts,
   * ANSWERS_ALWAYS_DEPEND_ON): a whitelist that no longer allows the IP makes the answer stale.
   * Only the caller IP's lock-out can change without a write, so only it is checked again. A
   * repeat is not a failure and, as any success, does not touch the IP's failure count.
   */
  function repeat(user: AuthenticatedUser, ip: string): boolean {
    if (lockout.retryAfterSeconds(ip) > 0) return false;
    apiUsers.markUsed(user.id);
    return true;
  }

  return Object.assign(authenticate, { repeat });
}
export type Authenticate = ReturnType<typeof createAuthenticator>;
