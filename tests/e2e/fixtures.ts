import crypto from "node:crypto";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { closeDatabase, openSqlite, useDatabase } from "~/utils/db.server";
import { createSession, createUser, type TestUser } from "../auth";
import { startAppServer, type AppServer } from "./app-server";

// The test process signs session cookies for the sites it starts, so both share the secret.
process.env.SESSION_SECRET ??= crypto.randomBytes(32).toString("base64url");

type Fixtures = {
  /** A running site with its own fresh database; pages resolve relative URLs against it. */
  app: AppServer;
  /** Extra environment for the site (override with test.use({ appEnv: {...} })). */
  appEnv: Record<string, string>;
  /** The administrator `adminPage` is signed in as. */
  admin: TestUser;
  /** A page already signed in as an administrator (no sign-in form involved). */
  adminPage: Page;
};

/** Signs the browser context of `page` in as `user` by setting the session cookie directly. */
export async function signInAs(page: Page, app: AppServer, user: { email: string; password: string }) {
  const session = await createSession(user);
  await page
    .context()
    .addCookies([{ name: session.name, value: session.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
}

export const test = base.extend<Fixtures>({
  appEnv: [{}, { option: true }],
  app: async ({ appEnv }, use) => {
    const server = await startAppServer({ SESSION_SECRET: process.env.SESSION_SECRET!, ...appEnv });
    // The test process writes seed data through the app's own models, into the server's database.
    useDatabase(openSqlite(path.join(server.dataDir, "stable.db")));
    await use(server);
    await closeDatabase();
    await server.stop();
  },
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },
  admin: async ({ app }, use) => {
    void app;
    await use(await createUser({ email: "admin@stable.test", admin: true }));
  },
  adminPage: async ({ page, app, admin }, use) => {
    await signInAs(page, app, admin);
    await use(page);
  },
});

export { expect };
