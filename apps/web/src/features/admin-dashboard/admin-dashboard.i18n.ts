import { registerCatalogue } from '../../shared/i18n/i18n.ts';

const en = {
  totalCompanies: 'Total Companies',
  activeCustomers: 'Active Customers',
  totalUsers: 'Total Users',
  totalRevenue: 'Total Revenue',
  statsFailed: 'Failed to fetch billing statistics',
  clientStatsFailed: 'Failed to fetch client statistics',
  systemHealth: 'System Health',
  healthy: 'Healthy',
  degraded: 'Degraded',
  uptime: 'Uptime',
  cpu: 'CPU',
  memory: 'Memory',
  connections: 'Active connections',
  database: 'Database',
  reachable: 'Reachable ({{ms}} ms)',
  unreachable: 'Unreachable',
  uptimeValue: '{{days}}d {{hours}}h {{minutes}}m',
  memoryValue: '{{used}} of {{total}} used',
  monthlyRevenue: 'Monthly revenue',
  growth: '{{value}}% vs previous month',
  noRevenue: 'No revenue yet',
};

const id: typeof en = {
  totalCompanies: 'Total Perusahaan',
  activeCustomers: 'Pelanggan Aktif',
  totalUsers: 'Total Pengguna',
  totalRevenue: 'Total Pendapatan',
  statsFailed: 'Gagal mengambil statistik tagihan',
  clientStatsFailed: 'Gagal mengambil statistik client',
  systemHealth: 'Kesehatan Sistem',
  healthy: 'Sehat',
  degraded: 'Menurun',
  uptime: 'Waktu aktif',
  cpu: 'CPU',
  memory: 'Memori',
  connections: 'Koneksi aktif',
  database: 'Basis data',
  reachable: 'Terjangkau ({{ms}} ms)',
  unreachable: 'Tidak terjangkau',
  uptimeValue: '{{days}}h {{hours}}j {{minutes}}m',
  memoryValue: '{{used}} dari {{total}} terpakai',
  monthlyRevenue: 'Pendapatan bulanan',
  growth: '{{value}}% dibanding bulan sebelumnya',
  noRevenue: 'Belum ada pendapatan',
};

export const catalogue = { en, id };
registerCatalogue('adminDashboard', catalogue);
