import {
  changePasswordBody,
  completeResetBody,
  enterClientBody,
  forgotPasswordBody,
  loginBody,
  refreshBody,
  sessionUser,
  tokens,
} from '@app/contract/auth';
import { envelope } from '@app/contract/common';
import { MSG } from '@app/contract/messages';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send } from '../../http/envelope.ts';
import type { AuthService } from './auth.service.ts';

const done = envelope(z.null());
const tags = ['auth'];

export function authRoutes(app: App, auth: AuthService) {
  app.post(
    '/api/auth/login',
    {
      config: { access: { public: true } },
      schema: { tags, body: loginBody, response: { 200: envelope(tokens) } },
    },
    async (request, reply) => send(reply, await auth.login(request.body, request), MSG.loginOk),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: { public: true } },
      schema: { tags, body: refreshBody, response: { 200: envelope(tokens) } },
    },
    async (request, reply) => send(reply, await auth.refresh(request.body.refresh_token, request)),
  );

  app.post(
    '/api/auth/logout',
    { config: { access: { signedIn: true } }, schema: { tags, response: { 200: done } } },
    async (request, reply) => {
      await auth.logout(principalOf(request), request);
      return send(reply, null, MSG.loggedOut);
    },
  );

  app.get(
    '/api/auth/me',
    { config: { access: { signedIn: true } }, schema: { tags, response: { 200: envelope(sessionUser) } } },
    async (request, reply) => send(reply, await auth.me(principalOf(request))),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: { public: true } },
      schema: { tags, body: forgotPasswordBody, response: { 200: done } },
    },
    async (request, reply) => {
      await auth.forgotPassword(request.body.email, request);
      return send(reply, null, MSG.forgotPasswordSent);
    },
  );

  app.post(
    '/api/auth/forgot-password/complete',
    {
      config: { access: { public: true } },
      schema: { tags, body: completeResetBody, response: { 200: done } },
    },
    async (request, reply) => {
      await auth.completeReset(request.body.token, request.body.new_password, request);
      return send(reply, null, MSG.passwordReset);
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: { signedIn: true } },
      schema: { tags, body: changePasswordBody, response: { 200: done } },
    },
    async (request, reply) => {
      const body = request.body;
      await auth.changePassword(principalOf(request), body.old_password, body.new_password, request);
      return send(reply, null, MSG.passwordChanged);
    },
  );

  app.post(
    '/api/auth/login-client-account',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, body: enterClientBody, response: { 200: envelope(tokens) } },
    },
    async (request, reply) =>
      send(reply, await auth.enterClient(principalOf(request), request.body.company_external_id, request)),
  );

  app.post(
    '/api/auth/leave-client-account',
    { config: { access: { signedIn: true } }, schema: { tags, response: { 200: done } } },
    async (request, reply) => {
      await auth.leaveClient(principalOf(request), request);
      return send(reply, null);
    },
  );
}
