// Apart from field.tsx so that the contact form's script can show an error the same way without React.
export const controlClass =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40 aria-[invalid=true]:border-red-600 sm:text-sm";

export const fieldErrorClass = "mt-1 text-sm font-medium text-red-700";
