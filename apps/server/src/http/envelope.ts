import type { ListMeta } from '@app/contract/common';
import { MSG } from '@app/contract/messages';
import type { FastifyReply } from 'fastify';

/** Sends `{status_code, message, data}` with the same status on the wire and in the body. */
export function send<T>(reply: FastifyReply, data: T, message: string = MSG.ok, statusCode = 200) {
  return reply.code(statusCode).send({ status_code: statusCode, message, data });
}

export function sendList<T>(reply: FastifyReply, data: T[], meta: ListMeta, message: string = MSG.ok) {
  return reply.code(200).send({ status_code: 200, message, data, meta });
}
