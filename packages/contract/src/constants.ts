/** Business constants shared by server and web (client-area §9, super-admin §9). */
export const PAGE_DEFAULT = 1;
export const LIMIT_DEFAULT = 10;
/** Pickers ask for 200-300 rows at once (super-admin §7, client-area §9). */
export const LIMIT_MAX = 500;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PHONE_PATTERN = /^62\d{9,13}$/;
export const PHONE_MAX = 14;
export const NAME_MAX = 255;
export const EMAIL_MAX = 255;
export const TEXT_MAX = 2000;

export const COMPANY_INDUSTRIES = [
  'Technology',
  'E-commerce',
  'Healthcare',
  'Finance',
  'Education',
  'Manufacturing',
] as const;
export const COMPANY_STATUSES = ['active', 'trial', 'suspended', 'inactive'] as const;

export const THEMES = ['light', 'dark'] as const;
export const LANGUAGES = ['english', 'indonesia'] as const;
export const EMAIL_FREQUENCIES = ['daily', 'weekly', 'monthly', 'never'] as const;

export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
