import fs from "node:fs/promises";
import path from "node:path";

/**
 * Removes the entries of `dir` a killed or failed write left: every one, or only those untouched
 * for `olderThanMs`, except those `inUse` names. A missing folder holds none. Returns how many.
 */
export async function removeLeftoverFiles(
  dir: string,
  { olderThanMs, inUse }: { olderThanMs?: number; inUse?: (file: string) => boolean } = {},
) {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    if (inUse?.(file)) continue;
    if (olderThanMs !== undefined) {
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || Date.now() - stat.mtimeMs < olderThanMs) continue;
    }
    await fs.rm(file, { force: true, recursive: true });
    removed += 1;
  }
  return removed;
}
