import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { Proforma, PROFORMAS_PAGE_SIZE } from '../../../shared/domain/proformas.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { baseUrlOf } from './request-urls.ts';
import { proformasListExample } from './proformas.examples.ts';

const { skipcancelled: _notOnProformas, ...standardWithoutSkipCancelled } = standardFilters;

/** The spec: standard filters without skipcancelled, for_abon_tpl_id; include:payment_link; exclude:cancelled. */
export const proformaListFilters = {
  ...standardWithoutSkipCancelled,
  for_abon_tpl_id: f.int(),
  include: f.options(['payment_link'] as const),
  exclude: f.options(['cancelled'] as const),
} as const;

export function registerProformaRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/proformas/list/',
      module: 'proformas',
      summary: 'Proforma invoices',
      example: proformasListExample,
      description:
        'Date filters act on the proforma date, modifiedafter / modifiedthrough on last_changed_ts. ' +
        'for_abon_tpl_id keeps the proformas generated from that subscription template. ' +
        'include:payment_link adds payment_link (the online payment page, "" when none); exclude:cancelled ' +
        'hides cancelled proformas (this list has no skipcancelled). Row keys are the ones clients of the real service ' +
        'read (proforma_id, doc_series, doc_nr, doc_date, total, document_cancelled 0/1, view_link); view_link is the ' +
        'credential-free HTML page of the proforma on the address the request used, ending in /html/ (the same link ' +
        'ending in /pdf/ is its PDF).',
      filters: proformaListFilters,
      item: Proforma,
      pageSize: PROFORMAS_PAGE_SIZE,
    },
    ({ core, companyId, filters, page, request }) =>
      core.rest.proformas.list({
        baseUrl: baseUrlOf(request),
        ...documentQuery(companyId, filters, page, PROFORMAS_PAGE_SIZE),
        skipCancelled: filters.exclude?.has('cancelled') ?? false,
        subscriptionTemplateId: filters.for_abon_tpl_id,
        include: { paymentLink: filters.include?.has('payment_link') ?? false },
      }),
  );
}
