/**
 * Addresses of a record in a tab. After an add or an edit the tab opens at the record saved:
 * `?saved=<id>` highlights its row and `#item-<id>` brings it into view, with or without
 * JavaScript. A message opens with `?open=<id>`.
 */
export const SAVED_PARAM = "saved";

/** A form field the page's script adds to a form it sends in place (no new page): the answer is data. */
export const IN_PLACE_FIELD = "_inPlace";

/**
 * A submit button of a form may name another of the tab's intents than the form's own (`intent`):
 * `<button name="_intent" value="preview">`. The answer still belongs to the form.
 */
export const SUBMITTER_INTENT_FIELD = "_intent";

/** The id of a record's row in its list, the target of the address's fragment. */
export function itemAnchor(id: string) {
  return `item-${id}`;
}

/** `to` (a tab, perhaps with a query) opened at the record `id`. */
export function savedItemPath(to: string, id: string) {
  const url = new URL(to, "http://tab.invalid");
  url.searchParams.set(SAVED_PARAM, id);
  return `${url.pathname}${url.search}#${itemAnchor(id)}`;
}

/** The address that opens a visitor's message in the Messages tab (on `list`, a page of it), scrolled to it. */
export function openMessagePath(id: string, list = "/admin/messages") {
  const url = new URL(list, "http://tab.invalid");
  url.searchParams.set("open", id);
  return `${url.pathname}${url.search}#${itemAnchor(id)}`;
}
