/** A horse's 1st/2nd/3rd place counters, as the horse cards and pages show them. */
export function PlacingBadges({
  horse,
  className = "",
}: {
  horse: { firstPlaces: number; secondPlaces: number; thirdPlaces: number };
  className?: string;
}) {
  return (
    <ul aria-label="Placings" className={`flex flex-wrap gap-2 text-sm font-medium ${className}`}>
      <li className="rounded-full bg-gold-300 px-3 py-1 text-stone-900">1st: {horse.firstPlaces}</li>
      <li className="rounded-full bg-stone-200 px-3 py-1 text-stone-900">2nd: {horse.secondPlaces}</li>
      <li className="rounded-full bg-amber-100 px-3 py-1 text-amber-950">3rd: {horse.thirdPlaces}</li>
    </ul>
  );
}
