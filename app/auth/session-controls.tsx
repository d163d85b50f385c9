import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** Sign-out scopes for the admin page: every other device, or every device including this one. */
export function SessionControls() {
  return (
    <div className="flex flex-wrap gap-2" aria-label="Sessions" role="group">
      <Form method="post" action="/sign-out">
        <input type="hidden" name="scope" value="others" />
        <button type="submit" className={buttonClass.small}>
          Sign out other devices
        </button>
      </Form>
      <Form method="post" action="/sign-out">
        <input type="hidden" name="scope" value="global" />
        <button type="submit" className={buttonClass.small}>
          Sign out everywhere
        </button>
      </Form>
    </div>
  );
}
