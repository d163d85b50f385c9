import fs from "node:fs";
import path from "node:path";

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "read-only file system",
  ENOTDIR: "part of the path is a file",
};

/**
 * Start-up check that DATA_DIR can be used: it is created if missing and a file is written and
 * removed in it. Returns one line saying what is wrong, or null. A full disk is no reason not to
 * start (the site can still serve what it has), so it passes.
 */
export function dataDirProblem(dir: string): string | null {
  try {
    makeDir(dir);
    const probe = path.join(dir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe, { force: true });
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === "ENOSPC" || code === "EDQUOT") return null;
    const why = REASONS[code ?? ""] ?? code ?? String(error);
    return `DATA_DIR ${dir} is not writable (${why}): set DATA_DIR to a directory this user can write.`;
  }
}

/** mkdir -p that reports the real reason: a recursive mkdir says ENOENT for a read-only parent. */
function makeDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    let missing = dir;
    while (!fs.existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
    fs.mkdirSync(missing);
    throw error;
  }
}
