import {
  AI_MSG,
  aiCharacter,
  saveAiCharacterBody,
  simulateBody,
  simulation,
} from '@app/contract/ai-characters';
import { envelope } from '@app/contract/common';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import type { AgentService } from '../agent/agent.service.ts';
import { aiCharactersRepo } from './ai-characters.repo.ts';

const tags = ['ai-characters'];

export function aiCharactersRoutes(app: App, { db }: Deps, agent: AgentService) {
  app.get(
    '/api/ai-characters',
    {
      config: { access: { permission: 'ai_read' } },
      schema: { tags, response: { 200: envelope(aiCharacter) } },
    },
    async (request, reply) => send(reply, await aiCharactersRepo(db, tenantOf(request).companyId).get()),
  );

  app.post(
    '/api/ai-characters',
    {
      config: { access: { permission: 'ai_update' } },
      schema: { tags, body: saveAiCharacterBody, response: { 200: envelope(aiCharacter) } },
    },
    async (request, reply) => {
      const repo = aiCharactersRepo(db, tenantOf(request).companyId);
      if ((await repo.save(request.body)) === 'unknown-category') throw badRequest(AI_MSG.categoryNotFound);
      return send(reply, await repo.get(), AI_MSG.saved);
    },
  );

  app.post(
    '/api/ai-characters/simulate',
    {
      config: { access: { permission: 'ai_read' } },
      schema: { tags, body: simulateBody, response: { 200: envelope(simulation) } },
    },
    async (request, reply) =>
      send(reply, await agent.simulate(tenantOf(request), request.body), AI_MSG.simulated),
  );
}
