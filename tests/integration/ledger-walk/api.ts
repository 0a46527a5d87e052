import type { Answer, Harness } from '../harness.ts';
import { bodyInit } from '../requests.ts';

// The ledger walk's door to the service: the REST API as a partner calls it and the control API
// as the back office's screens call it. Every write is logged (the run's action list, printed with
// a failure so the run can be replayed); a read that does not answer 200 stops the run.

/** One request the walk made as an action (reads are not logged). */
export interface LoggedCall {
  step: number;
  /** What the walk meant to do, in words (`order.create c1 W1-3 RON card`). */
  label: string;
  method: string;
  /** REST paths below /app/rest/v1/{company_id}, control paths below /_sandbox, marked `control`. */
  path: string;
  body?: unknown;
  status: number;
  /** The first messages of a refusal, or the answer's key figures. */
  note?: string;
}

/** Paged REST envelope fields the walk reads. */
interface Paged {
  has_more_pages?: boolean;
  data_next_page_exists?: boolean;
}

export class WalkApi {
  readonly log: LoggedCall[] = [];
  /** Calls answered 5xx (or not JSON) since the last check. */
  serverErrors: LoggedCall[] = [];
  step = 0;

  constructor(
    private readonly h: Harness,
    private readonly user: [string, string],
    readonly companyId = 1,
  ) {}

  /** A REST write as a partner sends it; logged. */
  async rest<T>(label: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.logged(label, method, path, body, () =>
      this.h.rest<T>(method, `/${this.companyId}${path}`, this.user, bodyInit(body)),
    );
  }

  /** A control API write as a screen sends it (path below /accounts/{company_id}); logged. */
  async control<T>(label: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.logged(label, method, `control /accounts/${this.companyId}${path}`, body, () =>
      this.h.control<T>(method, `/accounts/${this.companyId}${path}`, body),
    );
  }

  /** A control API call outside an account (the clock); logged. */
  async service<T>(label: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.logged(label, method, `control ${path}`, body, () => this.h.control<T>(method, path, body));
  }

  private async logged<T>(label: string, method: string, path: string, body: unknown, send: () => Promise<Answer<T>>): Promise<Answer<T>> {
    // A copy: the walk goes on changing the objects it sent.
    const entry: LoggedCall = { step: this.step, label, method, path, ...(body !== undefined && { body: structuredClone(body) }), status: 0 };
    this.log.push(entry);
    let answer: Answer<T>;
    try {
      answer = await send();
    } catch (error) {
      entry.status = 599;
      entry.note = `no JSON answer: ${error instanceof Error ? error.message : String(error)}`;
      this.serverErrors.push(entry);
      throw error;
    }
    entry.status = answer.status;
    if (answer.status >= 400) entry.note = answer.body.messages.slice(0, 3).join(' | ');
    if (answer.status >= 500) this.serverErrors.push(entry);
    return answer;
  }

  /** A REST read that must answer 200: its data. */
  async restRead<T>(path: string): Promise<T> {
    const answer = await this.h.rest<T>('GET', `/${this.companyId}${path}`, this.user);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.messages.join(' | ')}`);
    return answer.body.data;
  }

  /**
   * Every row of a paged REST list (`prefix` ends with '/': filters and includes, no page). The
   * marketplace order list answers 404 for a page without rows: that ends it too.
   */
  async restList<T>(prefix: string): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.h.rest<T[]>('GET', `/${this.companyId}${prefix}page:${page}/`, this.user);
      if (answer.status === 404 && prefix.startsWith('/marketplace/')) return rows;
      if (answer.status !== 200) throw new Error(`GET ${prefix}page:${page}/ answered ${answer.status}: ${answer.body.messages.join(' | ')}`);
      rows.push(...answer.body.data);
      const paged = answer.body as Paged;
      if (!(paged.has_more_pages ?? paged.data_next_page_exists)) return rows;
      if (page > 1000) throw new Error(`${prefix}: more than 1000 pages`);
    }
  }

  /** A control API read below /accounts/{company_id} that must answer 200: its data. */
  async controlRead<T>(path: string): Promise<T> {
    const answer = await this.h.control<T>('GET', `/accounts/${this.companyId}${path}`);
    if (answer.status !== 200) throw new Error(`control GET ${path} answered ${answer.status}: ${answer.body.messages.join(' | ')}`);
    return answer.body.data;
  }

  /** Every row of a screen list (`lists.*`, window by window). */
  async screenList<T>(list: string, filters: Record<string, string> = {}): Promise<T[]> {
    const rows: T[] = [];
    for (let offset = 0; ; ) {
      const query = new URLSearchParams({ ...filters, offset: String(offset), limit: '500', direction: 'asc' });
      const data = await this.controlRead<{ rows: T[]; total: number }>(`/lists/${list}?${query}`);
      rows.push(...data.rows);
      offset += data.rows.length;
      if (data.rows.length === 0 || offset >= data.total) return rows;
    }
  }
}
