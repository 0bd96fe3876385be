import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveSealKey } from '@/lib/seal-key.ts';
import type { AppConfig, Env } from './env.ts';

/** DATA_DIR, created if absent; a folder that cannot be made ends the start-up with one sentence saying what to do. */
async function ensureDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new Error(
      `Cannot create the data folder ${path.resolve(dir)} (${(error as NodeJS.ErrnoException).code}): choose a DATA_DIR this user can write.`,
    );
  }
}

/** SSO_DNS_SERVERS: the SSO domain check's TXT lookups go to these servers instead of the system's. */
function txtResolverAt(servers: string[]): (name: string) => Promise<string[][]> {
  const resolver = new Resolver({ timeout: 5000, tries: 2 });
  resolver.setServers(servers);
  return (name) => resolver.resolveTxt(name);
}

/** JWT_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR (mode 600). */
async function resolveJwtSecret(env: Env): Promise<string> {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export async function resolveAppConfig(env: Env, webDistDir?: string): Promise<AppConfig> {
  await ensureDataDir(env.DATA_DIR);
  return {
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: await resolveJwtSecret(env),
    sealKey: await resolveSealKey({
      dataDir: env.DATA_DIR,
      p12Path: env.SEAL_P12_PATH,
      password: env.SEAL_P12_PASSWORD,
    }),
    sealTsa: env.SEAL_TSA_URL ? { url: env.SEAL_TSA_URL } : undefined,
    dataDir: path.resolve(env.DATA_DIR),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ?? false,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    authAccountFailureLimit: env.AUTH_ACCOUNT_FAILURE_LIMIT,
    passwordChangeLimitPerHour: env.PASSWORD_CHANGE_LIMIT_PER_HOUR,
    apiKeyRateLimitPerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE,
    mailLimits: {
      perOrganizationPerHour: env.MAIL_LIMIT_PER_ORGANIZATION_PER_HOUR,
      perRecipientPerHour: env.MAIL_LIMIT_PER_RECIPIENT_PER_HOUR,
    },
    answerCodeLimits: {
      resendAfterSeconds: env.ANSWER_CODE_RESEND_SECONDS,
      perProposalPerHour: env.ANSWER_CODE_LIMIT_PER_PROPOSAL_PER_HOUR,
      perRecipientPerHour: env.ANSWER_CODE_LIMIT_PER_RECIPIENT_PER_HOUR,
    },
    registrationLimitPerHour: env.REGISTRATION_LIMIT_PER_IP_PER_HOUR,
    uploadsPerOrganizationPerHour: env.UPLOADS_PER_ORGANIZATION_PER_HOUR,
    publicRateLimitMax: env.PUBLIC_RATE_LIMIT_MAX,
    webDistDir: webDistDir && existsSync(webDistDir) ? webDistDir : undefined,
    runWorkers: true,
    benchRoutes: env.BENCH_ROUTES ?? false,
    sessionCache: env.SESSION_CACHE ?? true,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    pdfWorkers: env.PDF_WORKERS,
    sealJobPaused: env.BENCH_SEAL_PAUSED ?? false,
    webhooks: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE ?? false, allowedPorts: env.WEBHOOKS_ALLOWED_PORTS },
    ssoResolveTxt: env.SSO_DNS_SERVERS?.length ? txtResolverAt(env.SSO_DNS_SERVERS) : undefined,
    webhookLimits: {
      endpointsPerOrganization: env.WEBHOOK_ENDPOINTS_PER_ORGANIZATION,
      testEventsPerHour: env.WEBHOOK_TEST_EVENTS_PER_ORGANIZATION_PER_HOUR,
    },
    reportingOrigins: env.VITE_SENTRY_DSN ? [new URL(env.VITE_SENTRY_DSN).origin] : [],
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? true,
        }
      : undefined,
  };
}
