import { env } from "./env.server";

/** The site's public origin for absolute URLs: PUBLIC_ORIGIN, else the origin the request came to. */
export function publicOrigin(request: Request): string {
  const configured = env().PUBLIC_ORIGIN;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}
