import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

const cache = new Map<string, string>();

/**
 * A secret from the environment (e.g. SESSION_SECRET) or, for the zero-set-up default, one generated
 * once and kept in DATA_DIR/secrets so that sessions survive restarts. Several instances sharing a
 * database must share the variable.
 */
export function getSecret(variable: "SESSION_SECRET"): string {
  const fromEnv = env()[variable];
  if (fromEnv) return fromEnv;
  const cached = cache.get(variable);
  if (cached) return cached;
  const dir = path.join(env().dataDir, "secrets");
  const file = path.join(dir, variable.toLowerCase());
  let value = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "";
  if (!value) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    value = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, value, { mode: 0o600, flag: "wx" });
    } catch {
      // Another process created it first; use theirs.
      value = fs.readFileSync(file, "utf8").trim();
    }
  }
  cache.set(variable, value);
  return value;
}
