import { useState } from 'react';
import { Button, Group, Paper, Skeleton, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from '../../../../shared/contract/operations-snapshots.ts';
import { ErpError } from '../../api/errors.ts';
import { useAction, useOperation } from '../../api/operations.ts';
import { formatBytes, formatDateTime, formatNumber } from '../../app/format.ts';
import { ErrorNotice } from '../../app/shell/ErrorNotice.tsx';
import { confirmAction, fieldErrors, notifyDone, notifyFailed } from '../../components/feedback/index.ts';

/** The theme's "light" red keeps an error under the field readable (AA) in both schemes. */
const ERROR_STYLES = { error: { color: 'var(--mantine-color-red-light-color)' } };

/**
 * Settings › Service settings › Snapshots: save the whole data under a name, restore it, delete it
 * (snapshots.*, the same calls as POST /_sandbox/snapshots ...). The list refreshes by itself:
 * saves and deletes announce `snapshots`, a restore `*`.
 */
export function SnapshotsPanel() {
  const { t } = useTranslation();
  const snapshots = useOperation('snapshots.list', {});
  const save = useAction('snapshots.save');
  const restore = useAction('snapshots.restore');
  const remove = useAction('snapshots.delete');
  const [name, setName] = useState('');
  const nameError = fieldErrors(save.error, ['name']).name;

  const failed = (error: unknown) => notifyFailed(t('snapshots.failed'), error);

  const saveNow = async (overwrite = false) => {
    const trimmed = name.trim();
    try {
      await save.mutateAsync({ name: trimmed, ...(overwrite && { overwrite }) });
      setName('');
      notifyDone({ title: t('snapshots.saved', { name: trimmed }) });
    } catch (error) {
      // A name in use: ask, then save over it.
      if (!overwrite && error instanceof ErpError && error.status === 409 && snapshots.data?.some((s) => s.name === trimmed)) {
        const replace = await confirmAction({
          title: t('snapshots.overwriteTitle', { name: trimmed }),
          body: t('snapshots.overwriteBody'),
          confirmLabel: t('snapshots.overwrite'),
          cancelLabel: t('snapshots.cancel'),
        });
        if (replace) await saveNow(true);
      } else if (!fieldErrors(error, ['name']).name) failed(error);
    }
  };

  const restoreNow = async (snapshot: Snapshot) => {
    const confirmed = await confirmAction({
      title: t('snapshots.restoreTitle', { name: snapshot.name }),
      body: t('snapshots.restoreBody', { created: formatDateTime(snapshot.created_ts) }),
      confirmLabel: t('snapshots.restore'),
      cancelLabel: t('snapshots.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    restore.mutate({ name: snapshot.name }, { onSuccess: () => notifyDone({ title: t('snapshots.restored', { name: snapshot.name }) }), onError: failed });
  };

  const deleteNow = async (snapshot: Snapshot) => {
    const confirmed = await confirmAction({
      title: t('snapshots.deleteTitle', { name: snapshot.name }),
      body: t('snapshots.deleteBody'),
      confirmLabel: t('snapshots.delete'),
      cancelLabel: t('snapshots.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate({ name: snapshot.name }, { onSuccess: () => notifyDone({ title: t('snapshots.deleted', { name: snapshot.name }) }), onError: failed });
  };

  const busy = save.isPending || restore.isPending || remove.isPending;
  return (
    <Paper withBorder radius="md" p="md" mt="md" component="section" aria-labelledby="snapshots-title" data-testid="snapshots-panel">
      <Title order={2} size="h5" id="snapshots-title">
        {t('snapshots.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('snapshots.hint')}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void saveNow();
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('snapshots.name')}
            description={t('snapshots.nameHelp')}
            placeholder={t('snapshots.namePlaceholder')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              save.reset();
            }}
            error={nameError}
            styles={ERROR_STYLES}
            style={{ flex: 1, minWidth: 220 }}
            data-testid="snapshot-name"
          />
          <Button type="submit" mt={44} loading={save.isPending} disabled={name.trim() === '' || busy} data-testid="snapshot-save">
            {t('snapshots.save')}
          </Button>
        </Group>
      </form>
      {snapshots.isError ? (
        <ErrorNotice error={snapshots.error} />
      ) : !snapshots.data ? (
        <Skeleton height={80} mt="md" radius="sm" />
      ) : snapshots.data.length === 0 ? (
        <Text size="sm" c="dimmed" mt="md" data-testid="snapshots-none">
          {t('snapshots.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} mt="md">
          <Table striped verticalSpacing="xs" data-testid="snapshots-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('snapshots.columns.name')}</Table.Th>
                <Table.Th>{t('snapshots.columns.created')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('snapshots.columns.size')}</Table.Th>
                <Table.Th>{t('snapshots.columns.holds')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('snapshots.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {snapshots.data.map((snapshot) => (
                <Table.Tr key={snapshot.name} data-testid={`snapshot-${snapshot.name}`}>
                  <Table.Td style={{ fontWeight: 600, wordBreak: 'break-all' }}>{snapshot.name}</Table.Td>
                  <Table.Td>{formatDateTime(snapshot.created_ts)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatBytes(snapshot.size_bytes)}</Table.Td>
                  <Table.Td>
                    {t('snapshots.holds', {
                      accounts: snapshot.holds.accounts.map((a) => a.name).join(', '),
                      count: snapshot.holds.stored_files.count + snapshot.holds.ftp_files.count,
                      files: formatNumber(snapshot.holds.stored_files.count + snapshot.holds.ftp_files.count),
                    })}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" disabled={busy} onClick={() => void restoreNow(snapshot)} data-testid={`snapshot-restore-${snapshot.name}`}>
                        {t('snapshots.restore')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red.9" disabled={busy} onClick={() => void deleteNow(snapshot)} data-testid={`snapshot-delete-${snapshot.name}`}>
                        {t('snapshots.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
