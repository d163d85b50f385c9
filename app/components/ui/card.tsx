import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/** A titled panel; its heading takes focus when a form inside it opens (see useScrollIntoViewOnOpen). */
export function Card({
  title,
  titleId,
  children,
  className,
}: {
  title: ReactNode;
  titleId?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn("rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6", className)}
    >
      <h2 id={titleId} tabIndex={-1} className="mb-4 text-xl font-bold text-brand-900 outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}
