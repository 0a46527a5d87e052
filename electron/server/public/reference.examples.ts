import type { EndpointExample } from './route-kit.ts';
import type { postcodeLookupFilters, referenceListFilters } from './reference.ts';

/** GET /pricelists/list/ */
export const pricelistsListExample: EndpointExample<typeof referenceListFilters> = {
  answer: {
    data: [
      { id: 1, name: 'Distribuitori', currency: 'RON', active: 1, last_changed_ts: '2024-12-03 12:00:00' },
      { id: 2, name: 'Clienti fideli', currency: 'RON', active: 1, last_changed_ts: '2024-12-14 12:00:00' },
      { id: 3, name: 'Angro', currency: 'RON', active: 1, last_changed_ts: '2024-12-25 12:00:00' },
    ],
  },
};

/** GET /productwebcategories/list/ */
export const webCategoriesListExample: EndpointExample<typeof referenceListFilters> = {
  filters: { page: 1 },
  answer: {
    data: [
      {
        id: 1,
        name: 'Casa si bucatarie',
        parent_id: null,
        image_url: 'https://cdn.demo-retail.ro/img/categorii/1.jpg',
        deleted: 0,
        last_changed_ts: '2024-11-25 12:00:00',
      },
      {
        id: 2,
        name: 'Moda',
        parent_id: null,
        image_url: 'https://cdn.demo-retail.ro/img/categorii/2.jpg',
        deleted: 0,
        last_changed_ts: '2024-11-28 12:00:00',
      },
      {
        id: 3,
        name: 'Birou si scoala',
        parent_id: null,
        image_url: 'https://cdn.demo-retail.ro/img/categorii/3.jpg',
        deleted: 0,
        last_changed_ts: '2024-12-01 12:00:00',
      },
      {
        id: 4,
        name: 'Copii',
        parent_id: null,
        image_url: 'https://cdn.demo-retail.ro/img/categorii/4.jpg',
        deleted: 0,
        last_changed_ts: '2024-12-04 12:00:00',
      },
      {
        id: 5,
        name: 'Gradina si bricolaj',
        parent_id: null,
        image_url: 'https://cdn.demo-retail.ro/img/categorii/5.jpg',
        deleted: 0,
        last_changed_ts: '2024-12-07 12:00:00',
      },
      { id: 6, name: 'Bacanie fina', parent_id: 1, image_url: null, deleted: 0, last_changed_ts: '2024-12-10 12:00:00' },
      { id: 7, name: 'Promotii', parent_id: null, image_url: null, deleted: 0, last_changed_ts: '2024-12-13 12:00:00' },
      { id: 8, name: 'Black Friday 2024', parent_id: null, image_url: null, deleted: 1, last_changed_ts: '2024-12-16 12:00:00' },
    ],
  },
};

/** GET /workpoints/list/ */
export const workpointsListExample: EndpointExample<typeof referenceListFilters> = {
  answer: {
    data: [
      { id: 1, name: 'Depozit central', kind: 'wholesale', deleted: 0 },
      { id: 2, name: 'Magazin București', kind: 'retail', deleted: 0 },
    ],
  },
};

/** GET /postcodes/lookup/: a street's own postcode. */
export const postcodeLookupExample: EndpointExample<typeof postcodeLookupFilters> = {
  filters: { city: 'Cluj-Napoca', county: 'Cluj', street: 'Strada Memorandumului' },
  answer: { data: { postcode: '400001' } },
};
