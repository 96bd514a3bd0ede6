import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { TicketFormDialog } from './TicketFormDialog.tsx';
import './tickets.i18n.ts';

/**
 * The chat room's Create Ticket (menu and a message's hover button): the ticket dialog prefilled
 * from the message, saved through `POST /tickets/chat`. Without a customer name it only warns
 * 'Customer name is required to create a ticket' (client-area §5) and closes.
 */
export function CreateTicketDialog({
  chatId,
  chatContent,
  customerName,
  onClose,
}: {
  chatId: string;
  chatContent: string;
  customerName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const allowed = can('ticket_create');
  const named = Boolean(customerName.trim());
  useEffect(() => {
    if (!allowed) {
      guard('ticket_create');
      onClose();
    } else if (!named) {
      notify('warning', t('tickets.msg.customerNameRequired'));
      onClose();
    }
  }, [allowed, named, guard, onClose, t]);
  if (!allowed || !named) return null;
  return <TicketFormDialog chat={{ chatId, chatContent, customerName }} onClose={onClose} />;
}
