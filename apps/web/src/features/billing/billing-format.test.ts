import { describe, expect, it } from 'vitest';
import { formatRupiah } from '../../shared/format/money.ts';
import {
  formatBillingDate,
  invoiceStatusColor,
  paidDateOf,
  totalOf,
  usagePercent,
} from './billing-format.ts';
import { qrDataUrl } from './QrImage.tsx';

describe('billing format', () => {
  it('colours paid green, pending yellow and anything else red', () => {
    expect(invoiceStatusColor('PAID')).toBe('green');
    expect(invoiceStatusColor('paid')).toBe('green');
    expect(invoiceStatusColor('PENDING')).toBe('yellow');
    expect(invoiceStatusColor('EXPIRED')).toBe('red');
    expect(invoiceStatusColor('FAILED')).toBe('red');
    expect(invoiceStatusColor('SOMETHING')).toBe('red');
  });

  it('computes the percent used within 0-100', () => {
    expect(usagePercent(0, 100)).toBe(0);
    expect(usagePercent(25, 100)).toBe(25);
    expect(usagePercent(1, 3)).toBe(33.3);
    expect(usagePercent(150, 100)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(3, 0)).toBe(100);
  });

  it('adds the admin fee to the package price, in rupiah without decimals', () => {
    expect(totalOf(150_000, 4_000)).toBe(154_000);
    expect(formatRupiah(totalOf(450_000, 1_500))).toBe('Rp 451.500');
  });

  it('shows the paid date only for a paid invoice and a dash without a date', () => {
    expect(paidDateOf({ status: 'PAID', paid_at: '2026-01-02T03:04:05Z' })).toBe('2026-01-02T03:04:05Z');
    expect(paidDateOf({ status: 'EXPIRED', paid_at: '2026-01-02T03:04:05Z' })).toBeNull();
    expect(formatBillingDate(null, 'id-ID')).toBe('-');
    expect(formatBillingDate('2026-01-31T00:00:00Z', 'id-ID', false)).toMatch(/2026/);
  });

  it('renders a QRIS string as an SVG image', () => {
    const url = qrDataUrl('00020101021251440014ID.CO.QRIS.WWW0215ID10200000000015204482953033605406154000');
    expect(url).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(url ?? '')).toContain('<svg');
  });
});
