import { describe, expect, it } from "vitest";
import { isResourceData } from "./render-app";

describe("a resource's navigation-data address", () => {
  it("is a feed's, a site file's or a download's, never a page's or a form's", () => {
    for (const path of [
      "/owners/media/post-photos/1700000000000-0123456789ab.jpg.data",
      "/admin/news/subscribers.csv.data",
      "/runners.ics.data",
      "/horses/nordlys.ics.data",
      `/owners/calendar/${"A".repeat(43)}.ics.data`,
      "/sitemap.xml.data",
      "/healthz.data",
    ])
      expect(isResourceData(path), path).toBe(true);
    for (const path of [
      "/_root.data",
      "/da.data",
      "/horses.data",
      "/owners.data",
      "/admin/horses.data",
      // Sign-out's form is sent as navigation data; it answers no file.
      "/sign-out.data",
      "/runners.ics",
      "/owners/media/post-photos/1700000000000-0123456789ab.jpg",
    ])
      expect(isResourceData(path), path).toBe(false);
  });
});
