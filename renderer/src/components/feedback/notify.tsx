import type { ReactNode } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, type LinkProps } from '@tanstack/react-router';
import i18next from 'i18next';
import { ErpError } from '../../api/errors.ts';

export interface DoneToast {
  title: ReactNode;
  message?: ReactNode;
  /** Where the record is: a router link shown under the message ("Open it"). */
  link?: { label: string; to: LinkProps['to']; params?: LinkProps['params']; search?: LinkProps['search'] };
}

/** A toast that says what happened, with a link to the record it made or changed. */
export function notifyDone({ title, message, link }: DoneToast): void {
  notifications.show({
    color: 'teal',
    title,
    message: (
      <Stack gap={2}>
        {message && <Text size="sm">{message}</Text>}
        {link && (
          <Anchor component={Link} size="sm" to={link.to} params={link.params as never} search={link.search as never}>
            {link.label}
          </Anchor>
        )}
      </Stack>
    ),
    autoClose: 6000,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
  });
}

/** A toast for a refused or failed action, with the core's messages. */
export function notifyFailed(title: ReactNode, error: unknown): void {
  const message = error instanceof ErpError ? error.messages.join('\n') || error.message : error instanceof Error ? error.message : String(error);
  notifications.show({ color: 'red', title, message, autoClose: 10_000, closeButtonProps: { 'aria-label': i18next.t('common.close') } });
}

/** A short toast that something small went through ("Copied 3 ids"), closing by itself. */
export function notifyInfo(message: ReactNode, autoClose = 3000): void {
  notifications.show({ color: 'teal', message, autoClose, closeButtonProps: { 'aria-label': i18next.t('common.close') } });
}
