import { useState } from 'react';
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useTranslation } from 'react-i18next';
import type { DriftReport } from '../../../../shared/domain/fidelity.ts';
import { ErpError } from '../../api/errors.ts';
import { IconInvoice } from '../../app/shell/icons.tsx';
import { readHarText } from './har-file.ts';
import { useAction } from '../../api/operations.ts';

/**
 * "Compare a HAR file": the file's GET calls answered by this workbench and compared by shape
 * (drift.compareHar; nothing stored). The report goes to the page, shown in the same table.
 */
export function CompareHar({ companyId, onReport }: { companyId: number; onReport: (report: DriftReport, fileName: string) => void }) {
  const { t } = useTranslation();
  const compare = useAction('drift.compareHar');
  const [problem, setProblem] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null>(null);

  const start = async (file: File) => {
    setProblem(null);
    setCurrent(file.name);
    const read = readHarText(await file.text());
    if (!read.ok) {
      setProblem(t('fidelity.har.notHar', { file: file.name, reason: t(`fidelity.har.${read.reason}`) }));
      setCurrent(null);
      return;
    }
    compare.mutate(
      { company_id: companyId, har: read.har },
      {
        onSuccess: (report) => onReport(report, file.name),
        onError: (error) =>
          // 400: the core's HAR 1.2 check named what is wrong in the file.
          setProblem(error instanceof ErpError && error.status === 400
            ? t('fidelity.har.notHar', { file: file.name, reason: error.messages.join('; ') })
            : `${t('fidelity.har.failed', { file: file.name })}: ${error.message}`),
        onSettled: () => setCurrent(null),
      },
    );
  };

  return (
    <section aria-labelledby="har-heading" data-testid="compare-har">
      <Stack gap="xs">
        <Title order={3} size="h5" id="har-heading">{t('fidelity.har.title')}</Title>
        <Dropzone
          onDrop={(files) => files[0] && void start(files[0])}
          multiple={false}
          disabled={compare.isPending}
          inputProps={{ 'aria-label': t('fidelity.har.inputLabel') }}
          radius="md"
          p="md"
          data-testid="har-dropzone"
        >
          <Group gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            {current ? <Loader size="sm" /> : <IconInvoice size={28} />}
            <div>
              <Text size="sm" fw={500}>{current ? t('fidelity.har.comparing', { file: current }) : t('fidelity.har.drop')}</Text>
              <Text size="xs" c="dimmed">{t('fidelity.har.hint')}</Text>
            </div>
          </Group>
        </Dropzone>
        {problem && (
          <Alert color="red" variant="light" role="alert" data-testid="har-error">
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{problem}</Text>
          </Alert>
        )}
      </Stack>
    </section>
  );
}
