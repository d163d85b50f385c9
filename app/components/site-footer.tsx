import { Link } from "react-router";
import { useT } from "~/i18n/use-lang";

export function SiteFooter({ stableName, signedIn }: { stableName: string; signedIn: boolean }) {
  const t = useT();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm sm:flex-row">
        <p>
          © {new Date().getFullYear()} {stableName}
        </p>
        {signedIn ? null : (
          <Link to="/auth" className="underline-offset-4 hover:text-white hover:underline">
            {t("layout.signIn")}
          </Link>
        )}
      </div>
    </footer>
  );
}
