import type { Database } from 'better-sqlite3';
import type { ApiUser, CreatedApiUser, NewApiUser } from '../../../../shared/domain/accounts.ts';
import { badRequest, conflict, notFound } from '../../../../shared/contract/errors.ts';
import { formatTimestamp, type Clock } from '../../time.ts';
import { generatePassword, hashPassword } from './passwords.ts';
import { whitelistEntryProblem } from './ip-whitelist.ts';

export interface ApiUserRow {
  id: number;
  company_id: number;
  username: string;
  password_hash: string;
  ip_whitelist: string;
  routes: string | null;
  methods: string | null;
  connector_id: number | null;
  created_ts: string;
  last_used_ts: string | null;
}

export function toApiUser(row: ApiUserRow): ApiUser {
  return {
    id: row.id,
    company_id: row.company_id,
    username: row.username,
    ip_whitelist: JSON.parse(row.ip_whitelist) as string[],
    routes: row.routes === null ? null : (JSON.parse(row.routes) as string[]),
    methods: row.methods === null ? null : (JSON.parse(row.methods) as string[]),
    connector_id: row.connector_id,
    created_ts: row.created_ts,
    last_used_ts: row.last_used_ts,
  };
}

/** A new user checked and its password hashed, not yet written (apiUsers.prepare). */
export interface PreparedApiUser {
  input: NewApiUser;
  whitelist: string[];
  connectorId: number | null;
  password: string;
  passwordHash: string;
}

export function createApiUsers(db: Database, clock: Clock) {
  const byName = db.prepare<[number, string], ApiUserRow>('SELECT * FROM api_users WHERE company_id = ? AND username = ?');
  const byId = db.prepare<[number, number], ApiUserRow>('SELECT * FROM api_users WHERE company_id = ? AND id = ?');
  const all = db.prepare<[number], ApiUserRow>('SELECT * FROM api_users WHERE company_id = ? ORDER BY id');
  // No index on the name alone: the table holds a few rows per account, and this is asked only
  // for a name the path's account does not have.
  const elsewhere = db.prepare<[string, number], ApiUserRow>(
    'SELECT * FROM api_users WHERE username = ? AND company_id <> ? ORDER BY company_id, id',
  );
  const connectorExists = db.prepare<[number, number], { id: number }>(
    'SELECT id FROM connectors WHERE company_id = ? AND id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO api_users (company_id, username, password_hash, ip_whitelist, routes, methods, connector_id, created_ts)
     VALUES (@company_id, @username, @password_hash, @ip_whitelist, @routes, @methods, @connector_id, @created_ts)`,
  );
  const remove = db.prepare<[number, number]>('DELETE FROM api_users WHERE company_id = ? AND id = ?');
  const touch = db.prepare<[string, number]>('UPDATE api_users SET last_used_ts = ? WHERE id = ?');
  // last_used_ts is written at most once a minute per user, not on every request.
  const lastTouched = new Map<number, number>();

  return {
    findByName: (companyId: number, username: string) => byName.get(companyId, username),
    /** Users of that name in the other accounts, lowest account first. */
    findElsewhere: (companyId: number, username: string): ApiUserRow[] => elsewhere.all(username, companyId),
    list: (companyId: number): ApiUser[] => all.all(companyId).map(toApiUser),

    /**
     * The checks and the password hash of a new user (slow on purpose: scrypt), before anything
     * is written: a caller that writes several things in one transaction prepares first.
     */
    async prepare(companyId: number, input: NewApiUser): Promise<PreparedApiUser> {
      const whitelist = input.ip_whitelist ?? ['*'];
      const problems = whitelist.flatMap((entry, i) => {
        const problem = whitelistEntryProblem(entry);
        return problem ? [`ip_whitelist[${i}]: ${problem}`] : [];
      });
      if (problems.length > 0) throw badRequest(problems[0]!, problems);
      const connectorId = input.connector_id ?? null;
      if (connectorId !== null && !connectorExists.get(companyId, connectorId)) {
        throw badRequest(`connector_id: connector ${connectorId} does not exist in account ${companyId}`);
      }
      if (byName.get(companyId, input.username)) {
        throw conflict(`username: an API user named '${input.username}' already exists in account ${companyId}`);
      }
      const password = input.password ?? generatePassword();
      return { input, whitelist, connectorId, password, passwordHash: await hashPassword(password) };
    },

    /** Writes a prepared user (synchronous: it may run inside a transaction). */
    insertPrepared(companyId: number, prepared: PreparedApiUser): CreatedApiUser {
      const { input } = prepared;
      // Checked again: another request may have taken the name since prepare().
      if (byName.get(companyId, input.username)) {
        throw conflict(`username: an API user named '${input.username}' already exists in account ${companyId}`);
      }
      const result = insert.run({
        company_id: companyId,
        username: input.username,
        password_hash: prepared.passwordHash,
        ip_whitelist: JSON.stringify(prepared.whitelist),
        routes: input.routes ? JSON.stringify([...new Set(input.routes)]) : null,
        methods: input.methods ? JSON.stringify([...new Set(input.methods)]) : null,
        connector_id: prepared.connectorId,
        created_ts: formatTimestamp(clock.now()),
      });
      const row = byId.get(companyId, Number(result.lastInsertRowid))!;
      return { ...toApiUser(row), password: prepared.password };
    },

    async create(companyId: number, input: NewApiUser): Promise<CreatedApiUser> {
      return this.insertPrepared(companyId, await this.prepare(companyId, input));
    },

    delete(companyId: number, id: number): { deleted_id: number } {
      if (remove.run(companyId, id).changes === 0) {
        throw notFound(`API user ${id} does not exist in account ${companyId}`);
      }
      return { deleted_id: id };
    },

    markUsed(id: number): void {
      const now = clock.now();
      if (now.getTime() - (lastTouched.get(id) ?? 0) < 60_000) return;
      lastTouched.set(id, now.getTime());
      touch.run(formatTimestamp(now), id);
    },
    /** Forget when each user was last written (the data was replaced: its last_used_ts are the new file's). */
    forgetTouches(): void {
      lastTouched.clear();
    },
  };
}
export type ApiUsers = ReturnType<typeof createApiUsers>;
