import { z } from 'zod';

const Bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default; set 0.0.0.0 behind a load balancer or in a container. */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Server processes (docs/deployment.md#every-core): a number, or `auto` for one per core. Unset: one, unless
   * started with `--cluster` (`npm run start:prod`), which means one per core.
   */
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1, 'WORKERS must be at least 1').max(64)])
    .optional(),
  DATABASE_URL: z.url().optional(),
  /** A direct connection for LISTEN when DATABASE_URL goes through a pooler in transaction mode (docs/deployment.md). */
  DATABASE_DIRECT_URL: z.url().optional(),
  /** Off: every request checks its session in PostgreSQL, no per-process cache (docs/deployment.md). */
  SESSION_CACHE: Bool,
  /**
   * `transaction` when DATABASE_URL is a pooler in transaction mode (PgBouncer before 1.21): statements are sent
   * unnamed (docs/scale.md#pgbouncer-in-transaction-mode).
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  APP_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Aceite <no-reply@aceite.local>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: Bool,
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  PUBLIC_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  PASSWORD_CHANGE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  MAIL_LIMIT_PER_ORGANIZATION_PER_HOUR: z.coerce.number().int().min(1).default(200),
  MAIL_LIMIT_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  ANSWER_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).default(60),
  ANSWER_CODE_LIMIT_PER_PROPOSAL_PER_HOUR: z.coerce.number().int().min(1).default(5),
  ANSWER_CODE_LIMIT_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  REGISTRATION_LIMIT_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  UPLOADS_PER_ORGANIZATION_PER_HOUR: z.coerce.number().int().min(1).default(300),
  /** Unsafe: webhooks may use http and reach private and loopback addresses (tests, closed networks). */
  WEBHOOKS_ALLOW_PRIVATE: Bool,
  /**
   * The DNS servers the SSO domain check asks (`host` or `host:port`, comma-separated) instead of the system's
   * (docs/deployment.md#webhooks); the browser tests point it at their own small DNS server.
   */
  SSO_DNS_SERVERS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .optional(),
  /** The ports a webhook URL may name, comma-separated; default 443,80,8080,8443 (docs/deployment.md). */
  WEBHOOKS_ALLOWED_PORTS: z
    .string()
    .transform((v) => v.split(',').map((p) => Number(p.trim())))
    .pipe(
      z.array(
        z
          .number()
          .int()
          .min(1, 'WEBHOOKS_ALLOWED_PORTS must list ports between 1 and 65535')
          .max(65535, 'WEBHOOKS_ALLOWED_PORTS must list ports between 1 and 65535'),
      ),
    )
    .optional(),
  WEBHOOK_ENDPOINTS_PER_ORGANIZATION: z.coerce.number().int().min(1).default(10),
  WEBHOOK_TEST_EVENTS_PER_ORGANIZATION_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** `npm run bench` only: two routes that measure the session check (docs/performance.md). */
  BENCH_ROUTES: Bool,
  /**
   * `npm run bench` only: the seal job does not run, so the signatures' reference is measured without it
   * (docs/performance.md#documents-at-speed-issue-41).
   */
  BENCH_SEAL_PAUSED: Bool,
  /** Worker threads that render and seal PDFs; 0 runs that work on the event loop (docs/deployment.md). */
  PDF_WORKERS: z.coerce.number().int().min(0).max(32).default(1),
  SENTRY_DSN: z.url().optional(),
  /** Error reporting runs only in production and staging (docs/product.md#error-reporting). */
  SENTRY_ENVIRONMENT: z.string().min(1).default('production'),
  SENTRY_RELEASE: z.string().min(1).default('1.0.0'),
  /** The browser's DSN (built into the web app): its origin is allowed by the Content-Security-Policy. */
  VITE_SENTRY_DSN: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('eu-west-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: Bool,
  /** The PKCS#12 that seals signed PDFs; without it, one is generated in DATA_DIR (docs/deployment.md). */
  SEAL_P12_PATH: z.string().min(1).optional(),
  SEAL_P12_PASSWORD: z.string().optional(),
  /**
   * An RFC 3161 timestamp authority: each seal gets a signature timestamp (PAdES B-T); without it the seal is
   * B-B and its certificate says the time is the server's (docs/deployment.md#the-sealing-certificate).
   */
  SEAL_TSA_URL: z.url({ protocol: /^https?$/, error: 'SEAL_TSA_URL must be an http(s) URL' }).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment once; fails fast listing every bad key. The only reader of process.env. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** What buildApp needs; resolved from Env at start-up (secrets, URLs) or built directly by tests. */
export interface AppConfig {
  appUrl: string;
  jwtSecret: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  authRateLimitMax: number;
  /** Failed sign-ins per account per 15 minutes, from any address; default 10. */
  authAccountFailureLimit?: number;
  /** Public proposal actions per IP per minute (page views: six times as many). */
  publicRateLimitMax: number;
  /** Password changes (each checks the current password) per user per hour; default 10. */
  passwordChangeLimitPerHour?: number;
  /** Requests per API key per minute; default 600 (docs/product.md#api-keys). */
  apiKeyRateLimitPerMinute?: number;
  /** Invitations and proposal emails per organization and per address per hour; defaults 200 and 10. */
  mailLimits?: { perOrganizationPerHour: number; perRecipientPerHour: number };
  /** The client's answer codes: seconds between two, per proposal and per address per hour; 60, 5, 20. */
  answerCodeLimits?: { resendAfterSeconds: number; perProposalPerHour: number; perRecipientPerHour: number };
  /** The client's questions and change requests per proposal and per network per hour; defaults 10 and 20. */
  clientMessageLimits?: { perProposalPerHour: number; perIpPerHour: number };
  /** Sign-up attempts per IP per hour; default 10. */
  registrationLimitPerHour?: number;
  /** Attachment uploads per organization per hour; default 300. */
  uploadsPerOrganizationPerHour?: number;
  /** Serve the built SPA from this folder when it exists. */
  webDistDir?: string;
  /** Attachments in this S3-compatible bucket instead of DATA_DIR/uploads. */
  s3?: import('@/lib/storage.ts').S3Config;
  /** Run the outbox worker in-process (off in most tests, which drain it explicitly). */
  runWorkers: boolean;
  /**
   * Keep the session check's answers in memory, revoked by LISTEN/NOTIFY (modules/auth/session-cache.ts);
   * off unless set (tests opt in), on in `npm start` unless SESSION_CACHE=false.
   */
  sessionCache?: boolean;
  /** Where the session cache listens instead of the pool's URL (DATABASE_DIRECT_URL). */
  databaseDirectUrl?: string;
  /** PDF_WORKERS: threads that render and seal PDFs (modules/pdf-workers); default 1, 0 = on the event loop. */
  pdfWorkers?: number;
  /** BENCH_SEAL_PAUSED: the seal job is not started (the bench's reference for the signatures). */
  sealJobPaused?: boolean;
  /** Register the bench's two session-check routes (GET /api/v1/bench/token-only and /bench/authenticated). */
  benchRoutes?: boolean;
  /**
   * Webhook delivery (docs/product.md#webhooks): the SSRF guard's escape hatch, the allowed ports and, for
   * tests, shorter timings.
   */
  webhooks?: Partial<Omit<import('@/jobs/webhook-worker.ts').WebhookWorkerOptions, 'appUrl'>>;
  /**
   * Tests: the DNS TXT lookup of the domain checks, SSO's and the custom domain's (lib/domain-verification.ts);
   * node's otherwise.
   */
  ssoResolveTxt?: (name: string) => Promise<string[][]>;
  /** Webhook endpoints per organization and test events per organization per hour; defaults 10 and 20. */
  webhookLimits?: { endpointsPerOrganization: number; testEventsPerHour: number };
  /** Origins the browser app may send error reports to (the CSP's connect-src). */
  reportingOrigins?: string[];
  /** The certificate that seals signed PDFs; without it, the one kept in dataDir (made at first start). */
  sealKey?: import('@/lib/seal-key.ts').SealKey;
  /** SEAL_TSA_URL: the seal's timestamp authority (PAdES B-T); without it the seal is B-B. */
  sealTsa?: import('@/modules/sealed-documents/timestamp.ts').TsaConfig;
  /**
   * Tests: validate every answer with zod too and fail when the fast serializer writes anything else
   * (lib/response-serializer.ts). Off in production, where the fast serializer alone writes the answers.
   */
  checkResponses?: boolean;
  /**
   * Tests only: answer the hot reads the way they were computed before issue 26 (zod's serializer, the
   * queries built per call, counts and sums recomputed from the rows) — the reference that
   * `reads-unchanged.test.ts` compares the optimised answers with, byte for byte.
   */
  referenceReads?: boolean;
}
