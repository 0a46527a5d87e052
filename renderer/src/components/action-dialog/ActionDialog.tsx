import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OperationInput, OperationName, OperationOutput } from '../../../../shared/contract/operations.ts';
import type { ActionOf } from '../../api/operations.ts';
import { notifyDone, type DoneToast } from '../feedback/index.ts';
import type { ActionPreview } from './use-action-preview.ts';

/** The "before the click" part: the core's answer to the same request, run and rolled back. */
export interface PreviewSection<P> {
  state: ActionPreview<P>;
  /** The outcome as lines a person reads (a list named for what it says). */
  render: (outcome: P) => ReactNode;
  /** Said beside the spinner while the first answer is on its way. */
  loadingText: string;
  /** Title of the box that says why the core refuses these fields. */
  refusedTitle: string;
  refusedTestId: string;
}

export interface ActionDialogProps<K extends OperationName, P> {
  /** The write the dialog confirms (useAction of its operation): its pending state and its refusal. */
  action: ActionOf<K>;
  /** The request of the fields as they are now; undefined when one cannot be read (its field says why; nothing is sent). */
  request: () => OperationInput<K> | undefined;
  /** The toast that says what was done, with a link to the record (the dialog has closed by then). */
  result: (answer: OperationOutput<K>) => DoneToast;
  /** Told first, before the dialog closes: a panel that lists what the action did. */
  onDone?: (answer: OperationOutput<K>) => void;
  onClose: () => void;
  /** Kept mounted by a parent that remembers the fields between openings; mounted only while open otherwise. */
  opened?: boolean;
  title: ReactNode;
  size?: ModalProps['size'];
  testId: string;
  /** What the action is, in plain words, above the fields. */
  intro?: ReactNode;
  /** The fields. */
  children?: ReactNode;
  preview?: PreviewSection<P>;
  /** Refusals of the core that name no field (fieldErrors' `_form`), each shown above the buttons. */
  formErrors?: readonly (string | undefined)[];
  submit: { label: string; testId: string; disabled?: boolean; color?: string };
}

/**
 * The dialog of an action that asks before it writes, written once for every panel: the form
 * and what the click will do (the preview), the click itself (the button spins while the core
 * works), the result (the dialog closes and a toast says what was done, with a link), and the
 * refusals (the preview's, in a box; the action's, at their field or above the buttons).
 */
export function ActionDialog<K extends OperationName, P = never>(props: ActionDialogProps<K, P>) {
  const { action, request, result, onDone, onClose, opened = true, title, size, testId, intro, children, preview, formErrors = [], submit } = props;
  const { t } = useTranslation();

  const send = () => {
    const input = request();
    if (input === undefined) return;
    action.mutate(input, {
      onSuccess: (answer) => {
        onDone?.(answer);
        onClose();
        notifyDone(result(answer));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': t('common.close') }} title={title} size={size} data-testid={testId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Stack gap="sm">
          {intro && <Text size="sm">{intro}</Text>}
          {children}
          {preview && <PreviewArea {...preview} />}
          {formErrors
            .filter((message) => message !== undefined && message !== '')
            .map((message, index) => (
              <Text key={index} size="sm" c="red" role="alert">
                {message}
              </Text>
            ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={submit.color} loading={action.isPending} disabled={submit.disabled} data-testid={submit.testId}>
              {submit.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The outcome when the core answered, a spinner while it works, or why it refuses. */
function PreviewArea<P>({ state, render, loadingText, refusedTitle, refusedTestId }: PreviewSection<P>) {
  if (state.outcome !== undefined) return render(state.outcome);
  if (state.loading) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {loadingText}
        </Text>
      </Group>
    );
  }
  if (state.refusal === undefined) return null;
  return (
    <Alert color="orange" variant="light" title={refusedTitle} data-testid={refusedTestId}>
      <Text size="sm">{state.refusal}</Text>
    </Alert>
  );
}
