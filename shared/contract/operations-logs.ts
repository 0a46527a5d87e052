import Type, { type TSchema } from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import { ApiLogCount, ApiLogEntry } from '../domain/api-log.ts';
import { DELIVERY_STATUSES, NotificationTypeSchema, WebhookDelivery } from '../domain/webhooks.ts';

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** HTTP methods the REST API is called with (the API log's method filter). */
export const API_LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** A class of answers: every 2xx, every 4xx ... */
export const API_LOG_STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/**
 * A log as a window for the DataTable, as the `lists.*` take it: offset / limit, the sort (the id,
 * newest first by default: ids grow with time, so it is also the time order) and the log's filters.
 */
function logInput<F extends Record<string, TSchema>>(on: string, filters: F) {
  return Type.Object(
    {
      company_id: CompanyId,
      offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
      sort: Type.Optional(Type.Enum(['id'], { default: 'id', description: 'the id: the order entries were written in' })),
      direction: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
      ...filters,
      date_from: Type.Optional(Type.String({ pattern: DAY_PATTERN, description: `${on}: YYYY-MM-DD, inclusive` })),
      date_through: Type.Optional(Type.String({ pattern: DAY_PATTERN, description: `${on}: YYYY-MM-DD, inclusive` })),
    },
    { additionalProperties: false },
  );
}

function logOutput<T extends TSchema>(row: T) {
  return Type.Object({
    rows: Type.Array(row),
    total: Type.Integer({ description: 'rows matching the filters (all windows)' }),
    offset: Type.Integer(),
  });
}

/** The Logs screens: the webhook delivery log and the API log, as windows with a total. */
export const logOperations = {
  'lists.webhooks': op({
    summary: 'Webhook deliveries for the screens: window, filters, total (the attempts: webhooks.get)',
    input: logInput('created_ts (Europe/Bucharest)', {
      status: Type.Optional(Type.Enum([...DELIVERY_STATUSES])),
      connector_id: Type.Optional(Type.Integer({ minimum: 1 })),
      notification_type: Type.Optional(NotificationTypeSchema),
      order_unique_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'the order id on the connector, exactly' })),
    }),
    output: logOutput(WebhookDelivery),
    http: { method: 'GET', path: '/accounts/:company_id/lists/webhooks' },
    reads: ['webhook_outbox', 'webhook_attempts'],
  }),
  'lists.apiLog': op({
    summary: 'The API log for the screens: window, filters, total',
    input: logInput('ts (Europe/Bucharest)', {
      status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599, description: 'one answer status' })),
      status_class: Type.Optional(Type.Enum([...API_LOG_STATUS_CLASSES], { description: 'every status of a class (4xx: refused calls)' })),
      user: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'the API user name, exactly' })),
      route: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "the start of the route after the company id, e.g. '/sales' (a leading / is added)" })),
      method: Type.Optional(Type.Enum([...API_LOG_METHODS])),
      errors: Type.Optional(Type.Boolean({ description: 'true: only calls answered 400 or above (refused and failed)' })),
      since: Type.Optional(
        Type.String({ minLength: 10, maxLength: 40, description: "from this time, inclusive: 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest, the service clock) or an ISO 8601 instant" }),
      ),
    }),
    output: logOutput(ApiLogEntry),
    http: { method: 'GET', path: '/accounts/:company_id/lists/api-log' },
    reads: ['api_log'],
  }),
  'apiLog.count': op({
    summary: "How many REST calls of an account match: method, route, status, user, time window (`erp-workbench verify`; WireMock's verify)",
    input: Type.Object(
      {
        company_id: CompanyId,
        method: Type.Optional(Type.Enum([...API_LOG_METHODS])),
        route: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "the route after the company id: its start ('/sales' counts '/sales/list/' ...), or exactly with exact=true" })),
        exact: Type.Optional(Type.Boolean({ default: false, description: 'route must be equal, not only its start' })),
        status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
        status_class: Type.Optional(Type.Enum([...API_LOG_STATUS_CLASSES])),
        user: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'the API user name, exactly' })),
        after_id: Type.Optional(Type.Integer({ minimum: 0, description: 'only entries after this id (latest_id of an earlier count: the calls made since)' })),
        since: Type.Optional(Type.String({ minLength: 10, maxLength: 40, description: "from this time, inclusive: an ISO 8601 instant (2026-11-28T10:00:00Z) or the log's own 'YYYY-MM-DD[ HH:MM:SS]' (Europe/Bucharest, the service clock)" })),
        until: Type.Optional(Type.String({ minLength: 10, maxLength: 40, description: 'up to this time, inclusive; the same forms as since' })),
      },
      { additionalProperties: false },
    ),
    output: ApiLogCount,
    http: { method: 'GET', path: '/accounts/:company_id/api-log/count' },
    reads: ['api_log'],
  }),
  'apiLog.get': op({
    summary: 'One API log entry: the call (method, route, user, IP) with the head of its request and answer bodies',
    input: Type.Object({ company_id: CompanyId, id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    output: ApiLogEntry,
    http: { method: 'GET', path: '/accounts/:company_id/api-log/:id' },
    reads: ['api_log'],
    record: { table: 'api_log', input: 'id' },
  }),
};

/**
 * The API log of an account for the CLI and the control API (the screens read lists.apiLog). A
 * map of its own because the operations map lists it after the settings (shared/contract/operations.ts).
 */
export const apiLogOperations = {
  'apiLog.list': op({
    summary: 'The API log of an account, newest first',
    input: Type.Object(
      {
        company_id: CompanyId,
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
        status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
        user: Type.Optional(Type.String()),
        before_id: Type.Optional(Type.Integer({ minimum: 1, description: 'page back: entries older than this id' })),
      },
      { additionalProperties: false },
    ),
    output: Type.Array(ApiLogEntry),
    http: { method: 'GET', path: '/accounts/:company_id/api-log' },
    reads: ['api_log'],
  }),
};
