import type { BillingPackage, PaymentChannel } from '@app/contract/billing';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import './billing.i18n.ts';
import { PurchaseForm } from './PurchaseForm.tsx';

const stamp = '2026-01-01T00:00:00.000Z';
const pkg = (id: number, name: string, price: number): BillingPackage => ({
  id,
  external_id: `p-${id}`,
  name,
  description: `${name} package`,
  price,
  wa_message_limit: 1000,
  ai_usage_limit: 500,
  duration_in_days: 30,
  is_active: true,
  created_at: stamp,
  updated_at: stamp,
});
const channel: PaymentChannel = {
  id: 7,
  external_id: 'c-7',
  name: 'BCA Virtual Account',
  type: 'VIRTUAL_ACCOUNT',
  code: 'BCA',
  admin_fee: 4000,
  expired_duration: 24,
  is_active: true,
  is_default: true,
  details: null,
  created_at: stamp,
  updated_at: stamp,
};

describe('<PurchaseForm>', () => {
  it("keeps 'Lanjutkan Pembayaran' disabled until a package and a channel are chosen, then shows the total", () => {
    renderWithProviders(
      <PurchaseForm packages={[pkg(2, 'Basic', 150_000)]} channels={[channel]} onCreated={vi.fn()} />,
    );
    expect(screen.getByText('Pilih Paket')).toBeInTheDocument();
    expect(screen.getByText('Pilih Metode Pembayaran')).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: 'Lanjutkan Pembayaran' });
    expect(proceed).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Basic' }));
    expect(proceed).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'BCA Virtual Account' }));
    expect(proceed).toBeEnabled();
    expect(screen.getByTestId('price-total')).toHaveTextContent('Rp 154.000');
  });
});
