import Type, { type Static } from 'typebox';

export const AuthLockout = Type.Object({
  max_failures: Type.Integer({ minimum: 1, maximum: 1000, description: 'failed logins from one IP that trigger a lock' }),
  window_s: Type.Integer({ minimum: 1, maximum: 86400, description: 'the window those failures are counted in' }),
  lock_s: Type.Integer({ minimum: 1, maximum: 86400, description: 'how long the IP stays locked' }),
}, { additionalProperties: false });

/**
 * The real service's 429 for too many heavy list requests at once (docs/control-api.md, "The real service's
 * limits"); off by default.
 */
export const HeavyListLimit = Type.Object({
  enabled: Type.Boolean({ description: 'answer 429 to an API user running more than max_concurrent heavy list requests (sales, invoices, proformas, fiscal receipts) at once, as the real service does' }),
  max_concurrent: Type.Integer({ minimum: 1, maximum: 100, description: 'heavy list requests one API user may have in flight at once (the real service: about 2)' }),
}, { additionalProperties: false });

/** Service-wide settings, stored in the database with the data they govern. */
export const ServiceSettings = Type.Object({
  webhook_retry_schedule_s: Type.Array(Type.Integer({ minimum: 1, maximum: 604800 }), {
    minItems: 1,
    maxItems: 50,
    description: 'delay before each retry of a transient webhook failure; its length is the retry limit',
  }),
  webhook_timeout_ms: Type.Integer({ minimum: 100, maximum: 120000, description: 'an attempt without a full answer by then is a transient failure' }),
  webhook_max_in_flight_per_connector: Type.Integer({
    minimum: 1,
    maximum: 100,
    description: 'attempts under way at once to one connector: a slow or hanging receiver holds only these',
  }),
  webhook_max_in_flight: Type.Integer({ minimum: 1, maximum: 1000, description: 'attempts under way at once in all' }),
  inbox_allow_remote: Type.Boolean({
    description: 'the built-in inbox (POST /_sandbox/inbox/{name}) accepts posts from other hosts, not only loopback',
  }),
  auth_lockout: AuthLockout,
  api_log_max_rows: Type.Integer({ minimum: 100, maximum: 10_000_000, description: 'the API log keeps the newest rows' }),
  answer_cache_mb: Type.Integer({
    minimum: 0,
    maximum: 4096,
    description: 'memory for reusing REST GET answers while the data is unchanged (least recently used go first); 0 turns the cache off',
  }),
  heavy_list_limit: HeavyListLimit,
  inbox_budget_mb: Type.Integer({
    minimum: 1,
    maximum: 1024,
    description: 'memory for the bodies the built-in inbox keeps, all inboxes together; past it the oldest captures are dropped',
  }),
  max_connections: Type.Integer({
    minimum: 16,
    maximum: 100_000,
    description: 'connections the listener keeps open at once; one more is closed as soon as it opens',
  }),
  outbound_allow_private: Type.Boolean({
    description: 'image URLs sent by API callers may name loopback and private-network addresses even when the listener is not bound to loopback',
  }),
  allowed_hosts: Type.Array(Type.String({ 'x-pattern-meaning': 'a host name (letters, digits, dots and dashes), *.name for the names below one, or an IPv6 address in brackets', minLength: 1, maxLength: 253, pattern: '^(\\*\\.)?[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\\[[0-9A-Fa-f:.]+\\]$' }), {
    maxItems: 50,
    description: 'host names, besides the loopback ones, that the control API, the inbox and the web UI answer to while the listener is bound to loopback (for containers and custom names; *.example.test covers its subdomains)',
  }),
});
export type ServiceSettings = Static<typeof ServiceSettings>;

export const ServiceSettingsPatch = Type.Object(
  {
    webhook_retry_schedule_s: Type.Optional(ServiceSettings.properties.webhook_retry_schedule_s),
    webhook_timeout_ms: Type.Optional(ServiceSettings.properties.webhook_timeout_ms),
    webhook_max_in_flight_per_connector: Type.Optional(ServiceSettings.properties.webhook_max_in_flight_per_connector),
    webhook_max_in_flight: Type.Optional(ServiceSettings.properties.webhook_max_in_flight),
    inbox_allow_remote: Type.Optional(ServiceSettings.properties.inbox_allow_remote),
    auth_lockout: Type.Optional(Type.Partial(AuthLockout, { additionalProperties: false })),
    api_log_max_rows: Type.Optional(ServiceSettings.properties.api_log_max_rows),
    answer_cache_mb: Type.Optional(ServiceSettings.properties.answer_cache_mb),
    heavy_list_limit: Type.Optional(Type.Partial(HeavyListLimit, { additionalProperties: false })),
    inbox_budget_mb: Type.Optional(ServiceSettings.properties.inbox_budget_mb),
    max_connections: Type.Optional(ServiceSettings.properties.max_connections),
    outbound_allow_private: Type.Optional(ServiceSettings.properties.outbound_allow_private),
    allowed_hosts: Type.Optional(ServiceSettings.properties.allowed_hosts),
  },
  { additionalProperties: false },
);
export type ServiceSettingsPatch = Static<typeof ServiceSettingsPatch>;

/**
 * The default retry schedule grows about x2.5-x5 a step up to 12 hours and spans about three
 * days (15 attempts), as Stripe's and Svix's do; each delay gets +-20% jitter when scheduled.
 */
export const DEFAULT_RETRY_SCHEDULE_S = [5, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 43200, 43200, 43200, 43200, 43200];

export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = {
  webhook_retry_schedule_s: DEFAULT_RETRY_SCHEDULE_S,
  webhook_timeout_ms: 10000,
  webhook_max_in_flight_per_connector: 8,
  webhook_max_in_flight: 64,
  inbox_allow_remote: false,
  auth_lockout: { max_failures: 5, window_s: 300, lock_s: 900 },
  api_log_max_rows: 20000,
  answer_cache_mb: 32,
  heavy_list_limit: { enabled: false, max_concurrent: 2 },
  inbox_budget_mb: 32,
  // Below the 1,024 open files a container's default ulimit allows, with room for the database,
  // the WAL, the FTP storage and the webhook sockets.
  max_connections: 512,
  outbound_allow_private: false,
  allowed_hosts: [],
};
