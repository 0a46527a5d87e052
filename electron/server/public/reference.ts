import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { PostcodeLookup, Pricelist, REFERENCE_PAGE_SIZE, WebCategory, Workpoint } from '../../../shared/domain/reference.ts';
import type { RestRoutes } from './route-kit.ts';
import { mediaUrls } from './request-urls.ts';
import {
  postcodeLookupExample,
  pricelistsListExample,
  webCategoriesListExample,
  workpointsListExample,
} from './reference.examples.ts';

/** The reference lists take only page: they are small and read whole. */
export const referenceListFilters = { page: standardFilters.page } as const;

export const postcodeLookupFilters = {
  city: f.text(),
  county: f.text(),
  street: f.text(),
} as const;

const EXTENSION = 'The spec names this area without its endpoint: the shape is ours (x-erp-extension).';

export function registerReferenceRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/pricelists/list/',
      module: 'pricelists',
      summary: 'Pricelists (the pricelist_id values)',
      example: pricelistsListExample,
      description:
        'Every pricelist of the account, ascending id: the ids the pricelist_id filter of /product/list/ takes ' +
        'and the pricelist_id of a contact. Inactive pricelists are listed with active 0. ' +
        'The spec names /pricelists/list/ as enumerating pricelist ids without showing its fields: the shape is ours ' +
        '(x-erp-extension).',
      filters: referenceListFilters,
      item: Pricelist,
      pageSize: REFERENCE_PAGE_SIZE,
      extension: true,
    },
    ({ core, companyId, page }) => core.rest.reference.pricelists({ companyId, page, pageSize: REFERENCE_PAGE_SIZE }),
  );

  routes.list(
    {
      path: '/productwebcategories/list/',
      module: 'productwebcategories',
      summary: 'Web categories (the category_id values)',
      example: webCategoriesListExample,
      description:
        'Every web category of the account, ascending id: the {category_id} of /productwebcategories/{category_id}/. ' +
        'parent_id is null for a top-level category; image_url is null when the category has no image; deleted ' +
        `categories are listed with deleted 1. ${EXTENSION}`,
      filters: referenceListFilters,
      item: WebCategory,
      pageSize: REFERENCE_PAGE_SIZE,
      extension: true,
    },
    ({ core, companyId, page, request }) => {
      const result = core.rest.reference.webCategories({ companyId, page, pageSize: REFERENCE_PAGE_SIZE });
      core.rest.images.fillCategoryImageUrls(companyId, result.rows, mediaUrls(request));
      return result;
    },
  );

  routes.list(
    {
      path: '/workpoints/list/',
      module: 'workpoints',
      summary: 'Workpoints (the magazia_id / pl_id values)',
      example: workpointsListExample,
      description:
        'Every workpoint (punct de lucru / gestiune) of the account, ascending id: the magazia_id of the product ' +
        'lists and the pl_id / workpoint_id of documents. kind is wholesale or retail: it decides where ' +
        `/product/list/ places a pricelist price. Deleted workpoints are listed with deleted 1. ${EXTENSION}`,
      filters: referenceListFilters,
      item: Workpoint,
      pageSize: REFERENCE_PAGE_SIZE,
      extension: true,
    },
    ({ core, companyId, page }) => core.rest.reference.workpoints({ companyId, page, pageSize: REFERENCE_PAGE_SIZE }),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/postcodes/lookup/',
      module: 'postcodes',
      summary: 'Postcode of a city (and street)',
      example: postcodeLookupExample,
      description:
        'The Romanian postcode of city:<city>/county:<county>/ (both required), optionally street:<street>/. ' +
        'Case and diacritics do not matter. A Bucharest sector is the city "Bucuresti Sector N" of county ' +
        '"Bucuresti" ("Sector N" and "Sectorul N" are read the same). With a street the street\'s own postcode ' +
        'is answered when the table has one (the street kind, such as "Strada" or "Str.", may be left out), else ' +
        `the city's. 404 when nothing matches; 400 when city or county is missing. ${EXTENSION}`,
      filters: postcodeLookupFilters,
      ok: { description: 'the postcode', schema: PostcodeLookup },
      errors: { 400: 'city or county missing, or a filter this lookup does not take', 404: 'no postcode matches' },
      extension: true,
    },
    ({ core, filters }) => core.rest.reference.postcode(filters),
  );
}
