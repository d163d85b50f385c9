import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { confirmedSubscribers } from "@tests/subscribers";
import { listActivity } from "~/models/activity.server";
import { requestSubscription } from "~/models/subscriber.server";
import { db } from "~/platform/db.server";
import { getToast } from "~/toast/toast.server";
import * as csvRoute from "./subscribers-csv";

useFreshDatabase();

const PATH = "/admin/news/subscribers.csv";

async function download(cookie?: string): Promise<Response> {
  try {
    return (await csvRoute.loader({
      request: buildRequest(PATH, { cookie }),
      params: {},
      context: {},
    } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** RFC 4180 as the file is written: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

describe("the subscribers' CSV export", () => {
  it("gives an administrator every subscriber as a private download, formulas defused, and logs it", async () => {
    const admin = await signedInUser({ admin: true });
    await confirmedSubscribers(2, { language: "da" });
    await requestSubscription({ email: "=1+1@example.com", language: "en" }, { attemptLimit: 3 });
    await requestSubscription({ email: "-cmd@example.com", language: "en" }, { attemptLimit: 3 });
    const res = await download(admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte order mark first, for spreadsheet programs.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.startsWith("Email,Language,State,Subscribed,Confirmed\r\n")).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["Email", "Language", "State", "Subscribed", "Confirmed"]);
    expect(rows.map((r) => [r[0], r[1], r[2]]).sort()).toEqual([
      ["'-cmd@example.com", "en", "pending"],
      ["'=1+1@example.com", "en", "pending"],
      ["subscriber0@example.com", "da", "confirmed"],
      ["subscriber1@example.com", "da", "confirmed"],
    ]);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}T/.test(r[3]!))).toBe(true);
    expect(rows.find((r) => r[2] === "pending")![4]).toBe("");
    expect((await listActivity()).entries[0]).toMatchObject({
      kind: "export",
      summary: "Exported the newsletter subscribers (4)",
    });
  });

  it("is refused to visitors and to signed-in people who are not administrators", async () => {
    await confirmedSubscribers(1);
    const anonymous = await download();
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const member = await signedInUser({ email: "member@example.com" });
    const refused = await download(member.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    expect(await refused.text()).not.toContain("subscriber0");
  });

  it("goes back to the News tab with 'Failed to export subscribers' when the database fails", async () => {
    const admin = await signedInUser({ admin: true });
    await sql`alter table subscribers rename to subscribers_gone`.execute(db());
    const res = await download(admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/news#subscribers");
    const cookie = res.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(toast).toMatchObject({ type: "error", description: "Failed to export subscribers" });
  });
});
