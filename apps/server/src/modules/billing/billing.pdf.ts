import type { InvoiceView } from './billing.repo.ts';

/**
 * A one-page PDF invoice written directly (PDF 1.4, the standard Helvetica fonts, no embedded
 * files): small, dependency-free, and readable by any viewer or text extractor.
 */
export function invoicePdf(invoice: InvoiceView): Buffer {
  const rupiah = (value: number) => `Rp ${Math.round(value).toLocaleString('id-ID')}`;
  const date = (value: Date | null) =>
    value
      ? `${new Date(value.getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} WIB`
      : '-';
  const method = invoice.paymentMethod === 'QRIS' ? 'QRIS' : `Virtual Account ${invoice.channelCode}`;

  const ops: string[] = [];
  const text = (x: number, y: number, size: number, value: string, bold = false) =>
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${escapePdf(value)}) Tj ET`);
  const right = (xRight: number, y: number, size: number, value: string, bold = false) =>
    text(xRight - value.length * size * 0.5, y, size, value, bold);
  const rule = (y: number) => ops.push(`0.8 w 50 ${y} m 545 ${y} l S`);

  text(50, 780, 22, 'INVOICE', true);
  right(545, 785, 11, invoice.invoiceNumber, true);
  right(545, 770, 10, `Status: ${invoice.status}`);
  text(50, 750, 10, 'AI Admin - messaging console');
  rule(735);
  text(50, 712, 10, 'Billed to', true);
  text(50, 697, 11, invoice.companyName);
  text(320, 712, 10, 'Dates', true);
  text(320, 697, 10, `Created: ${date(invoice.createdAt)}`);
  text(320, 683, 10, `Paid: ${date(invoice.paidAt)}`);
  rule(665);
  text(50, 645, 10, 'Description', true);
  right(545, 645, 10, 'Amount', true);
  text(50, 625, 11, `Package ${invoice.packageName} (${invoice.durationInDays} days)`);
  right(545, 625, 11, rupiah(invoice.packageAmount));
  text(60, 610, 9, `WhatsApp messages: ${invoice.waMessageLimit}   AI usage: ${invoice.aiUsageLimit}`);
  text(50, 590, 11, `Admin fee (${invoice.channelName})`);
  right(545, 590, 11, rupiah(invoice.adminFee));
  rule(575);
  text(50, 555, 12, 'Total', true);
  right(545, 555, 12, rupiah(invoice.amount), true);
  text(50, 520, 10, `Payment method: ${method}`);
  if (invoice.accountNumber) text(50, 505, 10, `Account number: ${invoice.accountNumber}`);
  if (invoice.providerPaymentId) text(50, 490, 10, `Payment reference: ${invoice.providerPaymentId}`);
  text(50, 60, 8, `Reference ${invoice.externalId}. Amounts in Indonesian rupiah.`);

  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escapePdf(`Invoice ${invoice.invoiceNumber}`)}) /Producer (AI Admin) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Latin-1 text for a PDF string: parentheses and backslashes escaped, other characters replaced. */
function escapePdf(value: string) {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}
