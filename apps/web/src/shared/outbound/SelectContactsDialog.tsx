import { CONTACT_PICKER_LIMIT } from '@app/contract/blasts';
import type { Contact } from '@app/contract/chats';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { CONTACTS_DEBOUNCE_MS, useContacts } from '../contacts/contacts.api.ts';
import { pageCount } from '../format/pagination.ts';
import { Pager } from '../ui/Pager.tsx';
import type { ContactSelection } from './recipient-selection.ts';
import './outbound.i18n.ts';

/**
 * Select Contacts (client-area §2): search by name or phone on the server, pages of
 * CONTACT_PICKER_LIMIT, select-all meaning every contact matching the search, the selected count
 * and Confirm Selection. Contacts of another channel than the integration's cannot be ticked.
 */
export function SelectContactsDialog({
  initial,
  chatType,
  onClose,
  onConfirm,
}: {
  initial: ContactSelection;
  chatType: Contact['chat_type'] | null;
  onClose: () => void;
  onConfirm: (selection: ContactSelection) => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [draft, setDraft] = useState(initial.all ? initial.search : '');
  const [search] = useDebouncedValue(draft.trim(), CONTACTS_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [all, setAll] = useState(initial.all);
  const [picked, setPicked] = useState(
    () => new Map(initial.all ? [] : initial.contacts.map((contact) => [contact.chat_id, contact])),
  );
  const contacts = useContacts(page, search, CONTACT_PICKER_LIMIT);
  const rows = contacts.data?.data ?? [];
  const total = contacts.data?.meta?.total ?? 0;
  // While a new search loads, the total still belongs to the previous one.
  const settled = !contacts.isPlaceholderData && !contacts.isPending && search === draft.trim();
  const count = all ? (settled ? total : 0) : picked.size;
  const reachable = (contact: Contact) => chatType === null || contact.chat_type === chatType;

  const toggle = (contact: Contact) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(contact.chat_id)) next.delete(contact.chat_id);
      else next.set(contact.chat_id, contact);
      return next;
    });

  const confirm = () =>
    onConfirm(all ? { all: true, search, total } : { all: false, contacts: [...picked.values()] });

  let list: ReactNode;
  if (contacts.isError) {
    list = <Alert color="red">{errorMessage(contacts.error, t('outbound.picker.fetchFailed'))}</Alert>;
  } else if (contacts.isPending) {
    list = (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} h={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (rows.length === 0) {
    list = (
      <Text c="dimmed" ta="center" py="lg">
        {t('outbound.picker.empty')}
      </Text>
    );
  } else {
    list = (
      <Stack gap={6} data-testid="picker-contacts">
        {rows.map((contact) => {
          const canReach = reachable(contact);
          return (
            <Checkbox
              key={contact.chat_id}
              checked={all ? canReach : picked.has(contact.chat_id)}
              disabled={all || !canReach}
              onChange={() => toggle(contact)}
              aria-label={contact.name}
              label={
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <Stack gap={0} miw={0} style={{ flex: 1 }}>
                    <Text size="sm" fw={500} truncate>
                      {contact.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {canReach
                        ? contact.phone || t('outbound.picker.noPhone')
                        : t('outbound.picker.otherChannel')}
                    </Text>
                  </Stack>
                  <Badge
                    variant="light"
                    size="xs"
                    tt="none"
                    color={contact.chat_type === 'wa' ? 'green' : 'blue'}
                  >
                    {t(`outbound.picker.channels.${contact.chat_type}`)}
                  </Badge>
                </Group>
              }
              styles={{ body: { alignItems: 'center' }, labelWrapper: { flex: 1, minWidth: 0 } }}
            />
          );
        })}
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('outbound.picker.title')}
      fullScreen={phone}
      centered
      size="lg"
      zIndex={250}
    >
      <Stack gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('outbound.picker.search')}
          aria-label={t('outbound.picker.search')}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setPage(1);
          }}
          data-autofocus
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Checkbox
            label={t(search ? 'outbound.picker.selectAll' : 'outbound.picker.selectAllNoSearch')}
            checked={all}
            indeterminate={!all && picked.size > 0}
            onChange={(event) => {
              setAll(event.currentTarget.checked);
              setPicked(new Map());
            }}
          />
          <Text size="sm" fw={600} data-testid="picker-count">
            {t('outbound.picker.selected', { count })}
          </Text>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={phone ? undefined : 360} type="auto" offsetScrollbars>
          {list}
        </ScrollArea.Autosize>
        <Pager page={page} totalPages={pageCount(total, CONTACT_PICKER_LIMIT)} onChange={setPage} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('outbound.picker.cancel')}
          </Button>
          <Button onClick={confirm} disabled={all && !settled}>
            {t('outbound.picker.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
