export { AmountField, type AmountFieldProps } from './AmountField.tsx';
export { DateField, type DateFieldProps } from './DateField.tsx';
export { parseAmount, formatAmountForInput, type AmountRules } from './parse-amount.ts';
export { parseDate, formatDay } from './parse-date.ts';
export { DateRangeField, type DateRangeFieldProps } from './DateRangeField.tsx';
