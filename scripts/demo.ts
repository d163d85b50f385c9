/** `npm run demo`: fills an empty database with sample content (see demo-content.ts). */
import { DatabaseNotEmptyError, fillDemo } from "./demo-content";
import { closeDatabase, engine, migrate } from "~/platform/db.server";

try {
  await migrate();
  await fillDemo((line) => console.log(`  ${line}`));
  console.log(`The ${engine()} database now holds the sample content.`);
  console.log("Done. Start the site with `npm start` and open http://localhost:3000");
} catch (error) {
  if (error instanceof DatabaseNotEmptyError) console.error(error.message);
  else console.error(`The demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
