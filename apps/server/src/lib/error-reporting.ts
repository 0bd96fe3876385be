import * as Sentry from '@sentry/node';

/**
 * Sentry only reports from these environments; development and tests stay silent
 * (docs/product.md#error-reporting).
 */
const REPORTING_ENVIRONMENTS = new Set(['production', 'staging']);

/** Headers that carry credentials: removed from every event before it leaves the process. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

export interface ErrorReportingSettings {
  dsn?: string;
  environment: string;
  release: string;
}

type Scrubbable = {
  request?: { headers?: Record<string, string>; cookies?: unknown };
};

/** Removes the Authorization and Cookie headers (and parsed cookies) from an event's request. */
export function stripSecrets<T extends Scrubbable>(event: T): T {
  const request = event.request;
  if (request) {
    if (request.headers) {
      request.headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !SECRET_HEADERS.has(name.toLowerCase())),
      );
    }
    delete request.cookies;
  }
  return event;
}

/** The SDK options for these settings, or null when reporting is off (no DSN, or not production/staging). */
export function sentryOptions(settings: ErrorReportingSettings): Sentry.NodeOptions | null {
  if (!settings.dsn || !REPORTING_ENVIRONMENTS.has(settings.environment)) return null;
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: settings.environment === 'production' ? 0.1 : 1,
    // No user details, cookies or bodies (passwords, signatures) are collected; credential headers neither,
    // and beforeSend removes them again in case an integration added them.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpBodies: [],
      httpHeaders: { request: { deny: [...SECRET_HEADERS] }, response: { deny: ['set-cookie'] } },
    },
    beforeSend: (event) => stripSecrets(event),
    beforeSendTransaction: (event) => stripSecrets(event),
  };
}

let enabled = false;

/** Starts Sentry when configured; returns whether it is on. Call once, before the app is built. */
export function initErrorReporting(settings: ErrorReportingSettings): boolean {
  const options = sentryOptions(settings);
  if (!options) return false;
  Sentry.init(options);
  enabled = true;
  return true;
}

export interface ReportedRequest {
  id: string;
  method: string;
  url: string;
  route?: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Sends an unexpected failure (a 5xx) to Sentry when reporting is on; never throws. The request travels with
 * it (method, URL, headers) so the event is useful; credential headers are removed before sending.
 */
export function reportError(error: unknown, request?: ReportedRequest): void {
  if (!enabled) return;
  try {
    Sentry.withScope((scope) => {
      if (request) {
        scope.setTag('requestId', request.id);
        if (request.route) scope.setTag('route', request.route);
        const headers = Object.fromEntries(
          Object.entries(request.headers).flatMap(([name, value]) =>
            value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
          ),
        );
        scope.setSDKProcessingMetadata({
          normalizedRequest: { method: request.method, url: request.url, headers },
        });
      }
      Sentry.captureException(error);
    });
  } catch {
    // Reporting must never turn one failure into two.
  }
}

/** Waits (bounded) for queued events to be sent: on shutdown and in tests. */
export async function flushErrorReporting(timeoutMs = 2000): Promise<void> {
  if (enabled) await Sentry.flush(timeoutMs);
}
