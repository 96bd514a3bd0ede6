import { envelope, idParam, listEnvelope } from '@app/contract/common';
import {
  assigneeOption,
  categoryListQuery,
  createTicketBody,
  TICKET_MSG,
  ticket,
  ticketCategory,
  ticketCategoryBody,
  ticketCommentBody,
  ticketDetail,
  ticketFromChatBody,
  ticketListQuery,
  ticketStatusBody,
  updateTicketBody,
} from '@app/contract/tickets';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { principalOf, tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { actorOf, ticketsService } from './tickets.service.ts';

const tags = ['tickets'];

/** Tickets, their categories and assignee options (client-area §2 Tickets, §7). */
export function ticketsModule(app: App, deps: Deps, notifications: NotificationsService) {
  const tickets = ticketsService(deps, notifications);

  app.get(
    '/api/tickets',
    {
      config: { access: { permission: 'ticket_read' } },
      schema: { tags, querystring: ticketListQuery, response: { 200: listEnvelope(ticket) } },
    },
    async (request, reply) => {
      const { data, meta } = await tickets.list(tenantOf(request), request.query);
      return sendList(reply, data, meta);
    },
  );

  app.get(
    '/api/tickets/id/:id',
    {
      config: { access: { permission: 'ticket_read' } },
      schema: { tags, params: idParam, response: { 200: envelope(ticketDetail) } },
    },
    async (request, reply) => send(reply, await tickets.detail(tenantOf(request), request.params.id)),
  );

  app.post(
    '/api/tickets',
    {
      config: { access: { permission: 'ticket_create' } },
      schema: { tags, body: createTicketBody, response: { 201: envelope(ticketDetail) } },
    },
    async (request, reply) =>
      send(
        reply,
        await tickets.create(tenantOf(request), actorOf(principalOf(request)), request.body),
        TICKET_MSG.created,
        201,
      ),
  );

  app.post(
    '/api/tickets/chat',
    {
      config: { access: { permission: 'ticket_create' } },
      schema: { tags, body: ticketFromChatBody, response: { 201: envelope(ticketDetail) } },
    },
    async (request, reply) =>
      send(
        reply,
        await tickets.fromChat(tenantOf(request), actorOf(principalOf(request)), request.body),
        TICKET_MSG.created,
        201,
      ),
  );

  app.put(
    '/api/tickets/id/:id',
    {
      config: { access: { permission: 'ticket_update' } },
      schema: { tags, params: idParam, body: updateTicketBody, response: { 200: envelope(ticketDetail) } },
    },
    async (request, reply) =>
      send(
        reply,
        await tickets.update(tenantOf(request), principalOf(request), request.params.id, request.body),
        TICKET_MSG.updated,
      ),
  );

  app.put(
    '/api/tickets/id/:id/status',
    {
      config: { access: { permission: 'ticket_update' } },
      schema: { tags, params: idParam, body: ticketStatusBody, response: { 200: envelope(ticketDetail) } },
    },
    async (request, reply) =>
      send(
        reply,
        await tickets.setStatus(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.body.status,
        ),
        TICKET_MSG.statusUpdated,
      ),
  );

  app.post(
    '/api/tickets/id/:id/activities',
    {
      config: { access: { permission: 'ticket_update' } },
      schema: { tags, params: idParam, body: ticketCommentBody, response: { 201: envelope(ticketDetail) } },
    },
    async (request, reply) =>
      send(
        reply,
        await tickets.comment(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.body.details,
        ),
        TICKET_MSG.commentAdded,
        201,
      ),
  );

  app.delete(
    '/api/tickets/id/:id',
    {
      config: { access: { permission: 'ticket_delete' } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await tickets.remove(tenantOf(request), request.params.id);
      return send(reply, null, TICKET_MSG.deleted);
    },
  );

  app.get(
    '/api/tickets/assignees',
    {
      config: { access: { permission: 'ticket_read' } },
      schema: { tags, response: { 200: envelope(z.array(assigneeOption)) } },
    },
    async (request, reply) => send(reply, await tickets.assignees(tenantOf(request))),
  );

  // Ticket Configuration: categories.
  app.get(
    '/api/tickets/categories',
    {
      config: { access: { permission: 'ticket_read' } },
      schema: { tags, querystring: categoryListQuery, response: { 200: listEnvelope(ticketCategory) } },
    },
    async (request, reply) => {
      const { data, meta } = await tickets.categories.list(tenantOf(request), request.query);
      return sendList(reply, data, meta);
    },
  );

  app.post(
    '/api/tickets/categories',
    {
      config: { access: { permission: 'ticket_create' } },
      schema: { tags, body: ticketCategoryBody, response: { 201: envelope(ticketCategory) } },
    },
    async (request, reply) =>
      send(
        reply,
        await tickets.categories.create(tenantOf(request), request.body),
        TICKET_MSG.categoryCreated,
        201,
      ),
  );

  app.put(
    '/api/tickets/categories/id/:id',
    {
      config: { access: { permission: 'ticket_update' } },
      schema: {
        tags,
        params: idParam,
        body: ticketCategoryBody,
        response: { 200: envelope(ticketCategory) },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await tickets.categories.update(tenantOf(request), request.params.id, request.body),
        TICKET_MSG.categoryUpdated,
      ),
  );

  app.delete(
    '/api/tickets/categories/id/:id',
    {
      config: { access: { permission: 'ticket_delete' } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await tickets.categories.remove(tenantOf(request), request.params.id);
      return send(reply, null, TICKET_MSG.categoryDeleted);
    },
  );
  return tickets;
}
