import type { ReactNode } from "react";

/** The heading and introduction every public list page opens with. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-gold-700">{eyebrow}</p>
      <h1 className="mt-2 text-4xl font-bold text-brand-900 sm:text-5xl">{title}</h1>
      <div className="mt-4 space-y-3 text-lg text-stone-700">{children}</div>
    </header>
  );
}

export function HorsesIntro() {
  return (
    <PageIntro eyebrow="In the yard" title="Horses in Training">
      <p>
        Meet the horses who share our stable. Each one follows a programme built around its age, temperament and target
        races, with daily work on the sand track, swimming and long hacks through Dyrehaven.
      </p>
    </PageIntro>
  );
}

export function WinnersIntro() {
  return (
    <PageIntro eyebrow="On the racecourse" title="Our Winners">
      <p>
        Every victory is the result of months of patient preparation. From Klampenborg to Jydsk Væddeløbsbane, these are
        the days our horses, jockeys and owners crossed the line first.
      </p>
    </PageIntro>
  );
}

export function TeamIntro() {
  return (
    <PageIntro eyebrow="The people behind the horses" title="The Team">
      <p>
        Trainers, riders, grooms and a vet who know every horse by its habits as well as its name. Together they look
        after our horses from the first feed at dawn to the last check at night.
      </p>
    </PageIntro>
  );
}
