import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One access-log line per request, written when the answer has left (docs/performance.md, issue 26). Fastify
 * writes two by default (received, completed): a profile of an authenticated read under load found them the
 * largest single cost. The one line keeps what an operator needs — method, URL (tokens redacted by the `req`
 * serializer in `app.ts`), address, status and time; Fastify's error lines are untouched.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      req.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
