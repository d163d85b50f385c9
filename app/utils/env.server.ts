import path from "node:path";
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
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
  MAIL_FROM: z.string().default("Stable website <no-reply@localhost>"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema>;

let cached: (Env & { dataDir: string }) | undefined;

/** Parses process.env once; a bad value stops start-up with the variable's name and the reason. */
export function env() {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}

/** For tests that change variables between cases. */
export function resetEnvCache() {
  cached = undefined;
}
