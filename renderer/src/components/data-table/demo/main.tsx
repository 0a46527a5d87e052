/*
 * A harness page for the DataTable, built only by tests/e2e/data-table.test.ts (its own Vite
 * build of this folder): nothing in the app imports it, so it is not in the production bundle.
 */
import '@mantine/core/styles.css';
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Code, MantineProvider, SegmentedControl, Text, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isRetryable } from '../../../api/errors.ts';
import { DataTable } from '../DataTable.tsx';
import { dateColumn, moneyColumn, numberColumn, Pill, textColumn } from '../cells.tsx';
import type { DataTableColumn } from '../types.ts';
import { syntheticFetcher, type SyntheticRequest, type SyntheticSale } from './synthetic.ts';

type View = 'million' | 'small' | 'empty' | 'failing';
const SIZES: Record<View, number> = { million: 1_000_000, small: 1_234, empty: 0, failing: 1_000 };

interface Harness {
  requests: SyntheticRequest[];
  opened: SyntheticSale[];
  selection: number[];
}
declare global {
  interface Window {
    __dataTable: Harness;
  }
}
const harness: Harness = { requests: [], opened: [], selection: [] };
window.__dataTable = harness;

const params = new URLSearchParams(window.location.search);
const latencyMs = Number(params.get('latency') ?? 25);

const columns: DataTableColumn<SyntheticSale>[] = [
  numberColumn('bv_id', 'ID', (s) => s.bv_id, { sortKey: 'bv_id', sortDescFirst: true, width: 90 }),
  // A link in a cell: reached by the arrows and Enter, never a Tab stop of its own.
  textColumn('number', 'Number', (s) => `${s.doc_series} ${s.doc_nr}`, { width: 120, cell: (s) => <a href={`#sale-${s.bv_id}`}>{`${s.doc_series} ${s.doc_nr}`}</a> }),
  dateColumn('doc_date', 'Date', (s) => s.doc_date, { sortKey: 'doc_date', sortDescFirst: true }),
  textColumn('client_name', 'Client', (s) => s.client_name, { width: 220 }),
  moneyColumn('document_value_with_vat', 'Total', (s) => s.document_value_with_vat, (s) => s.currency, {
    sortKey: 'document_value_with_vat',
    sortDescFirst: true,
  }),
  textColumn('currency', 'Currency', (s) => s.currency, { width: 90, defaultHidden: true }),
  {
    id: 'status',
    header: 'Status',
    width: 110,
    value: (s) => (s.document_cancelled ? 'cancelled' : 'valid'),
    cell: (s) => (s.document_cancelled ? <Pill color="red">cancelled</Pill> : <Pill color="teal">valid</Pill>),
  },
  textColumn('mentions', 'Mentions', (s) => s.mentions, { width: 260 }),
];

function Harness() {
  const [view, setView] = useState<View>((params.get('view') as View | null) ?? 'million');
  const [opened, setOpened] = useState<SyntheticSale | null>(null);
  const fetchWindow = useMemo(
    () => syntheticFetcher({ size: SIZES[view], view, latencyMs, fail: view === 'failing', log: harness.requests }),
    [view],
  );
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', padding: 16, boxSizing: 'border-box', gap: 12 }}>
      <Title order={1} size="h3">
        Sales receipts (synthetic)
      </Title>
      <div style={{ flex: 1, minHeight: 0 }}>
        <DataTable<SyntheticSale>
          id="demo-sales"
          label="Sales receipts"
          columns={columns}
          queryKey={['demo.sales', { view }]}
          fetchWindow={fetchWindow}
          rowKey={(s) => s.bv_id}
          selection="multi"
          onSelectionChange={(rows) => {
            harness.selection = rows.map((row) => row.bv_id);
          }}
          onOpen={(row) => {
            harness.opened.push(row);
            setOpened(row);
          }}
          openKey={opened?.bv_id ?? null}
          onEscape={() => {
            if (!opened) return false;
            setOpened(null);
            return true;
          }}
          defaultSort={{ key: 'bv_id', direction: 'desc' }}
          exportFileName={`sales-${view}`}
          toolbar={({ selected }) => (
            <>
              <SegmentedControl
                size="xs"
                aria-label="Data set"
                value={view}
                onChange={(value) => setView(value as View)}
                data={[
                  { value: 'million', label: '1 000 000 rows' },
                  { value: 'small', label: 'Small' },
                  { value: 'empty', label: 'Empty' },
                  { value: 'failing', label: 'Failing' },
                ]}
              />
              {selected.length > 0 && (
                <Button size="xs" variant="light">
                  Register payment ({selected.length})
                </Button>
              )}
            </>
          )}
          empty={{
            title: 'No sales receipts in this period',
            description: 'Widen the date range, or clear the filters.',
            action: (
              <Button size="xs" variant="light" onClick={() => setView('small')}>
                Clear filters
              </Button>
            ),
          }}
        />
      </div>
      <Text size="sm" data-testid="opened">
        {opened ? (
          <>
            Open: <Code>{`${opened.doc_series} ${opened.doc_nr}`}</Code> (Esc closes)
          </>
        ) : (
          'No record open'
        )}
      </Text>
    </div>
  );
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: (failures, error) => isRetryable(error) && failures < 1, retryDelay: 50, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <MantineProvider defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <Harness />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
