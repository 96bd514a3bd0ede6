import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { notify } from '../notify/notify.ts';

/** A yes/no question before something is removed. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered zIndex={300}>
      <Text size="sm">{props.body}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
        <Button color="red" loading={props.loading} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/** The `message` of a server's answer, if it has one. */
const serverMessage = (result: unknown) =>
  typeof result === 'object' && result !== null && 'message' in result && typeof result.message === 'string'
    ? result.message
    : '';

/**
 * The delete flow of a list: `ask(item)` opens the question, confirming removes the item through
 * the mutation (by its id), says so and closes; a failure is told and leaves the question open.
 * `dialog` goes to <ConfirmDialog>.
 */
export function useConfirmDelete<T extends { id: number | string }>(
  mutation: { mutateAsync: (id: T['id']) => Promise<unknown>; isPending: boolean },
  options: {
    /** Asked again on confirming (a guard tells the user itself when it says no). */
    allowed?: () => boolean;
    /** The success toast; the server's own message instead when `serverMessage` is set and it sent one. */
    success: string;
    serverMessage?: boolean;
    /** The error toast when the error has no message of its own. */
    failed?: string;
    failedTitle?: string;
    onDeleted?: (item: T) => void;
  },
) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (target === null || (options.allowed && !options.allowed())) return;
    try {
      const result = await mutation.mutateAsync(target.id);
      notify('success', (options.serverMessage && serverMessage(result)) || options.success);
      setTarget(null);
      options.onDeleted?.(target);
    } catch (error) {
      notify('error', errorMessage(error, options.failed), options.failedTitle);
    }
  };
  return {
    target,
    ask: (item: T) => setTarget(item),
    dialog: {
      opened: target !== null,
      loading: mutation.isPending,
      onCancel: () => setTarget(null),
      onConfirm: () => void confirm(),
    },
  };
}
