import { useId } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageRef } from "~/utils/image";

/** An images-only file picker with a preview of the current image; leaving it empty keeps that image. */
export function ImageField({
  label,
  name,
  current,
  currentAlt = "",
  error,
}: {
  label: string;
  name: string;
  current?: ImageRef | null;
  currentAlt?: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {current ? (
        <figure className="mt-2 flex items-center gap-3">
          <ResponsiveImage image={current} alt={currentAlt} sizes="96px" className="h-20 w-24 rounded-md object-cover" />
          <figcaption className="text-xs text-stone-600">Current image. Choose a new file to replace it.</figcaption>
        </figure>
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept="image/*"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-2 block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
