import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The URL as logs show it. The sign-in callback carries the authorization code and state in its query,
 * so query strings under /api/auth are never logged.
 */
function loggedUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  return query !== undefined && path.startsWith('/api/auth') ? `${path}?[redacted]` : url;
}

/** The request in a log record; cookies are not logged at all. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    remoteAddress: request.ip,
    userAgent: request.headers['user-agent'],
  };
}

/**
 * One log record per request, written when it is answered, instead of Fastify's two ("incoming
 * request", "request completed"): what was asked, the status and the time, with a message read at a
 * glance ("GET /api/today 200 4ms"). Development prints just that message (main.ts); elsewhere the
 * record stays a JSON line with the request and answer fields.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const ms = Math.round(reply.elapsedTime);
    const record = { req: request, res: reply, responseTime: ms };
    const message = `${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${ms}ms`;
    if (error) reply.log.error({ ...record, err: error }, message);
    else reply.log.info(record, message);
  }
}
