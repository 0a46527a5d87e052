import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import 'dayjs/locale/ro';
import { ClientProvider, type ClientInfo } from '../api/context.tsx';
import { uiStoreColorSchemeManager } from './color-scheme.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const colorSchemeManager = uiStoreColorSchemeManager();

/** Dates pickers and modals speak the interface's language. (The toasts are mounted in the shell, inside the router, so a toast can link to a record.) */
function LocalizedProviders({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'ro' ? 'ro' : 'en';
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: t('common.save'), cancel: t('common.cancel') }}>
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}

/** Everything above the router: server state, the client, the language, the theme, modals and toasts. */
export function AppProviders({ queryClient, client, i18n, children }: { queryClient: QueryClient; client: ClientInfo; i18n: I18n; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ClientProvider value={client}>
        <I18nextProvider i18n={i18n}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
            <LocalizedProviders>{children}</LocalizedProviders>
          </MantineProvider>
        </I18nextProvider>
      </ClientProvider>
    </QueryClientProvider>
  );
}
