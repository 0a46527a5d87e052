import type { DomainDeps } from '../../domain-deps.ts';
import type { Database } from 'better-sqlite3';
import { notFound, OperationError } from '../../../../shared/contract/errors.ts';
import type {
  ClientRecommendation,
  ServiceFile,
  ServiceFileDetail,
  ServiceFileDocument,
  ServiceRequest,
} from '../../../../shared/domain/workmanager.ts';
import { documentWhere, groupByParent, type DocumentColumns, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager } from '../../store/paging.ts';
import { createSendInRequests } from './send-in.ts';

export { createSendInRequests, FALLBACK_PICKUP_COURIER } from './send-in.ts';

export interface ServiceFilesQuery extends Omit<DocumentQuery, 'skipCancelled'> {
  include: { clientRecommendations?: boolean };
}

/** The service-request list: the standard filters we chose for it (the spec shows none). */
export type ServiceRequestsQuery = Omit<DocumentQuery, 'skipCancelled'>;

// Service files are read with their equipment model (manufacturer and name).
const FILES_FROM = `service_files f
  LEFT JOIN equipment_models m ON m.id = f.equipment_model_id AND m.company_id = f.company_id
  LEFT JOIN equipment_manufacturers em ON em.id = m.manufacturer_id AND em.company_id = f.company_id`;

const FILE_COLUMNS = `f.id AS fisa_id, f.series AS doc_series, f.number AS doc_nr, f.date AS doc_date, f.client_id, f.client_name, f.client_cui, f.client_reg_com,
  f.workpoint_id, f.item_code, f.item_name, f.item_series, f.equipment_model_id,
  CASE WHEN m.id IS NULL THEN NULL ELSE trim(coalesce(em.name, '') || ' ' || m.name) END AS equipment_model,
  f.defect_description, f.diagnosis, f.status, f.technician, f.estimated_cost, f.currency, f.warranty,
  f.service_request_id, f.cancelled AS document_cancelled, f.closed_ts, f.created_ts, f.last_changed_ts`;

const FILE_FILTER_COLUMNS: DocumentColumns = {
  company: 'f.company_id',
  id: 'f.id',
  date: 'f.date',
  changed: 'f.last_changed_ts',
};

const REQUEST_FILTER_COLUMNS: DocumentColumns = { company: 'company_id', id: 'id', date: 'date', changed: 'last_changed_ts' };

const REQUEST_COLUMNS = `id AS service_request_id, date, client_id, client_name, client_cui, client_reg_com,
  client_address_id AS client_addres_id, invoice_address_id, item_code, item_name, item_series, defect_description,
  acquisition_invoice_nr, acquisition_invoice_date, supplier_name, equipment_manufacturer_id AS aparat_producator_id,
  equipment_series_id AS aparat_serie_id, equipment_model_id AS aparat_model_id, equipment_type_id, mentions,
  requested_pickup_date, from_b2b, status, pickup_awb_id, service_file_id, added_by_api, created_ts, last_changed_ts`;

/**
 * The associated documents of one service file, read from the five document tables in one
 * query; a link whose document no longer exists (or is another account's) is left out.
 */
const DOCUMENTS_SQL = [
  ['sale', 'sales', 't.series', 'CAST(t.number AS TEXT)', 't.total_with_vat', 't.currency'],
  ['invoice', 'invoices', 't.series', 'CAST(t.number AS TEXT)', 't.total_with_vat', 't.currency'],
  ['proforma', 'proformas', 't.series', 'CAST(t.number AS TEXT)', 't.total_with_vat', 't.currency'],
  ['awb', 'awbs', "''", 't.awb_nr', 't.cod_amount', 't.cod_currency'],
  ['payment', 'payments', 't.series', "coalesce(CAST(t.number AS TEXT), '')", 't.amount', 't.currency'],
]
  .map(
    ([type, table, series, number, total, currency]) =>
      `SELECT d.doc_type, d.doc_id, ${series} AS doc_series, ${number} AS doc_nr, t.date AS doc_date,
              ${total} AS total, ${currency} AS currency, t.cancelled AS document_cancelled
         FROM service_file_documents d JOIN ${table} t ON t.id = d.doc_id AND t.company_id = @company
        WHERE d.service_file_id = @file AND d.doc_type = '${type}'`,
  )
  .join('\n UNION ALL\n')
  .concat('\n ORDER BY doc_date, doc_type, doc_id');

export function createWorkmanager(db: Database, pager: Pager, deps: DomainDeps) {
  const moduleFlag = db.prepare<[number], number>('SELECT workmanager_enabled FROM accounts WHERE company_id = ?').pluck();
  const recommendations = db.prepare<[number, string], ClientRecommendation & { parent_id: number }>(
    `SELECT service_file_id AS parent_id, id AS recommendation_id, text, created_ts
       FROM client_recommendations
      WHERE company_id = ? AND service_file_id IN (SELECT value FROM json_each(?))
      ORDER BY service_file_id, id`,
  );
  const oneFile = db.prepare<[number, number], Omit<ServiceFileDetail, 'client_recommendations' | 'documents'>>(
    `SELECT ${FILE_COLUMNS} FROM ${FILES_FROM} WHERE f.company_id = ? AND f.id = ?`,
  );
  const documents = db.prepare<{ company: number; file: number }, ServiceFileDocument>(DOCUMENTS_SQL);

  /** The spec: 401 when the workmanager module is not active in the account. */
  function requireModule(companyId: number): void {
    if (moduleFlag.get(companyId) !== 1) {
      throw new OperationError(401, `the workmanager module is not active in account ${companyId}`);
    }
  }

  function recommendationsOf(companyId: number, fileIds: number[]): Map<number, ClientRecommendation[]> {
    return groupByParent(recommendations.all(companyId, JSON.stringify(fileIds))) as Map<number, ClientRecommendation[]>;
  }

  const sendIn = createSendInRequests(db, deps, requireModule);

  return {
    requireModule,

    /** POST /workmanager/sendinrequest/ (401 while the module is off). */
    createSendInRequest: sendIn.createSendInRequest,

    listServiceFiles(query: ServiceFilesQuery): Page<ServiceFile> {
      requireModule(query.companyId);
      const page = pager.page<ServiceFile>({
        from: FILES_FROM,
        columns: FILE_COLUMNS,
        where: documentWhere(query, FILE_FILTER_COLUMNS),
        idColumn: 'f.id',
        idKey: 'fisa_id',
        page: query.page,
        pageSize: query.pageSize,
      });
      if (query.include.clientRecommendations && page.rows.length > 0) {
        const byId = recommendationsOf(query.companyId, page.rows.map((row) => row.fisa_id));
        for (const row of page.rows) row.client_recommendations = byId.get(row.fisa_id) ?? [];
      }
      return page;
    },

    getServiceFile(companyId: number, fisaId: number): ServiceFileDetail {
      requireModule(companyId);
      const row = oneFile.get(companyId, fisaId);
      if (!row) throw notFound(`service file ${fisaId} does not exist`);
      return {
        ...row,
        client_recommendations: recommendationsOf(companyId, [fisaId]).get(fisaId) ?? [],
        documents: documents.all({ company: companyId, file: fisaId }),
      };
    },

    listServiceRequests(query: ServiceRequestsQuery): Page<ServiceRequest> {
      requireModule(query.companyId);
      return pager.page<ServiceRequest>({
        from: 'service_requests',
        columns: REQUEST_COLUMNS,
        where: documentWhere(query, REQUEST_FILTER_COLUMNS),
        idColumn: 'id',
        idKey: 'service_request_id',
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}
export type Workmanager = ReturnType<typeof createWorkmanager>;
