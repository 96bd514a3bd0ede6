import { registerCatalogue } from '../../shared/i18n/i18n.ts';

const en = {
  unreadCount: 'You have {{n}} unread notifications',
  markAsRead: 'Mark as read',
  empty: 'No notifications yet',
  read: 'Read',
};

const id: typeof en = {
  unreadCount: 'Anda memiliki {{n}} notifikasi belum dibaca',
  markAsRead: 'Tandai sudah dibaca',
  empty: 'Belum ada notifikasi',
  read: 'Dibaca',
};

export const catalogue = { en, id };
registerCatalogue('notificationPage', catalogue);
