import type { Messages } from '../../i18n/messages-type.ts';

export const en = {
  columns: { id: 'ID', number: 'Number', date: 'Date', due: 'Due', client: 'Client', total: 'Total', state: 'State', invoice: 'Invoice', advance: 'Advance paid' },
  filters: { q: 'Number (PF 60) or client name' },
  empty: { title: 'No proformas yet', description: 'Proformas appear here when a connector order or the REST API issues one.' },
  emptyFiltered: 'No proformas match these filters',
  detail: {
    title: 'Proforma {{number}}',
    html: 'Open HTML',
    pdf: 'Open PDF',
    paymentLink: 'Card payment page',
    advance: 'Advance paid',
    subscription: 'Subscription template',
    invoicedAs: 'Invoiced as invoice #{{id}}',
    linesOf: 'the proforma',
  },
};

export const ro: Messages<typeof en> = {
  columns: { id: 'ID', number: 'Număr', date: 'Data', due: 'Scadența', client: 'Client', total: 'Total', state: 'Stare', invoice: 'Factura', advance: 'Avans încasat' },
  filters: { q: 'Număr (PF 60) sau nume client' },
  empty: { title: 'Nicio proformă încă', description: 'Proformele apar aici când o comandă de conector sau API-ul REST emite una.' },
  emptyFiltered: 'Nicio proformă nu corespunde filtrelor',
  detail: {
    title: 'Proforma {{number}}',
    html: 'Deschide HTML',
    pdf: 'Deschide PDF',
    paymentLink: 'Pagina de plată cu cardul',
    advance: 'Avans încasat',
    subscription: 'Șablon de abonament',
    invoicedAs: 'Facturată ca factura #{{id}}',
    linesOf: 'proformă',
  },
};
