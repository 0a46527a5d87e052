import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, CloseButton, Popover, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import { IconAdjustments, IconSearch } from '../../app/shell/icons.tsx';

/*
 * The filters of the document lists (Sales receipts, Payments): each one reads its value from
 * the screen's address and writes it back there. Typing is debounced so the address (and the
 * query) changes once per pause, not once per key.
 */

/** Mantine's placeholder grey is below AA on white: the theme's dimmed text instead. */
export const PLACEHOLDER = { placeholder: { color: 'var(--mantine-color-dimmed)' } } as const;

/** Free text (number or client): kept locally while typing, sent to the address after a pause. */
export function SearchFilter({ value, onChange }: { value: string | undefined; onChange: (q: string | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  // Back/forward or "Clear filters" changed the address: show it (not when it is what is being typed).
  useEffect(() => setText((current) => (current.trim() === (value ?? '') ? current : (value ?? ''))), [value]);
  const commit = useDebouncedCallback((next: string) => onChange(next.trim() === '' ? undefined : next.trim()), 300);
  return (
    <TextInput
      size="xs"
      w={160}
      aria-label={t('sales.filters.search')}
      placeholder={t('sales.filters.searchPlaceholder')}
      leftSection={<IconSearch size={14} />}
      value={text}
      maxLength={100}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      rightSection={text ? <CloseButton size="xs" aria-label={t('sales.filters.clearSearch')} onClick={() => (setText(''), onChange(undefined))} /> : null}
      data-testid="filter-q"
    />
  );
}

/** The document date range (date_from / date_through), with a few common presets. */
export function DateRangeFilter({
  from,
  through,
  onChange,
}: {
  from: string | undefined;
  through: string | undefined;
  onChange: (range: { date_from: string | undefined; date_through: string | undefined }) => void;
}) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<DatesRangeValue<string>>([from ?? null, through ?? null]);
  useEffect(() => setRange([from ?? null, through ?? null]), [from, through]);
  const presets = useMemo(() => {
    const today = dayjs();
    const span = (a: dayjs.Dayjs, b: dayjs.Dayjs): [string, string] => [a.format('YYYY-MM-DD'), b.format('YYYY-MM-DD')];
    const lastMonth = today.subtract(1, 'month');
    return [
      { value: span(today.startOf('month'), today), label: t('sales.filters.presets.thisMonth') },
      { value: span(lastMonth.startOf('month'), lastMonth.endOf('month')), label: t('sales.filters.presets.lastMonth') },
      { value: span(today.subtract(29, 'day'), today), label: t('sales.filters.presets.last30') },
      { value: span(today.startOf('year'), today), label: t('sales.filters.presets.thisYear') },
    ];
    // i18n.language: the labels of the new language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language]);
  return (
    <DatePickerInput
      type="range"
      size="xs"
      w={190}
      aria-label={t('sales.filters.dates')}
      placeholder={t('sales.filters.datesPlaceholder')}
      valueFormat="DD.MM.YYYY"
      clearable
      clearButtonProps={{ 'aria-label': t('sales.filters.clearDates') }}
      styles={PLACEHOLDER}
      allowSingleDateInRange
      presets={presets}
      value={range}
      onChange={(next: DatesRangeValue<string>) => {
        setRange(next);
        const [start, end] = next;
        // Half a range is still being picked: the address changes once both ends are chosen (or both cleared).
        if ((start === null) !== (end === null)) return;
        onChange({ date_from: start ?? undefined, date_through: end ?? undefined });
      }}
      data-testid="filter-dates"
    />
  );
}

/**
 * The client: a searchable list of the account's clients by name (lists.contacts q). The chosen
 * one's name comes from `knownName` (read by the screen from a row of that client) until the
 * search has listed it.
 */
export function ClientFilter({
  companyId,
  value,
  knownName,
  onChange,
  inPopover = false,
}: {
  companyId: number;
  value: number | undefined;
  knownName: string | undefined;
  onChange: (clientId: number | undefined) => void;
  /** Inside MoreFilters: full width, its list inside the popover (a click on it is not "outside"). */
  inPopover?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const contacts = useOperation(
    'lists.contacts',
    { company_id: companyId, is_client: true, limit: 20, sort: 'name', direction: 'asc', ...(q && { q }) },
    { placeholderData: (previous) => previous },
  );
  const data = useMemo(() => {
    const options = (contacts.data?.rows ?? []).map((c) => ({ value: String(c.bocp_id), label: c.name }));
    if (value !== undefined && !options.some((o) => o.value === String(value))) {
      options.unshift({ value: String(value), label: knownName ?? `#${value}` });
    }
    return options;
  }, [contacts.data, value, knownName]);
  return (
    <Select
      size="xs"
      w={inPopover ? '100%' : 190}
      label={inPopover ? t('sales.filters.client') : undefined}
      aria-label={inPopover ? undefined : t('sales.filters.client')}
      placeholder={t('sales.filters.clientPlaceholder')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('sales.filters.clearClient') }}
      // The list is the server's answer to the search: no second filtering on the client side.
      filter={({ options }) => options}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => {
        setSearch('');
        onChange(next === null ? undefined : Number(next));
      }}
      onSearchChange={(text) => {
        // Typing, not the label of the chosen option being shown.
        if (data.some((o) => o.label === text && o.value === String(value))) return;
        setSearch(text);
      }}
      nothingFoundMessage={contacts.isFetching ? t('sales.filters.clientSearching') : t('sales.filters.clientNone')}
      comboboxProps={{ withinPortal: !inPopover }}
      data-testid="filter-client"
    />
  );
}

/** A yes / no / any filter (a flag of the list's input). */
export interface FlagFilterDef {
  key: string;
  label: string;
  value: boolean | undefined;
}

/**
 * The filters set less often, behind one button whose label counts the ones set: the flags (one
 * segmented control each) and, when the table is narrow (a record open beside it), the filters
 * the screen moves in here (`extra`, with `extraCount` of them set).
 */
export function MoreFilters({
  flags,
  onChange,
  extra,
  extraCount = 0,
}: {
  flags: readonly FlagFilterDef[];
  onChange: (key: string, value: boolean | undefined) => void;
  extra?: ReactNode;
  extraCount?: number;
}) {
  const { t } = useTranslation();
  const set = flags.filter((f) => f.value !== undefined).length + extraCount;
  const toValue = (v: boolean | undefined) => (v === undefined ? 'any' : v ? 'yes' : 'no');
  return (
    <Popover position="bottom-start" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button size="xs" variant={set > 0 ? 'light' : 'default'} leftSection={<IconAdjustments size={14} />} data-testid="filter-flags">
          {set > 0 ? `${t('sales.filters.more')} · ${set}` : t('sales.filters.more')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" w={230}>
          {extra}
          {flags.map((flag) => (
            <Stack gap={4} key={flag.key}>
              <Text size="xs" fw={500} id={`flag-${flag.key}`}>
                {flag.label}
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby={`flag-${flag.key}`}
                value={toValue(flag.value)}
                onChange={(v) => onChange(flag.key, v === 'any' ? undefined : v === 'yes')}
                data={[
                  { value: 'any', label: t('sales.filters.any') },
                  { value: 'yes', label: t('sales.filters.yes') },
                  { value: 'no', label: t('sales.filters.no') },
                ]}
                data-testid={`flag-${flag.key}`}
              />
            </Stack>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
