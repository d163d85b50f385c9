import { useState } from "react";
import { useT } from "~/i18n/use-lang";

/**
 * A post's video, loaded only when the visitor asks: until then a link to the video's own site
 * (nothing is requested from it); the page's script turns the click into the player in place.
 */
export function VideoEmbed({
  video,
  title,
}: {
  video: { provider: "youtube" | "vimeo"; watchUrl: string; embedUrl: string };
  title: string;
}) {
  const t = useT();
  // Where React renders the page (a signed-in visitor); plain pages get the same from their script.
  const [playing, setPlaying] = useState(false);
  const site = video.provider === "youtube" ? "YouTube" : "Vimeo";
  return (
    <div data-video className="relative aspect-video w-full overflow-hidden rounded-xl bg-brand-900">
      {playing ? (
        <iframe
          src={video.embedUrl}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          className="h-full w-full border-0"
        />
      ) : (
        <a
          onClick={(event) => {
            event.preventDefault();
            setPlaying(true);
          }}
          href={video.watchUrl}
          data-embed={video.embedUrl}
          data-title={title}
          rel="noopener"
          className="flex h-full w-full flex-col items-center justify-center gap-3 text-white hover:bg-brand-800"
        >
          <span
            aria-hidden="true"
            className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-3xl text-brand-900"
          >
            ▶
          </span>
          <span className="font-semibold">{t("news.playVideo")}</span>
          <span className="text-sm text-brand-100">{t("news.videoNotice", { site })}</span>
        </a>
      )}
    </div>
  );
}
