import Type, { type Static } from 'typebox';
import { ClientBlock, DocumentCancelled, DocumentKeys, LIST_PAGE_SIZE } from './documents.ts';
import { Awb } from './awb.ts';

/**
 * Records of the workmanager (service) module. The spec shows none of their fields; these are
 * the choices of docs/data-model.md ("Service file", "Service request"). Flags are 0/1
 * integers, dates 'YYYY-MM-DD', timestamps 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest).
 */

export const SERVICE_FILE_STATUSES = ['received', 'diagnosed', 'in_repair', 'ready', 'delivered', 'cancelled'] as const;
export const SERVICE_REQUEST_STATUSES = ['new', 'pickup_scheduled', 'received', 'rejected'] as const;
export const SERVICE_FILE_DOCUMENT_TYPES = ['sale', 'invoice', 'proforma', 'awb', 'payment'] as const;

// Type.Enum keeps the literal values in the static type (a Union of a mapped array is `never`).
const literals = <V extends string>(values: readonly V[], description: string) => Type.Enum([...values], { description });

export const ClientRecommendation = Type.Object({
  recommendation_id: Type.Integer(),
  text: Type.String({ description: 'advice given to the client (care, use, maintenance)' }),
  created_ts: Type.String(),
});
export type ClientRecommendation = Static<typeof ClientRecommendation>;

/** A document associated with a service file: the sale, invoice, proforma, AWB or payment. */
export const ServiceFileDocument = Type.Object({
  doc_type: literals(SERVICE_FILE_DOCUMENT_TYPES, 'sale | invoice | proforma | awb | payment'),
  doc_id: Type.Integer({ description: 'bv_id, invoice id, proforma id, AWB id or incasare_id, by doc_type' }),
  doc_series: Type.String({ description: 'inferred: document series; empty for an AWB and for a payment without one' }),
  doc_nr: Type.String({
    description: 'inferred: document number as text: the AWB tracking number (awb_nr) for an AWB; empty for a payment without one',
  }),
  doc_date: Type.String({ format: 'date', description: 'inferred: the document date' }),
  total: Type.Number({
    description: 'total with VAT (sale, invoice, proforma), the amount (payment), the cash-on-delivery amount (AWB)',
  }),
  currency: Type.String({ description: 'currency of total (cod_currency for an AWB)' }),
  document_cancelled: DocumentCancelled,
});
export type ServiceFileDocument = Static<typeof ServiceFileDocument>;

const serviceFileFields = {
  fisa_id: Type.Integer({ description: 'the service file id (fisa de service)' }),
  ...DocumentKeys,
  ...ClientBlock,
  workpoint_id: Type.Union([Type.Integer(), Type.Null()], { description: 'pl_id: the workpoint that received the item' }),
  item_code: Type.String(),
  item_name: Type.String(),
  item_series: Type.String({ description: 'serial number of the item' }),
  equipment_model_id: Type.Union([Type.Integer(), Type.Null()], { description: 'aparat_model_id' }),
  equipment_model: Type.Union([Type.String(), Type.Null()], { description: 'manufacturer and model name' }),
  defect_description: Type.String(),
  diagnosis: Type.String({ description: 'empty until diagnosed' }),
  status: literals(SERVICE_FILE_STATUSES, 'received | diagnosed | in_repair | ready | delivered | cancelled'),
  technician: Type.String(),
  estimated_cost: Type.Number(),
  currency: Type.String({ description: 'ISO 4217, of estimated_cost' }),
  warranty: Type.Integer({ minimum: 0, maximum: 1, description: '1 when repaired under warranty' }),
  service_request_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the send-in request it came from (/workmanager/servicerequests/)',
  }),
  document_cancelled: DocumentCancelled,
  closed_ts: Type.Union([Type.String(), Type.Null()], { description: 'when delivered or cancelled' }),
  created_ts: Type.String(),
  last_changed_ts: Type.String({ description: 'modifiedafter / modifiedthrough act on it' }),
};

/** A row of /workmanager/servicefiles/. */
export const ServiceFile = Type.Object({
  ...serviceFileFields,
  client_recommendations: Type.Optional(
    Type.Array(ClientRecommendation, { description: 'with include:clientrecommendations' }),
  ),
});
export type ServiceFile = Static<typeof ServiceFile>;

/** /workmanager/servicefile/{fisa_id}/: the full record. */
export const ServiceFileDetail = Type.Object({
  ...serviceFileFields,
  client_recommendations: Type.Array(ClientRecommendation),
  documents: Type.Array(ServiceFileDocument, { description: 'associated documents, by date' }),
});
export type ServiceFileDetail = Static<typeof ServiceFileDetail>;

