import { registerCatalogue } from '../../shared/i18n/i18n.ts';

const en = {
  security: 'Security',
  passwordPolicy: 'Password policy',
  high: 'High (12+ characters with special characters)',
  medium: 'Medium (8+ characters)',
  basic: 'Basic (6+ characters)',
  twoFactor: 'Two-factor authentication',
  alerts: 'Alerts',
  systemAlerts: 'System alerts',
  databaseAlerts: 'Database alerts',
  general: 'General',
  defaultLanguage: 'Default language',
  maintenance: 'Maintenance',
  maintenanceOn: 'Maintenance mode is on: the client area is read-only.',
  maintenanceOff: 'Maintenance mode is off.',
  enableMaintenance: 'Enable Maintenance Mode',
  disableMaintenance: 'Disable Maintenance Mode',
  save: 'Save Settings',
  saved: 'Settings updated successfully',
  banner: 'The platform is under maintenance. Changes are paused until it ends.',
};

const id: typeof en = {
  security: 'Keamanan',
  passwordPolicy: 'Kebijakan kata sandi',
  high: 'Tinggi (12+ karakter dengan karakter khusus)',
  medium: 'Sedang (8+ karakter)',
  basic: 'Dasar (6+ karakter)',
  twoFactor: 'Autentikasi dua faktor',
  alerts: 'Peringatan',
  systemAlerts: 'Peringatan sistem',
  databaseAlerts: 'Peringatan basis data',
  general: 'Umum',
  defaultLanguage: 'Bahasa bawaan',
  maintenance: 'Pemeliharaan',
  maintenanceOn: 'Mode pemeliharaan aktif: area client hanya-baca.',
  maintenanceOff: 'Mode pemeliharaan nonaktif.',
  enableMaintenance: 'Aktifkan Mode Pemeliharaan',
  disableMaintenance: 'Nonaktifkan Mode Pemeliharaan',
  save: 'Simpan Pengaturan',
  saved: 'Pengaturan berhasil diperbarui',
  banner: 'Platform sedang dalam pemeliharaan. Perubahan dijeda sampai selesai.',
};

export const catalogue = { en, id };
registerCatalogue('platformSettings', catalogue);
