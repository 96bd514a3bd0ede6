import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';
import { formatRupiah } from './money.ts';
import { humanizeRole } from './role.ts';

describe('formatRupiah', () => {
  it('formats Indonesian rupiah without decimals', () => {
    expect(formatRupiah(1500000)).toBe('Rp 1.500.000');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(999.6)).toBe('Rp 1.000');
    expect(formatRupiah('250000')).toBe('Rp 250.000');
  });

  it('reads missing or bad amounts as zero', () => {
    expect(formatRupiah(null)).toBe('Rp 0');
    expect(formatRupiah('abc')).toBe('Rp 0');
  });
});

describe('formatFileSize', () => {
  it('uses B, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(52428800)).toBe('50 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });
});

describe('humanizeRole', () => {
  it('turns underscores into spaces and capitalises words', () => {
    expect(humanizeRole('super_admin')).toBe('Super Admin');
    expect(humanizeRole('client_user')).toBe('Client User');
    expect(humanizeRole(undefined)).toBe('');
  });
});
