import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/** A public list page's cards in a grid, or its text for when there are none yet. */
export function CardGrid<T extends { id: string }>({
  items,
  empty,
  className,
  children,
}: {
  items: T[];
  empty: string;
  /** The grid's columns. */
  className: string;
  children: (item: T, index: number) => ReactNode;
}) {
  if (items.length === 0) return <p className="mt-12 text-center text-lg text-stone-600">{empty}</p>;
  return (
    <ul className={cn("mt-12 grid gap-8", className)}>
      {items.map((item, index) => (
        <li key={item.id}>{children(item, index)}</li>
      ))}
    </ul>
  );
}
