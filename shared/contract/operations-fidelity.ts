import Type from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import { DriftReport, ProxySettings, ProxySettingsPatch, Recording } from '../domain/fidelity.ts';

/** Largest HAR drift.compareHar takes (a day of a partner's calls). */
export const HAR_BODY_LIMIT = 64 * 1024 * 1024;

/** Proxy mode, recordings and the drift report of an account (docs/fidelity.md). */
export const fidelityOperations = {
  'proxy.get': op({
    summary: "The account's proxy mode: the upstream it forwards REST calls to (null: off), read-only, recording, shadow comparison",
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: ProxySettings,
    http: { method: 'GET', path: '/accounts/:company_id/proxy' },
    reads: ['account_proxies'],
  }),
  'proxy.update': op({
    summary:
      'Turn proxy mode on ({"upstream_url":"https://erp.example.ro/app/rest/v1/42"}) or off (null); read_only (default true) forwards GET only',
    input: Type.Object({ company_id: CompanyId, ...ProxySettingsPatch.properties }, { additionalProperties: false }),
    output: ProxySettings,
    http: { method: 'PATCH', path: '/accounts/:company_id/proxy' },
  }),
  'drift.report': op({
    summary: "Where the twin answered differently from the upstream, by route template: the shadow comparisons of the account's forwarded GETs",
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: DriftReport,
    http: { method: 'GET', path: '/accounts/:company_id/drift' },
    reads: ['fidelity_routes'],
  }),
  'drift.clear': op({
    summary: "Forget the account's shadow comparisons (the report starts again from nothing)",
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: Type.Object({ cleared_routes: Type.Integer({ minimum: 0 }) }),
    http: { method: 'DELETE', path: '/accounts/:company_id/drift' },
  }),
  'drift.compareHar': op({
    summary:
      "Offline drift: the GETs of a HAR 1.2 recording (a partner's logs, a browser's network tab) answered by the twin and compared by shape with the recorded answers; nothing is stored",
    input: Type.Object(
      {
        company_id: CompanyId,
        har: Type.Object({ log: Type.Object({ entries: Type.Array(Type.Unknown()) }) }, { description: 'a HAR 1.2 document' }),
      },
      { additionalProperties: false },
    ),
    output: DriftReport,
    http: { method: 'POST', path: '/accounts/:company_id/drift/compare', bodyLimit: HAR_BODY_LIMIT },
  }),
  'recordings.list': op({
    summary: "The account's recordings (HAR 1.2), newest first",
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: Type.Array(Recording),
    http: { method: 'GET', path: '/accounts/:company_id/recordings' },
    reads: ['recordings'],
  }),
  'recordings.get': op({
    summary: 'One recording as a file (Accept: application/json gets the HAR itself)',
    input: Type.Object({ company_id: CompanyId, file_name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[0-9A-Za-z._-]+\\.har$' }) }, { additionalProperties: false }),
    output: Type.Object({ file_name: Type.String(), content_type: Type.Literal('application/json'), content_base64: Type.String({ contentEncoding: 'base64' }) }),
    http: { method: 'GET', path: '/accounts/:company_id/recordings/:file_name', file: true },
    reads: ['recordings'],
  }),
};
