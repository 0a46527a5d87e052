import { useEffect, useRef, useState } from 'react';
import { Button, CloseButton, Progress, Text } from '@mantine/core';
import { formatNumber } from './cells.tsx';
import { exportCsv, openCsvSink, type ExportProgress } from './csv.ts';
import type { DataTableColumn, DataTableLabels, FetchWindow, SortDirection } from './types.ts';
import { ToolButton } from './ToolButton.tsx';
import classes from './DataTable.module.css';

type State =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ExportProgress }
  | { phase: 'done'; rows: number; where: string }
  | { phase: 'failed'; message: string };

function DownloadIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M8 2v8.5M4.5 7 8 10.5 11.5 7M2.5 13.5h11" />
    </svg>
  );
}

/**
 * Exports the current view (its filters, its sort, the visible columns) to CSV, window by
 * window, with a progress bar of rows done / total and a Cancel.
 */
export function ExportButton<T>(props: {
  fileName: string;
  fetchWindow: FetchWindow<T>;
  sort: string | undefined;
  direction: SortDirection;
  columns: readonly DataTableColumn<T>[];
  total: number | undefined;
  labels: DataTableLabels;
  iconOnly: boolean;
}) {
  const { fileName, fetchWindow, sort, direction, columns, total, labels, iconOnly } = props;
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (state.phase !== 'done') return undefined;
    const timer = setTimeout(() => setState({ phase: 'idle' }), 8000);
    return () => clearTimeout(timer);
  }, [state]);

  const start = async () => {
    const file = `${fileName}.csv`;
    // First, straight from the click: the save picker needs the user's gesture.
    const sink = await openCsvSink(file);
    if (!sink) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', progress: { done: 0, total: total ?? 0 } });
    try {
      const rows = await exportCsv({
        fetchWindow,
        sort,
        direction,
        columns,
        sink,
        signal: controller.signal,
        onProgress: (progress) => setState({ phase: 'running', progress }),
      });
      setState({ phase: 'done', rows, where: sink.kind === 'download' ? file : `${file}, saved` });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: 'idle' });
      else setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  if (state.phase === 'running') {
    const { done, total: all } = state.progress;
    const percent = all > 0 ? Math.min(100, (done / all) * 100) : 0;
    return (
      <div className={classes.exportProgress} data-testid="export-progress">
        <Progress value={percent} size="md" aria-label={labels.exportCsv} animated={done === 0} />
        <Text size="xs" className={classes.count} role="status">
          {labels.exporting(formatNumber(done), formatNumber(all))}
        </Text>
        <Button size="xs" variant="default" onClick={() => abort.current?.abort()}>
          {labels.cancel}
        </Button>
      </div>
    );
  }

  return (
    <>
      {state.phase === 'done' && (
        <Text size="xs" c="teal" role="status" data-testid="export-status">
          {labels.exported(formatNumber(state.rows), state.where)}
        </Text>
      )}
      {state.phase === 'failed' && (
        <Text size="xs" c="red" role="alert" data-testid="export-status">
          {labels.exportFailed}: {state.message}
          <CloseButton size="xs" aria-label={labels.cancel} onClick={() => setState({ phase: 'idle' })} display="inline-flex" ml={4} />
        </Text>
      )}
      <ToolButton icon={<DownloadIcon />} label={labels.exportCsv} iconOnly={iconOnly} onClick={() => void start()} disabled={total === 0} />
    </>
  );
}
