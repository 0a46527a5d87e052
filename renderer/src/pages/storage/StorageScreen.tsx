import { Stack } from '@mantine/core';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { AttachmentsPanel } from '../attachments/AttachmentsPanel.tsx';
import { StoragePanel } from './StoragePanel.tsx';

/**
 * Settings › Storage & attachments: the account's FTP storage, and the attachments of the
 * document named in the address (`?doctype=sale&doc_id=1`, sale 1 when absent).
 */
export function StorageScreen() {
  const { companyId } = useParams({ from: '/c/$companyId/settings/storage' });
  const search = useSearch({ from: '/c/$companyId/settings/storage' });
  const navigate = useNavigate({ from: '/c/$companyId/settings/storage' });
  return (
    <>
      <PageHeader screen="storage" />
      <Stack gap="lg">
        <StoragePanel companyId={companyId} />
        <AttachmentsPanel
          companyId={companyId}
          doctype={search.doctype ?? 'sale'}
          docId={search.doc_id ?? 1}
          onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
        />
      </Stack>
    </>
  );
}
