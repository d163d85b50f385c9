import { data } from "react-router";
import type { Route } from "./+types/team";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { CardGrid } from "~/components/card-grid";
import { TeamIntro } from "~/components/page-intro";
import { ReadFailed } from "~/components/read-failed";
import { ResponsiveImage, THREE_COLUMN_CARD_SIZES } from "~/media/responsive-image";
import { listTeamMembers, type TeamMember } from "~/models/team-member.server";
import { DEFAULT_MEMBER_DESCRIPTION } from "~/models/team-member";
import { orFallback } from "~/racing/format";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { stableNameFrom } from "~/models/site-settings";
import { seo } from "~/seo/seo";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { useT } from "~/i18n/use-lang";

export const handle = PLAIN_PAGE;

export async function loader() {
  const team = await readForPage("team members", listTeamMembers);
  if (!team.ok) return data({ failed: true as const, members: [] as PublicMember[] }, FAILED_READ_INIT);
  // Members saved without a description show the spec's default text.
  const members = team.value.map((m) => ({ ...m, description: orFallback(m.description, DEFAULT_MEMBER_DESCRIPTION) }));
  return { failed: false as const, members };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { failed, members } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <TeamIntro />
      {failed ? (
        <ReadFailed heading={t("team.errorHeading")} text={t("team.errorText")} />
      ) : (
        <CardGrid items={members} empty={t("team.empty")} className="sm:grid-cols-2 lg:grid-cols-3">
          {(member, index) => <MemberCard member={member} priority={index === 0} eager={index < 3} />}
        </CardGrid>
      )}
    </div>
  );
}

type PublicMember = TeamMember & { description: string };

function MemberCard({ member, priority, eager }: { member: PublicMember; priority: boolean; eager: boolean }) {
  const t = useT();
  const role = member.role.trim();
  // The default description is the site's own text (stored with the member), so it is translated.
  const description =
    member.description === DEFAULT_MEMBER_DESCRIPTION ? t("team.defaultDescription") : member.description;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white text-center shadow-sm">
      <ResponsiveImage
        image={member.photo}
        alt={member.photo ? member.name : ""}
        sizes={THREE_COLUMN_CARD_SIZES}
        priority={priority}
        eager={eager}
        className="aspect-square w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col items-center p-6">
        <h2 className="text-2xl font-bold text-brand-900">{member.name}</h2>
        {role ? (
          <p className="mt-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">{role}</p>
        ) : null}
        <p className="mt-4 text-stone-700">{description}</p>
      </div>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, {
    title: t("team.metaTitle", { name: stableNameFrom(args.matches) }),
    description: t("team.metaDescription"),
  });
}
