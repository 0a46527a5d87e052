import type { EndpointExample } from './route-kit.ts';
import type { paymentListFilters } from './payments.ts';

/** GET /payments/list/: the payments of one day with the documents they are allocated to. */
export const paymentsListExample: EndpointExample<typeof paymentListFilters> = {
  filters: { date: '2026-11-20', include: ['allocations'] },
  answer: {
    data: [
      {
        incasare_id: 260,
        doc_series: '',
        doc_nr: null,
        doc_date: '2026-11-20',
        payment_type: 'bank_transfer',
        client_id: 54,
        client_name: 'Ionica Oancea',
        client_cui: '',
        client_reg_com: '',
        workpoint_id: 1,
        amount: 10421.88,
        currency: 'RON',
        exchange_rate: 1,
        amount_ron: 10421.88,
        bank_account_id: 1,
        mentions: 'OP 955002',
        source: 'staff',
        fiscal_receipt_id: null,
        bv_id: 297,
        allocated_amount: 10421.88,
        allocation_status: 'fully_allocated',
        document_cancelled: 0,
        added_by_api: 0,
        created_ts: '2026-11-20 19:28:23',
        last_changed_ts: '2026-11-20 19:28:23',
        allocations: [{ doc_type: 'sale', doc_id: 297, doc_series: 'BV', doc_nr: 105, amount: 10421.88 }],
      },
    ],
  },
};

/** GET /payments/types/: the standard codes, then the account's own. */
export const paymentTypesExample: EndpointExample = {
  answer: {
    data: [
      { code: 'bank_transfer', name: 'Transfer bancar', is_custom: 0 },
      { code: 'cash', name: 'Numerar', is_custom: 0 },
      { code: 'card', name: 'Card', is_custom: 0 },
      { code: 'voucher', name: 'Voucher', is_custom: 0 },
      { code: 'foodstamps', name: 'Tichete de masa', is_custom: 0 },
      { code: 'modern_payment', name: 'Plata moderna (online)', is_custom: 0 },
      { code: 'tichet_cadou', name: 'Tichet cadou', is_custom: 1 },
    ],
  },
};
