import type { Messages } from '../../i18n/messages-type.ts';
import * as common from './common-messages.ts';
import * as invoices from '../invoices/messages.ts';
import * as proformas from '../proformas/messages.ts';
import * as fiscalReceipts from '../fiscal-receipts/messages.ts';
import * as awbs from '../awbs/messages.ts';
import * as contacts from '../contacts/messages.ts';

/**
 * The texts of the document screens (invoices, proformas, fiscal receipts, AWBs, contacts),
 * under `documents.<screen>` and `documents.common`; each screen keeps its own in its folder.
 */
export const en = {
  common: common.en,
  invoices: invoices.en,
  proformas: proformas.en,
  fiscalReceipts: fiscalReceipts.en,
  awbs: awbs.en,
  contacts: contacts.en,
};

export const ro: Messages<typeof en> = {
  common: common.ro,
  invoices: invoices.ro,
  proformas: proformas.ro,
  fiscalReceipts: fiscalReceipts.ro,
  awbs: awbs.ro,
  contacts: contacts.ro,
};
