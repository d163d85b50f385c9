import type { ReactNode } from "react";

/** A titled section of a public page; the heading names it for screen readers. */
export function PageSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-3xl font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
