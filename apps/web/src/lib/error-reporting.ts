import type { BrowserOptions } from '@sentry/react';

/**
 * Sentry only reports from these environments; development stays silent (docs/product.md#error-reporting).
 */
const REPORTING_ENVIRONMENTS = new Set(['production', 'staging']);

/** Headers that carry credentials: removed from every event before it leaves the browser. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

export interface ErrorReportingSettings {
  dsn?: string;
  environment: string;
  release: string;
  /** True in `vite dev`: never report from a developer's machine. */
  development: boolean;
}

type Scrubbable = { request?: { headers?: Record<string, string>; cookies?: unknown } };

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

/** Whether these settings turn reporting on: a DSN, a production or staging environment, not `vite dev`. */
export function reportingEnabled(settings: ErrorReportingSettings): settings is ErrorReportingSettings & {
  dsn: string;
} {
  return !!settings.dsn && !settings.development && REPORTING_ENVIRONMENTS.has(settings.environment);
}

/** The SDK options (without integrations, which need the SDK itself) for settings that turn reporting on. */
export function sentryOptions(settings: ErrorReportingSettings & { dsn: string }): BrowserOptions {
  const production = settings.environment === 'production';
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: production ? 0.1 : 1,
    replaysSessionSampleRate: production ? 0.1 : 0,
    replaysOnErrorSampleRate: 1,
    // No user details, cookies or bodies; credential headers neither (and beforeSend removes them again).
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

/**
 * Starts Sentry when configured. The SDK is loaded only then (a separate chunk), so an app without a DSN never
 * downloads it. Replays mask all text and block all media (docs/product.md#error-reporting).
 */
export async function initErrorReporting(settings: ErrorReportingSettings): Promise<boolean> {
  if (!reportingEnabled(settings)) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    ...sentryOptions(settings),
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
  });
  return true;
}
