import { useState } from 'react';
import { Alert, Autocomplete, Badge, Button, Group, List, Modal, NumberInput, Progress, SegmentedControl, Select, Stack, Table, Text, Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import { DateField } from '../../components/inputs/index.ts';
import { BulkStatusField } from './BulkStatusField.tsx';
import { eligibility, useBulkRun, type BulkKind, type BulkOptions, type OrderRow, type RowResult, type Skipped } from './bulk-run.ts';

/** t, loosened for keys built from a kind (the typed t's overloads are too deep to pass around). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

const KINDS: readonly BulkKind[] = ['status', 'invoice', 'awb'];

/**
 * The connector orders' actions on the selection (in the list's toolbar while rows are
 * selected): change status, issue invoices, generate AWBs, each through a dialog that asks,
 * runs row by row with its progress, and lists each order's result.
 */
export function BulkOrderActions({ companyId, selected, onFinished }: { companyId: number; selected: readonly OrderRow[]; onFinished: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<BulkKind | null>(null);
  // The selection as it was at the click: what the dialog announced is what it runs.
  const [orders, setOrders] = useState<readonly OrderRow[]>([]);
  if (selected.length === 0 && kind === null) return null;
  return (
    <>
      {selected.length > 0 && (
        <Group gap={6} wrap="nowrap" role="group" aria-label={t('bulk.buttons.group')} data-testid="bulk-order-actions">
          {KINDS.map((k) => (
            <Button
              key={k}
              size="xs"
              variant="light"
              onClick={() => {
                setOrders(selected);
                setKind(k);
              }}
            >
              {t(`bulk.buttons.${k}`)}
            </Button>
          ))}
        </Group>
      )}
      {kind && (
        <BulkDialog
          kind={kind}
          companyId={companyId}
          orders={orders}
          onClose={(ran) => {
            setKind(null);
            if (ran) onFinished();
          }}
        />
      )}
    </>
  );
}

function BulkDialog({ kind, companyId, orders, onClose }: { kind: BulkKind; companyId: number; orders: readonly OrderRow[]; onClose: (ran: boolean) => void }) {
  const { t } = useTranslation();
  const tt = t as Translate;
  const run = useBulkRun(companyId);
  const [{ runnable, skipped }] = useState(() => eligibility(kind, orders));
  const running = run.phase === 'running';
  const close = () => {
    if (running) return;
    onClose(run.phase === 'done');
  };
  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={!running}
      closeOnClickOutside={!running}
      withCloseButton={!running}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={tt(`bulk.titles.${kind}`)}
      size="lg"
      data-testid="bulk-dialog"
    >
      {run.phase === 'idle' ? (
        <AskStep kind={kind} companyId={companyId} runnable={runnable} skipped={skipped} onCancel={close} onStart={(options) => void run.start(runnable, options)} />
      ) : (
        <Stack gap="sm">
          <RunProgress done={run.results.length} total={run.total} running={running} />
          <ResultTable kind={kind} results={run.results} skipped={skipped} />
          {run.phase === 'done' && <Summary results={run.results} skipped={skipped.length} stopped={run.stopped} />}
          <Group justify="flex-end">
            {running ? (
              <Button variant="default" color="red" onClick={run.stop} disabled={run.stopped} data-testid="bulk-stop">
                {run.stopped ? t('bulk.stopping') : t('bulk.stop')}
              </Button>
            ) : (
              <Button onClick={close} data-autofocus data-testid="bulk-close">
                {t('bulk.close')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function AskStep({
  kind,
  companyId,
  runnable,
  skipped,
  onCancel,
  onStart,
}: {
  kind: BulkKind;
  companyId: number;
  runnable: readonly OrderRow[];
  skipped: readonly Skipped[];
  onCancel: () => void;
  onStart: (options: BulkOptions) => void;
}) {
  const { t } = useTranslation();
  const tt = t as Translate;
  const [status, setStatus] = useState('');
  // undefined: the typed date cannot be read (the field says why); nothing runs then.
  const [date, setDate] = useState<string | null | undefined>(null);
  const [series, setSeries] = useState('');
  const [courier, setCourier] = useState<string>('');
  const [packets, setPackets] = useState<number | string>(1);
  const [service, setService] = useState<'standard' | 'express'>('standard');
  // The couriers a connector offers (the same list for every connector: the service's couriers).
  const first = runnable[0]?.connector_id;
  const config = useOperation('connectors.get', { company_id: companyId, connector_id: first ?? 1 }, { enabled: kind !== 'status' && first !== undefined });
  const couriers = Object.entries(config.data?.awb.default_courier?.options ?? {}).map(([value, label]) => ({ value, label }));
  // The invoice series the account has (every connector offers the same choices); any other is refused by the core, per order.
  const seriesChoices = Object.keys(config.data?.invoicing.series?.options ?? {});

  const options = (): BulkOptions | undefined => {
    if (kind === 'status') return status.trim() === '' ? undefined : { kind, status_text: status.trim() };
    if (kind === 'invoice') return date === undefined ? undefined : { kind, ...(date && { date }), ...(series.trim() && { series: series.trim() }) };
    return { kind, awb_type: courier === '' ? null : courier, ...(typeof packets === 'number' && { awb_packet_count: packets }), awb_service_type: service };
  };
  const ready = runnable.length > 0 && options() !== undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const chosen = options();
        if (ready && chosen) onStart(chosen);
      }}
    >
      <Stack gap="sm">
        {runnable.length > 0 ? (
          <Text size="sm" data-testid="bulk-intro">
            {tt(`bulk.intro.${kind}`, { count: runnable.length })} {t('bulk.eachAlone')}
          </Text>
        ) : (
          <Alert color="orange" variant="light" data-testid="bulk-nothing">
            {t('bulk.nothingToDo')}
          </Alert>
        )}
        {skipped.length > 0 && (
          <Alert color="gray" variant="light" title={t('bulk.skippedTitle', { count: skipped.length })} data-testid="bulk-skipped">
            <List size="sm" spacing={2}>
              {skipped.map((s) => (
                <List.Item key={s.order.SERVICE_order_id}>
                  {s.order.order_unique_id}: {skipText(tt, s)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {kind === 'status' && <BulkStatusField companyId={companyId} orders={runnable} value={status} onChange={setStatus} />}
        {kind === 'invoice' && (
          <Group grow align="flex-start">
            <DateField label={t('bulk.fields.date')} description={t('bulk.fields.dateHint')} value={date} onChange={setDate} />
            <Autocomplete label={t('bulk.fields.series')} description={t('bulk.fields.seriesHint')} data={seriesChoices} value={series} onChange={setSeries} maxLength={32} />
          </Group>
        )}
        {kind === 'awb' && (
          <>
            <Select
              label={t('bulk.fields.courier')}
              data={[{ value: '', label: t('bulk.fields.courierDefault') }, ...couriers]}
              value={courier}
              onChange={(v) => setCourier(v ?? '')}
              allowDeselect={false}
              searchable
            />
            <Group grow align="flex-start">
              <NumberInput label={t('bulk.fields.packets')} value={packets} onChange={setPackets} allowDecimal={false} min={1} max={99} />
              <Input.Wrapper label={t('bulk.fields.service')}>
                <SegmentedControl
                  fullWidth
                  value={service}
                  onChange={(v) => setService(v as 'standard' | 'express')}
                  data={(['standard', 'express'] as const).map((value) => ({ value, label: t(`connectorOrders.awb.options.${value}`) }))}
                  aria-label={t('bulk.fields.service')}
                />
              </Input.Wrapper>
            </Group>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!ready} data-testid="bulk-start">
            {t('bulk.start', { count: runnable.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const skipText = (t: Translate, s: Skipped) => t(`bulk.skip.${s.reason}`, { document: s.document ?? '' });

function RunProgress({ done, total, running }: { done: number; total: number; running: boolean }) {
  const { t } = useTranslation();
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const current = running ? Math.min(done + 1, total) : done;
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite" data-testid="bulk-progress">
        {t('bulk.progress', { done: current, total })}
      </Text>
      <Progress value={percent} aria-label={t('bulk.progressLabel')} animated={running} size="md" />
    </Stack>
  );
}

function resultText(t: Translate, kind: BulkKind, r: RowResult): string {
  if (r.state === 'refused') return t('bulk.results.refused', { reason: r.reason });
  if (r.state === 'notRun') return t('bulk.results.notRun');
  if (kind === 'status' && r.changed === false) return t('bulk.results.unchanged', { document: r.document });
  return `${t(`bulk.results.${kind}`, { document: r.document })} · ${t('bulk.results.notifications', { count: r.notifications })}`;
}

const COLORS = { done: 'green', refused: 'red', notRun: 'gray' } as const;

function ResultTable({ kind, results, skipped }: { kind: BulkKind; results: readonly RowResult[]; skipped: readonly Skipped[] }) {
  const { t } = useTranslation();
  const tt = t as Translate;
  if (results.length === 0 && skipped.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={400} mah={320}>
      <Table striped withTableBorder aria-label={t('bulk.results.label')} data-testid="bulk-results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bulk.results.order')}</Table.Th>
            <Table.Th>{t('bulk.results.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((r) => (
            <Table.Tr key={r.order.SERVICE_order_id} data-state={r.state}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.order.order_unique_id}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Badge size="xs" variant="light" color={COLORS[r.state]} style={{ flexShrink: 0 }}>
                    {t(`bulk.state.${r.state}`)}
                  </Badge>
                  <Text size="sm">{resultText(tt, kind, r)}</Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {skipped.map((s) => (
            <Table.Tr key={s.order.SERVICE_order_id} data-state="skipped">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.order.order_unique_id}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {t('bulk.results.skipped', { reason: skipText(tt, s) })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Summary({ results, skipped, stopped }: { results: readonly RowResult[]; skipped: number; stopped: boolean }) {
  const { t } = useTranslation();
  const count = (state: RowResult['state']) => results.filter((r) => r.state === state).length;
  const parts = [t('bulk.summary.done', { count: count('done') }), t('bulk.summary.refused', { count: count('refused') })];
  if (count('notRun') > 0) parts.push(t('bulk.summary.notRun', { count: count('notRun') }));
  if (skipped > 0) parts.push(t('bulk.summary.skipped', { count: skipped }));
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} role="status" data-testid="bulk-summary">
        {parts.join(' · ')}
      </Text>
      {stopped && (
        <Text size="sm" c="dimmed">
          {t('bulk.summary.stopped')}
        </Text>
      )}
    </Stack>
  );
}
