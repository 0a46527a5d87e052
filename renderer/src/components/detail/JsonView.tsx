import { useState, type ReactNode } from 'react';
import { Box, Button, CopyButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './json-view.module.css';

/** Nodes deeper than this start collapsed (the payload's top levels are what one reads first). */
const OPEN_DEPTH = 2;

function Scalar({ value }: { value: unknown }) {
  if (value === null) return <span className={classes.null}>null</span>;
  if (typeof value === 'string') return <span className={classes.string}>{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className={classes.number}>{String(value)}</span>;
  if (typeof value === 'boolean') return <span className={classes.boolean}>{String(value)}</span>;
  return <span>{String(value)}</span>;
}

function Node({ name, value, depth, openAll }: { name: ReactNode; value: unknown; depth: number; openAll: boolean | null }) {
  const isArray = Array.isArray(value);
  if (value === null || typeof value !== 'object') {
    return (
      <div className={classes.row}>
        {name !== null && <span className={classes.key}>{name}: </span>}
        <Scalar value={value} />
      </div>
    );
  }
  const entries = isArray ? (value as unknown[]).map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
  const summary = isArray ? `[${entries.length}]` : `{${entries.length}}`;
  const open = openAll ?? depth < OPEN_DEPTH;
  return (
    // The key forces the open state when "expand all" / "collapse all" is used.
    <details className={classes.node} open={open} key={String(openAll)}>
      <summary className={classes.summary}>
        {name !== null && <span className={classes.key}>{name}: </span>}
        <span className={classes.count}>{summary}</span>
      </summary>
      <div className={classes.children}>
        {entries.map(([key, child]) => (
          <Node key={key} name={isArray ? key : JSON.stringify(key).slice(1, -1)} value={child} depth={depth + 1} openAll={openAll} />
        ))}
      </div>
    </details>
  );
}

/**
 * A JSON document as a collapsible tree (native <details>: keyboard and screen readers work),
 * with expand / collapse all and a copy button for the whole text. Text that is not JSON is
 * shown as it is.
 */
export function JsonView({ value, label, maxHeight = 420 }: { value: unknown; label: string; maxHeight?: number }) {
  const { t } = useTranslation();
  const [openAll, setOpenAll] = useState<boolean | null>(null);
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = value;
    }
  }
  const text = typeof parsed === 'string' ? parsed : JSON.stringify(parsed, null, 2);
  return (
    <Box>
      <Group gap={6} mb={4} justify="flex-end">
        <Button size="compact-xs" variant="subtle" onClick={() => setOpenAll(true)}>
          {t('common.expand')}
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpenAll(false)}>
          {t('common.collapse')}
        </Button>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <div className={classes.view} style={{ maxHeight }} role="group" aria-label={label} tabIndex={0}>
        {typeof parsed === 'string' ? <pre className={classes.raw}>{parsed}</pre> : <Node name={null} value={parsed} depth={0} openAll={openAll} />}
      </div>
    </Box>
  );
}
