import { useEffect, useState } from 'react';
import { ActionIcon, CloseButton, Group, Popover, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useDateMessage } from './DateField.tsx';
import { formatDay, parseDate } from './parse-date.ts';

/**
 * A date range typed like one date field (parseDate for each end): `01.11.2026 – 27.11.2026`,
 * also with `..` or ` - ` between the ends, or one day alone (`27.11.2026`: that day). Read when
 * the field is left (or Enter); a day that cannot be read is refused at the field and the range
 * stays as it was. The calendar button picks a range or a preset.
 */
export interface DateRangeFieldProps {
  from: string | undefined;
  through: string | undefined;
  onChange: (from: string | undefined, through: string | undefined) => void;
  label: string;
  placeholder?: string;
  presets?: ReadonlyArray<{ value: [string, string]; label: string }>;
  width?: number;
  clearLabel: string;
  'data-testid'?: string;
}

/** `–`, `—`, `..`, or a hyphen with spaces around it, between two days (a bare hyphen belongs to 27-11-2026). */
const BETWEEN = /\s*(?:\u2013|\u2014|\.\.)\s*|\s+-\s+/;

export const formatRange = (from: string | undefined, through: string | undefined): string =>
  !from && !through ? '' : from === through || !through ? formatDay(from ?? '') : `${formatDay(from ?? through)} – ${formatDay(through)}`;

export function DateRangeField({ from, through, onChange, label, placeholder, presets = [], width = 210, clearLabel, ...rest }: DateRangeFieldProps) {
  const { t } = useTranslation();
  const messageOf = useDateMessage();
  const [text, setText] = useState(formatRange(from, through));
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<DatesRangeValue<string>>([from ?? null, through ?? null]);
  useEffect(() => {
    setText(formatRange(from, through));
    setPicked([from ?? null, through ?? null]);
    setError(null);
  }, [from, through]);

  function commit(): void {
    const parts = text.trim() === '' ? [] : text.trim().split(BETWEEN);
    if (parts.length === 0) {
      setError(null);
      if (from || through) onChange(undefined, undefined);
      return;
    }
    if (parts.length > 2) {
      setError(t('inputs.date.format'));
      return;
    }
    const days: string[] = [];
    for (const part of parts) {
      const reading = parseDate(part);
      if (!reading.ok) {
        setError(messageOf(reading, part));
        return;
      }
      days.push(reading.iso);
    }
    // Typed the other way round: the earlier day is the start.
    const [a, b = a] = days.sort() as [string, string?];
    setError(null);
    setText(formatRange(a, b));
    if (a !== from || b !== through) onChange(a, b);
  }

  const calendar = (
    <Group gap={0} wrap="nowrap">
      {(from || through) && (
        <CloseButton
          size="xs"
          aria-label={clearLabel}
          onClick={() => {
            setText('');
            setError(null);
            onChange(undefined, undefined);
          }}
        />
      )}
      <Popover opened={open} onChange={setOpen} position="bottom-end" withinPortal trapFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" size="sm" aria-label={t('inputs.date.pick')}
            // Out of the Tab order: the keyboard types the day; Tab goes on to the next field.
            tabIndex={-1} onClick={() => setOpen((o) => !o)}>
            <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M16 3v4M8 3v4M3 11h18" />
            </svg>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Group align="flex-start" gap="md" wrap="nowrap">
            {presets.length > 0 && (
              <Stack gap={4}>
                {presets.map((preset) => (
                  <UnstyledButton
                    key={preset.label}
                    fz="sm"
                    onClick={() => {
                      setOpen(false);
                      onChange(preset.value[0], preset.value[1]);
                    }}
                  >
                    {preset.label}
                  </UnstyledButton>
                ))}
              </Stack>
            )}
            <DatePicker
              type="range"
              allowSingleDateInRange
              value={picked}
              defaultDate={from}
              onChange={(next) => {
                setPicked(next);
                // Half a range is still being picked: the list keeps its filter until the second day.
                if (next[0] && next[1]) {
                  setOpen(false);
                  onChange(next[0], next[1]);
                }
              }}
            />
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );

  return (
    <TextInput
      size="xs"
      w={width}
      aria-label={label}
      placeholder={placeholder ?? '01.11.2026 – 27.11.2026'}
      value={text}
      autoComplete="off"
      error={error}
      rightSection={calendar}
      rightSectionWidth={from || through ? 52 : 30}
      onChange={(event) => {
        setText(event.currentTarget.value);
        if (error) setError(null);
      }}
      onBlur={() => commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      {...rest}
    />
  );
}
