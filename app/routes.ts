import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { env } from "./platform/env.server";

export default [
  index("routes/home.tsx"),
  route("horses", "routes/horses.tsx"),
  route("horses/:slug", "routes/horse.tsx"),
  route("winners", "routes/winners.tsx"),
  route("runners", "routes/runners.tsx"),
  route("runners.ics", "routes/runners-ics.ts"),
  route("team", "routes/team.tsx"),
  route("contact", "routes/contact.tsx"),
  // The same pages in Danish: one module per page, its language read from the path (app/i18n/lang.ts).
  route("da", "routes/home.tsx", { id: "da/home" }),
  route("da/horses", "routes/horses.tsx", { id: "da/horses" }),
  route("da/horses/:slug", "routes/horse.tsx", { id: "da/horse" }),
  route("da/winners", "routes/winners.tsx", { id: "da/winners" }),
  route("da/runners", "routes/runners.tsx", { id: "da/runners" }),
  route("da/team", "routes/team.tsx", { id: "da/team" }),
  route("da/contact", "routes/contact.tsx", { id: "da/contact" }),
  route("auth", "routes/auth.tsx"),
  route("auth/setup", "routes/auth-setup.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("horses", "routes/admin/horses.tsx"),
    route("winners", "routes/admin/winners.tsx"),
    route("runners", "routes/admin/runners.tsx"),
    route("team", "routes/admin/team.tsx"),
    route("contact-info", "routes/admin/contact-info.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("trash", "routes/admin/trash.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("account", "routes/admin/account.tsx"),
  ]),
  route("sign-out", "routes/sign-out.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // A page for the upload field's browser test; only in builds made for the tests.
  ...(env().STABLE_TEST_ROUTES === "1" ? [route("__test/image-upload", "routes/test-image-upload.tsx")] : []),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
