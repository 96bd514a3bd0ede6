import { cpus, freemem, loadavg, totalmem } from 'node:os';
import {
  PLATFORM_MSG,
  type PlatformSettings,
  passwordPolicyError,
  type SystemHealth,
} from '@app/contract/platform';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Principal } from '../../http/access.ts';
import { badRequest } from '../../http/errors.ts';
import { auditRepo } from '../audit/audit.repo.ts';
import { platformRepo } from './platform.repo.ts';

// Other processes see a change within this long; this process at once.
const CACHE_MS = 5_000;

/** Platform settings with a short cache, the password policy, and the live health figures. */
export function platformService(
  { db }: Deps,
  database: Database,
  websocketConnections: () => number = () => 0,
) {
  const repo = platformRepo(db);
  let cached: { at: number; value: PlatformSettings } | null = null;
  let lastCpu = { usage: process.cpuUsage(), at: process.hrtime.bigint() };

  async function settings() {
    if (!cached || Date.now() - cached.at > CACHE_MS) cached = { at: Date.now(), value: await repo.read() };
    return cached.value;
  }

  /** Share of one machine's CPU this process used since the previous reading. */
  function cpuPercent() {
    const now = { usage: process.cpuUsage(), at: process.hrtime.bigint() };
    const usedMicros = now.usage.user - lastCpu.usage.user + (now.usage.system - lastCpu.usage.system);
    const elapsedMicros = Number(now.at - lastCpu.at) / 1000;
    lastCpu = now;
    if (elapsedMicros <= 0) return 0;
    return Math.round((usedMicros / elapsedMicros / cpus().length) * 1000) / 10;
  }

  return {
    settings,

    async update(principal: Principal, changes: Partial<PlatformSettings>) {
      await repo.write(changes);
      cached = null;
      await auditRepo(db).record({
        action: 'settings.updated',
        actorUserId: principal.userId,
        details: changes,
      });
      return settings();
    },

    maintenance: async () => (await settings()).maintenance_mode,

    /** Throws the policy's message when a new password is too weak for the platform setting. */
    async assertPassword(password: string, field = 'password') {
      const error = passwordPolicyError((await settings()).password_policy, password);
      if (error) throw badRequest(error, [{ field, message: error }]);
    },

    async health(): Promise<SystemHealth> {
      const started = performance.now();
      const reachable = await database.ping().then(
        () => true,
        () => false,
      );
      const memory = process.memoryUsage();
      return {
        status: reachable ? 'Healthy' : 'Degraded',
        uptime_seconds: Math.round(process.uptime()),
        cpu_percent: cpuPercent(),
        load_average: loadavg().map((value) => Math.round(value * 100) / 100),
        memory: {
          rss_bytes: memory.rss,
          heap_used_bytes: memory.heapUsed,
          system_total_bytes: totalmem(),
          system_free_bytes: freemem(),
        },
        websocket_connections: websocketConnections(),
        database: {
          reachable,
          latency_ms: reachable ? Math.round((performance.now() - started) * 10) / 10 : null,
          kind: database.kind,
        },
      };
    },

    maintenanceMessage: PLATFORM_MSG.maintenance,
  };
}
export type PlatformService = ReturnType<typeof platformService>;
