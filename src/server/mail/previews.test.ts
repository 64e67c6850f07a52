import { describe, expect, it } from "vitest";
import { MAIL_PREVIEWS } from "./previews.ts";

const site = { siteName: "Harbour <Club>", appUrl: "https://write.example.org" };

describe("every email template (npm run mail:preview)", () => {
  it.each(MAIL_PREVIEWS.map((p) => [p.name, p] as const))("%s renders an HTML and a plain-text part with the site and why it was sent", async (_name, preview) => {
    const mail = await preview.render(site);
    expect(mail.subject).not.toMatch(/undefined|null|\[object/);
    expect(mail.text).toContain("Harbour <Club>");
    expect(mail.text).toMatch(/You got this because|You're getting this because/);
    // The site's name is text in the HTML, escaped by React, never markup.
    expect(mail.html).toContain("Harbour &lt;Club&gt;");
    expect(mail.html).not.toContain("<Club>");
    expect(mail.html).toContain('href="https://write.example.org"');
    // Optional emails can be turned off from the email itself; account emails cannot. An invitation to a circle is asked for by someone who knows the address, once: it has no list to leave.
    const optional = !["confirm-email", "reset-password", "change-email-confirm", "change-email-notice", "account-deleted", "circle-invite"].includes(preview.name);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe(optional ? "List-Unsubscribe=One-Click" : undefined);
    expect(/Unsubscribe/.test(mail.text)).toBe(optional);
  });
});
