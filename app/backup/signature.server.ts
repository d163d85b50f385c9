import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { log } from "~/platform/log.server";
import { getSecret, readSecret } from "~/platform/secrets.server";
import { BackupFileError } from "./archive.server";

/**
 * A backup's signature: an HMAC-SHA256 of its manifest (which holds the size and SHA-256 of every
 * other entry) with the backup key, in the entry `manifest.sig` after the manifest. Whoever can
 * write to the backup folder can edit a file consistently, but not sign it. See
 * docs/decisions/0158-signed-backups.md.
 */
export const SIGNATURE_NAME = "manifest.sig";
const SIGNATURE_FORMAT = "stable-backup-signature";

const signatureSchema = z.object({
  format: z.literal(SIGNATURE_FORMAT),
  algorithm: z.literal("HMAC-SHA256"),
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});

export const KEY_ADVICE =
  "Keep a copy of it apart from the backups (a password manager, say): restoring on another machine needs it as BACKUP_KEY, and anyone who has it can sign a backup.";

/** Which key a signature was made with, without giving the key away. */
function keyId(key: string) {
  return createHmac("sha256", key).update("stable-backup key id").digest("hex").slice(0, 16);
}

const mac = (key: string, manifest: Buffer) => createHmac("sha256", key).update(manifest).digest("hex");

/**
 * The key new backups are signed with: BACKUP_KEY, else DATA_DIR/secrets/backup_key, generated at
 * the first backup (`announce` is told where, to pass the advice on).
 */
export function signingKey(announce: (line: string) => void = (line) => log.warn(line)) {
  return getSecret("BACKUP_KEY", (file) =>
    announce(`A backup key was generated in ${file}; every backup is signed with it. ${KEY_ADVICE}`),
  );
}

export function signManifest(manifest: Buffer, key: string): Buffer {
  const signature = { format: SIGNATURE_FORMAT, algorithm: "HMAC-SHA256", keyId: keyId(key), mac: mac(key, manifest) };
  return Buffer.from(JSON.stringify(signature) + "\n");
}

export type SignatureCheck = {
  /** The key to check with; by default BACKUP_KEY or the one in DATA_DIR/secrets (never generated here). */
  key?: string | null;
  /** Accept a file that is unsigned or signed with another key (`--trust-unsigned`). */
  trustUnsigned?: boolean;
};

export type SignatureVerdict = "signed" | "unsigned, trusted" | "not checked, trusted";

const TRUST = "Restore it only if you know where it comes from, with --trust-unsigned.";

/** Throws a BackupFileError unless the manifest carries a valid signature (or trust was given). */
export function checkSignature(
  manifest: Buffer,
  signature: Buffer | undefined,
  { key = readSecret("BACKUP_KEY"), trustUnsigned = false }: SignatureCheck = {},
): SignatureVerdict {
  if (!signature) {
    if (trustUnsigned) return "unsigned, trusted";
    throw new BackupFileError(`it is not signed, so nothing shows it is the site's own. ${TRUST}`);
  }
  const parsed = signatureSchema.safeParse(safeJson(signature));
  if (!parsed.success) {
    if (trustUnsigned) return "not checked, trusted";
    throw new BackupFileError(`its signature is malformed. ${TRUST}`);
  }
  if (!key) {
    if (trustUnsigned) return "not checked, trusted";
    throw new BackupFileError(
      `it is signed, but this machine has no backup key: set BACKUP_KEY to the key of the site that wrote it. ${TRUST}`,
    );
  }
  if (parsed.data.keyId !== keyId(key)) {
    if (trustUnsigned) return "not checked, trusted";
    throw new BackupFileError(
      `it was signed with another backup key: set BACKUP_KEY to the key of the site that wrote it. ${TRUST}`,
    );
  }
  const expected = Buffer.from(mac(key, manifest));
  if (!timingSafeEqual(expected, Buffer.from(parsed.data.mac))) {
    if (trustUnsigned) return "not checked, trusted";
    throw new BackupFileError(`its signature does not match: it was altered after it was written. ${TRUST}`);
  }
  return "signed";
}

function safeJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString("utf8"));
  } catch {
    return null;
  }
}
