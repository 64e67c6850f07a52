import type { ReactElement } from "react";

/**
 * An email's two parts from one React element: HTML (escaped by React) and its plain-text reading.
 * The renderer, like the templates (loaded by their callers when a mail is made), is loaded on the
 * first mail: a server that sends none never holds them (issue 26 item 1).
 */
export async function renderParts(element: ReactElement): Promise<{ html: string; text: string }> {
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
