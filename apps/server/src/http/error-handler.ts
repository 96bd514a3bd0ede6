import { MSG } from '@app/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from './errors.ts';

type Issue = { field: string; message: string };

const unknownFields = (keys: string[]) => `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;

const issuesOfZod = (error: ZodError): Issue[] =>
  error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.code === 'unrecognized_keys' ? unknownFields(issue.keys) : issue.message,
  }));

/** One place renders every error as the envelope; 5xx details stay in the log. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429) {
        const retry = (error.data as { retry_after?: number } | null)?.retry_after;
        if (retry) reply.header('retry-after', String(retry));
      }
      return reply.code(error.statusCode).send({
        status_code: error.statusCode,
        message: error.message,
        data: error.data,
        error: error.code,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        field: v.instancePath.slice(1).replaceAll('/', '.'),
        message:
          v.keyword === 'unrecognized_keys'
            ? unknownFields((v.params as { keys?: string[] }).keys ?? [])
            : (v.message ?? MSG.validationFailed),
      }));
      return reply.code(400).send({
        status_code: 400,
        message: issues[0]?.message ?? MSG.validationFailed,
        data: issues,
        error: 'validation_failed',
      });
    }
    if (error instanceof ZodError) {
      const issues = issuesOfZod(error);
      return reply.code(400).send({
        status_code: 400,
        message: issues[0]?.message ?? MSG.validationFailed,
        data: issues,
        error: 'validation_failed',
      });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        status_code: status,
        message: status === 413 ? MSG.fileTooLarge : error.message,
        data: null,
        error: (error as FastifyError).code ?? 'bad_request',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status_code: 500, message: MSG.internal, data: null, error: 'internal' });
  });
}
