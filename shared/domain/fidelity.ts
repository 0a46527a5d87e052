import Type, { type Static } from 'typebox';

/**
 * Fidelity: how closely this twin answers like the real service (docs/fidelity.md). An account in
 * proxy mode forwards its REST calls to the real service (the upstream) with the caller's own
 * credentials; the calls are recorded (HAR 1.2, credentials removed, personal data pseudonymised)
 * and each forwarded GET is answered by the twin too and the two answers compared by shape.
 */

/** How recordings are cut into files under <data>/recordings/: one file per day, per session (service start), or none. */
export const RECORDING_MODES = ['day', 'session', 'off'] as const;
export type RecordingMode = (typeof RECORDING_MODES)[number];

export const PROXY_TIMEOUT_MIN_MS = 1000;
export const PROXY_TIMEOUT_MAX_MS = 120_000;

/** An account's proxy mode; `upstream_url` null: the twin answers the account itself (proxy off). */
export const ProxySettings = Type.Object(
  {
    company_id: Type.Integer({ minimum: 1 }),
    upstream_url: Type.Union([Type.String(), Type.Null()], {
      description:
        "the real service's base URL for this account (https://host/app/rest/v1/{its company_id}, or https://host: the same company id); null: proxy off",
    }),
    read_only: Type.Boolean({ description: 'forward GET only (default); other methods are refused with 403 before anything leaves the machine' }),
    recording: Type.Enum([...RECORDING_MODES], { description: 'one HAR file per day (default) or per session under <data>/recordings, or off' }),
    shadow: Type.Boolean({ description: 'the twin answers every forwarded GET too and the two answers are compared by shape (the drift report)' }),
    timeout_ms: Type.Integer({ minimum: PROXY_TIMEOUT_MIN_MS, maximum: PROXY_TIMEOUT_MAX_MS, description: 'no complete upstream answer by then: 504' }),
  },
  { additionalProperties: false },
);
export type ProxySettings = Static<typeof ProxySettings>;

/** What proxy.update takes besides the account: any subset of the settings. */
export const ProxySettingsPatch = Type.Partial(Type.Omit(ProxySettings, ['company_id']), { additionalProperties: false });
export type ProxySettingsPatch = Static<typeof ProxySettingsPatch>;

/** What one difference between the upstream's answers and the twin's is about. */
export const DRIFT_KINDS = [
  'status', // the same request got another status code
  'only_upstream', // a key the upstream sends and the twin does not
  'only_twin', // a key the twin sends and the upstream does not
  'type', // the value types of a key differ (number vs numeric string, 0/1 vs boolean, object vs array, ...)
  'null_vs_empty', // one side sends null where the other sends an empty string
  'date_format', // both send dates, written differently
  'number_format', // both send numbers as text, written differently (decimal point, decimals)
] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

export const DriftDifference = Type.Object(
  {
    kind: Type.Enum([...DRIFT_KINDS]),
    /** Where in the answer: `data.rows[].total` (array elements as []), '' for the status code. */
    path: Type.String(),
    /** The upstream's side: the types seen ('number', 'string (numeric)', ...), the status, or '' when absent. */
    upstream: Type.String(),
    twin: Type.String(),
    /** Compared calls of the route in which it was seen. */
    calls: Type.Integer({ minimum: 0 }),
    /** One request that showed it (path below the account, as recorded). */
    example_request: Type.String(),
    /** Redacted examples: the value's form (letters as x/X, digits as 9), never the value. */
    upstream_example: Type.Union([Type.String(), Type.Null()]),
    twin_example: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type DriftDifference = Static<typeof DriftDifference>;

export const DriftRoute = Type.Object(
  {
    /** Method and path with its filter segments, values and ids left out: `GET /sales/list/page:{}/year:{}/`. */
    template: Type.String(),
    /** Calls of the route seen, and how many of them were compared (both answers JSON). */
    calls: Type.Integer({ minimum: 0 }),
    compared: Type.Integer({ minimum: 0 }),
    differences: Type.Array(DriftDifference),
  },
  { additionalProperties: false },
);
export type DriftRoute = Static<typeof DriftRoute>;

export const DriftReport = Type.Object(
  {
    company_id: Type.Integer({ minimum: 1 }),
    /** shadow: the calls forwarded by the proxy; har: a recording sent for comparison. */
    source: Type.Enum(['shadow', 'har']),
    /** Service time of the report, YYYY-MM-DD HH:MM:SS. */
    generated_at: Type.String(),
    calls: Type.Integer({ minimum: 0 }),
    compared: Type.Integer({ minimum: 0 }),
    /** Calls not compared, with why ("not a GET", "the answer is not JSON", ...), counted. */
    skipped: Type.Array(Type.Object({ reason: Type.String(), calls: Type.Integer({ minimum: 1 }) }, { additionalProperties: false })),
    /** Differences in all routes (what `erp-workbench drift --threshold` compares). */
    differences: Type.Integer({ minimum: 0 }),
    routes: Type.Array(DriftRoute),
  },
  { additionalProperties: false },
);
export type DriftReport = Static<typeof DriftReport>;

export const Recording = Type.Object(
  {
    file_name: Type.String({ description: 'under <data>/recordings/: <company_id>-<YYYY-MM-DD>.har or <company_id>-session-<YYYYMMDD-HHMMSS>.har' }),
    company_id: Type.Integer({ minimum: 1 }),
    size_bytes: Type.Integer({ minimum: 0 }),
    entries: Type.Integer({ minimum: 0 }),
    modified_at: Type.String(),
  },
  { additionalProperties: false },
);
export type Recording = Static<typeof Recording>;
