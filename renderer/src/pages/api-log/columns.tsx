import type { TFunction } from 'i18next';
import type { ApiLogEntry } from '../../../../shared/domain/api-log.ts';
import { formatDateTime } from '../../app/format.ts';
import { numberColumn, Pill, textColumn, type DataTableColumn } from '../../components/data-table/index.ts';
import type { en } from './messages.ts';

/** 2xx green, 4xx red, 5xx and the rest yellow. */
export const statusColor = (status: number) => (status === 0 ? 'gray' : status < 300 ? 'teal' : status >= 400 && status < 500 ? 'red' : 'yellow');

export function apiLogColumns(t: TFunction): DataTableColumn<ApiLogEntry>[] {
  const c = (key: keyof typeof en.columns) => t(`apiLog.columns.${key}`);
  return [
    numberColumn('id', c('id'), (e) => e.id, { sortKey: 'id', sortDescFirst: true, width: 80, hideable: false, format: (v) => String(v) }),
    textColumn('ts', c('ts'), (e) => e.ts, { width: 180, format: (v) => formatDateTime(v as string) }),
    textColumn('method', c('method'), (e) => e.method, { priority: 'high', width: 80 }),
    textColumn('route', c('route'), (e) => e.route, { priority: 'high', width: 280 }),
    {
      id: 'status',
      priority: 'high',
      header: c('status'),
      width: 150,
      value: (e) => e.status,
      // A call a fault switch or the heavy-list limit acted on says so beside its status (0: dropped, no answer).
      cell: (e) => (
        <span title={e.fault ?? undefined} style={{ display: 'inline-flex', gap: 4 }}>
          <Pill color={statusColor(e.status)}>{e.status === 0 ? t('apiLog.fault.dropped') : e.status}</Pill>
          {e.fault && <Pill color="violet">{t(e.fault === 'heavy_list_limit' ? 'apiLog.fault.limit' : 'apiLog.fault.badge')}</Pill>}
        </span>
      ),
    },
    textColumn('user', c('user'), (e) => e.user, { priority: 'low', width: 140 }),
    numberColumn('duration', c('duration'), (e) => e.duration_ms, { priority: 'low', width: 120, fractionDigits: 1 }),
    textColumn('ip', c('ip'), (e) => e.ip, { priority: 'low', width: 130, defaultHidden: true }),
  ];
}
