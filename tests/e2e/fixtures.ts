import crypto from "node:crypto";
import path from "node:path";
import { test as base, expect, type Page, type Response } from "@playwright/test";
import { closeDatabase, openSqlite, useDatabase } from "~/platform/db.server";
import { createSession, createUser, type TestUser } from "@tests/auth";
import { startAppServer } from "./app-server";
import { ServerPool, type TestSite } from "./shared-server";

// The test process signs session cookies for the sites it starts, so both share the secret.
process.env.SESSION_SECRET ??= crypto.randomBytes(32).toString("base64url");

type Fixtures = {
  /**
   * The running site, as freshly started: the worker's shared server for `appEnv`, reset to its
   * start state, or a server of the test's own when `ownServer` is set. Pages resolve relative
   * URLs against it; `logs` holds what it printed during this test.
   */
  app: TestSite;
  /** Extra environment for the site (override with test.use({ appEnv: {...} })). */
  appEnv: Record<string, string>;
  /**
   * Start a server for this test alone (test.use({ ownServer: true })): for a test that breaks the
   * database, reads what the server prints when it starts, or needs settings no other test shares.
   */
  ownServer: boolean;
  /** The administrator `adminPage` is signed in as. */
  admin: TestUser;
  /** A page already signed in as an administrator (no sign-in form involved). */
  adminPage: Page;
};

type WorkerFixtures = {
  /** The servers this worker shares between its tests, one for each distinct `appEnv`. */
  servers: ServerPool;
};

/** Signs the browser context of `page` in as `user` by setting the session cookie directly. */
export async function signInAs(page: Page, app: { url: string }, user: { email: string; password: string }) {
  const session = await createSession(user);
  await page
    .context()
    .addCookies([{ name: session.name, value: session.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Waits, as a person waits for a page to be ready, until its script has taken over: the React app
 * (app/root.tsx) and the plain pages' script (app/islands/start.ts) both mark <html data-hydrated>.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/**
 * page.goto, reload, goBack and goForward resolve once the page is ready, not merely loaded: a
 * test never types into a form whose script is still starting. A document without a script (a plain
 * error page, an image) has nothing to wait for.
 */
export function navigationsWaitForHydration(page: Page) {
  for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        const html = response?.headers()["content-type"]?.startsWith("text/html");
        if (html && (await page.locator('script[src], script[type="module"]').count()) > 0) {
          await waitForHydration(page);
        }
        return response;
      },
    });
  }
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) navigationsWaitForHydration(page);
    await use(page);
  },
  servers: [
    async ({}, use) => {
      const pool = new ServerPool();
      await use(pool);
      await pool.stop();
    },
    { scope: "worker" },
  ],
  appEnv: [{}, { option: true }],
  ownServer: [false, { option: true }],
  app: async ({ appEnv, ownServer, servers }, use) => {
    const env = { SESSION_SECRET: process.env.SESSION_SECRET!, ...appEnv };
    const server = ownServer ? await startAppServer(env) : undefined;
    const shared = server ? undefined : servers.get(env);
    const site = server ?? (await shared!.claim());
    // The test process writes seed data through the app's own models, into the server's database.
    useDatabase(openSqlite(path.join(site.dataDir, "stable.db")));
    await use(site);
    await closeDatabase();
    // Either way, a server that crashed during the test fails it.
    await (server ? server.stop() : shared!.release());
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
