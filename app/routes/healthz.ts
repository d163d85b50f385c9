import { checkHealth } from "~/platform/health.server";

/** GET /healthz: 200 when this instance can serve, 503 when its database is unreachable or it is stopping. */
export async function loader() {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
