import { registerCatalogue } from '../i18n/i18n.ts';

/** The texts of what Message Blast and Scheduled Messages share: recipients, message, history, quota, counts. */
const en = {
  recipients: {
    integration: 'Integration',
    integrationPlaceholder: 'Select an integration',
    noIntegrations: 'No active integrations. Activate one in Integrations first.',
    recipientType: 'Recipient Type',
    recipientTypePlaceholder: 'Select recipient type',
    recipientTypes: { contact: 'Select Contacts', all_contact: 'All Contacts', excel: 'Upload Excel' },
    contacts: 'Contacts',
    contactsSelected: '{{count}} contacts selected',
    contactsPick: 'Click to select contacts',
    keepsList: 'Leave empty to keep the saved recipients',
    file: 'Recipients File',
    filePlaceholder: 'Choose an .xlsx or .xls file',
    fileHint: 'One phone number per row in the first column (or a column named phone).',
    downloadTemplate: 'Download Template',
  },
  counter: '{{length}}/{{max}} characters',
  picker: {
    title: 'Select Contacts',
    search: 'Search by name or phone...',
    selectAll: 'Select all contacts matching the search',
    selectAllNoSearch: 'Select all contacts',
    selected: '{{count}} selected',
    otherChannel: 'Another channel: this integration cannot reach it',
    noPhone: 'No phone number',
    empty: 'No contacts found',
    fetchFailed: 'Failed to fetch contacts',
    channels: { wa: 'WhatsApp', telegram: 'Telegram' },
    cancel: 'Cancel',
    confirm: 'Confirm Selection',
  },
  integration: 'Integration: {{name}}',
  counts: {
    total: 'Total',
    successful: 'Successful',
    failed: 'Failed',
  },
  history: {
    search: 'Search by title...',
    download: 'Download Excel',
  },
  quota: {
    title: 'Need More Messages?',
    upgrade: 'Upgrade Plan',
  },
  failedDownload: 'Failed to download file',
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

const id: Widen<typeof en> = {
  recipients: {
    integration: 'Integrasi',
    integrationPlaceholder: 'Pilih integrasi',
    noIntegrations: 'Tidak ada integrasi aktif. Aktifkan satu di Integrasi terlebih dahulu.',
    recipientType: 'Jenis Penerima',
    recipientTypePlaceholder: 'Pilih jenis penerima',
    recipientTypes: { contact: 'Pilih Kontak', all_contact: 'Semua Kontak', excel: 'Unggah Excel' },
    contacts: 'Kontak',
    contactsSelected: '{{count}} kontak dipilih',
    contactsPick: 'Klik untuk memilih kontak',
    keepsList: 'Biarkan kosong untuk mempertahankan penerima yang tersimpan',
    file: 'File Penerima',
    filePlaceholder: 'Pilih file .xlsx atau .xls',
    fileHint: 'Satu nomor telepon per baris di kolom pertama (atau kolom bernama phone).',
    downloadTemplate: 'Unduh Template',
  },
  counter: '{{length}}/{{max}} karakter',
  picker: {
    title: 'Pilih Kontak',
    search: 'Cari nama atau nomor telepon...',
    selectAll: 'Pilih semua kontak yang cocok dengan pencarian',
    selectAllNoSearch: 'Pilih semua kontak',
    selected: '{{count}} dipilih',
    otherChannel: 'Kanal lain: integrasi ini tidak dapat menjangkaunya',
    noPhone: 'Tanpa nomor telepon',
    empty: 'Kontak tidak ditemukan',
    fetchFailed: 'Gagal mengambil kontak',
    channels: { wa: 'WhatsApp', telegram: 'Telegram' },
    cancel: 'Batal',
    confirm: 'Konfirmasi Pilihan',
  },
  integration: 'Integrasi: {{name}}',
  counts: {
    total: 'Total',
    successful: 'Berhasil',
    failed: 'Gagal',
  },
  history: {
    search: 'Cari berdasarkan judul...',
    download: 'Unduh Excel',
  },
  quota: {
    title: 'Butuh Lebih Banyak Pesan?',
    upgrade: 'Tingkatkan Paket',
  },
  failedDownload: 'Gagal mengunduh file',
};

export const catalogue = { en, id };
registerCatalogue('outbound', catalogue);
