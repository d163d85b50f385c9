import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SubmitButton } from "./button";
import { Field, SelectField, TextAreaField } from "./field";
import { NewPasswordFields } from "./new-password-fields";

/** The attributes of the one element whose tag is `tag` and whose `name` is `name`. */
function control(html: string, tag: string, name: string) {
  const match = html.match(new RegExp(`<${tag}\\b[^>]*\\bname="${name}"[^>]*>`));
  if (!match) throw new Error(`no <${tag} name="${name}"> in ${html}`);
  const attr = (key: string) => match[0].match(new RegExp(`\\b${key}="([^"]*)"`))?.[1];
  return { attr };
}

/** The text of the element with this id. */
function textOf(html: string, id: string) {
  const match = html.match(new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>(.*?)</\\1>`));
  return match?.[2]?.replace(/<[^>]+>/g, "");
}

function labelFor(html: string, id: string) {
  return html.match(new RegExp(`<label[^>]*for="${id}"[^>]*>(.*?)</label>`))?.[1];
}

describe("form fields", () => {
  it("labels the control and links its error and hint to it, the error first", () => {
    const html = renderToStaticMarkup(
      <Field label="Name" name="name" hint="As it appears on the race card" error="Name is required" />,
    );
    const input = control(html, "input", "name");
    const id = input.attr("id")!;
    expect(labelFor(html, id)).toBe("Name");
    expect(input.attr("aria-invalid")).toBe("true");
    const [first, second] = input.attr("aria-describedby")!.split(" ");
    expect(textOf(html, first!)).toBe("Name is required");
    expect(textOf(html, second!)).toBe("As it appears on the race card");
  });

  it("describes nothing and is not invalid when there is neither hint nor error", () => {
    const html = renderToStaticMarkup(<Field label="Owner" name="owner" />);
    const input = control(html, "input", "owner");
    expect(input.attr("aria-describedby")).toBeUndefined();
    expect(input.attr("aria-invalid")).toBeUndefined();
  });

  it("keeps a fixed id and puts a hint beside the label for a text area", () => {
    const html = renderToStaticMarkup(
      <TextAreaField id="message" label="Message" name="message" hint="12/2000" hintBesideLabel error="Too short" />,
    );
    const textarea = control(html, "textarea", "message");
    expect(textarea.attr("id")).toBe("message");
    expect(textarea.attr("aria-describedby")).toBe("message-error message-hint");
    expect(textOf(html, "message-hint")).toBe("12/2000");
    // Beside the label: the hint comes before the control in the page.
    expect(html.indexOf('id="message-hint"')).toBeLessThan(html.indexOf("<textarea"));
  });

  it("links a select's error to it", () => {
    const html = renderToStaticMarkup(
      <SelectField label="Horse" name="horseId" error="Please choose a horse">
        <option value="">Choose</option>
      </SelectField>,
    );
    const select = control(html, "select", "horseId");
    expect(textOf(html, select.attr("aria-describedby")!)).toBe("Please choose a horse");
  });

  it("gives both new-password fields their own error, linked to each", () => {
    const html = renderToStaticMarkup(
      <NewPasswordFields minLength={12} errors={{ confirm: ["The passwords do not match."] }} />,
    );
    const password = control(html, "input", "password");
    const confirm = control(html, "input", "confirm");
    expect(password.attr("autoComplete")).toBe("new-password");
    expect(password.attr("minLength")).toBe("12");
    expect(password.attr("aria-describedby")).toBeUndefined();
    expect(labelFor(html, confirm.attr("id")!)).toBe("Confirm password");
    expect(textOf(html, confirm.attr("aria-describedby")!)).toBe("The passwords do not match.");
  });
});

describe("submit button", () => {
  it("says what it is doing and cannot be pressed again while busy", () => {
    const idle = renderToStaticMarkup(
      <SubmitButton busy={false} busyLabel="Saving...">
        Save
      </SubmitButton>,
    );
    const busy = renderToStaticMarkup(
      <SubmitButton busy busyLabel="Saving...">
        Save
      </SubmitButton>,
    );
    expect(idle).toMatch(/<button type="submit"[^>]*>Save<\/button>/);
    expect(idle).not.toMatch(/ disabled=""/);
    expect(busy).toMatch(/<button type="submit" disabled=""[^>]*>Saving...<\/button>/);
  });
});
