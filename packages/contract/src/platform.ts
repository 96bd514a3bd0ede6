import { z } from 'zod';

export const PASSWORD_POLICIES = ['high', 'medium', 'basic'] as const;
export const PLATFORM_LANGUAGES = ['English', 'Spanish', 'French'] as const;

/** The super-admin Settings page. Password policy and maintenance mode are enforced by the server. */
export const platformSettings = z.object({
  password_policy: z.enum(PASSWORD_POLICIES),
  two_factor: z.boolean(),
  system_alerts: z.boolean(),
  database_alerts: z.boolean(),
  default_language: z.enum(PLATFORM_LANGUAGES),
  maintenance_mode: z.boolean(),
});
export type PlatformSettings = z.infer<typeof platformSettings>;

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  password_policy: 'medium',
  two_factor: false,
  system_alerts: true,
  database_alerts: true,
  default_language: 'English',
  maintenance_mode: false,
};

export const updatePlatformSettingsBody = z.strictObject(platformSettings.shape).partial();

/** What anyone may know about the platform: whether changes are paused. */
export const platformStatus = z.object({ maintenance_mode: z.boolean() });

export const PLATFORM_MSG = {
  settingsUpdated: 'Settings updated successfully',
  maintenance: 'The platform is under maintenance. Changes are paused until it ends.',
  passwordPolicyHigh: 'Password must be at least 12 characters and include a special character',
} as const;

/** The error for a password the policy refuses, or null when it is acceptable. */
export function passwordPolicyError(
  policy: PlatformSettings['password_policy'],
  password: string,
): string | null {
  if (policy === 'high' && (password.length < 12 || !/[^A-Za-z0-9]/.test(password))) {
    return PLATFORM_MSG.passwordPolicyHigh;
  }
  return null;
}

export const systemHealth = z.object({
  status: z.enum(['Healthy', 'Degraded']),
  uptime_seconds: z.number(),
  cpu_percent: z.number(),
  load_average: z.array(z.number()),
  memory: z.object({
    rss_bytes: z.number(),
    heap_used_bytes: z.number(),
    system_total_bytes: z.number(),
    system_free_bytes: z.number(),
  }),
  websocket_connections: z.number(),
  database: z.object({ reachable: z.boolean(), latency_ms: z.number().nullable(), kind: z.string() }),
});
export type SystemHealth = z.infer<typeof systemHealth>;
