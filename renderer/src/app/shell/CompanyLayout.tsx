import { useEffect } from 'react';
import { Alert, Loader, Center } from '@mantine/core';
import { Outlet, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/queries.ts';
import { useUiStore } from '../stores/ui.ts';
import { ErrorNotice } from './ErrorNotice.tsx';
import { IconAlert } from './icons.tsx';

/** Every screen of one account: checks that the account in the address exists, and remembers it. */
export function CompanyLayout() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: '/c/$companyId' });
  const accounts = useAccounts();
  const setLast = useUiStore((state) => state.setLastCompanyId);
  const known = accounts.data?.some((a) => a.company_id === companyId) ?? false;
  useEffect(() => {
    if (known) setLast(companyId);
  }, [known, companyId, setLast]);

  if (accounts.isError) return <ErrorNotice error={accounts.error} />;
  if (accounts.isPending) {
    return (
      <Center mih={200}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!known) {
    return (
      <Alert color="red" variant="light" icon={<IconAlert />} title={t('shell.unknownAccount', { id: companyId || '?' })}>
        {t('shell.notFoundHint')}
      </Alert>
    );
  }
  return <Outlet />;
}
