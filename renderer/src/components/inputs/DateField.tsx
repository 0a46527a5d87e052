import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useServiceToday } from '../../api/service-clock.ts';
import { formatDay, parseDate, type DateReading } from './parse-date.ts';

/**
 * The date field of every form: typed or pasted, read by parseDate when the field is left (or
 * Enter): 27.11.2026, 27/11/2026, 27-11-2026 and 2026-11-27 are that day; anything else, or a day
 * that does not exist (31.02.2026), is refused at the field in the current language, never
 * turned into another day. The calendar button picks a day too. Shown back as 27.11.2026.
 *
 * `onChange` receives the ISO day, null for an empty field, or undefined while the text cannot be
 * read (the field shows why): a form sends nothing while any of its fields is undefined.
 */
export interface DateFieldProps {
  label: ReactNode;
  description?: ReactNode;
  value: string | null | undefined;
  onChange: (value: string | null | undefined) => void;
  required?: boolean;
  error?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
  /** Bounds of the calendar (ISO); typed days outside them are the caller's rule to refuse. */
  minDate?: string;
  maxDate?: string;
  size?: 'xs' | 'sm';
  w?: number;
  'data-testid'?: string;
  'aria-label'?: string;
}

export function useDateMessage() {
  const { t } = useTranslation();
  return (reading: Extract<DateReading, { ok: false }>, text: string): string => t(`inputs.date.${reading.reason}`, { text: text.trim() });
}

export function DateField({ label, description, value, onChange, required, error, disabled, placeholder, minDate, maxDate, size, w, ...rest }: DateFieldProps) {
  const { t } = useTranslation();
  const messageOf = useDateMessage();
  const today = useServiceToday();
  const [text, setText] = useState(() => (value ? formatDay(value) : ''));
  const [own, setOwn] = useState<string | null>(null);
  // An error from elsewhere (the core's) stands until the person types again.
  const [typedSinceError, setTypedSinceError] = useState(false);
  useEffect(() => setTypedSinceError(false), [error]);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (value === undefined) return;
    const current = parseDate(text);
    if (value === null ? text.trim() === '' : current.ok && current.iso === value) return;
    setText(value ? formatDay(value) : '');
    setOwn(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  function commit(next = text): void {
    if (next.trim() === '') {
      setOwn(required ? t('inputs.required') : null);
      onChange(required ? undefined : null);
      return;
    }
    const reading = parseDate(next);
    if (!reading.ok) {
      setOwn(messageOf(reading, next));
      onChange(undefined);
      return;
    }
    setOwn(null);
    setText(formatDay(reading.iso));
    onChange(reading.iso);
  }

  const parsed = parseDate(text);
  const picker = (
    <Popover opened={open} onChange={setOpen} position="bottom-end" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" size={size === 'xs' ? 'sm' : 'md'} aria-label={t('inputs.date.pick')}
            // Out of the Tab order: the keyboard types the day; Tab goes on to the next field.
            tabIndex={-1} disabled={disabled} onClick={() => setOpen((o) => !o)}>
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M16 3v4M8 3v4M3 11h18" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          value={parsed.ok ? parsed.iso : null}
          defaultDate={parsed.ok ? parsed.iso : undefined}
          minDate={minDate}
          maxDate={maxDate}
          onChange={(day) => {
            if (!day) return;
            setOpen(false);
            commit(formatDay(day));
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <TextInput
      label={label}
      description={description}
      value={text}
      autoComplete="off"
      // The asterisk and aria-required, not the browser's required check: the field says it itself.
      withAsterisk={required}
      aria-required={required}
      disabled={disabled}
      // By default today on the service's clock, as the field accepts it: the day an empty field stands for.
      placeholder={placeholder ?? (today ? formatDay(today) : undefined)}
      size={size}
      w={w}
      error={own ?? (typedSinceError ? undefined : error)}
      rightSection={picker}
      onChange={(event) => {
        setText(event.currentTarget.value);
        if (own) setOwn(null);
        setTypedSinceError(true);
      }}
      onBlur={() => commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      {...rest}
    />
  );
}
