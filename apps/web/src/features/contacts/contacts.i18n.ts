import { registerCatalogue } from '../../shared/i18n/i18n.ts';

const en = {
  title: 'Contacts',
  searchPlaceholder: 'Search by name or phone...',
  grid: 'Grid',
  list: 'List',
  view: 'View',
  errorTitle: 'Error Loading Contacts',
  fetchFailed: 'Failed to fetch contacts',
  emptyTitle: 'No Contacts Found',
  emptyBody: "You don't have any contacts yet.",
  noMatch: 'No contacts match your search.',
  noPhone: 'No phone number',
  noActivity: 'No activity yet',
  total: '{{count}} contacts',
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

const id: Widen<typeof en> = {
  title: 'Kontak',
  searchPlaceholder: 'Cari nama atau nomor telepon...',
  grid: 'Kisi',
  list: 'Daftar',
  view: 'Tampilan',
  errorTitle: 'Gagal Memuat Kontak',
  fetchFailed: 'Gagal mengambil kontak',
  emptyTitle: 'Kontak Tidak Ditemukan',
  emptyBody: 'Anda belum memiliki kontak.',
  noMatch: 'Tidak ada kontak yang cocok dengan pencarian Anda.',
  noPhone: 'Tanpa nomor telepon',
  noActivity: 'Belum ada aktivitas',
  total: '{{count}} kontak',
};

export const catalogue = { en, id };
registerCatalogue('contacts', catalogue);
