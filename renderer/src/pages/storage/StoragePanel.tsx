import { Alert, Badge, Box, Button, Code, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { confirmAction, notifyInfo } from '../../components/feedback/index.ts';
import { Trans, useTranslation } from 'react-i18next';
import type { StorageSettings, StorageTestResult } from '../../../../shared/domain/attachments.ts';
import { ErpError } from '../../api/errors.ts';
import { StorageForm } from './StorageForm.tsx';
import { useStorage, useStorageTest, useStorageUpdate } from './queries.ts';

/** The id the attachments screen links to when it needs a storage. */
export const STORAGE_PANEL_ID = 'storage';

function StorageStatus({ settings }: { settings: StorageSettings }) {
  const { t } = useTranslation();
  if (!settings.configured || !settings.ftp) {
    return (
      <Text size="sm" data-testid="storage-status">
        <Badge color="yellow" mr="xs">
          {t('storage.notConfigured')}
        </Badge>{' '}
        {t('storage.notConfiguredText')}
      </Text>
    );
  }
  const { host, port, user, root, secure, password_set } = settings.ftp;
  // A setting without its password (forgotten on a change of host, port, user or FTPS) cannot
  // log in: said beside the state, so the empty password field below reads as a request.
  const noPassword = !settings.embedded && !password_set;
  return (
    <Text size="sm" data-testid="storage-status">
      <Badge color="teal" mr="xs">
        {t('storage.configured')}
      </Badge>{' '}
      {noPassword && (
        <>
          <Badge color="red" mr="xs">
            {t('storage.noPassword')}
          </Badge>{' '}
        </>
      )}
      {settings.embedded ? (
        <Trans i18nKey="storage.embedded" values={{ host, port }} components={{ strong: <strong /> }} />
      ) : (
        <Trans
          i18nKey="storage.external"
          values={{ user, host, port, root, protocol: secure ? t('storage.ftps') : t('storage.plainFtp') }}
          components={{ strong: <strong />, code: <Code /> }}
        />
      )}
      {noPassword && <> {t('storage.noPasswordText')}</>}
    </Text>
  );
}

function TestResult({ result, error }: { result: StorageTestResult | undefined; error: Error | null }) {
  const { t } = useTranslation();
  if (error) {
    const status = error instanceof ErpError ? ` (${error.status})` : '';
    return (
      <Alert role="status" color="red" variant="light" data-testid="storage-test-result">
        <strong>{t('storage.testFailedStatus', { status })}</strong> {error.message}
      </Alert>
    );
  }
  if (!result) return null;
  return (
    <Alert role="status" color={result.ok ? 'teal' : 'red'} variant="light" data-testid="storage-test-result">
      <strong>{result.ok ? t('storage.works') : t('storage.failed')}:</strong> {result.message}{' '}
      <Text span c="dimmed" size="sm">
        ({result.duration_ms} ms)
      </Text>
    </Alert>
  );
}

/** The account's attachment storage: its state, the external FTP form and the actions. */
export function StoragePanel({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const storage = useStorage(companyId);
  const update = useStorageUpdate(companyId);
  const test = useStorageTest(companyId);
  const busy = update.isPending || test.isPending;
  const settings = storage.data;

  // A new setting makes the last test result stale.
  const change = (patch: Parameters<typeof update.mutate>[0]) =>
    update.mutate(patch, {
      onSuccess: () => {
        test.reset();
        notifyInfo(t('storage.saved'));
      },
    });
  const remove = async () => {
    const confirmed = await confirmAction({
      title: t('storage.removeTitle'),
      body: t('storage.removeText'),
      confirmLabel: t('storage.remove'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (confirmed) change({ ftp: null });
  };

  return (
    <Paper component="section" p="lg" aria-labelledby="storage-heading" id={STORAGE_PANEL_ID}>
      <Title order={2} id="storage-heading" mb="sm">
        {t('storage.title')}
      </Title>
      {storage.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('storage.reading')}
          </Text>
        </Group>
      )}
      {storage.isError && (
        <Alert color="red" variant="light">
          {t('storage.cannotRead', { message: storage.error.message })}
        </Alert>
      )}
      {settings && (
        <>
          <StorageStatus settings={settings} />
          <Box mt="md">
            <StorageForm
              key={JSON.stringify(settings)}
              current={settings.ftp}
              embedded={settings.embedded}
              busy={busy}
              saving={update.isPending}
              error={update.error}
              onSave={(ftp) => change({ ftp })}
            >
              <Button variant="default" color="red" disabled={busy || !settings.configured} onClick={remove}>
                {t('storage.remove')}
              </Button>
              <Button variant="default" disabled={busy || settings.embedded} onClick={() => change({ embedded: true })}>
                {t('storage.useEmbedded')}
              </Button>
              <Button variant="light" disabled={(busy && !test.isPending) || !settings.configured} loading={test.isPending} onClick={() => test.mutate()}>
                {t('storage.test')}
              </Button>
            </StorageForm>
          </Box>
          <Box mt="md">
            <TestResult result={test.data} error={test.error} />
          </Box>
        </>
      )}
    </Paper>
  );
}
