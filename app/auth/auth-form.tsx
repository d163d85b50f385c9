import { useId, type InputHTMLAttributes, type ReactNode } from "react";

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

export function TextField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        {...input}
        className="block w-full rounded-md border border-stone-300 px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
    </div>
  );
}

export function FieldError({ messages }: { messages?: string[] }) {
  if (!messages?.length) return null;
  return <p className="text-sm text-red-700">{messages[0]}</p>;
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-md bg-brand-700 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
