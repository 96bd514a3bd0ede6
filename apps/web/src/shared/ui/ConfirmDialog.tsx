import { Button, Group, Modal, Text } from '@mantine/core';

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
