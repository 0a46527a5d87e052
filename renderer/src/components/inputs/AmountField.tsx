import { useEffect, useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmountForInput, parseAmount, type AmountReading, type AmountRules } from './parse-amount.ts';

/**
 * The amount field of every form: what is typed or pasted stays as typed until the field is
 * left (or Enter), then it is read by parseAmount (12.5 = 12,5; thousands in either convention;
 * an ambiguous 1.234 refused) and shown back in the language's own way, or refused at the field
 * in the current language. Limits are said, never applied silently: a value past a bound is an
 * error naming the bound, not clamped.
 *
 * `onChange` receives the number, null for an empty field, or undefined while the text cannot be
 * read (the field shows why): a form sends nothing while any of its fields is undefined.
 */
export interface AmountFieldProps {
  label: ReactNode;
  description?: ReactNode;
  value: number | null | undefined;
  onChange: (value: number | null | undefined) => void;
  rules?: AmountRules;
  required?: boolean;
  /** An error from elsewhere (the core's refusal of the field); the field's own reading comes first. */
  error?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
  rightSection?: ReactNode;
  rightSectionWidth?: number;
  'data-testid'?: string;
  size?: 'xs' | 'sm';
}

export function useAmountMessage() {
  const { t } = useTranslation();
  return (reading: Extract<AmountReading, { ok: false }>, text: string): string => {
    const bound = reading.bound === undefined ? '' : formatAmountForInput(reading.bound, Number.isInteger(reading.bound) ? 0 : 2);
    if (reading.reason === 'ambiguous') {
      const digits = text.replace(/[.,\s\u00a0]/g, '');
      return t('inputs.amount.ambiguous', { text: text.trim(), thousands: digits, withDecimals: formatAmountForInput(Number(digits), 2) });
    }
    if (reading.reason === 'decimals') return t('inputs.amount.decimals', { count: reading.bound ?? 2 });
    if (reading.reason === 'belowMin' || reading.reason === 'aboveMax') return t(`inputs.amount.${reading.reason}`, { bound });
    return t(`inputs.amount.${reading.reason}`);
  };
}

export function AmountField({ label, description, value, onChange, rules = { decimals: 2 }, required, error, disabled, placeholder, rightSection, rightSectionWidth, size, ...rest }: AmountFieldProps) {
  const { t } = useTranslation();
  const messageOf = useAmountMessage();
  const decimals = rules.decimals ?? 2;
  const shown = (v: number | null | undefined) => (v === null || v === undefined ? '' : formatAmountForInput(v, decimals));
  const [text, setText] = useState(() => shown(value));
  const [own, setOwn] = useState<string | null>(null);
  // An error from elsewhere (the core's) stands until the person types again.
  const [typedSinceError, setTypedSinceError] = useState(false);
  useEffect(() => setTypedSinceError(false), [error]);

  // A value set from outside (a form reset, a default arriving) replaces the text unless it is what the text already reads as
  // (so a value this field reported while typing does not rewrite what is being typed).
  useEffect(() => {
    if (value === undefined) return;
    const current = parseAmount(text, rules);
    if (value === null ? text.trim() === '' : current.ok && current.value === value) return;
    setText(shown(value));
    setOwn(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  function commit(): void {
    if (text.trim() === '') {
      setOwn(required ? t('inputs.required') : null);
      onChange(required ? undefined : null);
      return;
    }
    const reading = parseAmount(text, rules);
    if (!reading.ok) {
      setOwn(messageOf(reading, text));
      onChange(undefined);
      return;
    }
    setOwn(null);
    setText(shown(reading.value));
    onChange(reading.value);
  }

  return (
    <TextInput
      label={label}
      description={description}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      // The asterisk and aria-required, not the browser's required check: the field says it itself, in the app's language.
      withAsterisk={required}
      aria-required={required}
      disabled={disabled}
      placeholder={placeholder}
      rightSection={rightSection}
      rightSectionWidth={rightSectionWidth}
      size={size}
      error={own ?? (typedSinceError ? undefined : error)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (own) setOwn(null);
        setTypedSinceError(true);
        // A clear reading counts at once (the form's "changed" count follows); while the text is not clear the form
        // holds nothing to send (undefined); the field says why only when it is left.
        if (next.trim() === '') onChange(required ? undefined : null);
        else {
          const reading = parseAmount(next, rules);
          onChange(reading.ok ? reading.value : undefined);
        }
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      {...rest}
    />
  );
}
