/** A platform gets the 'Show QR' link when its name says WhatsApp (client-area §2 Integrations). */
export const isWhatsAppPlatform = (platformName: string | undefined) => {
  const name = (platformName ?? '').toLowerCase();
  return name.includes('whats') && name.includes('app');
};

/**
 * Where the pairing page of a QR-paired WhatsApp device lives: the development gateway
 * (the built-in sandbox unless VITE_WAHA_QR_URL names another host), with the AccountID as device.
 */
export const qrPageUrl = (
  device: string,
  base: string = import.meta.env.VITE_WAHA_QR_URL ?? '/sandbox/waha/qr',
) => `${base}${base.includes('?') ? '&' : '?'}device=${encodeURIComponent(device)}`;

export interface IntegrationFormValues {
  type: string;
  integration_id: string;
  title: string;
  integration_contact: string;
  status: string;
}

/** The form's rules (client-area §5 Integration); values are i18n keys of the messages. */
export function validateIntegration(values: IntegrationFormValues, editing: boolean) {
  const errors: Partial<Record<keyof IntegrationFormValues, string>> = {};
  if (!values.type) errors.type = 'integrations.validation.type';
  if (!values.integration_id) errors.integration_id = 'integrations.validation.platform';
  if (!values.title.trim()) errors.title = 'integrations.validation.name';
  if (!values.integration_contact.trim()) errors.integration_contact = 'integrations.validation.accountId';
  if (editing && !values.status) errors.status = 'integrations.validation.status';
  return errors;
}
