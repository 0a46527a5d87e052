import { useMemo } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { API_LOG_METHODS, API_LOG_STATUS_CLASSES } from '../../../../shared/contract/operations-logs.ts';
import { useServiceInfo } from '../../api/queries.ts';
import { useDataTableLabels } from '../../app/data-table-labels.ts';
import type { ScreenSearch } from '../../app/search.ts';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { ListDetailLayout } from '../../components/detail/index.ts';
import { ChoiceFilter, ClearFilters, FilterRow, TextFilter } from '../webhooks/filters.tsx';
import { DateRangeFilter, FilterChip } from '../documents-common/filters.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useLogSource, type LogFilters } from '../webhooks/log-source.ts';
import { ApiLogDetail } from './ApiLogDetail.tsx';
import { apiLogColumns } from './columns.tsx';
import { SavedViews } from '../../components/saved-views/index.ts';

const ROUTE = '/c/$companyId/logs/api';
// since and errors come from the overview's figures (the last hour's calls, its errors): chips, no control.
const FILTER_KEYS = ['status', 'status_class', 'user', 'route', 'method', 'date_from', 'date_through', 'since', 'errors'] as const;
/** The statuses the REST API answers, offered one by one besides the classes. */
const STATUSES = [200, 400, 401, 403, 404, 405, 409, 413, 429, 500, 503];

/**
 * Logs › API log: every REST call of the account, newest first, live (a call appears the moment
 * it is answered: the core announces `apiLog.appended`), filtered from the address; the open
 * call's request and answer, and Copy as curl, on the side.
 */
export function ApiLogScreen() {
  const { t } = useTranslation();
  const labels = useDataTableLabels();
  const { companyId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const patch = (change: Partial<ScreenSearch<'lists.apiLog'>>) => void navigate({ search: (prev) => ({ ...prev, ...change }) });
  const info = useServiceInfo();

  const filters: LogFilters<'lists.apiLog'> = {
    company_id: companyId,
    status: search.status,
    status_class: search.status_class,
    user: search.user,
    route: search.route,
    method: search.method,
    date_from: search.date_from,
    date_through: search.date_through,
    since: search.since,
    errors: search.errors,
  };
  const source = useLogSource('lists.apiLog', filters);
  const columns = useMemo(() => apiLogColumns(t), [t]);
  const filtered = FILTER_KEYS.some((key) => search[key] !== undefined);
  const clearFilters = () => patch(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])));
  const open = search.open;
  // One control for both: a class ("4xx") or one status ("401").
  const statusValue = search.status_class ?? (search.status === undefined ? undefined : String(search.status));
  const statusData = [
    { group: t('apiLog.filters.classes'), items: API_LOG_STATUS_CLASSES.map((c) => ({ value: c, label: t('apiLog.filters.classLabel', { class: c }) })) },
    { group: t('apiLog.filters.statuses'), items: STATUSES.map((s) => ({ value: String(s), label: String(s) })) },
  ];

  return (
    <div data-testid="screen-apiLog">
      <PageHeader screen="apiLog" />
      <ListDetailLayout
        table={
          <DataTable
            id="api-log"
            label={t('apiLog.tableLabel')}
            columns={columns}
            rowKey={(e) => e.id}
            {...source}
            sort={{ key: 'id', direction: search.direction ?? 'desc' }}
            onSortChange={(sort) => patch({ direction: sort.direction === 'asc' ? 'asc' : undefined })}
            toolbar={
              <FilterRow>
                <SavedViews tableId="api-log" />
                <ChoiceFilter
                  label={t('apiLog.filters.status')}
                  any={t('apiLog.filters.anyStatus')}
                  data={statusData}
                  value={statusValue}
                  onChange={(value) =>
                    patch(
                      value === undefined
                        ? { status: undefined, status_class: undefined }
                        : /xx$/.test(value)
                          ? { status: undefined, status_class: value as (typeof API_LOG_STATUS_CLASSES)[number] }
                          : { status: Number(value), status_class: undefined },
                    )
                  }
                  testId="filter-status"
                  width={120}
                />
                <ChoiceFilter
                  label={t('apiLog.filters.method')}
                  any={t('apiLog.filters.anyMethod')}
                  data={API_LOG_METHODS.map((m) => ({ value: m, label: m }))}
                  value={search.method}
                  onChange={(method) => patch({ method: method as (typeof API_LOG_METHODS)[number] | undefined })}
                  testId="filter-method"
                  width={115}
                />
                <TextFilter
                  label={t('apiLog.filters.route')}
                  clearLabel={t('apiLog.filters.clearField')}
                  placeholder={t('apiLog.filters.routePlaceholder')}
                  value={search.route}
                  onChange={(route) => patch({ route })}
                  testId="filter-route"
                  width={150}
                  search
                />
                <TextFilter
                  label={t('apiLog.filters.user')}
                  clearLabel={t('apiLog.filters.clearField')}
                  placeholder={t('apiLog.filters.userPlaceholder')}
                  value={search.user}
                  onChange={(user) => patch({ user })}
                  testId="filter-user"
                  width={120}
                />
                <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(date_from, date_through) => patch({ date_from, date_through })} width={190} />
                {search.since !== undefined && <FilterChip label={t('apiLog.filters.since', { time: formatDateTime(search.since) })} onRemove={() => patch({ since: undefined })} />}
                {search.errors === true && <FilterChip label={t('apiLog.filters.errorsOnly')} onRemove={() => patch({ errors: undefined })} />}
                {filtered && <ClearFilters label={t('apiLog.filters.clear')} onClear={clearFilters} />}
              </FilterRow>
            }
            onOpen={(e) => patch({ open: e.id })}
            openKey={open ?? null}
            onEscape={() => {
              if (open === undefined) return false;
              patch({ open: undefined });
              return true;
            }}
            empty={
              filtered
                ? { title: t('apiLog.empty.filteredTitle'), description: t('apiLog.empty.filteredDescription'), action: <ClearFilters label={t('apiLog.filters.clear')} onClear={clearFilters} variant="light" /> }
                : { title: t('apiLog.empty.title'), description: t('apiLog.empty.description', { url: `${info.data?.rest_base_url ?? '/app/rest/v1/'}${companyId}/` }) }
            }
            exportFileName={`api-log-${companyId}`}
            labels={labels}
          />
        }
        detail={open !== undefined ? <ApiLogDetail companyId={companyId} id={open} onClose={() => patch({ open: undefined })} /> : undefined}
      />
    </div>
  );
}
