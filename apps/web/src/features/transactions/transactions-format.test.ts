import { describe, expect, it } from 'vitest';
import { formatTransactionDate, transactionStatusColor } from './transactions-format.ts';

describe('transaction format', () => {
  it('colours paid green, pending yellow, expired and failed red (super-admin §4)', () => {
    expect(transactionStatusColor('paid')).toBe('green');
    expect(transactionStatusColor('PAID')).toBe('green');
    expect(transactionStatusColor('pending')).toBe('yellow');
    expect(transactionStatusColor('EXPIRED')).toBe('red');
    expect(transactionStatusColor('failed')).toBe('red');
  });

  it('shows a dash without a date', () => {
    expect(formatTransactionDate(null, 'en-GB')).toBe('-');
    expect(formatTransactionDate('not a date', 'en-GB')).toBe('-');
    expect(formatTransactionDate('2026-03-04T05:06:00Z', 'en-GB')).toMatch(/2026/);
  });
});
