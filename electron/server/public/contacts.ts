import Type from 'typebox';
import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { Contact, CONTACTS_PAGE_SIZE } from '../../../shared/domain/contacts.ts';
import type { RestRoutes } from './route-kit.ts';
import { contactExample, contactsListExample } from './contacts.examples.ts';

/** The spec: modifiedafter, modifiedthrough, id, minid, page; include pricelist, address, contacts, banks. */
export const contactsListFilters = {
  modifiedafter: standardFilters.modifiedafter,
  modifiedthrough: standardFilters.modifiedthrough,
  id: standardFilters.id,
  minid: standardFilters.minid,
  page: standardFilters.page,
  include: f.options(['pricelist', 'address', 'contacts', 'banks'] as const),
} as const;

export const contactFilters = {
  include: f.options(['pricelist'] as const),
} as const;

const PRICELIST_NOTE =
  "include:pricelist adds pricelist_id and pricelist_name: the contact's own pricelist, else its group's pricelist, else null.";

export function registerContactRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/contacts/list/',
      module: 'contacts',
      summary: 'Clients',
      example: contactsListExample,
      description:
        'Contacts that are clients (is_client = 1), deleted ones left out, ascending contact_id. ' +
        'modifiedafter (strictly after) and modifiedthrough (up to and including) act on lastupdated. ' +
        `${PRICELIST_NOTE} include:address adds addresses[], include:contacts the contact persons (contacts[]), ` +
        'include:banks the bank accounts (bank_accounts[]).',
      filters: contactsListFilters,
      item: Contact,
      pageSize: CONTACTS_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.contacts.list({
        companyId,
        modifiedAfter: filters.modifiedafter,
        modifiedThrough: filters.modifiedthrough,
        id: filters.id,
        minId: filters.minid,
        include: {
          pricelist: filters.include?.has('pricelist') ?? false,
          addresses: filters.include?.has('address') ?? false,
          persons: filters.include?.has('contacts') ?? false,
          banks: filters.include?.has('banks') ?? false,
        },
        page,
        pageSize: CONTACTS_PAGE_SIZE,
      }),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/contacts/{contact_id}/',
      module: 'contacts',
      summary: 'One contact',
      example: contactExample,
      description:
        'Any contact of the account (client or supplier; a deleted one answers with deleted 1), in the shape ' +
        `of a /contacts/list/ row. ${PRICELIST_NOTE}`,
      params: { contact_id: Type.Integer({ minimum: 1 }) },
      filters: contactFilters,
      ok: { description: 'the contact', schema: Contact },
      errors: { 404: 'no such contact in the account' },
    },
    ({ core, companyId, params, filters }) =>
      core.rest.contacts.get(companyId, Number(params.contact_id), { pricelist: filters.include?.has('pricelist') ?? false }),
  );
}
