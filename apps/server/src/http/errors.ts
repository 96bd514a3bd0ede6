/** Domain errors with stable codes; only the error handler turns them into HTTP answers. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data: unknown = null) =>
  new AppError(400, 'bad_request', message, data);
/** A 400 that names the form field at fault, for the web to show under it. */
export const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);
export const unauthorized = (message: string, code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (message: string, field?: string) =>
  new AppError(409, 'conflict', message, field ? [{ field, message }] : null);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', message, { retry_after: retryAfterSeconds });
export const payloadTooLarge = (message: string) => new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'unsupported_media_type', message);
