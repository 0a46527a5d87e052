import type { DomainDeps } from '../../domain-deps.ts';
import type { Database } from 'better-sqlite3';
import type { Awb } from '../../../../shared/domain/awb.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager } from '../../store/paging.ts';

export interface AwbsQuery extends DocumentQuery {
  /** documentnr: the tracking number, exactly. */
  awbNr?: string | undefined;
}

const AWB_COLUMNS = `id AS awb_id, sale_id, connector_order_id, awb_nr, awb_type, awb_subtype, awb_url, date,
  packet_count, weight_kg, service_type, shipping_payer, cod_amount, cod_currency, declared_value, delivery_country,
  delivery_country_code, client_id, client_name, client_cui, client_reg_com, source, cancelled, created_ts,
  last_changed_ts`;

/** Courier AWBs: /awb/list/. */
export function createAwbs(db: Database, pager: Pager, deps: DomainDeps) {
  void deps; // the write side of issue 4 uses it
  void db;
  return {
    list(query: AwbsQuery): Page<Awb> {
      return pager.page<Awb>({
        from: 'awbs',
        columns: AWB_COLUMNS,
        where: documentWhere(query).add('awb_nr = ?', query.awbNr),
        idColumn: 'id',
        idKey: 'awb_id',
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}
export type Awbs = ReturnType<typeof createAwbs>;
