import type { ReactNode } from "react";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-16">
      <div className="rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
        <h1 className="mb-2 text-center font-serif text-3xl font-semibold text-brand-900">{title}</h1>
        {children}
      </div>
    </section>
  );
}
