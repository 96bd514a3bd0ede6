import { describe, expect, it } from 'vitest';
import { isWhatsAppPlatform, qrPageUrl, validateIntegration } from './integration-form.ts';

describe('integration form', () => {
  it("offers 'Show QR' when the platform name has both 'whats' and 'app'", () => {
    expect(isWhatsAppPlatform('WhatsApp Web (QR)')).toBe(true);
    expect(isWhatsAppPlatform('WHATSAPP Cloud API')).toBe(true);
    expect(isWhatsAppPlatform('Telegram')).toBe(false);
    expect(isWhatsAppPlatform('Whats')).toBe(false);
    expect(isWhatsAppPlatform(undefined)).toBe(false);
  });

  it('points the QR page at the device', () => {
    expect(qrPageUrl('my device', '/sandbox/waha/qr')).toBe('/sandbox/waha/qr?device=my%20device');
    expect(qrPageUrl('d1', 'https://dev.example.com/qr?x=1')).toBe(
      'https://dev.example.com/qr?x=1&device=d1',
    );
  });

  it('requires every field, and the status only when editing', () => {
    const empty = { type: '', integration_id: '', title: ' ', integration_contact: '', status: '' };
    expect(validateIntegration(empty, false)).toEqual({
      type: 'integrations.validation.type',
      integration_id: 'integrations.validation.platform',
      title: 'integrations.validation.name',
      integration_contact: 'integrations.validation.accountId',
    });
    expect(validateIntegration(empty, true).status).toBe('integrations.validation.status');
    const full = {
      type: 'message_platform',
      integration_id: '3',
      title: 'Bot',
      integration_contact: '1:x',
      status: 'active',
    };
    expect(validateIntegration(full, true)).toEqual({});
  });
});
