import { envelope, externalIdParam, idParam, listEnvelope } from '@app/contract/common';
import {
  company,
  companyAccessBody,
  companyListQuery,
  companyStatusBody,
  updateCompanyBody,
} from '@app/contract/companies';
import { z } from 'zod';
import { companies } from '../../db/schema/companies.ts';
import { principalOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { pageRequest } from '../../http/pagination.ts';
import { presentCompany } from './companies.presenter.ts';
import type { CompaniesService } from './companies.service.ts';

const tags = ['companies'];
const access = { superAdmin: true } as const;

/** The platform's client companies, for super admins (Client Management). */
export function companiesRoutes(app: App, service: CompaniesService) {
  app.get(
    '/api/client/companies',
    {
      config: { access },
      schema: { tags, querystring: companyListQuery, response: { 200: listEnvelope(company) } },
    },
    async (request, reply) => {
      const query = request.query;
      const page = pageRequest(query, {
        created_at: companies.createdAt,
        company_name: companies.companyName,
      });
      const { rows, total } = await service.list(page, {
        search: query.search,
        status: query.status,
        industry: query.industry,
        city: query.city,
        packageId: query.package_id,
      });
      return sendList(reply, rows.map(presentCompany), page.meta(total));
    },
  );

  app.get(
    '/api/client/companies/id/:id',
    {
      config: { access },
      schema: {
        tags,
        params: idParam,
        response: { 200: envelope(company.extend({ active_users: z.number() })) },
      },
    },
    async (request, reply) => {
      const row = await service.find(request.params.id);
      return send(reply, { ...presentCompany(row), active_users: await service.activeUserCount(row.id) });
    },
  );

  app.put(
    '/api/client/companies/external/:id',
    {
      config: { access },
      schema: {
        tags,
        params: externalIdParam,
        body: updateCompanyBody,
        response: { 200: envelope(company) },
      },
    },
    async (request, reply) =>
      send(
        reply,
        presentCompany(await service.update(principalOf(request), request.params.id, request.body)),
        'Company updated successfully',
      ),
  );

  app.put(
    '/api/client/companies/id/:id/status',
    {
      config: { access },
      schema: { tags, params: idParam, body: companyStatusBody, response: { 200: envelope(company) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentCompany(await service.setStatus(principalOf(request), request.params.id, request.body.status)),
        'Status successfully updated',
      ),
  );

  app.put(
    '/api/client/companies/id/:id/access',
    {
      config: { access },
      schema: { tags, params: idParam, body: companyAccessBody, response: { 200: envelope(company) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentCompany(await service.setAccess(principalOf(request), request.params.id, request.body)),
        'Access updated successfully',
      ),
  );

  app.delete(
    '/api/client/companies/id/:id',
    { config: { access }, schema: { tags, params: idParam, response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      await service.remove(principalOf(request), request.params.id);
      return send(reply, null, 'Client successfully deleted');
    },
  );
}
