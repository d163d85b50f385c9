import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { env } from "./platform/env.server";
import { languagesOf, pathOf, REGISTRY, routeId } from "./pages/registry";

export default [
  // The pages, feeds, site files and downloads, each in its languages (app/pages/registry.ts); one module per
  // page, its language read from the path (app/i18n/lang.ts).
  ...REGISTRY.flatMap((entry) =>
    languagesOf(entry).map((lang) => {
      const path = pathOf(entry, {}, lang);
      const id = routeId(entry, lang);
      return path === "/" ? index(entry.file, { id }) : route(path.slice(1), entry.file, { id });
    }),
  ),
  route("auth/setup", "routes/auth-setup.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("horses", "routes/admin/horses.tsx"),
    route("winners", "routes/admin/winners.tsx"),
    route("runners", "routes/admin/runners.tsx"),
    route("owners", "routes/admin/owners.tsx"),
    route("team", "routes/admin/team.tsx"),
    route("news", "routes/admin/news.tsx"),
    route("contact-info", "routes/admin/contact-info.tsx"),
    route("site", "routes/admin/site.tsx"),
    route("billing", "routes/admin/billing.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("trash", "routes/admin/trash.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("account", "routes/admin/account.tsx"),
    // What billing is built from: the horses' fees and shares, and the costs.
    route("billing/horses", "routes/admin/billing-horses.tsx"),
    route("billing/costs", "routes/admin/billing-costs.tsx"),
  ]),
  route("sign-out", "routes/sign-out.tsx"),
  // A page for the upload field's browser test; only in builds made for the tests.
  ...(env().STABLE_TEST_ROUTES === "1" ? [route("__test/image-upload", "routes/test-image-upload.tsx")] : []),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
