import fs from "node:fs";
import path from "node:path";

/** The newest modification time among the files a build is made from. */
export function newestSourceMtime(root: string): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== "node_modules") visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of ["app", "server", "db", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"]) {
    visit(path.join(root, p));
  }
  return newest;
}
