import { Fragment, useState } from 'react';
import { ActionIcon, Badge, Code, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriftDifference, DriftKind, DriftReport, DriftRoute } from '../../../../shared/domain/fidelity.ts';
import { formatDateTime, formatNumber } from '../../app/format.ts';
import { IconChevronUp } from '../../app/shell/icons.tsx';

/** One colour per kind of difference, the same in every row (light badges: readable in both themes). */
const KIND_COLOR: Record<DriftKind, string> = {
  status: 'red',
  only_upstream: 'orange',
  only_twin: 'grape',
  type: 'blue',
  null_vs_empty: 'cyan',
  date_format: 'teal',
  number_format: 'indigo',
};

/** Routes with differences first (most first), then the rest by template. */
function ordered(routes: readonly DriftRoute[]): DriftRoute[] {
  return [...routes].sort((a, b) => b.differences.length - a.differences.length || a.template.localeCompare(b.template));
}

/** The figures, the skipped calls with why, and the routes (each opens to its differences). */
export function DriftReportView({ report, emptyHint }: { report: DriftReport; emptyHint: string }) {
  const { t } = useTranslation();
  if (report.calls === 0 && report.routes.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="drift-empty">
        <Text fw={600}>{t('fidelity.drift.emptyTitle')}</Text>
        <Text size="sm" c="dimmed" mt={4}>{emptyHint}</Text>
      </Paper>
    );
  }
  const skipped = report.skipped.reduce((sum, s) => sum + s.calls, 0);
  const figures = [
    { key: 'calls', value: report.calls },
    { key: 'compared', value: report.compared },
    { key: 'differences', value: report.differences },
    { key: 'skipped', value: skipped },
  ] as const;
  return (
    <Stack gap="md" data-testid="drift-report" data-source={report.source}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {figures.map((figure) => (
          <Paper key={figure.key} withBorder radius="md" p="sm" data-testid={`drift-figure-${figure.key}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`fidelity.drift.figures.${figure.key}`)}</Text>
            <Text fz={24} fw={700} c={figure.key === 'differences' && figure.value > 0 ? 'orange' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(figure.value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="space-between" align="flex-start" gap="md">
        {report.skipped.length > 0 ? (
          <div>
            <Text size="sm" fw={600} id="drift-skipped-heading">{t('fidelity.drift.skippedTitle')}</Text>
            <List size="sm" aria-labelledby="drift-skipped-heading" data-testid="drift-skipped">
              {report.skipped.map((s) => (
                <List.Item key={s.reason}>{s.reason}: {formatNumber(s.calls)}</List.Item>
              ))}
            </List>
          </div>
        ) : <span />}
        <Text size="xs" c="dimmed">{t('fidelity.drift.generatedAt', { at: formatDateTime(report.generated_at) })}</Text>
      </Group>
      {report.routes.length > 0 && <RoutesTable routes={report.routes} />}
    </Stack>
  );
}

function RoutesTable({ routes }: { routes: readonly DriftRoute[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (template: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(template)) next.delete(template);
      else next.add(template);
      return next;
    });
  return (
    <section aria-labelledby="drift-routes-heading">
      <Title order={3} size="h5" id="drift-routes-heading" mb="xs">{t('fidelity.drift.routes')}</Title>
      <Table.ScrollContainer minWidth={720}>
        <Table aria-labelledby="drift-routes-heading" data-testid="drift-routes" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={44}><VisuallyHidden>{t('fidelity.drift.columns.open')}</VisuallyHidden></Table.Th>
              <Table.Th scope="col">{t('fidelity.drift.columns.route')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('fidelity.drift.columns.calls')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('fidelity.drift.columns.compared')}</Table.Th>
              <Table.Th scope="col">{t('fidelity.drift.columns.differences')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ordered(routes).map((route, index) => {
              const expanded = open.has(route.template);
              const detailId = `drift-route-${index}`;
              const hasDifferences = route.differences.length > 0;
              return (
                <Fragment key={route.template}>
                  <Table.Tr data-testid="drift-route" data-template={route.template}>
                    <Table.Td>
                      {hasDifferences && (
                        <ActionIcon variant="subtle" color="gray" onClick={() => toggle(route.template)} aria-expanded={expanded} aria-controls={detailId}
                          aria-label={t('fidelity.drift.expand', { route: route.template })}>
                          <IconChevronUp size={16} style={{ transform: expanded ? 'none' : 'rotate(180deg)', transition: 'transform 120ms' }} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                    <Table.Td><Code style={{ wordBreak: 'break-all' }}>{route.template}</Code></Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(route.calls)}</Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(route.compared)}</Table.Td>
                    <Table.Td>
                      {hasDifferences ? (
                        <Badge color="orange" variant="light" tt="none">{t('fidelity.drift.differences', { count: route.differences.length })}</Badge>
                      ) : (
                        <Text size="sm" c="dimmed">{t('fidelity.drift.noDifference')}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {expanded && (
                    <Table.Tr id={detailId}>
                      <Table.Td colSpan={5} p={0}>
                        <Differences route={route} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** A route's differences: what, where, both sides' types with their redacted forms, and a request that showed it. */
function Differences({ route }: { route: DriftRoute }) {
  const { t } = useTranslation();
  const side = (types: string, example: string | null) => (
    <Stack gap={2}>
      <Text size="sm">{types === '' ? <Text span c="dimmed" size="sm" fs="italic">{t('fidelity.drift.absent')}</Text> : types}</Text>
      {/* The redacted form ('' is an empty string, shown as such), never the value. */}
      {example !== null && <Code fz="xs" style={{ alignSelf: 'flex-start' }}>{example === '' ? '""' : example}</Code>}
    </Stack>
  );
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table withRowBorders={false} bg="var(--mantine-color-default-hover)" aria-label={route.template} data-testid="drift-differences" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {(['kind', 'path', 'upstream', 'twin', 'calls', 'example'] as const).map((key) => (
              <Table.Th key={key} scope="col" fz="xs" ta={key === 'calls' ? 'right' : undefined}>{t(`fidelity.drift.detail.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {route.differences.map((d: DriftDifference, i) => (
            <Table.Tr key={`${d.kind}:${d.path}:${i}`} data-testid="drift-difference" data-kind={d.kind}>
              <Table.Td><Badge color={KIND_COLOR[d.kind]} variant="light" tt="none">{t(`fidelity.drift.kinds.${d.kind}`)}</Badge></Table.Td>
              <Table.Td>{d.path === '' ? <Text size="sm" c="dimmed">{t('fidelity.drift.statusPath')}</Text> : <Code style={{ wordBreak: 'break-all' }}>{d.path}</Code>}</Table.Td>
              <Table.Td>{side(d.upstream, d.upstream_example)}</Table.Td>
              <Table.Td>{side(d.twin, d.twin_example)}</Table.Td>
              <Table.Td ta="right">{formatNumber(d.calls)}</Table.Td>
              <Table.Td><Code fz="xs" style={{ wordBreak: 'break-all' }}>{d.example_request}</Code></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
