import type { Messages } from '../../i18n/messages-type.ts';

/** Staff's payment actions on the invoice and payment screens (register from an invoice, cancel a payment). */
export const en = {
  register: 'Register payment',
  invoiceTarget: 'invoice {{invoice}} (sales receipt {{sale}})',
  noReceipt: 'This invoice has no sales receipt to pay: it is paid by payments allocated to it directly.',
  cancelled: 'A cancelled document takes no payment.',
  storno: 'A storno invoice has nothing to collect: it reverses another invoice.',
  reversed: 'Reversed by storno {{number}}: nothing is left to collect (a refund is a payment of its own).',
  cancel: {
    action: 'Cancel payment',
    title: 'Cancel payment {{id}}?',
    body: '{{amount}} paid {{documents}}. Their paid and left-to-pay figures go back; the payment stays listed, cancelled. No connector is notified: the API has no payment notification.',
    nothing: 'nothing (it is not allocated)',
    confirm: 'Cancel payment',
    keep: 'Keep it',
    done: 'Payment {{id}} cancelled',
    doneText: 'The documents it paid show what is left to pay again.',
    failed: 'The payment could not be cancelled',
    already: 'This payment is cancelled.',
  },
};

export const ro: Messages<typeof en> = {
  register: 'Înregistrează încasare',
  invoiceTarget: 'factura {{invoice}} (bonul de vânzare {{sale}})',
  noReceipt: 'Factura nu are bon de vânzare de încasat: se achită prin încasări alocate direct ei.',
  cancelled: 'Un document anulat nu primește încasări.',
  storno: 'O factură de stornare nu are nimic de încasat: ea anulează o altă factură.',
  reversed: 'Stornată prin {{number}}: nu mai este nimic de încasat (o restituire este o plată separată).',
  cancel: {
    action: 'Anulează încasarea',
    title: 'Anulați încasarea {{id}}?',
    body: '{{amount}} a achitat {{documents}}. Sumele achitate și restul de plată revin; încasarea rămâne în listă, anulată. Niciun conector nu este anunțat: API-ul nu are notificare de încasare.',
    nothing: 'nimic (nu este alocată)',
    confirm: 'Anulează încasarea',
    keep: 'Păstrează',
    done: 'Încasarea {{id}} a fost anulată',
    doneText: 'Documentele achitate de ea arată din nou restul de plată.',
    failed: 'Încasarea nu a putut fi anulată',
    already: 'Această încasare este anulată.',
  },
};
