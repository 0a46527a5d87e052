import { Alert } from '@mantine/core';
import { Trans } from 'react-i18next';
import { IconInfo } from '../../app/shell/icons.tsx';
import { useStorage } from '../storage/queries.ts';
import { StorageLink } from './ErrorText.tsx';

/** Says so when the account has no storage: uploads and deletes answer 503 until it has one. */
export function StorageNotice({ companyId, testId, mb }: { companyId: number; testId: string; mb?: string }) {
  const storage = useStorage(companyId);
  if (!storage.data || storage.data.configured) return null;
  return (
    <Alert variant="light" color="yellow" role="note" icon={<IconInfo />} data-testid={testId} mb={mb}>
      <Trans i18nKey="attachments.storageNotice" components={{ strong: <strong />, panel: <StorageLink /> }} />
    </Alert>
  );
}