/** A row of /workmanager/servicerequests/: the send-in request as stored, and what became of it. */
export const ServiceRequest = Type.Object({
  service_request_id: Type.Integer(),
  date: Type.String({ format: 'date', description: 'the date filter acts on it' }),
  ...ClientBlock,
  client_addres_id: Type.Integer({ description: 'the pickup address (spelled as in the send-in request)' }),
  invoice_address_id: Type.Union([Type.Integer(), Type.Null()]),
  item_code: Type.String(),
  item_name: Type.String(),
  item_series: Type.String(),
  defect_description: Type.String(),
  acquisition_invoice_nr: Type.String(),
  acquisition_invoice_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  supplier_name: Type.String(),
  aparat_producator_id: Type.Union([Type.Integer(), Type.Null()], { description: 'equipment manufacturer' }),
  aparat_serie_id: Type.Union([Type.Integer(), Type.Null()], { description: 'equipment serial number record' }),
  aparat_model_id: Type.Union([Type.Integer(), Type.Null()], { description: 'equipment model' }),
  equipment_type_id: Type.Union([Type.Integer(), Type.Null()]),
  mentions: Type.String(),
  requested_pickup_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  from_b2b: Type.Integer({ minimum: 0, maximum: 1, description: '1: pickup AWB generated through the B2B path' }),
  status: literals(SERVICE_REQUEST_STATUSES, 'new | pickup_scheduled | received | rejected'),
  pickup_awb_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the pickup AWB, when one was issued' }),
  service_file_id: Type.Union([Type.Integer(), Type.Null()], { description: 'fisa_id of the service file opened for it' }),
  added_by_api: Type.Integer({ minimum: 0, maximum: 1 }),
  created_ts: Type.String(),
  last_changed_ts: Type.String({ description: 'modifiedafter / modifiedthrough act on it' }),
});
export type ServiceRequest = Static<typeof ServiceRequest>;

/** Rows per page of the workmanager lists (the spec does not fix it). */
export const WORKMANAGER_PAGE_SIZE = LIST_PAGE_SIZE;

// ---------------------------------------------------------------------------------------------
// Write side: POST /workmanager/sendinrequest/ (docs/data-model.md, "Service request").

/** An integer id of the send-in request; -1 is the spec's no-value marker. */
const refId = (description: string) => Type.Integer({ minimum: -1, description: `${description}; -1: no value` });
const optionalRefId = (description: string) => Type.Optional(refId(`${description}; optional`));

/** The body of POST /workmanager/sendinrequest/: the spec's fields, under the spec's names. */
export const SendInRequestBody = Type.Object(
  {
    item_code: Type.String({ minLength: 1, maxLength: 100, description: 'code of the item sent in; not blank' }),
    item_name: Type.String({ minLength: 1, maxLength: 255, description: 'not blank' }),
    client_rec_id: refId('required: the client, a contact of the account that is not deleted (contact_id)'),
    client_addres_id: refId('required (spelled as the spec spells it): the pickup address, an address of that contact'),
    defect_description: Type.String({ minLength: 1, maxLength: 4000, description: 'not blank' }),
    item_series: Type.Optional(Type.String({ maxLength: 100, description: 'serial number of the item' })),
    acquisition_invoice_nr: Type.Optional(Type.String({ maxLength: 100 })),
    acquisition_invoice_date: Type.Optional(
      Type.String({ format: 'date', description: 'YYYY-MM-DD, a calendar date not after today' }),
    ),
    supplier_name: Type.Optional(Type.String({ maxLength: 255 })),
    invoice_address_id: optionalRefId('an address of the client (client_rec_id)'),
    aparat_producator_id: optionalRefId('equipment manufacturer of the account'),
    aparat_serie_id: optionalRefId('equipment serial number record of the account (of aparat_model_id when both are given)'),
    aparat_model_id: optionalRefId('equipment model of the account (of aparat_producator_id when both are given)'),
    equipment_type_id: optionalRefId('equipment type of the account'),
    mentions: Type.Optional(Type.String({ maxLength: 4000 })),
    requested_pickup_date: Type.Optional(
      Type.String({ format: 'date', description: 'YYYY-MM-DD, a calendar date not before today; the pickup AWB date' }),
    ),
    from_b2b: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1,
        description: '1: a pickup AWB is generated through the B2B path (status pickup_scheduled); default 0',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SendInRequestBody = Static<typeof SendInRequestBody>;

/** The answer of POST /workmanager/sendinrequest/. */
export const SendInRequestResult = Type.Object({
  service_request_id: Type.Integer({ description: 'the request, listed by /workmanager/servicerequests/' }),
  status: literals(SERVICE_REQUEST_STATUSES, 'new, or pickup_scheduled when from_b2b is 1'),
  pickup_awb_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the pickup AWB (from_b2b 1), else null' }),
  pickup_awb: Type.Union([Awb, Type.Null()], { description: 'that AWB as /awb/list/ answers it, else null' }),
});
export type SendInRequestResult = Static<typeof SendInRequestResult>;
