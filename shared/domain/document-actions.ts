import Type, { type Static } from 'typebox';
import { Invoice } from './invoices.ts';
import { QueuedNotification } from './staff-actions.ts';

/**
 * Staff actions on documents and contacts of the back office (shared/contract/operations-document-actions.ts):
 * reverse an invoice (storno), turn a proforma into an invoice, edit a contact. Rules:
 * docs/control-api.md "Document actions".
 */

const CompanyId = Type.Integer({ minimum: 1, description: 'account id' });
const DocDate = (description: string) => Type.String({ format: 'date', description });

export const InvoiceStornoInput = Type.Object(
  {
    company_id: CompanyId,
    bocp_id: Type.Integer({ minimum: 1, description: 'the invoice to reverse (bocp_id)' }),
    date: Type.Optional(DocDate("the storno's date, YYYY-MM-DD: default today; not before the invoice's date, not after today")),
  },
  { additionalProperties: false },
);
export type InvoiceStornoInput = Static<typeof InvoiceStornoInput>;

const InvoiceRef = Type.Object({
  bocp_id: Type.Integer(),
  doc_series: Type.String(),
  doc_nr: Type.Integer(),
  doc_date: Type.String({ format: 'date' }),
});

const ActionNotifications = {
  order_unique_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the connector order the document belongs to (its invoice notification was queued); null when none',
  }),
  notifications: Type.Array(QueuedNotification, { description: 'the webhook deliveries the action queued, in order' }),
};

/** The storno invoice as /invoices/list/ answers it, with the invoice it reverses and what it queued. */
export const InvoiceStornoDone = Type.Object({
  ...Invoice.properties,
  reverses: InvoiceRef,
  stock_returned: Type.Number({ description: 'the quantity of product lines given back to the stock of the workpoint (0 for services)' }),
  ...ActionNotifications,
});
export type InvoiceStornoDone = Static<typeof InvoiceStornoDone>;

export const ProformaInvoiceInput = Type.Object(
  {
    company_id: CompanyId,
    proforma_id: Type.Integer({ minimum: 1, description: 'the proforma (proforma_id)' }),
    series: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: "an invoice series of the account (document_series); default the preview's" })),
    date: Type.Optional(DocDate("the invoice's date, YYYY-MM-DD: default today; not before the proforma's date, not after today")),
  },
  { additionalProperties: false },
);
export type ProformaInvoiceInput = Static<typeof ProformaInvoiceInput>;

/** The invoice made from the proforma as /invoices/list/ answers it, with the proforma and what it queued. */
export const ProformaInvoiceDone = Type.Object({
  ...Invoice.properties,
  proforma_id: Type.Integer({ description: 'the proforma, now linked to this invoice (its invoice_id)' }),
  series_options: Type.Array(Type.String(), { description: 'the invoice series of the account the action accepts' }),
  ...ActionNotifications,
});
export type ProformaInvoiceDone = Static<typeof ProformaInvoiceDone>;

/** An e-mail address or nothing (the form's field checks the same pattern). */
export const EMAIL_PATTERN = '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
export const PHONE_PATTERN = '^[0-9+()./ -]*$';

const Text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description && { description }) });
const Flag = (description: string) => Type.Union([Type.Literal(0), Type.Literal(1)], { description });

/** An address of the contact: address_id changes that one, none adds a new one. Addresses not sent stay as they are. */
export const ContactAddressInput = Type.Object(
  {
    address_id: Type.Optional(Type.Integer({ minimum: 1, description: 'an address of this contact; absent: a new address' })),
    kind: Type.Optional(Type.Union([Type.Literal('invoice'), Type.Literal('delivery'), Type.Literal('both')])),
    is_main: Type.Optional(Flag('1: the main (default) address; the others of the contact stop being main')),
    street: Type.String({ minLength: 1, maxLength: 200 }),
    number: Type.Optional(Text(40)),
    building: Type.Optional(Text(40)),
    stair: Type.Optional(Text(40)),
    floor: Type.Optional(Text(40)),
    apartment: Type.Optional(Text(40)),
    city: Type.String({ minLength: 1, maxLength: 100 }),
    county: Type.String({ minLength: 1, maxLength: 100 }),
    zip: Type.Optional(Text(20)),
    country: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ContactAddressInput = Static<typeof ContactAddressInput>;

/** A contact's editable fields; a field left out stays as it is. */
export const ContactUpdateInput = Type.Object(
  {
    company_id: CompanyId,
    contact_id: Type.Integer({ minimum: 1, description: 'the contact (bocp_id)' }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'company name or full name' })),
    is_company: Type.Optional(Flag('1: a company (its fiscal code is a CUI); 0: a person')),
    vat_id: Type.Optional(Text(16, 'fiscal code: CUI/CIF (RO prefix for a VAT payer) or a CNP; checked by its control digit; unique in the account')),
    registration_nr: Type.Optional(Text(40, 'trade register number (J40/123/2020)')),
    vat_payer: Type.Optional(Flag('1: a VAT payer')),
    email: Type.Optional(
      Type.String({ maxLength: 200, pattern: EMAIL_PATTERN, 'x-pattern-meaning': 'an e-mail address (name@domain.ro)', description: "e-mail ('' for none)" }),
    ),
    phone: Type.Optional(
      Type.String({ maxLength: 40, pattern: PHONE_PATTERN, 'x-pattern-meaning': 'a phone number (digits, spaces and + ( ) . / -)', description: "phone ('' for none)" }),
    ),
    representative: Type.Optional(Text(200)),
    is_client: Type.Optional(Flag('1: a client (gets its client code)')),
    is_supplier: Type.Optional(Flag('1: a supplier')),
    addresses: Type.Optional(Type.Array(ContactAddressInput, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type ContactUpdateInput = Static<typeof ContactUpdateInput>;
