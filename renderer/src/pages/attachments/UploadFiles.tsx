import { useState } from 'react';
import { Badge, Group, List, Loader, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_MAX_BYTES } from '../../../../shared/domain/attachments.ts';
import { useCoreEvents } from '../../api/events.ts';
import { IconInvoice } from '../../app/shell/icons.tsx';
import { ErrorText } from './ErrorText.tsx';
import { formatBytes, newUploadId } from './files.ts';
import { useUploadAttachment, type DocumentRef } from './queries.ts';

interface UploadItem {
  id: string;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** From attachment.progress events: bytes written to the storage so far, of total. */
  bytes: number;
  total: number;
  error?: Error;
}

function UploadProgress({ item, live }: { item: UploadItem; live: boolean }) {
  const { t } = useTranslation();
  if (item.state === 'waiting') return <Text size="sm" c="dimmed">{t('attachments.waiting')}</Text>;
  if (item.state === 'done') return <Badge color="teal">{t('attachments.uploaded')}</Badge>;
  if (item.state === 'failed') return item.error ? <ErrorText error={item.error} /> : null;
  if (live && item.total > 0) {
    const percent = Math.min(100, Math.round((item.bytes / item.total) * 100));
    return (
      <Group gap="xs" wrap="nowrap" w={220}>
        <Progress value={percent} size="md" style={{ flex: 1 }} aria-label={t('attachments.uploadingFile', { name: item.file.name })} />
        <Text size="sm" w={40} ta="right">
          {percent}%
        </Text>
      </Group>
    );
  }
  // No progress events (the event stream is not connected): say it is under way, no made-up percentage.
  return (
    <Group gap="xs" wrap="nowrap">
      <Loader size="xs" />
      <Text size="sm">{t('attachments.uploading')}</Text>
    </Group>
  );
}

/**
 * A drop zone (or file picker) that uploads every file to the document, one after the other,
 * with a progress bar per file while the core reports progress (else "Uploading…").
 */
export function UploadFiles({ doc }: { doc: DocumentRef }) {
  const { t } = useTranslation();
  const upload = useUploadAttachment();
  const [items, setItems] = useState<UploadItem[]>([]);
  const patch = (id: string, change: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i)));

  const live = useCoreEvents((event) => {
    if (event.name !== 'attachment.progress') return;
    const { upload_id, bytes, total } = event.payload;
    setItems((all) => all.map((i) => (i.id === upload_id ? { ...i, bytes, total } : i)));
  }, doc.company_id);

  const busy = items.some((i) => i.state === 'waiting' || i.state === 'uploading');
  const max = formatBytes(ATTACHMENT_MAX_BYTES);

  const start = async (files: File[]) => {
    const batch: UploadItem[] = files.map((file) => ({ id: newUploadId(), file, state: 'waiting', bytes: 0, total: 0 }));
    setItems(batch);
    for (const item of batch) {
      if (item.file.size > ATTACHMENT_MAX_BYTES) {
        patch(item.id, { state: 'failed', error: new Error(t('attachments.tooLarge', { max })) });
        continue;
      }
      patch(item.id, { state: 'uploading' });
      try {
        await upload.mutateAsync({ doc, file: item.file, uploadId: item.id });
        patch(item.id, { state: 'done' });
      } catch (error) {
        patch(item.id, { state: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
  };

  return (
    <Stack gap="sm" mt="md">
      <Dropzone onDrop={(files) => void start(files)} multiple disabled={busy} inputProps={{ 'aria-label': t('attachments.upload') }} radius="md" p="lg">
        <Group gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <IconInvoice size={32} />
          <div>
            <Text size="sm" fw={500}>
              {t('attachments.dropHere')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('attachments.dropHint', { max })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {items.length > 0 && (
        <List listStyleType="none" aria-label={t('attachments.uploads')} spacing="xs" withPadding={false}>
          {items.map((item) => (
            <List.Item key={item.id}>
              <Group gap="md" wrap="nowrap" justify="space-between">
                <Text size="sm">
                  {item.file.name}{' '}
                  <Text span c="dimmed" size="sm">
                    ({formatBytes(item.file.size)})
                  </Text>
                </Text>
                <UploadProgress item={item} live={live} />
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
