import { data } from "react-router";
import type { Route } from "./+types/team";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { CardGrid } from "~/components/card-grid";
import { TeamIntro } from "~/components/page-intro";
import { ReadFailed } from "~/components/read-failed";
import { ResponsiveImage, THREE_COLUMN_CARD_SIZES } from "~/media/responsive-image";
import { listTeamMembers, type TeamMember } from "~/models/team-member.server";
import { DEFAULT_MEMBER_DESCRIPTION } from "~/models/team-member";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { stableNameFrom } from "~/models/site-settings";
import { seo } from "~/seo/seo";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { useShown, useT } from "~/i18n/use-lang";
import { both } from "~/models/bilingual";

export const handle = PLAIN_PAGE;

export async function loader() {
  const team = await readForPage("team members", listTeamMembers);
  if (!team.ok) return data({ failed: true as const, members: [] as TeamMember[] }, FAILED_READ_INIT);
  return { failed: false as const, members: team.value };
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

function MemberCard({ member, priority, eager }: { member: TeamMember; priority: boolean; eager: boolean }) {
  const t = useT();
  const shown = useShown();
  const role = shown.show(both(member, "role"));
  // A member saved without a description has the spec's default text, stored as the English one: the
  // site's own words (shown translated), and no match for a description the stable wrote in Danish.
  const own = member.description?.trim() === DEFAULT_MEMBER_DESCRIPTION ? "" : member.description;
  const given = shown.show({ en: own ?? "", da: member.descriptionDa });
  const description = given.text.trim() ? given : null;
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
        {role.text.trim() ? (
          <p
            lang={shown.lang(role)}
            className="mt-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900"
          >
            {role.text.trim()}
          </p>
        ) : null}
        <p lang={description ? shown.lang(description) : undefined} className="mt-4 text-stone-700">
          {description ? description.text : t("team.defaultDescription")}
        </p>
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
