import type { ReactElement } from "react";
import { render } from "@react-email/render";

/** An email's two parts from one React element: HTML (escaped by React) and its plain-text reading. */
export async function renderParts(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
