import { createContext } from "react";

/**
 * The site's stylesheet text, provided by the server entry while rendering a document. In the
 * browser it is empty: the server-rendered <style> element is kept as it is.
 */
export const SiteCssContext = createContext("");

/** True while the server renders a document (entry.server); false in the browser. */
export const ServerDocumentContext = createContext(false);
