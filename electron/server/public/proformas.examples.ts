import type { EndpointExample } from './route-kit.ts';
import type { proformaListFilters } from './proformas.ts';

/** GET /proformas/list/: the proformas from a day on, with their online payment page. */
export const proformasListExample: EndpointExample<typeof proformaListFilters> = {
  filters: { datefrom: '2026-11-22', include: ['payment_link'] },
  answer: {
    data: [
      {
        proforma_id: 60,
        doc_series: 'PF',
        doc_nr: 60,
        doc_date: '2026-11-22',
        total: 16954.05,
        document_cancelled: 0,
        view_link: 'http://127.0.0.1:8080/documents/proforma/1.60.r5O571hSDMyjrIPEzFTLeLWwsU2KPsnU/html/',
        doc_due_date: '2026-11-29',
        bocp_contact_id: 66,
        client_name: 'Prima Plus SRL',
        client_vat_id: 'RO417342379',
        client_id: 66,
        client_cui: 'RO417342379',
        client_reg_com: 'J40/775/2013',
        workpoint_id: 1,
        currency: 'RON',
        exchange_rate: 1,
        total_without_vat: 14011.61,
        total_vat: 2942.44,
        total_ron: 16954.05,
        subscription_template_id: null,
        paid_amount: 0,
        invoice_id: null,
        mentions: '',
        added_by_api: 0,
        record_ts: '2026-11-22 10:24:28',
        last_changed_ts: '2026-11-22 10:32:48',
        payment_link: 'https://pay.demo-retail.ro/p/rHqB5c3lu5IGawGmkv9GwhVG',
      },
    ],
  },
};
