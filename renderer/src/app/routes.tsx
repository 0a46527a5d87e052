import { createRootRoute, createRoute } from '@tanstack/react-router';
import { noSearch, searchOf } from './search.ts';
import { AppLayout } from './shell/AppLayout.tsx';
import { CompanyLayout } from './shell/CompanyLayout.tsx';
import { NotFound } from './shell/NotFound.tsx';
import { Home } from './screens/Home.tsx';
import { Overview } from './screens/Overview.tsx';
import { WebhookLogScreen } from '../pages/webhooks/WebhookLogScreen.tsx';
import { webhookLogSearch } from '../pages/webhooks/search.ts';
import { ApiLogScreen } from '../pages/api-log/ApiLogScreen.tsx';
import { ServiceSettingsScreen } from '../pages/service-settings/ServiceSettingsScreen.tsx';
import { StorageScreen } from '../pages/storage/StorageScreen.tsx';
import { FaultsScreen } from '../pages/faults/FaultsScreen.tsx';
import { FidelityScreen } from '../pages/fidelity/FidelityScreen.tsx';
import { ProductsScreen } from '../pages/products/ProductsScreen.tsx';
import { SalesScreen } from '../pages/sales/SalesScreen.tsx';
import { PaymentsScreen } from '../pages/payments/PaymentsScreen.tsx';
import { InvoicesScreen } from '../pages/invoices/InvoicesScreen.tsx';
import { ProformasScreen } from '../pages/proformas/ProformasScreen.tsx';
import { FiscalReceiptsScreen } from '../pages/fiscal-receipts/FiscalReceiptsScreen.tsx';
import { AwbsScreen } from '../pages/awbs/AwbsScreen.tsx';
import { ContactsScreen } from '../pages/contacts/ContactsScreen.tsx';
import { ConnectorOrdersScreen } from '../pages/connector-orders/ConnectorOrdersScreen.tsx';
import { ConnectorsScreen } from '../pages/connectors/ConnectorsScreen.tsx';
import { connectorsSearch } from '../pages/connectors/search.ts';
import type { ScreenId } from './nav.ts';

/*
 * The route tree (code-based). Every screen is a path under the account (`/c/$companyId/...`) and
 * its filters, sort, window and open record are typed search params read from its operation's
 * input schema (search.ts): the URL is the screen's state, so it can be copied, bookmarked, and
 * back/forward restore it. Each screen's component lives in its folder under pages/.
 */

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen a route shows: its title, icon and sidebar entry (nav.ts). */
    screen?: ScreenId;
  }
}

export const rootRoute = createRootRoute({
  component: AppLayout,
  notFoundComponent: NotFound,
});

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home, validateSearch: noSearch });

/** The account: every screen hangs under it, so the company is in every address. */
export const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/c/$companyId',
  params: {
    parse: ({ companyId }) => ({ companyId: /^\d{1,9}$/.test(companyId) ? Number(companyId) : 0 }),
    stringify: ({ companyId }) => ({ companyId: String(companyId) }),
  },
  component: CompanyLayout,
});

const overviewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/',
  staticData: { screen: 'overview' },
  validateSearch: noSearch,
  component: Overview,
});


// Documents
const salesRoute = createRoute({ getParentRoute: () => companyRoute, path: 'documents/sales', staticData: { screen: 'sales' }, validateSearch: searchOf('lists.sales'), component: SalesScreen });
const invoicesRoute = createRoute({ getParentRoute: () => companyRoute, path: 'documents/invoices', staticData: { screen: 'invoices' }, validateSearch: searchOf('lists.invoices'), component: InvoicesScreen });
const proformasRoute = createRoute({ getParentRoute: () => companyRoute, path: 'documents/proformas', staticData: { screen: 'proformas' }, validateSearch: searchOf('lists.proformas'), component: ProformasScreen });
const fiscalReceiptsRoute = createRoute({ getParentRoute: () => companyRoute, path: 'documents/fiscal-receipts', staticData: { screen: 'fiscalReceipts' }, validateSearch: searchOf('lists.fiscalReceipts'), component: FiscalReceiptsScreen });
const paymentsRoute = createRoute({ getParentRoute: () => companyRoute, path: 'documents/payments', staticData: { screen: 'payments' }, validateSearch: searchOf('lists.payments'), component: PaymentsScreen });
const awbsRoute = createRoute({ getParentRoute: () => companyRoute, path: 'documents/awbs', staticData: { screen: 'awbs' }, validateSearch: searchOf('lists.awbs'), component: AwbsScreen });
// Catalogue
const productsRoute = createRoute({ getParentRoute: () => companyRoute, path: 'catalogue/products', staticData: { screen: 'products' }, validateSearch: searchOf('lists.products'), component: ProductsScreen });
const contactsRoute = createRoute({ getParentRoute: () => companyRoute, path: 'catalogue/contacts', staticData: { screen: 'contacts' }, validateSearch: searchOf('lists.contacts'), component: ContactsScreen });
// Connectors
const connectorOrdersRoute = createRoute({ getParentRoute: () => companyRoute, path: 'connectors/orders', staticData: { screen: 'connectorOrders' }, validateSearch: searchOf('lists.connectorOrders'), component: ConnectorOrdersScreen });
const connectorsRoute = createRoute({ getParentRoute: () => companyRoute, path: 'connectors/settings', staticData: { screen: 'connectors' }, validateSearch: connectorsSearch, component: ConnectorsScreen });
// Logs
const webhookLogRoute = createRoute({ getParentRoute: () => companyRoute, path: 'logs/webhooks', staticData: { screen: 'webhookLog' }, validateSearch: webhookLogSearch, component: WebhookLogScreen });
const apiLogRoute = createRoute({ getParentRoute: () => companyRoute, path: 'logs/api', staticData: { screen: 'apiLog' }, validateSearch: searchOf('lists.apiLog'), component: ApiLogScreen });
// Settings
const storageRoute = createRoute({ getParentRoute: () => companyRoute, path: 'settings/storage', staticData: { screen: 'storage' }, validateSearch: searchOf('attachments.list'), component: StorageScreen });
const serviceSettingsRoute = createRoute({ getParentRoute: () => companyRoute, path: 'settings/service', staticData: { screen: 'serviceSettings' }, validateSearch: noSearch, component: ServiceSettingsScreen });
const faultsRoute = createRoute({ getParentRoute: () => companyRoute, path: 'settings/faults', staticData: { screen: 'faults' }, validateSearch: noSearch, component: FaultsScreen });
const fidelityRoute = createRoute({ getParentRoute: () => companyRoute, path: 'settings/fidelity', staticData: { screen: 'fidelity' }, validateSearch: noSearch, component: FidelityScreen });

export const routeTree = rootRoute.addChildren([
  homeRoute,
  companyRoute.addChildren([
    overviewRoute,
    salesRoute,
    invoicesRoute,
    proformasRoute,
    fiscalReceiptsRoute,
    paymentsRoute,
    awbsRoute,
    productsRoute,
    contactsRoute,
    connectorOrdersRoute,
    connectorsRoute,
    webhookLogRoute,
    apiLogRoute,
    storageRoute,
    serviceSettingsRoute,
    faultsRoute,
    fidelityRoute,
  ]),
]);
