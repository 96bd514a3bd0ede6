import { registerCatalogue } from '../../shared/i18n/i18n.ts';

const en = {
  search: 'Search menu actions...',
  create: 'Create Action',
  edit: 'Edit Action',
  delete: 'Delete',
  empty: 'No menu actions found',
  actionCode: 'Action code',
  actionName: 'Action name',
  addRow: 'Add another action',
  removeRow: 'Remove action {{index}}',
  cancel: 'Cancel',
  save: 'Save',
  codeRequired: 'Action code is required',
  nameRequired: 'Action name is required',
  confirmDelete: 'Are you sure you want to delete this menu action?',
  created: 'Menu Action created successfully',
  updated: 'Menu Action updated successfully',
  deleted: 'Menu Action deleted successfully',
  failed: 'Failed',
};

const id: typeof en = {
  search: 'Cari aksi menu...',
  create: 'Buat Aksi',
  edit: 'Edit Aksi',
  delete: 'Hapus',
  empty: 'Tidak ada aksi menu',
  actionCode: 'Kode aksi',
  actionName: 'Nama aksi',
  addRow: 'Tambah aksi lain',
  removeRow: 'Hapus aksi {{index}}',
  cancel: 'Batal',
  save: 'Simpan',
  codeRequired: 'Kode aksi wajib diisi',
  nameRequired: 'Nama aksi wajib diisi',
  confirmDelete: 'Apakah Anda yakin ingin menghapus aksi menu ini?',
  created: 'Aksi menu berhasil dibuat',
  updated: 'Aksi menu berhasil diperbarui',
  deleted: 'Aksi menu berhasil dihapus',
  failed: 'Gagal',
};

export const catalogue = { en, id };
registerCatalogue('menuActions', catalogue);
