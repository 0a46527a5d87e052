import { badRequest } from '../../../shared/contract/errors.ts';
import { formatTimestamp } from '../time.ts';
import type { apiLogOperations, logOperations } from '../../../shared/contract/operations-logs.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { ApiLog } from '../domains/api-log/index.ts';
import type { Deliveries } from '../webhooks/deliveries.ts';

export interface LogHandlerDeps {
  deliveries: Pick<Deliveries, 'window'>;
  apiLog: Pick<ApiLog, 'window' | 'get' | 'count' | 'list'>;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

interface LogWindowInput {
  company_id: number;
  offset?: number;
  limit?: number;
  direction?: 'asc' | 'desc';
  date_from?: string;
  date_through?: string;
}

/** A calendar day that exists (the schema checks only its shape): 400 naming the field otherwise. */
function day(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    throw badRequest(`${field}: '${value}' is not a calendar date (YYYY-MM-DD)`);
  }
  return value;
}

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}:\d{2}))?$/;

/**
 * A time bound of apiLog.count in the log's own form ('YYYY-MM-DD HH:MM:SS', Europe/Bucharest):
 * an ISO instant with its offset is converted; a local day or time is taken as it is (a day
 * alone is its first second for since, its last for until). Anything else is a 400 naming the field.
 */
function timeBound(field: 'since' | 'until', value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const local = LOCAL_TIME.exec(value);
  if (local) {
    day(field, local[1]);
    const time = local[2] ?? (field === 'since' ? '00:00:00' : '23:59:59');
    if (!/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(time)) throw badRequest(`${field}: '${value}' is not a time of day`);
    return `${local[1]} ${time}`;
  }
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : undefined;
  if (!instant || Number.isNaN(instant.getTime())) {
    throw badRequest(`${field}: '${value}' is neither an ISO 8601 instant with its offset (2026-11-28T10:00:00Z) nor 'YYYY-MM-DD[ HH:MM:SS]'`);
  }
  return formatTimestamp(instant);
}

/** The account checked (404), the day range checked, the window with the contract's defaults. */
function common(deps: LogHandlerDeps, input: LogWindowInput) {
  deps.requireAccount(input.company_id);
  const dateFrom = day('date_from', input.date_from);
  const dateThrough = day('date_through', input.date_through);
  if (dateFrom !== undefined && dateThrough !== undefined && dateThrough < dateFrom) {
    throw badRequest(`date_through: ${dateThrough} is before date_from ${dateFrom}`);
  }
  const window = { offset: input.offset ?? 0, limit: input.limit ?? 100, sort: 'id' as const, direction: input.direction ?? 'desc' };
  return { dateFrom, dateThrough, window };
}

/**
 * The logs (shared/contract/operations-logs.ts): the Logs screens' windows of the same queries as
 * webhooks.list and apiLog.list, the API log's count and one entry, and apiLog.list itself.
 */
export function createLogHandlers(deps: LogHandlerDeps): HandlersOf<keyof typeof logOperations | keyof typeof apiLogOperations> {
  return {
    'apiLog.list': ({ company_id, ...filter }) => {
      deps.requireAccount(company_id);
      return deps.apiLog.list(company_id, filter);
    },
    'lists.webhooks': (input) => {
      const { dateFrom, dateThrough, window } = common(deps, input);
      return deps.deliveries.window(
        input.company_id,
        {
          status: input.status,
          connector_id: input.connector_id,
          notification_type: input.notification_type,
          order_unique_id: input.order_unique_id,
          created_from: dateFrom,
          created_through: dateThrough,
        },
        window,
      );
    },
    'lists.apiLog': (input) => {
      const { dateFrom, dateThrough, window } = common(deps, input);
      if (input.status !== undefined && input.status_class !== undefined && `${String(input.status)[0]}xx` !== input.status_class) {
        throw badRequest(`status: ${input.status} is not a ${input.status_class} status; give one of the two`);
      }
      const route = input.route?.trim();
      return deps.apiLog.window(
        input.company_id,
        {
          status: input.status,
          statusClass: input.status_class,
          user: input.user,
          route: route ? route : undefined,
          method: input.method,
          dateFrom,
          dateThrough,
          errors: input.errors,
          tsFrom: timeBound('since', input.since),
        },
        window,
      );
    },
    'apiLog.count': (input) => {
      deps.requireAccount(input.company_id);
      if (input.status !== undefined && input.status_class !== undefined && `${String(input.status)[0]}xx` !== input.status_class) {
        throw badRequest(`status: ${input.status} is not a ${input.status_class} status; give one of the two`);
      }
      const tsFrom = timeBound('since', input.since);
      const tsThrough = timeBound('until', input.until);
      if (tsFrom !== undefined && tsThrough !== undefined && tsThrough < tsFrom) throw badRequest(`until: ${input.until} is before since ${input.since}`);
      const route = input.route?.trim();
      if (input.exact && !route) throw badRequest('exact: needs a route');
      return deps.apiLog.count(input.company_id, {
        method: input.method,
        route: route ? route : undefined,
        routeExact: input.exact === true,
        status: input.status,
        statusClass: input.status_class,
        user: input.user,
        afterId: input.after_id,
        tsFrom,
        tsThrough,
      });
    },
    'apiLog.get': ({ company_id, id }) => {
      deps.requireAccount(company_id);
      return deps.apiLog.get(company_id, id);
    },
  };
}
