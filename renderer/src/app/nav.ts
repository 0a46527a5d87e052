import type { ComponentType, SVGProps } from 'react';
import {
  IconAdjustments, IconCart, IconCash, IconContacts, IconDatabase, IconFiscal, IconHome, IconInvoice,
  IconList, IconPackage, IconPlug, IconProforma, IconReceipt, IconTruck, IconWebhook,
} from './shell/icons.tsx';
import { IconBolt, IconCompare } from './shell/icons.tsx';

/*
 * Every screen of the window, by area: the sidebar, the command palette, the page titles and
 * the e2e tests read this one list. `path` is the screen's route (see routes.tsx).
 */

export type AreaId = 'documents' | 'catalogue' | 'connectors' | 'logs' | 'settings';

export interface ScreenDef {
  path: ScreenPath;
  area: AreaId | null;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;
  /** The record kinds of search.global this screen opens with `?open=id`. */
  opens?: readonly RecordKind[];
}

export type RecordKind = 'sale' | 'invoice' | 'proforma' | 'payment' | 'awb' | 'product' | 'contact' | 'order';

export const SCREENS = {
  overview: { path: '/c/$companyId', area: null, icon: IconHome },
  sales: { path: '/c/$companyId/documents/sales', area: 'documents', icon: IconReceipt, opens: ['sale'] },
  invoices: { path: '/c/$companyId/documents/invoices', area: 'documents', icon: IconInvoice, opens: ['invoice'] },
  proformas: { path: '/c/$companyId/documents/proformas', area: 'documents', icon: IconProforma, opens: ['proforma'] },
  fiscalReceipts: { path: '/c/$companyId/documents/fiscal-receipts', area: 'documents', icon: IconFiscal },
  payments: { path: '/c/$companyId/documents/payments', area: 'documents', icon: IconCash, opens: ['payment'] },
  awbs: { path: '/c/$companyId/documents/awbs', area: 'documents', icon: IconTruck, opens: ['awb'] },
  products: { path: '/c/$companyId/catalogue/products', area: 'catalogue', icon: IconPackage, opens: ['product'] },
  contacts: { path: '/c/$companyId/catalogue/contacts', area: 'catalogue', icon: IconContacts, opens: ['contact'] },
  connectorOrders: { path: '/c/$companyId/connectors/orders', area: 'connectors', icon: IconCart, opens: ['order'] },
  connectors: { path: '/c/$companyId/connectors/settings', area: 'connectors', icon: IconPlug },
  webhookLog: { path: '/c/$companyId/logs/webhooks', area: 'logs', icon: IconWebhook },
  apiLog: { path: '/c/$companyId/logs/api', area: 'logs', icon: IconList },
  storage: { path: '/c/$companyId/settings/storage', area: 'settings', icon: IconDatabase },
  serviceSettings: { path: '/c/$companyId/settings/service', area: 'settings', icon: IconAdjustments },
  faults: { path: '/c/$companyId/settings/faults', area: 'settings', icon: IconBolt },
  fidelity: { path: '/c/$companyId/settings/fidelity', area: 'settings', icon: IconCompare },
} as const satisfies Record<string, Omit<ScreenDef, 'path'> & { path: string }>;

export type ScreenId = keyof typeof SCREENS;
export type ScreenPath = (typeof SCREENS)[ScreenId]['path'];
export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

export const AREAS: ReadonlyArray<{ id: AreaId; screens: readonly ScreenId[] }> = [
  { id: 'documents', screens: ['sales', 'invoices', 'proformas', 'fiscalReceipts', 'payments', 'awbs'] },
  { id: 'catalogue', screens: ['products', 'contacts'] },
  { id: 'connectors', screens: ['connectorOrders', 'connectors'] },
  { id: 'logs', screens: ['webhookLog', 'apiLog'] },
  { id: 'settings', screens: ['storage', 'serviceSettings', 'faults', 'fidelity'] },
];

/** The screen that opens a record of search.global with `?open=id`. */
export function screenOfKind(kind: RecordKind): ScreenId {
  const found = SCREEN_IDS.find((id) => (SCREENS[id] as ScreenDef).opens?.includes(kind));
  return found ?? 'overview';
}
