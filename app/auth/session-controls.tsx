import { Form } from "react-router";

/** Sign-out scopes for the admin page: every other device, or every device including this one. */
export function SessionControls() {
  const button =
    "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50";
  return (
    <div className="flex flex-wrap gap-2" aria-label="Sessions" role="group">
      <Form method="post" action="/sign-out">
        <input type="hidden" name="scope" value="others" />
        <button type="submit" className={button}>
          Sign out other devices
        </button>
      </Form>
      <Form method="post" action="/sign-out">
        <input type="hidden" name="scope" value="global" />
        <button type="submit" className={button}>
          Sign out everywhere
        </button>
      </Form>
    </div>
  );
}
