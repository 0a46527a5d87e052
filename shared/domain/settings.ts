import Type, { type Static } from 'typebox';

export const AuthLockout = Type.Object({
  max_failures: Type.Integer({ minimum: 1, maximum: 1000, description: 'failed logins from one IP that trigger a lock' }),
  window_s: Type.Integer({ minimum: 1, maximum: 86400, description: 'the window those failures are counted in' }),
  lock_s: Type.Integer({ minimum: 1, maximum: 86400, description: 'how long the IP stays locked' }),
}, { additionalProperties: false });

/** Service-wide settings, stored in the database with the data they govern. */
export const ServiceSettings = Type.Object({
  webhook_retry_schedule_s: Type.Array(Type.Integer({ minimum: 1, maximum: 604800 }), {
    minItems: 1,
    maxItems: 50,
    description: 'delay before each retry of a transient webhook failure; its length is the retry limit',
  }),
  webhook_timeout_ms: Type.Integer({ minimum: 100, maximum: 120000 }),
  auth_lockout: AuthLockout,
  api_log_max_rows: Type.Integer({ minimum: 100, maximum: 10_000_000, description: 'the API log keeps the newest rows' }),
});
export type ServiceSettings = Static<typeof ServiceSettings>;

export const ServiceSettingsPatch = Type.Object(
  {
    webhook_retry_schedule_s: Type.Optional(ServiceSettings.properties.webhook_retry_schedule_s),
    webhook_timeout_ms: Type.Optional(ServiceSettings.properties.webhook_timeout_ms),
    auth_lockout: Type.Optional(Type.Partial(AuthLockout, { additionalProperties: false })),
    api_log_max_rows: Type.Optional(ServiceSettings.properties.api_log_max_rows),
  },
  { additionalProperties: false },
);
export type ServiceSettingsPatch = Static<typeof ServiceSettingsPatch>;

export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = {
  webhook_retry_schedule_s: [10, 60, 300, 1800, 7200, 21600],
  webhook_timeout_ms: 10000,
  auth_lockout: { max_failures: 5, window_s: 300, lock_s: 900 },
  api_log_max_rows: 20000,
};
