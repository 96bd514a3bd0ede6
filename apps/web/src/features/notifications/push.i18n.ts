import { registerCatalogue } from '../../shared/i18n/i18n.ts';

// Super-admin §8 (enabling and its retries) and client-area §8 (subscribing, unsubscribing).
const en = {
  enabled: 'Successfully enabled notifications',
  blocked:
    'Notifications blocked. Please enable notifications in your browser settings (Attempt {{attempt}}/{{max}})',
  retrying: 'Failed to enable notifications (Attempt {{attempt}}/{{max}}). Retrying in {{seconds}}s...',
  subscribeFailed: 'Failed to subscribe to notifications',
  unsubscribeFailed: 'Failed to unsubscribe from notifications',
};

const id: typeof en = {
  enabled: 'Notifikasi berhasil diaktifkan',
  blocked:
    'Notifikasi diblokir. Aktifkan notifikasi di pengaturan browser Anda (Percobaan {{attempt}}/{{max}})',
  retrying:
    'Gagal mengaktifkan notifikasi (Percobaan {{attempt}}/{{max}}). Mencoba lagi dalam {{seconds}} dtk...',
  subscribeFailed: 'Gagal berlangganan notifikasi',
  unsubscribeFailed: 'Gagal berhenti berlangganan notifikasi',
};

export const catalogue = { en, id };
registerCatalogue('push', catalogue);
