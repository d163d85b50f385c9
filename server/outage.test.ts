import { describe, expect, it } from "vitest";
import { noteFault, RETRY_AFTER_SECONDS } from "~/platform/faults.server";
import { withOutageAnswers } from "./outage";

const lost = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

/** A stand-in for React Router: its loader fails (noted as handleError does), and it renders the error page. */
const failingWith = (error: Error) => async () => {
  noteFault(error);
  return new Response("<h1>Something went wrong</h1>", { status: 500, headers: { "Content-Type": "text/html" } });
};

describe("withOutageAnswers", () => {
  it("answers a page that failed because the database is unreachable with a short 503 page", async () => {
    const handle = withOutageAnswers(failingWith(lost()));
    const response = await handle(new Request("http://localhost/admin/horses"));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Temporarily unavailable");
    expect(html).toContain("The site cannot reach its database right now.");
    expect(html).not.toContain("<script");

    const head = await handle(new Request("http://localhost/admin/horses", { method: "HEAD" }));
    expect(head.status).toBe(503);
    expect(await head.text()).toBe("");
  });

  it("leaves real errors, navigation data and good pages as they are", async () => {
    const bug = await withOutageAnswers(failingWith(new TypeError("x is undefined")))(
      new Request("http://localhost/admin"),
    );
    expect(bug.status).toBe(500);
    expect(await bug.text()).toContain("Something went wrong");

    const ok = await withOutageAnswers(async () => new Response("fine"))(new Request("http://localhost/"));
    expect(ok.status).toBe(200);
    expect(ok.headers.has("Retry-After")).toBe(false);
  });

  it("marks navigation data that failed the same way as 503, keeping the data the page decodes", async () => {
    const data = await withOutageAnswers(failingWith(lost()))(new Request("http://localhost/admin/horses.data"));
    expect(data.status).toBe(503);
    expect(data.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await data.text()).toBe("<h1>Something went wrong</h1>");
  });

  it("tells when to try again on every 503", async () => {
    const page = withOutageAnswers(
      async () => new Response("Error Loading Winners", { status: 503, headers: { "Cache-Control": "no-store" } }),
    );
    const response = await page(new Request("http://localhost/winners"));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("Error Loading Winners");
  });
});
