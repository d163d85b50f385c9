import { cn } from "~/utils/cn";

/** A public page's notice that its content could not be read; the page answers 503 beside it. */
export function ReadFailed({
  heading,
  text,
  pageHeading = false,
}: {
  heading: string;
  text: string;
  /** On a page with nothing else to show, the notice's heading is the page's own. */
  pageHeading?: boolean;
}) {
  const Heading = pageHeading ? "h1" : "h2";
  return (
    <div
      role="alert"
      className={cn(
        "mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-center",
        !pageHeading && "mt-12",
      )}
    >
      <Heading className="text-2xl font-semibold text-red-900">{heading}</Heading>
      <p className="mt-2 text-red-900">{text}</p>
    </div>
  );
}
