/**
 * `npm run demo`: fills an empty database with sample content (see demo-content.ts).
 *   --hero-photo <file>   use this photograph as the home page's hero instead of the drawn one
 */
import fs from "node:fs";
import path from "node:path";
import { DatabaseNotEmptyError, DEMO_OWNER, fillDemo } from "./demo-content";
import { closeDatabase, engine, migrate } from "~/platform/db.server";
import { env } from "~/platform/env.server";

try {
  await migrate();
  const at = process.argv.indexOf("--hero-photo");
  const heroPhoto = at > 0 ? fs.readFileSync(process.argv[at + 1] ?? "") : undefined;
  await fillDemo((line) => console.log(`  ${line}`), { heroPhoto });
  console.log(`The ${engine()} database now holds the sample content.`);
  console.log("Done. Start the site with `npm start` and open http://localhost:3000");
  const mailDir = path.join(env().dataDir, "mail");
  const shown = path.relative(".", mailDir).startsWith("..") ? mailDir : path.relative(".", mailDir);
  const mailbox = env().SMTP_URL ? "sent over SMTP" : `written to ${shown}/`;
  console.log(
    `The owners' area: ${DEMO_OWNER.name}'s invitation (${DEMO_OWNER.email}) is ${mailbox} once the site runs; ` +
      "its link sets her password and opens My Horses.",
  );
} catch (error) {
  if (error instanceof DatabaseNotEmptyError) console.error(error.message);
  else console.error(`The demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
