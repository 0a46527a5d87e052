import Type, { type Static } from 'typebox';
import { LIST_PAGE_SIZE } from './documents.ts';

/**
 * Contacts (clients and suppliers). The spec shows only the optional additions of a list row
 * (pricelist_id, pricelist_name, addresses[], contacts[], bank_accounts[]); the rest is the
 * choice of docs/data-model.md ("Contacts"). Flags are 0/1 integers.
 */

export const ContactAddress = Type.Object({
  address_id: Type.Integer({ description: 'client_addres_id / invoice_address_id of a send-in request' }),
  kind: Type.Union([Type.Literal('invoice'), Type.Literal('delivery'), Type.Literal('both')], {
    description: 'invoice | delivery | both',
  }),
  is_default: Type.Integer({ minimum: 0, maximum: 1 }),
  is_main: Type.Integer({ minimum: 0, maximum: 1, description: "the real service's name of is_default" }),
  address: Type.String({ description: "street and number on one line (the real service's name)" }),
  address2: Type.String({ description: "building, stair, floor, apartment on one line (inferred: Bl. / Sc. / Et. / Ap.); '' when none" }),
  postcode: Type.String({ description: "the real service's name of zip; may be empty" }),
  country: Type.String(),
  county: Type.String(),
  city: Type.String({ description: 'for Bucharest the city carries the sector: "Bucuresti Sector 3"' }),
  street: Type.String(),
  number: Type.String(),
  building: Type.String(),
  stair: Type.String(),
  floor: Type.String(),
  apartment: Type.String(),
  zip: Type.String({ description: 'postcode; may be empty' }),
  gln: Type.String({ description: 'GLN of a delivery point; may be empty' }),
  shipping_contact_name: Type.String(),
  shipping_contact_phone: Type.String(),
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
  contact_id: Type.Integer({ description: 'the client_id of documents' }),
  bocp_id: Type.Integer({ description: "the contact id under the real service's name (= contact_id)" }),
  vat_id: Type.String({ description: "the real service's name of cui" }),
  registration_nr: Type.String({ description: "the real service's name of reg_com" }),
  name: Type.String({ description: 'company name or full name of a person' }),
  is_company: Type.Integer({ minimum: 0, maximum: 1 }),
  is_client: Type.Integer({ minimum: 0, maximum: 1 }),
  is_supplier: Type.Integer({ minimum: 0, maximum: 1 }),
  cui: Type.String({ description: 'fiscal code (CUI/CIF, RO prefix for VAT payers) or CNP; may be empty' }),
  reg_com: Type.String({ description: 'trade register number' }),
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
  pricelist_name: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'with include:pricelist' })),
  addresses: Type.Optional(Type.Array(ContactAddress, { description: 'with include:address' })),
  contacts: Type.Optional(Type.Array(ContactPerson, { description: 'contact persons, with include:contacts' })),
  bank_accounts: Type.Optional(Type.Array(ContactBankAccount, { description: 'with include:banks' })),
});
export type Contact = Static<typeof Contact>;

/** Rows per page of /contacts/list/ (the spec does not fix it). */
export const CONTACTS_PAGE_SIZE = LIST_PAGE_SIZE;
