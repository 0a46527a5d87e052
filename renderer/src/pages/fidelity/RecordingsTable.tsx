import { Button, Code, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../app/shell/ErrorNotice.tsx';
import { formatBytes, formatDateTime, formatNumber } from '../../app/format.ts';
import { notifyFailed } from '../../components/feedback/index.ts';
import { saveBase64 } from '../attachments/files.ts';
import { useAction, useOperation } from '../../api/operations.ts';

/** The account's HAR recordings, newest first; each downloads as the file itself (recordings.get). */
export function RecordingsTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  // Each recorded call announces recordings: sizes and counts follow the forwarded calls live.
  const recordings = useOperation('recordings.list', { company_id: companyId });
  const download = useAction('recordings.get');
  const column = (key: 'file' | 'size' | 'entries' | 'modified' | 'actions') => t(`fidelity.recordings.columns.${key}`);
  return (
    <section aria-labelledby="recordings-heading" data-testid="recordings">
      <Title order={2} size="h4" id="recordings-heading" mb="xs">{t('fidelity.recordings.title')}</Title>
      {recordings.isPending && <Skeleton height={72} radius="md" />}
      {recordings.error && <ErrorNotice error={recordings.error} />}
      {recordings.data && recordings.data.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="recordings-empty">{t('fidelity.recordings.empty')}</Text>
      )}
      {recordings.data && recordings.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-labelledby="recordings-heading" data-testid="recordings-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{column('file')}</Table.Th>
                <Table.Th scope="col" ta="right">{column('size')}</Table.Th>
                <Table.Th scope="col" ta="right">{column('entries')}</Table.Th>
                <Table.Th scope="col">{column('modified')}</Table.Th>
                <Table.Th scope="col"><VisuallyHidden>{column('actions')}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recordings.data.map((recording) => (
                <Table.Tr key={recording.file_name} data-file={recording.file_name}>
                  <Table.Td><Code>{recording.file_name}</Code></Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatBytes(recording.size_bytes)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(recording.entries)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(recording.modified_at)}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-sm" variant="light"
                      loading={download.isPending && download.variables?.file_name === recording.file_name}
                      aria-label={t('fidelity.recordings.downloadLabel', { file: recording.file_name })}
                      onClick={() =>
                        download.mutate(
                          { company_id: companyId, file_name: recording.file_name },
                          {
                            onSuccess: (file) => saveBase64(file.file_name, file.content_type, file.content_base64),
                            onError: (error) => notifyFailed(t('fidelity.recordings.downloadFailed'), error),
                          },
                        )
                      }
                    >
                      {t('fidelity.recordings.download')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
