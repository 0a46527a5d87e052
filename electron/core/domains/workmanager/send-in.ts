import type { Database } from 'better-sqlite3';
import { badRequest } from '../../../../shared/contract/errors.ts';
import type { SendInRequestBody, SendInRequestResult } from '../../../../shared/domain/workmanager.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { formatDate, formatTimestamp } from '../../time.ts';
import { createAwbStore, createCourierBook, trackingNumber, trackingUrl } from '../awb/index.ts';

/** The courier of a B2B pickup AWB when the account names none (or one that does not exist). */
export const FALLBACK_PICKUP_COURIER = 'fan';

interface Contact {
  id: number;
  name: string;
  cui: string;
  reg_com: string;
  deleted: number;
}

/** The id fields of the request whose -1 means "no value". */
type IdField =
  | 'client_rec_id'
  | 'client_addres_id'
  | 'invoice_address_id'
  | 'aparat_producator_id'
  | 'aparat_serie_id'
  | 'aparat_model_id'
  | 'equipment_type_id';

/**
 * POST /workmanager/sendinrequest/: a send-in-for-service request, with its B2B pickup AWB when
 * from_b2b is 1. The rules where the spec is silent are in docs/data-model.md ("Service request").
 */
export function createSendInRequests(db: Database, deps: DomainDeps, requireModule: (companyId: number) => void) {
  const awbs = createAwbStore(db, deps);
  const couriers = createCourierBook(db);
  const contact = db.prepare<[number, number], Contact>(
    'SELECT id, name, cui, reg_com, deleted FROM contacts WHERE company_id = ? AND id = ?',
  );
  const address = db.prepare<[number, number], { contact_id: number }>(
    'SELECT contact_id FROM contact_addresses WHERE company_id = ? AND id = ?',
  );
  const manufacturer = db.prepare<[number, number], number>('SELECT id FROM equipment_manufacturers WHERE company_id = ? AND id = ?').pluck();
  const model = db.prepare<[number, number], { manufacturer_id: number }>(
    'SELECT manufacturer_id FROM equipment_models WHERE company_id = ? AND id = ?',
  );
  const series = db.prepare<[number, number], { model_id: number | null }>(
    'SELECT model_id FROM equipment_series WHERE company_id = ? AND id = ?',
  );
  const equipmentType = db.prepare<[number, number], number>('SELECT id FROM equipment_types WHERE company_id = ? AND id = ?').pluck();
  const currency = db.prepare<[number], string>('SELECT default_currency FROM accounts WHERE company_id = ?').pluck();
  const insert = db.prepare(
    `INSERT INTO service_requests (company_id, date, item_code, item_name, item_series, client_id, client_name, client_cui,
       client_reg_com, client_address_id, invoice_address_id, defect_description, acquisition_invoice_nr,
       acquisition_invoice_date, supplier_name, equipment_manufacturer_id, equipment_series_id, equipment_model_id,
       equipment_type_id, mentions, requested_pickup_date, from_b2b, pickup_awb_id, status, service_file_id, added_by_api,
       created_ts, last_changed_ts)
     VALUES (@company_id, @date, @item_code, @item_name, @item_series, @client_id, @client_name, @client_cui,
       @client_reg_com, @client_address_id, @invoice_address_id, @defect_description, @acquisition_invoice_nr,
       @acquisition_invoice_date, @supplier_name, @equipment_manufacturer_id, @equipment_series_id, @equipment_model_id,
       @equipment_type_id, @mentions, @requested_pickup_date, @from_b2b, @pickup_awb_id, @status, NULL, 1, @now, @now)`,
  );

  /** The courier (and sub-courier, for a broker) of a pickup AWB: the account's default courier. */
  function pickupCourier(companyId: number): { type: string; subtype: string } {
    const book = couriers.load();
    const named = book.get(awbs.defaultCourier(companyId) ?? '') ?? book.get(FALLBACK_PICKUP_COURIER);
    if (!named) throw new Error('the couriers table holds neither the default courier nor the fallback');
    if (named.parent_code !== null) return { type: named.parent_code, subtype: named.code };
    if (named.is_broker === 1) return { type: named.code, subtype: book.subCouriers(named.code)[0]?.code ?? '' };
    return { type: named.code, subtype: '' };
  }

  return {
    createSendInRequest(companyId: number, body: SendInRequestBody): SendInRequestResult {
      requireModule(companyId);
      const now = deps.clock.now();
      const ts = formatTimestamp(now);
      const today = formatDate(now);

      return db.transaction((): SendInRequestResult => {
        const errors: string[] = [];
        /** An id field: null for -1 (or absent), the id otherwise; 0 is refused. */
        const idOf = (field: IdField, required: boolean): number | null => {
          const value = body[field];
          if (value === undefined || value === -1) {
            if (required) errors.push(`${field}: required (-1 means no value)`);
            return null;
          }
          if (value < 1) {
            errors.push(`${field}: must be a positive id, or -1 for no value`);
            return null;
          }
          return value;
        };
        const notBlank = (field: 'item_code' | 'item_name' | 'defect_description') => {
          if (body[field].trim() === '') errors.push(`${field}: must not be blank`);
        };
        notBlank('item_code');
        notBlank('item_name');
        notBlank('defect_description');

        const clientId = idOf('client_rec_id', true);
        const client = clientId === null ? undefined : contact.get(companyId, clientId);
        if (clientId !== null) {
          if (!client) errors.push(`client_rec_id: contact ${clientId} does not exist in the account`);
          else if (client.deleted === 1) errors.push(`client_rec_id: contact ${clientId} is deleted`);
        }
        const addressOf = (field: 'client_addres_id' | 'invoice_address_id', required: boolean): number | null => {
          const id = idOf(field, required);
          if (id === null) return null;
          const found = address.get(companyId, id);
          if (!found) errors.push(`${field}: address ${id} does not exist in the account`);
          else if (clientId !== null && found.contact_id !== clientId) {
            errors.push(`${field}: address ${id} is not an address of contact ${clientId} (client_rec_id)`);
          }
          return id;
        };
        const pickupAddress = addressOf('client_addres_id', true);
        const invoiceAddress = addressOf('invoice_address_id', false);

        const manufacturerId = idOf('aparat_producator_id', false);
        if (manufacturerId !== null && manufacturer.get(companyId, manufacturerId) === undefined) {
          errors.push(`aparat_producator_id: equipment manufacturer ${manufacturerId} does not exist in the account`);
        }
        const modelId = idOf('aparat_model_id', false);
        const modelRow = modelId === null ? undefined : model.get(companyId, modelId);
        if (modelId !== null) {
          if (!modelRow) errors.push(`aparat_model_id: equipment model ${modelId} does not exist in the account`);
          else if (manufacturerId !== null && modelRow.manufacturer_id !== manufacturerId) {
            errors.push(`aparat_model_id: model ${modelId} is not a model of manufacturer ${manufacturerId} (aparat_producator_id)`);
          }
        }
        const seriesId = idOf('aparat_serie_id', false);
        if (seriesId !== null) {
          const found = series.get(companyId, seriesId);
          if (!found) errors.push(`aparat_serie_id: equipment series ${seriesId} does not exist in the account`);
          else if (modelId !== null && found.model_id !== null && found.model_id !== modelId) {
            errors.push(`aparat_serie_id: series ${seriesId} belongs to model ${found.model_id}, not to aparat_model_id ${modelId}`);
          }
        }
        const typeId = idOf('equipment_type_id', false);
        if (typeId !== null && equipmentType.get(companyId, typeId) === undefined) {
          errors.push(`equipment_type_id: equipment type ${typeId} does not exist in the account`);
        }

        if (body.acquisition_invoice_date !== undefined && body.acquisition_invoice_date > today) {
          errors.push(`acquisition_invoice_date: must not be after today (${today})`);
        }
        if (body.requested_pickup_date !== undefined && body.requested_pickup_date < today) {
          errors.push(`requested_pickup_date: must not be before today (${today})`);
        }
        if (errors.length > 0) throw badRequest(errors[0]!, errors);

        const block = { id: client!.id, name: client!.name, cui: client!.cui, regCom: client!.reg_com };
        const b2b = body.from_b2b === 1;
        let pickupAwbId: number | null = null;
        if (b2b) {
          const { type, subtype } = pickupCourier(companyId);
          let nr = trackingNumber(type, subtype);
          while (awbs.numberTaken(companyId, nr, type)) nr = trackingNumber(type, subtype);
          pickupAwbId = awbs.insert(
            {
              companyId,
              saleId: null,
              connectorOrderId: null,
              awbNr: nr,
              awbType: type,
              awbSubtype: subtype,
              awbUrl: trackingUrl(type, nr),
              date: body.requested_pickup_date ?? today,
              packetCount: 1,
              weightKg: 0,
              serviceType: 'standard',
              shippingPayer: 'recipient',
              codAmount: 0,
              codCurrency: currency.get(companyId) ?? 'RON',
              declaredValue: 0,
              deliveryCountry: 'Romania',
              deliveryCountryCode: 'RO',
              client: block,
              source: 'b2b',
            },
            ts,
          );
        }
        const status = b2b ? 'pickup_scheduled' : 'new';
        const id = Number(
          insert.run({
            company_id: companyId,
            date: today,
            item_code: body.item_code,
            item_name: body.item_name,
            item_series: body.item_series ?? '',
            client_id: block.id,
            client_name: block.name,
            client_cui: block.cui,
            client_reg_com: block.regCom,
            client_address_id: pickupAddress,
            invoice_address_id: invoiceAddress,
            defect_description: body.defect_description,
            acquisition_invoice_nr: body.acquisition_invoice_nr ?? '',
            acquisition_invoice_date: body.acquisition_invoice_date ?? null,
            supplier_name: body.supplier_name ?? '',
            equipment_manufacturer_id: manufacturerId,
            equipment_series_id: seriesId,
            equipment_model_id: modelId,
            equipment_type_id: typeId,
            mentions: body.mentions ?? '',
            requested_pickup_date: body.requested_pickup_date ?? null,
            from_b2b: b2b ? 1 : 0,
            pickup_awb_id: pickupAwbId,
            status,
            now: ts,
          }).lastInsertRowid,
        );
        return {
          service_request_id: id,
          status,
          pickup_awb_id: pickupAwbId,
          pickup_awb: pickupAwbId === null ? null : awbs.record(companyId, pickupAwbId)!,
        };
      })();
    },
  };
}
