/**
 * A post page's script: the common one, plus the video player loaded on the visitor's click (the
 * page itself makes no request to the video's site).
 */
import { startPage } from "./start";

startPage(() => {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("[data-video] a[data-embed]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const frame = document.createElement("iframe");
      frame.src = link.dataset.embed!;
      frame.title = link.dataset.title ?? "";
      frame.allow = "autoplay; fullscreen; picture-in-picture; encrypted-media";
      frame.allowFullscreen = true;
      frame.className = "h-full w-full border-0";
      link.replaceWith(frame);
      frame.focus();
    });
  }
});
