import { useState } from 'react';
import { Button, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriftReport } from '../../../../shared/domain/fidelity.ts';
import { ErrorNotice } from '../../app/shell/ErrorNotice.tsx';
import { confirmAction, notifyDone, notifyFailed } from '../../components/feedback/index.ts';
import { CompareHar } from './CompareHar.tsx';
import { DriftReportView } from './DriftReportView.tsx';
import { useAction, useOperation } from '../../api/operations.ts';

type Source = 'live' | 'file';

/**
 * The drift report: the account's shadow comparisons ("Live comparisons", drift.report, cleared
 * with drift.clear) or the report of the last HAR file compared here ("This file", kept on this
 * page only: the core stores nothing of it).
 */
export function DriftPanel({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  // Each shadow comparison announces fidelity_routes: the report follows the forwarded calls live.
  const live = useOperation('drift.report', { company_id: companyId });
  const clear = useAction('drift.clear');
  const [file, setFile] = useState<{ name: string; report: DriftReport } | null>(null);
  const [source, setSource] = useState<Source>('live');

  const askClear = async () => {
    const ok = await confirmAction({
      title: t('fidelity.drift.clearConfirm.title'),
      body: t('fidelity.drift.clearConfirm.body', { id: companyId }),
      confirmLabel: t('fidelity.drift.clearConfirm.confirm'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    clear.mutate(
      { company_id: companyId },
      {
        onSuccess: (answer) => {
          void live.refetch();
          notifyDone({ title: t('fidelity.drift.cleared', { count: answer.cleared_routes }) });
        },
        onError: (error) => notifyFailed(t('fidelity.drift.clearFailed'), error),
      },
    );
  };

  const liveEmpty = live.data !== undefined && live.data.calls === 0 && live.data.routes.length === 0;
  return (
    <section aria-labelledby="drift-heading" data-testid="drift">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="drift-heading">{t('fidelity.drift.title')}</Title>
          <Group gap="sm">
            <SegmentedControl
              value={source}
              onChange={(value) => setSource(value as Source)}
              aria-label={t('fidelity.drift.source')}
              data={[
                { value: 'live', label: t('fidelity.drift.sources.live') },
                { value: 'file', label: file ? `${t('fidelity.drift.sources.file')}: ${file.name}` : t('fidelity.drift.sources.file'), disabled: file === null },
              ]}
              data-testid="drift-source"
            />
            {source === 'live' && (
              <Button variant="default" color="red" onClick={() => void askClear()} loading={clear.isPending} disabled={liveEmpty} data-testid="drift-clear">
                {t('fidelity.drift.clear')}
              </Button>
            )}
          </Group>
        </Group>
        <CompareHar companyId={companyId} onReport={(report, name) => {
          setFile({ name, report });
          setSource('file');
        }} />
        {source === 'file' && file ? (
          <DriftReportView report={file.report} emptyHint={t('fidelity.drift.emptyFile')} />
        ) : live.error ? (
          <ErrorNotice error={live.error} />
        ) : live.data ? (
          <DriftReportView report={live.data} emptyHint={t('fidelity.drift.emptyLive')} />
        ) : (
          <Skeleton height={120} radius="md" aria-label={t('common.loading')} />
        )}
        {source === 'file' && file && <Text size="xs" c="dimmed">{t('fidelity.har.compared', { file: file.name })}</Text>}
      </Stack>
    </section>
  );
}
