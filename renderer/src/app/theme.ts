import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

/*
 * One theme for the whole window. Colors are chosen for WCAG AA contrast (axe runs on every
 * screen): the primary shade, the dimmed text and the "light" variants' text are darker than
 * Mantine's defaults in the light scheme and lighter in the dark one.
 */

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif",
  fontFamilyMonospace: "ui-monospace, 'SFMono-Regular', 'JetBrains Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
  headings: { fontWeight: '600', sizes: { h1: { fontSize: '1.5rem', lineHeight: '1.3' }, h2: { fontSize: '1.15rem', lineHeight: '1.35' }, h3: { fontSize: '1rem', lineHeight: '1.4' } } },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    Table: { defaultProps: { highlightOnHover: true, verticalSpacing: 'xs' } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    // A status badge in a table cell shows its whole word (Mantine's default cuts it with an ellipsis).
    Badge: { defaultProps: { variant: 'light', radius: 'sm' }, styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } },
    // The toast's text in the body color: Mantine's dimmed description fails AA on the toast.
    Notification: { defaultProps: { withBorder: true }, styles: { description: { color: 'var(--mantine-color-text)' } } },
  },
});

/** A hex color mixed with black: `amount` 0.25 keeps 75% of each channel. */
function darken(hex: string, amount: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 0xff) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** Text colors of the "light" variant (badges, alerts, light buttons) that pass AA on their tint. */
const LIGHT_SCHEME_TEXT: Record<string, string> = {
  yellow: '#7d4e00',
  orange: '#8a3a00',
  lime: '#3d5c00',
};

export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-body': '#ffffff',
    // Placeholders (date pickers, selects) and field errors dark enough for AA on white.
    '--mantine-color-placeholder': '#6b7078',
    '--mantine-color-error': '#c01c1c',
    '--app-surface': t.colors.gray[0],
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': t.colors.dark[1],
    // Field errors (the message and the field's text) AA on the dark body and inputs: Mantine's red.8 is 3:1 there.
    '--mantine-color-error': t.colors.red[4] ?? '#ff8787',
    '--app-surface': t.colors.dark[8],
  };
  for (const color of Object.keys(DEFAULT_THEME.colors)) {
    if (color === 'dark') continue;
    light[`--mantine-color-${color}-light-color`] = LIGHT_SCHEME_TEXT[color] ?? darken(t.colors[color]?.[9] ?? DEFAULT_THEME.colors[color]![9], 0.2);
    dark[`--mantine-color-${color}-light-color`] = `var(--mantine-color-${color}-3)`;
  }
  return { variables: {}, light, dark };
};
