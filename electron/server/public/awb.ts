import Type from 'typebox';
import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { OperationError } from '../../../shared/contract/errors.ts';
import {
  Awb,
  AWB_ADD_MAX_ITEMS,
  AwbAddBody,
  AwbAddResult,
  AwbDeleteResult,
  AWBS_PAGE_SIZE,
} from '../../../shared/domain/awb.ts';
import { SENT, type RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { awbAddExample, awbAddPageExample, awbDeleteExample, awbIssueExample, awbListExample } from './awb.examples.ts';

/** The spec: standard filters (with datefrom, datethrough) plus documentnr, the tracking number. */
export const awbListFilters = {
  ...standardFilters,
  documentnr: f.text(),
} as const;

export function registerAwbRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/awb/list/',
      module: 'awb',
      summary: 'Courier AWBs',
      example: awbListExample,
      description:
        'Date filters act on the AWB date, modifiedafter / modifiedthrough on last_changed_ts. documentnr is the ' +
        'tracking number (awb_nr), matched exactly (URL-encoded). skipcancelled:1 hides cancelled AWBs.',
      filters: awbListFilters,
      item: Awb,
      pageSize: AWBS_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.awbs.list({ ...documentQuery(companyId, filters, page, AWBS_PAGE_SIZE), awbNr: filters.documentnr }),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/awb/add/',
      module: 'awb',
      summary: 'Documentation of POST /awb/add/: sample body and courier codes',
      example: awbAddPageExample,
      description:
        'A readable HTML page generated from the schema that validates POST /awb/add/: every field with its type, ' +
        'rules and notes, a sample body for the account, and the accepted courier codes (awb_type), brokers with ' +
        'their sub-couriers (awb_subtype).',
      ok: { contentType: 'text/html', description: 'the documentation page (text/html; charset=utf-8)' },
    },
    ({ core, companyId, reply }) => {
      reply.code(200).type('text/html; charset=utf-8').send(core.rest.awbs.addPage(companyId));
      return SENT;
    },
  );

  routes.endpoint(
    {
      method: 'POST',
      path: '/awb/add/',
      module: 'awb',
      summary: 'Attach already-issued AWBs to sales',
      example: awbAddExample,
      description:
        `awbs[]: 1 to ${AWB_ADD_MAX_ITEMS} AWB items, stored in one transaction (one refused item: nothing is ` +
        'stored). Each AWB gets source "api", today\'s date (the sale\'s date when that is later: a sale scheduled ' +
        'for the next day), packet_count 1, the client block, currency and total (declared_value) of its sale, the ' +
        'weight of the sale\'s products, the delivery country of the connector order the sale came from (else of the ' +
        'client\'s delivery address, else of its invoice address, else Romania), and that order\'s cash on delivery. For a sale of ' +
        'a connector order, the order\'s connector gets the awb notification. 400 naming awbs[i].<field>: a sale ' +
        'that does not exist in the account or is cancelled; an unknown courier code, or a sub-courier code used as ' +
        'awb_type; a broker without one of its sub-couriers in awb_subtype; an awb_subtype on a courier that is not ' +
        'a broker; an awb_url that is not http(s); an awb_nr already registered for the same courier (not ' +
        'cancelled) or repeated in the request.',
      body: { contentType: 'application/json', schema: AwbAddBody },
      ok: { description: 'the created AWBs, in the order of the request', schema: AwbAddResult },
      errors: {
        400: 'a field is missing or invalid (each message names awbs[i].<field> and the rule); nothing was stored',
        415: 'the body is not application/json',
      },
    },
    ({ core, companyId, body }) => core.rest.awbs.add(companyId, body.awbs),
    (data) => ({ awbs: data.awb_ids }),
  );

  routes.endpoint(
    {
      method: 'DELETE',
      path: '/awb/{awb_id}/',
      module: 'awb',
      summary: 'Delete (cancel) an AWB',
      example: awbDeleteExample,
      description:
        'Cancels the AWB: it stays in /awb/list/ with document_cancelled 1 (skipcancelled:1 hides it), as the marketplace ' +
        'lists show cancelled AWBs flagged, and its tracking number may be attached again. 404 when the AWB does ' +
        'not exist in the account or is already cancelled.',
      params: { awb_id: Type.Integer({ minimum: 1 }) },
      ok: { description: 'the cancelled AWB id', schema: AwbDeleteResult },
      errors: {
        400: 'awb_id is not a positive integer',
        404: 'no such AWB in the account, or it is already cancelled',
      },
    },
    ({ core, companyId, params }) => core.rest.awbs.remove(companyId, Number(params.awb_id)),
    (data) => ({ awbs: [data.deleted_awb_id] }),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/awb/issue/',
      module: 'awb',
      summary: 'Issue an AWB with the courier (not implemented)',
      example: awbIssueExample,
      description: 'Reserved by the spec for a later release: always 501 in the envelope.',
      ok: { description: 'never answered: the endpoint is not implemented' },
      errors: { 501: 'not implemented' },
    },
    () => {
      throw new OperationError(501, 'GET /awb/issue/ is not implemented (reserved for a later release)');
    },
  );
}
