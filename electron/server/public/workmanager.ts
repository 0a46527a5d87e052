import Type from 'typebox';
import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import {
  SendInRequestBody,
  SendInRequestResult,
  ServiceFile,
  ServiceFileDetail,
  ServiceRequest,
  WORKMANAGER_PAGE_SIZE,
} from '../../../shared/domain/workmanager.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import {
  sendInRequestExample,
  serviceFileExample,
  serviceFilesListExample,
  serviceRequestsListExample,
} from './workmanager.examples.ts';

const { skipcancelled: _notHere, ...standardWithoutSkipCancelled } = standardFilters;

/** The spec: standard filters without skipcancelled; include:clientrecommendations. */
export const serviceFilesListFilters = {
  ...standardWithoutSkipCancelled,
  include: f.options(['clientrecommendations'] as const),
} as const;

/** The spec shows no filters for service requests: these are our choice (documented). */
export const serviceRequestsListFilters = {
  date: standardFilters.date,
  modifiedafter: standardFilters.modifiedafter,
  modifiedthrough: standardFilters.modifiedthrough,
  id: standardFilters.id,
  minid: standardFilters.minid,
  page: standardFilters.page,
} as const;

const MODULE_OFF = 'the workmanager module is not active in the account (or credentials refused)';

export function registerWorkmanagerRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/workmanager/servicefiles/',
      module: 'workmanager',
      summary: 'Service files (fise de service)',
      example: serviceFilesListExample,
      description:
        'Service files of the workmanager module, ascending fisa_id. The standard filters without ' +
        'skipcancelled (a cancelled file has status cancelled and document_cancelled 1); the date filters act on ' +
        'the reception date, modifiedafter/modifiedthrough on last_changed_ts. include:clientrecommendations ' +
        'adds the client recommendations of each file. 401 when the workmanager module is not active in the account.',
      filters: serviceFilesListFilters,
      item: ServiceFile,
      pageSize: WORKMANAGER_PAGE_SIZE,
      errors: { 401: MODULE_OFF },
    },
    ({ core, companyId, filters, page }) =>
      core.rest.workmanager.listServiceFiles({
        ...documentQuery(companyId, filters, page, WORKMANAGER_PAGE_SIZE),
        include: { clientRecommendations: filters.include?.has('clientrecommendations') ?? false },
      }),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/workmanager/servicefile/{fisa_id}/',
      module: 'workmanager',
      summary: 'One service file with its associated documents',
      example: serviceFileExample,
      description:
        'The full service file: the list fields, its client recommendations and its associated documents ' +
        '(doc_type sale, invoice, proforma, awb or payment, with doc_id, doc_series, doc_nr, doc_date, total, currency ' +
        'and document_cancelled), by date. ' +
        '401 when the workmanager module is not active in the account.',
      params: { fisa_id: Type.Integer({ minimum: 1 }) },
      ok: { description: 'the service file', schema: ServiceFileDetail },
      errors: { 400: 'fisa_id is not a positive integer', 401: MODULE_OFF, 404: 'no such service file in the account' },
    },
    ({ core, companyId, params }) => core.rest.workmanager.getServiceFile(companyId, Number(params.fisa_id)),
  );

  routes.list(
    {
      path: '/workmanager/servicerequests/',
      module: 'workmanager',
      summary: 'Send-in-for-service requests',
      example: serviceRequestsListExample,
      description:
        'Service requests (POST /workmanager/sendinrequest/), ascending service_request_id. The spec does not ' +
        'show the filters of this list: our choice is page plus the standard date (the request date), ' +
        'modifiedafter / modifiedthrough (last_changed_ts), id and minid; any other key is a 400. ' +
        '401 when the workmanager module is not active in the account.',
      filters: serviceRequestsListFilters,
      item: ServiceRequest,
      pageSize: WORKMANAGER_PAGE_SIZE,
      errors: { 401: MODULE_OFF },
    },
    ({ core, companyId, filters, page }) =>
      core.rest.workmanager.listServiceRequests(documentQuery(companyId, filters, page, WORKMANAGER_PAGE_SIZE)),
  );

  routes.endpoint(
    {
      method: 'POST',
      path: '/workmanager/sendinrequest/',
      module: 'workmanager',
      summary: 'Create a send-in-for-service request',
      example: sendInRequestExample,
      description:
        'The spec\'s send-in request. Integer id fields take -1 as "no value" (a required one then is a 400). ' +
        'client_rec_id must be a contact of the account that is not deleted, client_addres_id (the pickup address) ' +
        'and invoice_address_id addresses of that contact; aparat_producator_id, aparat_model_id (of that ' +
        'manufacturer when both are given), aparat_serie_id (of that model when both are given and the series ' +
        'names one) and equipment_type_id must exist in the account. acquisition_invoice_date must not be after ' +
        'today, requested_pickup_date not before it. The request gets today\'s date, status new and ' +
        'added_by_api 1. from_b2b 1 also generates the pickup AWB through the B2B path (source b2b, the account\'s ' +
        'default courier, a generated tracking number, dated requested_pickup_date or today), linked as ' +
        'pickup_awb_id, and the status is pickup_scheduled. One transaction: a refused request stores nothing. ' +
        'The request is listed by /workmanager/servicerequests/. 401 when the workmanager module is not active ' +
        'in the account (checked before the body).',
      guard: ({ core, companyId }) => core.rest.workmanager.requireModule(companyId),
      body: { contentType: 'application/json', schema: SendInRequestBody },
      ok: { description: 'the created request (and its pickup AWB)', schema: SendInRequestResult },
      errors: {
        400: 'a field is missing or invalid, or a reference is not the account\'s (each message names the field); nothing was stored',
        401: MODULE_OFF,
        415: 'the body is not application/json',
      },
    },
    ({ core, companyId, body }) => core.rest.workmanager.createSendInRequest(companyId, body),
    (data) => ({ service_requests: [data.service_request_id], awbs: data.pickup_awb_id === null ? [] : [data.pickup_awb_id] }),
  );
}
