import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A small file system of its own (tmpfs), so a test can fill it up for real: writes then fail with
 * ENOSPC exactly as on a full disk. Mounting needs root (CI runs as root); elsewhere `mount` is
 * null and the tests inject the error instead.
 */
export type SmallDisk = {
  dir: string;
  /** Writes a filler file until the file system has no space left, then gives back `leaveBytes`. */
  fill: (leaveBytes?: number) => void;
  /** Removes the filler: the space is back. */
  free: () => void;
  /** Unmounts and removes the mount point. */
  unmount: () => void;
};

export const canMountTmpfs = process.platform === "linux" && process.getuid?.() === 0;

export function mountSmallDisk(sizeKb = 16 * 1024, options: { readOnly?: boolean } = {}): SmallDisk | null {
  if (!canMountTmpfs) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-small-disk-"));
  const flags = `size=${sizeKb}k,mode=0755${options.readOnly ? ",ro" : ""}`;
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", flags, "tmpfs", dir], { stdio: "pipe" });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const filler = path.join(dir, "filler");
  return {
    dir,
    fill(leaveBytes = 0) {
      const fd = fs.openSync(filler, "a");
      try {
        // Large writes first, then smaller ones, until not even a page fits.
        for (const size of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
          const chunk = Buffer.alloc(size, 0x61);
          for (;;) {
            try {
              fs.writeSync(fd, chunk);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
              throw error;
            }
          }
        }
        if (leaveBytes > 0) fs.ftruncateSync(fd, Math.max(0, fs.fstatSync(fd).size - leaveBytes));
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
