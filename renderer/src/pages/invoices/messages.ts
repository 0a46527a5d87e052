import type { Messages } from '../../i18n/messages-type.ts';

export const en = {
  columns: { id: 'ID', number: 'Number', date: 'Date', due: 'Due', client: 'Client', total: 'Total', rest: 'Left to pay', state: 'State', efactura: 'e-Factura', lastPayment: 'Last payment', currency: 'Currency' },
  filters: { q: 'Number (FA 596) or client name', paid: 'Payment', paidAny: 'Paid and unpaid', paidYes: 'Paid', paidNo: 'Unpaid' },
  empty: { title: 'No invoices yet', description: 'Invoices appear here when they are issued: from a connector order (Issue invoice) or by a partner program through the API.' },
  emptyFiltered: 'No invoices match these filters',
  detail: {
    title: 'Invoice {{number}}',
    label: 'Invoice {{number}}',
    html: 'Open HTML',
    pdf: 'Open PDF',
    efactura: 'e-Factura (SPV)',
    efacturaStates: { not_sent: 'not sent', sent: 'sent', validated: 'validated', rejected: 'rejected' },
    storno: 'Reversal (storno) of',
    lastPayment: 'Last payment',
    noSale: 'Issued without a sales receipt.',
    linesOf: 'the invoice',
  },
};

export const ro: Messages<typeof en> = {
  columns: { id: 'ID', number: 'Număr', date: 'Data', due: 'Scadența', client: 'Client', total: 'Total', rest: 'Rest de plată', state: 'Stare', efactura: 'e-Factura', lastPayment: 'Ultima plată', currency: 'Moneda' },
  filters: { q: 'Număr (FA 596) sau nume client', paid: 'Plată', paidAny: 'Achitate și neachitate', paidYes: 'Achitate', paidNo: 'Neachitate' },
  empty: { title: 'Nicio factură încă', description: 'Facturile apar aici când sunt emise: dintr-o comandă de conector (Emite factura) sau de programul unui partener prin API.' },
  emptyFiltered: 'Nicio factură nu corespunde filtrelor',
  detail: {
    title: 'Factura {{number}}',
    label: 'Factura {{number}}',
    html: 'Deschide HTML',
    pdf: 'Deschide PDF',
    efactura: 'e-Factura (SPV)',
    efacturaStates: { not_sent: 'netrimisă', sent: 'trimisă', validated: 'validată', rejected: 'respinsă' },
    storno: 'Stornare a facturii',
    lastPayment: 'Ultima plată',
    noSale: 'Emisă fără bon de vânzare.',
    linesOf: 'factură',
  },
};
