import Type, { type Static } from 'typebox';
import { LIST_PAGE_SIZE } from './documents.ts';

/**
 * Contacts (clients and suppliers). The spec shows only the optional additions of a list row
 * (pricelist_id, pricelist_name, addresses[], contacts[], bank_accounts[]); the rest is the
 * choice of docs/data-model.md ("Contacts"). Flags are 0/1 integers.
 */

// Keys of the real service first (../shared/docs/real-service.md: is_main, address, address2,
// city, county, postcode, all strings but the flag), then the spec's order-address parts the
// address is made of (invoice_address / delivery_address of a connector order), then ours.
export const ContactAddress = Type.Object({
  address_id: Type.Integer({ description: 'client_addres_id / invoice_address_id of a send-in request' }),
  is_main: Type.Integer({
    minimum: 0,
    maximum: 1,
    description: "real service: 1 for the contact's main (default) address, listed first; 0 for the others",
  }),
  address: Type.String({ description: "real service; value inferred: street and number on one line ('' when none)" }),
  address2: Type.String({
    description: "real service; value inferred: building, stair, floor, apartment on one line (Bl. / Sc. / Et. / Ap.); '' when none",
  }),
  city: Type.String({ description: 'real service and spec: for Bucharest the city carries the sector: "Bucuresti Sector 3"' }),
  county: Type.String({ description: 'real service and spec' }),
  postcode: Type.String({ description: "real service: the postcode ('' when unknown); the same value as the spec's zip" }),
  country: Type.String({ description: 'spec' }),
  kind: Type.Union([Type.Literal('invoice'), Type.Literal('delivery'), Type.Literal('both')], {
    description: 'invoice | delivery | both',
  }),
  street: Type.String({ description: 'spec (order address): the street; address is it with number' }),
  number: Type.String({ description: 'spec (order address)' }),
  building: Type.String({ description: 'spec (order address); part of address2' }),
  stair: Type.String({ description: 'spec (order address); part of address2' }),
  floor: Type.String({ description: 'spec (order address); part of address2' }),
  apartment: Type.String({ description: 'spec (order address); part of address2' }),
  zip: Type.String({ description: "spec (order address): the postcode, the real service's postcode; may be empty" }),
  gln: Type.String({ description: 'spec (order address, GLN): GLN of a delivery point; may be empty' }),
  shipping_contact_name: Type.String({ description: 'spec (delivery address)' }),
  shipping_contact_phone: Type.String({ description: 'spec (delivery address)' }),
});
export type ContactAddress = Static<typeof ContactAddress>;

/** A contact person of the contact (contacts[] with include:contacts). */
export const ContactPerson = Type.Object({
  person_id: Type.Integer(),
  name: Type.String(),
  role: Type.String(),
  email: Type.String(),
  phone: Type.String(),
});
export type ContactPerson = Static<typeof ContactPerson>;

export const ContactBankAccount = Type.Object({
  bank_account_id: Type.Integer(),
  iban: Type.String(),
  bank_name: Type.String(),
  currency: Type.String({ description: 'ISO 4217' }),
});
export type ContactBankAccount = Static<typeof ContactBankAccount>;

export const Contact = Type.Object({
  // Keys of the real service first (observed: bocp_id, name, vat_id, client_code, registration_nr, pricelist_name).
  bocp_id: Type.Integer({ description: 'real service: the contact id (the client_id of documents)' }),
  contact_id: Type.Integer({ description: 'spec: the contact id as /contacts/{contact_id}/ names it; the same value as bocp_id' }),
  name: Type.String({ description: 'real service: company name or full name of a person' }),
  vat_id: Type.String({
    description: "real service (and the spec's order client): fiscal code (CUI/CIF, RO prefix for VAT payers) or CNP; may be empty",
  }),
  client_code: Type.String({
    description: "real service key; value inferred: the client code the ERP gives a client (CL + the id on 6 digits); '' for a contact that is not a client",
  }),
  registration_nr: Type.String({ description: "real service: trade register number (J40/123/2020); '' when none" }),
  is_company: Type.Integer({ minimum: 0, maximum: 1 }),
  is_client: Type.Integer({ minimum: 0, maximum: 1 }),
  is_supplier: Type.Integer({ minimum: 0, maximum: 1 }),
  vat_payer: Type.Integer({ minimum: 0, maximum: 1 }),
  representative: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  group_id: Type.Union([Type.Integer(), Type.Null()], { description: 'contact group' }),
  group_name: Type.Union([Type.String(), Type.Null()]),
  deleted: Type.Integer({ minimum: 0, maximum: 1 }),
  created_ts: Type.String(),
  lastupdated: Type.String({ description: 'last change; modifiedafter / modifiedthrough act on it' }),
  pricelist_id: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: "with include:pricelist: the contact's own pricelist, else its group's, else null",
    }),
  ),
  pricelist_name: Type.Optional(
    Type.String({
      description: "spec and real service, with include:pricelist: the name of that pricelist; '' when none (clients read a string)",
    }),
  ),
  addresses: Type.Optional(Type.Array(ContactAddress, { description: 'with include:address' })),
  contacts: Type.Optional(Type.Array(ContactPerson, { description: 'contact persons, with include:contacts' })),
  bank_accounts: Type.Optional(Type.Array(ContactBankAccount, { description: 'with include:banks' })),
});
export type Contact = Static<typeof Contact>;

/**
 * The client code the ERP gives a client (client_code, inferred): CL and the contact id on 6
 * digits, as `CL000123`. Migration 012 gave the clients stored before it the same (printf 'CL%06d').
 */
export const clientCode = (contactId: number): string => `CL${String(contactId).padStart(6, '0')}`;

/** Rows per page of /contacts/list/ (the spec does not fix it). */
export const CONTACTS_PAGE_SIZE = LIST_PAGE_SIZE;
