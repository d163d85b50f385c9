import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { closeDatabase, openSqlite, useDatabase } from "~/utils/db.server";
import { startAppServer, type AppServer } from "./app-server";

type Fixtures = {
  /** Extra environment for the site under test, e.g. `test.use({ appEnv: { CONTACT_TO: "…" } })`. */
  appEnv: Record<string, string>;
  /** A running site with its own fresh database; pages resolve relative URLs against it. */
  app: AppServer;
};

export const test = base.extend<Fixtures>({
  appEnv: [{}, { option: true }],
  app: async ({ appEnv }, use) => {
    const server = await startAppServer(appEnv);
    // The test process writes seed data through the app's own models, into the server's database.
    useDatabase(openSqlite(path.join(server.dataDir, "stable.db")));
    await use(server);
    await closeDatabase();
    await server.stop();
  },
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },
});

export { expect };
