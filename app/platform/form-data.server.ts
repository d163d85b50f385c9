/**
 * The submitted form. The server has already bounded and checked the body (server/body-limit.ts);
 * a body that still is not a form (a direct call, the development server) is a 400, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Nothing was saved.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
