import { z } from "zod";
import { normaliseKey } from "~/media/storage.server";

/**
 * The backup file: a gzip-compressed tar holding
 *   db/<table>.jsonl   one JSON object per row, per content table (engine-neutral values)
 *   media/<key>        every stored media file, under its storage key
 *   manifest.json      last: what the rest is, with a SHA-256 and size for every entry
 * See docs/decisions/0080-backups.md.
 */
export const FORMAT = "stable-backup";
export const FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export const tableEntryName = (table: string) => `db/${table}.jsonl`;
export const mediaEntryName = (key: string) => `media/${key}`;

/**
 * Column types as the backup records them, the same whichever engine wrote it. Values in the
 * JSON lines are strings (text, instant), numbers (integer, real), booleans (boolean) or null.
 */
export const NEUTRAL_TYPES = ["text", "integer", "real", "boolean", "instant"] as const;
export type NeutralType = (typeof NEUTRAL_TYPES)[number];

const ENGINE_TYPES: Record<string, NeutralType> = {
  text: "text",
  varchar: "text",
  integer: "integer",
  int: "integer",
  int2: "integer",
  int4: "integer",
  int8: "integer",
  bigint: "integer",
  real: "real",
  float4: "real",
  float8: "real",
  bool: "boolean",
  boolean: "boolean",
  timestamptz: "instant",
  timestamp: "instant",
};

export function neutralType(engineType: string, where: string): NeutralType {
  const type = ENGINE_TYPES[engineType.toLowerCase()];
  if (!type) throw new Error(`${where} has the type ${engineType}, which backups cannot hold yet`);
  return type;
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const tableName = z.string().regex(/^[a-z_][a-z0-9_]*$/);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  engine: z.enum(["sqlite", "postgres"]),
  /** Every migration the database had applied, oldest first; the last is its schema level. */
  migrations: z.array(z.string()).min(1),
  tables: z.record(
    tableName,
    z.object({
      rows: z.number().int().min(0),
      columns: z.array(z.object({ name: z.string().min(1), type: z.enum(NEUTRAL_TYPES) })).min(1),
    }),
  ),
  media: z.object({
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Images a record points at that were not in storage when the backup was taken. */
    missing: z.array(z.string()),
  }),
  entries: z.array(z.object({ name: z.string().min(1), size: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableManifest = Manifest["tables"][string];

/** The storage key of a media entry, or null when the name is not a valid one. */
export function mediaKeyOf(entryName: string): string | null {
  if (!entryName.startsWith("media/")) return null;
  const key = entryName.slice("media/".length);
  try {
    return normaliseKey(key) === key ? key : null;
  } catch {
    return null;
  }
}

export function tableOf(entryName: string): string | null {
  const m = /^db\/([a-z_][a-z0-9_]*)\.jsonl$/.exec(entryName);
  return m ? m[1]! : null;
}

/** A value read from either engine, as the backup writes it. */
export function encodeValue(value: unknown, where: string): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${where} holds ${value}, which backups cannot hold`);
    return value;
  }
  if (typeof value === "bigint") {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
      throw new Error(`${where} holds ${value}, beyond what backups hold exactly`);
    return Number(value);
  }
  if (value instanceof Date) return value.toISOString();
  throw new Error(`${where} holds a value of a kind backups cannot hold yet`);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** The kinds of JSON value a row may hold, fine enough to check them against a column type. */
export type ValueKind = "null" | "integer" | "number" | "text" | "instant" | "boolean" | "other";

export function kindOf(value: unknown): ValueKind {
  if (value === null) return "null";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isSafeInteger(value) ? "integer" : "number";
  if (typeof value === "string") return INSTANT.test(value) ? "instant" : "text";
  return "other";
}

/** Whether a value of this kind fits the column (a SQLite integer column holds booleans as 0/1). */
export function kindFits(kind: ValueKind, type: NeutralType) {
  if (kind === "null") return true;
  switch (type) {
    case "text":
      return kind === "text" || kind === "instant";
    case "integer":
      return kind === "integer";
    case "real":
      return kind === "integer" || kind === "number";
    case "boolean":
      return kind === "boolean" || kind === "integer";
    case "instant":
      return kind === "instant";
  }
}

/**
 * A backed-up value as the target column wants it: booleans become 0/1 on SQLite and 0/1 become
 * booleans on PostgreSQL; instants stay ISO-8601 text, which both engines read.
 */
export function decodeValue(
  value: string | number | boolean | null,
  target: NeutralType,
  engine: "sqlite" | "postgres",
) {
  if (value === null) return null;
  if (engine === "sqlite" && typeof value === "boolean") return value ? 1 : 0;
  if (engine === "postgres" && target === "boolean" && typeof value === "number") return value !== 0;
  return value;
}
