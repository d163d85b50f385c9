import path from "node:path";
import { z } from "zod";
import { DEFAULT_UPLOAD_MAX_BYTES } from "./upload-limit";

export const TRUST_PROXY_TRUE_REFUSED =
  "true is refused: it trusts every X-Forwarded-For entry, and visitors write the left-most ones themselves. " +
  "Name how many proxies are in front of the site as a hop count (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8).";

const bucketName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
  );

const schema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], "must be development, production or test")
    .default("production"),
  PORT: z.coerce
    .number("must be a port number")
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** PostgreSQL connections per instance. */
  DATABASE_POOL_SIZE: z.coerce
    .number("must be a number of connections")
    .int("must be a whole number of connections")
    .min(1, "must be at least 1")
    .max(1000, "must be at most 1000")
    .default(10),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      "must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)",
    )
    .optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The sender's address; with a name of its own ('Stald Nordlys <post@…>') it is used as it is. */
  MAIL_FROM: z.string().default("no-reply@localhost"),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d+|[\w.:/, -]+)$/, "must be false, a hop count or a list of proxy addresses")
    .refine((v) => v !== "true", TRUST_PROXY_TRUE_REFUSED)
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Where `npm start` looks for (and makes) the build; the tests build into their own. */
  BUILD_DIR: z.string().min(1).default("build"),
  /** `off`: `npm start` uses the build as it is, even if a source file is newer (the browser tests). */
  STABLE_BUILD_CHECK: z.enum(["on", "off"], "must be on or off").default("on"),
  /** `1`: the test-only pages exist (set when building and running the site for the browser tests). */
  STABLE_TEST_ROUTES: z.enum(["0", "1"], "must be 0 or 1").default("0"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int("must be a whole number of bytes")
    .min(1024, "must be at least 1024 bytes")
    .default(DEFAULT_UPLOAD_MAX_BYTES),
  /** How long a form body may take to arrive; uploads must keep up UPLOAD_MIN_BYTES_PER_SECOND over each such period. */
  BODY_TIMEOUT_MS: z.coerce
    .number("must be a number of milliseconds")
    .int("must be a whole number of milliseconds")
    .min(1000, "must be at least 1000 (one second)")
    .max(600_000, "must be at most 600000 (ten minutes)")
    .default(30_000),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
    .number("must be a number of bytes per second")
    .int("must be a whole number of bytes per second")
    .min(1, "must be at least 1")
    .default(10 * 1024),
  /** Where contact messages go; unset = the e-mail address in the admin's Contact Info. */
  CONTACT_TO: z.email("must be a single e-mail address").optional(),
  CONTACT_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** Contact messages accepted per client address per hour. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
  CONTACT_RETRY_BASE_MS: z.coerce.number().int().min(1).max(86_400_000).default(60_000),
  CONTACT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** Mails this instance delivers at once (a newsletter is thousands of them). */
  MAIL_CONCURRENCY: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(32, "must be at most 32")
    .default(4),
  /** Signs backups (HMAC-SHA256); unset: one generated at the first backup into DATA_DIR/secrets. */
  BACKUP_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** Where backups are written: `npm run backup` (default ./backups) and the scheduled ones. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Hours between scheduled backups; unset = the site makes none. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number("must be a number of hours")
    .min(0.1, "must be at least 0.1 (six minutes)")
    .max(8760, "must be at most 8760 (a year)")
    .optional(),
  /** How many backup files to keep in BACKUP_DIR; unset = all. */
  BACKUP_KEEP: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").optional(),
  /** Media in S3-compatible object storage; unset = DATA_DIR/media on the local disk. */
  MEDIA_S3_BUCKET: bucketName.optional(),
  /** Private photos (owners-only posts) in a bucket of their own, never public; needs MEDIA_S3_BUCKET. */
  MEDIA_S3_PRIVATE_BUCKET: bucketName.optional(),
  /** The service's address for anything but AWS itself (R2, MinIO, Garage, B2 …). */
  MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  MEDIA_S3_REGION: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key) instead of the host name; most self-hosted services need it. */
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"], "must be true or false")
    .transform((v) => v === "true" || v === "1")
    .optional(),
  /** A CDN or public bucket address the /media/ URLs then redirect to. */
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** Dansk Hestevæddeløb's web API; a test or staging site points it at a fake one. */
  DH_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((v) => v.replace(/\/+$/, ""))
    .default("https://api.danskhv.dk/webapi"),
  /** The pause between two requests to DH's API, so the import never hurries it. */
  DH_REQUEST_SPACING_MS: z.coerce.number().int().min(0).max(60_000).default(400),
  /** How long one request to DH's API may take. */
  DH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

/** Rules that involve more than one variable. */
const checked = schema.superRefine((values, ctx) => {
  if (values.BACKUP_INTERVAL_HOURS !== undefined && !values.BACKUP_DIR)
    ctx.addIssue({
      code: "custom",
      path: ["BACKUP_INTERVAL_HOURS"],
      message: "needs BACKUP_DIR, the folder scheduled backups are written to",
    });
  if (values.MEDIA_S3_PRIVATE_BUCKET && values.MEDIA_S3_PRIVATE_BUCKET === values.MEDIA_S3_BUCKET)
    ctx.addIssue({
      code: "custom",
      path: ["MEDIA_S3_PRIVATE_BUCKET"],
      message: "must be another bucket than MEDIA_S3_BUCKET: private photos never share the public one",
    });
  for (const name of [
    "MEDIA_S3_ENDPOINT",
    "MEDIA_S3_REGION",
    "MEDIA_S3_FORCE_PATH_STYLE",
    "MEDIA_PUBLIC_URL",
    "MEDIA_S3_PRIVATE_BUCKET",
  ] as const)
    if (values[name] !== undefined && !values.MEDIA_S3_BUCKET)
      ctx.addIssue({ code: "custom", path: [name], message: "needs MEDIA_S3_BUCKET, the bucket media are stored in" });
});

export type Env = z.infer<typeof schema>;

let cached: (Env & { dataDir: string; backupDir: string }) | undefined;

/** Parses process.env once; a bad value stops start-up with the variable's name and the reason. */
export function env() {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = checked.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  cached = {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    backupDir: path.resolve(parsed.data.BACKUP_DIR ?? "backups"),
  };
  return cached;
}

/**
 * What start-up tells whoever runs the site about settings that work but leave something out:
 * a bucket without a private one keeps the site up, but photos of owners-only updates are refused.
 */
export function settingsNotices(config: Env = env()): string[] {
  const notices: string[] = [];
  if (config.MEDIA_S3_BUCKET && !config.MEDIA_S3_PRIVATE_BUCKET)
    notices.push(
      "MEDIA_S3_BUCKET is set without MEDIA_S3_PRIVATE_BUCKET, so photos of owners-only updates cannot be " +
        "stored (they are refused at upload, never put in the public bucket). Set MEDIA_S3_PRIVATE_BUCKET to a " +
        "second, private bucket on the same service to allow them.",
    );
  return notices;
}

/**
 * The environment for a child process: this one's, with some variables replaced. Children parse
 * it themselves.
 */
export function childProcessEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}

/**
 * Libraries that read a variable of their own: set here so that no inherited value turns on what
 * the site keeps off (better-auth's usage reporting).
 */
export function pinLibraryEnv() {
  process.env.BETTER_AUTH_TELEMETRY = "0";
}

/** For tests that change variables between cases. */
export function resetEnvCache() {
  cached = undefined;
}
