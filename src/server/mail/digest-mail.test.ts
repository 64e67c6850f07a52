import { describe, expect, it } from "vitest";
import { DIGEST_LINES, digestMail, type DigestItem } from "./digest-mail.ts";

/* The digest's content from hand-made unread notifications (issue 14 item 6): words, links, escaping, no email when nothing is unread. */

const site = { siteName: "inkwell", appUrl: "https://ink.example" };
const to = { email: "olive@example.com", userId: "0b5e1f3c-6a7d-4c1e-9f2a-1d2c3b4a5e6f" };
const piece = "5d0c2c8e-3b1f-4a9e-8c7d-6e5f4a3b2c1d";
const item = (over: Partial<DigestItem>): DigestItem => ({ message: "5 people liked 'Harbour'", pieceId: piece, updatedAt: "2026-12-01T10:00:00.000Z", ...over });

describe("digest email", () => {
  it("sends nothing when nothing is unread", async () => {
    expect(await digestMail(site, "secret", to, "daily", [])).toBeNull();
  });

  it("lists each notification in words with its link, in both parts, with the one-click header", async () => {
    const lines = ["5 people liked 'Harbour'", "Anonymous commented on 'Harbour'", "'Salt' was featured as an Editors' Pick", "You reached Novella Club (2026)"];
    const items = lines.map((message, i) => item({ message, pieceId: i === 3 ? null : piece }));
    const mail = (await digestMail(site, "secret", to, "weekly", items))!;
    expect(mail.subject).toBe("4 unread notifications on inkwell");
    expect(mail.to).toBe("olive@example.com");
    for (const line of lines) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toContain(`https://ink.example/submission/${piece}`);
    expect(mail.text).toContain("https://ink.example/notifications");
    expect(mail.text).toContain("weekly digest");
    expect(mail.html).toContain(`href="https://ink.example/submission/${piece}"`);
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<https:\/\/ink\.example\/api\/mail\/unsubscribe\?token=digest\./);
  });

  it("escapes titles and labels", async () => {
    const mail = (await digestMail(site, "secret", to, "daily", [item({ message: "1 person liked '<b>Bold</b> & brave'" })]))!;
    expect(mail.html).toContain("&lt;b&gt;Bold&lt;/b&gt; &amp; brave");
    expect(mail.html).not.toContain("<b>Bold</b>");
    expect(mail.text).toContain("1 person liked '<b>Bold</b> & brave'");
  });

  it("lists at most the newest lines and counts the rest", async () => {
    const items = Array.from({ length: DIGEST_LINES }, () => item({}));
    const mail = (await digestMail(site, "secret", to, "daily", items, DIGEST_LINES + 7))!;
    expect(mail.subject).toBe(`${DIGEST_LINES + 7} unread notifications on inkwell`);
    expect(mail.text).toContain("…and 7 more.");
  });
});
