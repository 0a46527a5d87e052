import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';

export interface KeyValueItem {
  label: ReactNode;
  value: ReactNode;
  /** Numbers and money: right-aligned with tabular digits. */
  numeric?: boolean;
}

/** The fields of a record as label / value pairs, two columns wide (a <dl>). */
export function KeyValue({ items, cols = 2 }: { items: readonly KeyValueItem[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="md" verticalSpacing={8} m={0}>
      {items.map((item, i) => (
        <div key={i} style={{ minWidth: 0 }}>
          <Text component="dt" size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', ...(item.numeric && { fontVariantNumeric: 'tabular-nums' }) }}>
            {item.value === '' || item.value === null || item.value === undefined ? '—' : item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
