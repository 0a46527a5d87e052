import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, CloseButton, Group, Pill, Popover, SegmentedControl, Select, Stack, Text, TextInput, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRouter } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import { IconAdjustments, IconSearch } from '../../app/shell/icons.tsx';
import { DateRangeField } from '../../components/inputs/index.ts';

/*
 * The filter controls of the list screens (sales, payments, invoices, proformas, fiscal receipts,
 * AWBs, contacts, connector orders), each bound to one search param of the address.
 * They sit in the table's toolbar, compact (xs), every one labelled for screen readers; the
 * placeholder says what an empty control means ("Any client").
 */

const DAY = 'YYYY-MM-DD';
const DEBOUNCE_MS = 300;

function usePresets() {
  const { t } = useTranslation();
  return useMemo(() => {
    const today = dayjs();
    const range = (from: dayjs.Dayjs, through: dayjs.Dayjs): [string, string] => [from.format(DAY), through.format(DAY)];
    return [
      { value: range(today, today), label: t('documents.common.filters.presets.today') },
      { value: range(today.subtract(6, 'day'), today), label: t('documents.common.filters.presets.last7') },
      { value: range(today.subtract(29, 'day'), today), label: t('documents.common.filters.presets.last30') },
      { value: range(today.startOf('month'), today.endOf('month')), label: t('documents.common.filters.presets.thisMonth') },
      { value: range(today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')), label: t('documents.common.filters.presets.lastMonth') },
      { value: range(today.startOf('year'), today.endOf('year')), label: t('documents.common.filters.presets.thisYear') },
      { value: range(today.subtract(1, 'year').startOf('year'), today.subtract(1, 'year').endOf('year')), label: t('documents.common.filters.presets.lastYear') },
    ];
  }, [t]);
}

/**
 * date_from / date_through: typed like any date field of the app (27.11.2026, 01.11.2026 – 27.11.2026,
 * ISO), refused at the field when a day cannot be read, or picked on a calendar (or a preset).
 */
export function DateRangeFilter({
  from,
  through,
  onChange,
  label,
  placeholder,
  width = 210,
}: {
  from: string | undefined;
  through: string | undefined;
  onChange: (from: string | undefined, through: string | undefined) => void;
  label?: string;
  placeholder?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const presets = usePresets();
  return (
    <DateRangeField
      from={from}
      through={through}
      onChange={onChange}
      width={width}
      label={label ?? t('documents.common.filters.dateRange')}
      placeholder={placeholder ?? t('documents.common.filters.anyDate')}
      presets={presets}
      clearLabel={t('documents.common.filters.clearDates')}
      data-testid="filter-dates"
    />
  );
}

/**
 * Text typed into a filter reaches the address once typing pauses (trimmed, at most 100
 * characters, undefined when empty); the address changing it (back, "Clear filters") is shown
 * without being sent again.
 */
export function useTypedFilter(value: string | undefined, onChange: (next: string | undefined) => void) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  useEffect(() => setText((current) => (current.trim() === (value ?? '') ? current : (value ?? ''))), [value]);
  // The list opened again with no filter at all (its own sidebar entry, while the address already
  // had no text): the address did not change, so the effect above does not run. Text typed and
  // not yet sent goes too: the box shows what the list shows.
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (Object.keys(event.toLocation.search ?? {}).length === 0) setText('');
      }),
    [router],
  );
  useEffect(() => {
    const next = debounced.trim() === '' ? undefined : debounced.trim().slice(0, 100);
    if (next !== value) onChange(next);
    // Only a new typed text sends: the address changing the text is not a new search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [text, setText] as const;
}

/** q: free text, sent once typing pauses; a button empties it at once. */
export function SearchFilter({ value, onChange, placeholder, label, width = 220 }: { value: string | undefined; onChange: (q: string | undefined) => void; placeholder: string; label?: string; width?: number }) {
  const { t } = useTranslation();
  const [text, setText] = useTypedFilter(value, onChange);
  return (
    <TextInput
      size="xs"
      w={width}
      leftSection={<IconSearch size={14} />}
      placeholder={placeholder}
      aria-label={label ?? t('documents.common.filters.search')}
      title={placeholder}
      value={text}
      maxLength={100}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={text ? <CloseButton size="xs" aria-label={t('documents.common.filters.clearSearch')} onClick={() => (setText(''), onChange(undefined))} /> : null}
      data-testid="filter-q"
    />
  );
}

/** A yes / no / either filter (cancelled, paid, is_client …): a clearable select whose placeholder is "either". */
export function FlagFilter({
  label,
  any,
  yes,
  no,
  value,
  onChange,
  testId,
  width = 150,
}: {
  label: string;
  any: string;
  yes: string;
  no: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  testId: string;
  width?: number;
}) {
  return (
    <Select
      size="xs"
      w={width}
      clearable
      allowDeselect
      aria-label={label}
      placeholder={any}
      data={[
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : next === 'true')}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

/** A choice among a few values (status, courier, connector), clearable; every list screen's. */
export function ChoiceFilter({
  label,
  any,
  data,
  value,
  onChange,
  testId,
  width = 170,
  searchable,
}: {
  label: string;
  /** The placeholder: what empty means ("Any status"). */
  any: string;
  /** The choices, or groups of them (a status class or one status). */
  data: ComboboxItem[] | ComboboxItemGroup<ComboboxItem>[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  testId: string;
  width?: number;
  searchable?: boolean;
}) {
  return (
    <Select
      size="xs"
      w={width}
      clearable
      allowDeselect
      searchable={searchable}
      aria-label={label}
      placeholder={any}
      data={data}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      nothingFoundMessage="—"
      data-testid={testId}
    />
  );
}

/**
 * client_id: a searchable select over lists.contacts (the start of the name or the fiscal code,
 * as the contacts list's q reads it). The chosen client's name comes from contacts.get, so an
 * address with a client_id shows the name before anything is typed.
 */
export function ClientFilter({
  companyId,
  value,
  onChange,
  inPopover = false,
  width = 220,
}: {
  companyId: number;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** In the toolbar (a screen with many filters narrows it to keep them on one row). */
  width?: number;
  /** Inside MoreFilters: full width, labelled above, its list inside the popover (a click on it is not "outside"). */
  inPopover?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const chosen = useOperation('contacts.get', { company_id: companyId, contact_id: value ?? 1 }, { enabled: value !== undefined });
  const chosenName = value !== undefined && chosen.data?.bocp_id === value ? chosen.data.name : undefined;
  // While the field shows the chosen name, the list offers the first clients, not that name alone.
  const query = q === '' || q === chosenName ? undefined : q;
  const options = useOperation('lists.contacts', {
    company_id: companyId,
    is_client: true,
    sort: 'name',
    direction: 'asc',
    limit: 20,
    ...(query !== undefined && { q: query }),
  });
  const data = useMemo(() => {
    const items = (options.data?.rows ?? []).map((c) => ({ value: String(c.bocp_id), label: c.vat_id ? `${c.name} (${c.vat_id})` : c.name }));
    if (value !== undefined && !items.some((i) => i.value === String(value))) {
      items.unshift({ value: String(value), label: chosenName ?? `#${value}` });
    }
    return items;
  }, [options.data, value, chosenName]);
  return (
    <Select
      size="xs"
      w={inPopover ? '100%' : width}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('documents.common.filters.clearClient') }}
      label={inPopover ? t('documents.common.filters.client') : undefined}
      aria-label={inPopover ? undefined : t('documents.common.filters.client')}
      placeholder={t('documents.common.filters.anyClient')}
      data={data}
      // The server filters: every option it answers is shown.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('documents.common.filters.noClient')}
      comboboxProps={{ withinPortal: !inPopover }}
      // In "Filters" it takes the focus when the popover opens: its list waits for a click or a letter, not over the flags below it.
      openOnFocus={!inPopover}
      data-testid="filter-client"
    />
  );
}

/** A yes / no / any flag of the list's input, set behind MoreFilters. */
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
          {set > 0 ? `${t('documents.common.filters.more')} · ${set}` : t('documents.common.filters.more')}
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
                  { value: 'any', label: t('documents.common.filters.any') },
                  { value: 'yes', label: t('documents.common.filters.yes') },
                  { value: 'no', label: t('documents.common.filters.no') },
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

/** A filter the address carries without a control of its own (a sale id from a link): a chip that removes it. */
export function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Pill size="md" withRemoveButton onRemove={onRemove} removeButtonProps={{ 'aria-label': t('documents.common.filters.removeFilter', { what: label }) }} data-testid="filter-chip">
      {label}
    </Pill>
  );
}

/** Clears every filter of the address (shown when there is one). */
export function ClearFilters({ onClear, variant = 'subtle' }: { onClear: () => void; variant?: 'subtle' | 'light' }) {
  const { t } = useTranslation();
  return (
    <Button size="xs" variant={variant} onClick={onClear} data-testid="clear-filters">
      {t('documents.common.filters.clear')}
    </Button>
  );
}

/** The toolbar's filters, wrapping on a narrow table. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }} role="search">
      {children}
    </Group>
  );
}

/** cancelled: only the cancelled documents, only the live ones, or both. */
export function CancelledFilter({ value, onChange, width }: { value: boolean | undefined; onChange: (value: boolean | undefined) => void; width?: number }) {
  const { t } = useTranslation();
  return (
    <FlagFilter
      label={t('documents.common.filters.cancelled')}
      any={t('documents.common.filters.cancelledAny')}
      yes={t('documents.common.filters.cancelledOnly')}
      no={t('documents.common.filters.cancelledHide')}
      value={value}
      onChange={onChange}
      testId="filter-cancelled"
      width={width}
    />
  );
}
