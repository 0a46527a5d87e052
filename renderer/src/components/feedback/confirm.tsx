import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';

export interface ConfirmOptions {
  title: ReactNode;
  /** What will happen, in plain words ("The API user «shop» can no longer log in."). */
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Destructive (delete, cancel an order): the confirm button is red. */
  danger?: boolean;
}

/**
 * Asks before anything destructive (Mantine's confirm modal); resolves true when confirmed,
 * false when cancelled or closed.
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: typeof options.body === 'string' ? <Text size="sm">{options.body}</Text> : options.body,
      labels: { confirm: options.confirmLabel, cancel: options.cancelLabel },
      // red.9: white on the theme's filled red (shade 7) is below AA contrast.
      confirmProps: { color: options.danger ? 'red.9' : undefined, 'data-testid': 'confirm-action' } as Record<string, unknown>,
      closeButtonProps: { 'aria-label': i18next.t('common.close') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
