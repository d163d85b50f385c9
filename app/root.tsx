import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { useContext, useEffect } from "react";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import { AdminLoading, AuthActions } from "~/auth/auth-actions";
import { SiteFooter } from "~/components/site-footer";
import { FooterSubscribe } from "~/newsletter/footer-subscribe";
import { footerAnswerOf } from "~/newsletter/subscribe-form";
import { SiteHeader } from "~/components/site-header";
import { usePendingView } from "~/components/loading-cards";
import { ShowToast } from "~/components/ui/toast";
import { EMPTY_CONTACT_INFO, getContactInfo } from "~/models/contact-info.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { getUser } from "~/auth/auth.server";
import { readOr } from "~/platform/public-read.server";
import { publicOrigin } from "~/platform/origin.server";
import { jsonLd, stableStructuredData } from "~/seo/structured-data";
import { DEFAULT_SITE_SETTINGS, socialLinks, taglineIn, type SiteSettings } from "~/models/site-settings";
import { isStoredImageUrl, variantUrl, variantWidths } from "~/media/image";
import { getToast } from "~/toast/toast.server";
import interLatin from "~/fonts/inter-latin-400-700.woff2?url";
import playfairLatin from "@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url";
import { ServerDocumentContext, SiteCssContext } from "~/components/document-context";
import { leafHandle } from "~/routes/+shared/route-handle";
import publicScript from "~/islands/main.ts?worker&url";
import { langFromPath, type Lang } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { translator } from "~/i18n/dictionary";
import { LangContext, useLang, useT } from "~/i18n/use-lang";

// Both faces appear above the fold (headings and body text): fetch them with the document.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: playfairLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const site = await readOr("site settings (using defaults)", getSiteSettings, DEFAULT_SITE_SETTINGS);
  const user = await readOr("the session (showing the page signed out)", () => getUser(request), null);
  const contact = await readOr("contact information", getContactInfo, EMPTY_CONTACT_INFO);
  const { toast, form, headers } = await getToast(request);
  const origin = publicOrigin(request);
  const lang = langFromPath(new URL(request.url).pathname);
  const structuredData = jsonLd(stableStructuredData(site, contact, origin, lang));
  return data(
    {
      site,
      contact,
      toast,
      // The footer's Subscribe form, when this page is its answer (decision 0243).
      footerSubscribe: footerAnswerOf(form),
      user: user
        ? {
            email: user.email,
            isAdmin: user.isAdmin,
            adminLang: user.adminLang,
            owner: !!user.owner,
            // A guest sees none of the money: the owners' area shows them no Invoices link.
            guest: user.owner?.role === "guest",
          }
        : null,
      origin,
      structuredData,
    },
    headers ? { headers } : undefined,
  );
}

/**
 * The stylesheet, inline: a first visit paints from the HTML alone. A style resource (href +
 * precedence) is adopted as it is when React hydrates, so the browser bundle never carries the CSS.
 * A plain page's is cut to what it uses after rendering (app/islands/page-css.server.ts).
 */
function SiteStyles({ plain }: { plain: boolean }) {
  const css = useContext(SiteCssContext);
  return (
    <style href={plain ? "site-css-page" : "site-css"} precedence="default">
      {css}
    </style>
  );
}

/** The fallback for routes that set no meta of their own: the stable's name and tagline. */
export function meta({ data, location }: Route.MetaArgs) {
  const site = data?.site ?? DEFAULT_SITE_SETTINGS;
  return [
    { title: site.stableName },
    { name: "description", content: taglineIn(site, langFromPath(location.pathname)) },
  ];
}

/** The header draws the logo 40 px tall: an upload's smallest WebP variant is plenty. */
function headerLogo(site: SiteSettings): string {
  if (!site.logo?.width || !isStoredImageUrl(site.logo.url)) return site.logoUrl;
  return variantUrl(site.logo.url, variantWidths(site.logo.width)[0]!, "webp");
}

/**
 * The document's language: the address's, except on the admin pages, which are in the language the
 * administrator chose for the dashboard (the header and the toasts' labels too).
 */
function useDocumentLang(adminLang: Lang | undefined): Lang {
  const pathLang = useLang();
  const { pathname } = useLocation();
  return adminLang && isAdminPath(pathname) ? adminLang : pathLang;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const site = root?.site ?? DEFAULT_SITE_SETTINGS;
  const signedIn = !!root?.user;
  const lang = useDocumentLang(root?.user?.isAdmin ? root.user.adminLang : undefined);
  const t = translator(lang);
  // Anonymous first visits to public pages get plain HTML and the small public script (decision
  // 0120); signed-in visitors and every other page get the React app.
  const handle = leafHandle(useMatches());
  const plain = useContext(ServerDocumentContext) && !signedIn && handle.hydrate === false;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <SiteStyles plain={plain} />
        <Links />
        {root?.structuredData ? (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: root.structuredData }} />
        ) : null}
      </head>
      <body
        className="flex min-h-screen flex-col"
        // The plain pages' toasts (app/islands/toaster.ts) are labelled in the page's language.
        data-toasts-label={plain ? t("layout.notifications") : undefined}
        data-toast-close-label={plain ? t("layout.closeToast") : undefined}
      >
        <LangContext value={lang}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
          >
            {t("layout.skipToContent")}
          </a>
          <SiteHeader
            stableName={site.stableName}
            logoUrl={headerLogo(site)}
            actions={signedIn ? <AuthActions admin={!root?.user?.owner} /> : undefined}
            owner={!!root?.user?.owner}
          />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter
            stableName={site.stableName}
            signedIn={signedIn}
            contact={root?.contact}
            social={socialLinks(site)}
            subscribe={<FooterSubscribe answer={root?.footerSubscribe ?? null} />}
          />
          {plain ? (
            <script type="module" src={handle.script ?? publicScript} />
          ) : (
            <>
              {/* At the bottom, clear of the sticky navigation (Admin and Sign Out) and the admin tabs. */}
              <Toaster
                richColors
                closeButton
                position="bottom-right"
                containerAriaLabel={t("layout.notifications")}
                toastOptions={{ closeButtonAriaLabel: t("layout.closeToast") }}
              />
              <ScrollRestoration />
              <Scripts />
            </>
          )}
        </LangContext>
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = usePendingView();
  // Entering /admin from another page waits for the server's admin check; say so meanwhile.
  const checkingAdmin =
    navigation.state === "loading" && isAdminPath(navigation.location.pathname) && !isAdminPath(location.pathname);
  useHydratedMark();
  return (
    <>
      <ShowToast toast={loaderData.toast} />
      {checkingAdmin ? (
        <AdminLoading lang={loaderData.user?.adminLang ?? "en"} />
      ) : pending ? (
        <LangContext value={pending.lang}>
          <pending.View />
        </LangContext>
      ) : (
        <Outlet />
      )}
    </>
  );
}

function isAdminPath(pathname: string) {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** Marks the moment the app has taken over the page, an error page too (browser tests wait for it). */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMark();
  const lang = useLang();
  const t = useT();
  let title = t("layout.errorTitle");
  let details = t("layout.errorText");
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "404" : `${error.status}`;
    details = error.status === 404 ? t("notFound.text") : error.statusText || details;
  } else {
    console.error(error);
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-5xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-stone-600">{details}</p>
      <a href={pathTo("home", { lang })} className="mt-6 inline-block text-brand-700 underline">
        {t("notFound.home")}
      </a>
    </section>
  );
}
