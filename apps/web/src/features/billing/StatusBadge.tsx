import { Badge } from '@mantine/core';
import { invoiceStatusColor } from './billing-format.ts';

/** An invoice status in lower case (client-area §3) in its colour: paid green, pending yellow, else red. */
export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={invoiceStatusColor(status)} variant="light" tt="none" data-status={status}>
      {status.toLowerCase()}
    </Badge>
  );
}
