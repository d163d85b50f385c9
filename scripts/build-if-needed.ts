/** First step of `npm start`: builds when there is no build yet or a source file is newer than it. */
import { env } from "~/platform/env.server";
import { ensureBuild } from "@server/build-check";

try {
  // Every variable is checked before anything is built or listens: a bad one stops here, named.
  if (env().NODE_ENV !== "development") ensureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
