import { registerCatalogue } from '../../shared/i18n/i18n.ts';

/** Texts of the super-admin Audit Log. The title itself is `pages.auditLog` (shared, like the sidebar's). */
const en = {
  description: 'Who did what and when across the platform, newest first.',
  searchPlaceholder: 'Search action, subject or e-mail...',
  groupFilter: 'Action group',
  groups: {
    all: 'All actions',
    auth: 'Sign-in and sessions',
    rbac: 'Roles and permissions',
    users: 'Users',
    companies: 'Companies',
    settings: 'Settings',
  },
  columns: {
    when: 'When',
    action: 'Action',
    company: 'Company',
    actor: 'Actor',
    subject: 'Subject',
    ip: 'IP',
    details: 'Details',
  },
  actions: {
    auth: {
      sign_in: 'Signed in',
      sign_in_failed: 'Sign-in failed',
      sign_out: 'Signed out',
      password_changed: 'Password changed',
      password_reset_requested: 'Password reset requested',
      password_reset: 'Password reset',
      refresh_reused: 'Reused refresh token (session revoked)',
      enter_client: 'Entered a client account',
      leave_client: 'Left a client account',
    },
    rbac: {
      role_created: 'Role created',
      role_updated: 'Role updated',
      role_deleted: 'Role deleted',
      permission_created: 'Permission created',
      permission_updated: 'Permission updated',
      permission_deleted: 'Permission deleted',
    },
    users: {
      created: 'User created',
      updated: 'User updated',
      deleted: 'User deleted',
    },
    companies: {
      updated: 'Company updated',
      status_changed: 'Company status changed',
      deleted: 'Company deleted',
      access_changed: 'Company access changed',
    },
    settings: {
      updated: 'Platform settings updated',
    },
  },
  actingAs: 'as {{email}}',
  details: 'Details',
  detailsOf: 'Details of entry {{id}}',
  noDetails: 'No details',
  empty: 'No audit entries found',
  fetchFailed: 'Failed to fetch audit log',
};

const id: typeof en = {
  description: 'Siapa melakukan apa dan kapan di seluruh platform, terbaru lebih dulu.',
  searchPlaceholder: 'Cari aksi, subjek atau e-mail...',
  groupFilter: 'Kelompok aksi',
  groups: {
    all: 'Semua aksi',
    auth: 'Login dan sesi',
    rbac: 'Peran dan izin',
    users: 'Pengguna',
    companies: 'Perusahaan',
    settings: 'Pengaturan',
  },
  columns: {
    when: 'Waktu',
    action: 'Aksi',
    company: 'Perusahaan',
    actor: 'Pelaku',
    subject: 'Subjek',
    ip: 'IP',
    details: 'Detail',
  },
  actions: {
    auth: {
      sign_in: 'Login',
      sign_in_failed: 'Login gagal',
      sign_out: 'Logout',
      password_changed: 'Kata sandi diubah',
      password_reset_requested: 'Reset kata sandi diminta',
      password_reset: 'Kata sandi direset',
      refresh_reused: 'Refresh token dipakai ulang (sesi dicabut)',
      enter_client: 'Masuk ke akun klien',
      leave_client: 'Keluar dari akun klien',
    },
    rbac: {
      role_created: 'Peran dibuat',
      role_updated: 'Peran diperbarui',
      role_deleted: 'Peran dihapus',
      permission_created: 'Izin dibuat',
      permission_updated: 'Izin diperbarui',
      permission_deleted: 'Izin dihapus',
    },
    users: {
      created: 'Pengguna dibuat',
      updated: 'Pengguna diperbarui',
      deleted: 'Pengguna dihapus',
    },
    companies: {
      updated: 'Perusahaan diperbarui',
      status_changed: 'Status perusahaan diubah',
      deleted: 'Perusahaan dihapus',
      access_changed: 'Akses perusahaan diubah',
    },
    settings: {
      updated: 'Pengaturan platform diperbarui',
    },
  },
  actingAs: 'sebagai {{email}}',
  details: 'Detail',
  detailsOf: 'Detail entri {{id}}',
  noDetails: 'Tidak ada detail',
  empty: 'Tidak ada entri audit',
  fetchFailed: 'Gagal memuat log audit',
};

export const catalogue = { en, id };
registerCatalogue('auditLog', catalogue);
