import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, feedCard, readMail, registerViaApi, test, unique } from "./fixtures.ts";

/*
 * Circles (issue 29): a writer makes a circle and an invite link; a second writer opens the link,
 * joins, and publishes a piece to the circle alone; the first reads it in the circle's feed and
 * not in the community's; a writer outside the circle is told it does not exist. Each circle page
 * passes axe on a phone and a desktop, and fits the phone's width.
 */

/** A signed-in writer with a confirmed address (circles ask for one), in a browser of their own. */
async function confirmedWriter(browser: Browser, name: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  const { email } = await registerViaApi(page.request, { name });
  const mail = await readMail(email, /Confirm your email/);
  await page.request.get(mail.link, { maxRedirects: 0 });
  return { page, close: () => context.close() };
}

/** axe at 375 px and 1280 px, and nothing wider than the phone. */
async function accessibleOnPhoneAndDesktop(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
}

const waitForWritingTime = (page: Page) => expect(page.getByRole("timer", { name: "Writing time complete" })).toBeVisible({ timeout: 15_000 });

test("a circle: made, joined by invite link, a piece shared with it alone, and hidden from everyone else", async ({ browser }) => {
  test.setTimeout(120_000);
  const circleName = `Tuesday Poets ${unique()}`;
  const title = `Only for the circle ${unique()}`;

  // The owner: no circle yet, then one, made from /circles.
  const owner = await confirmedWriter(browser, "Olga Owner");
  const o = owner.page;
  await o.goto("/");
  await o.getByRole("button", { name: "Menu" }).click();
  await o.getByRole("link", { name: "Circles" }).click();
  await expect(o).toHaveURL(/\/circles$/);
  await expect(o.getByRole("heading", { name: "Circles", level: 1 })).toBeVisible();
  await expect(o.getByText("You are not in any circle yet", { exact: false })).toBeVisible();
  await accessibleOnPhoneAndDesktop(o);

  await o.getByRole("textbox", { name: "Name" }).fill(circleName);
  await o.getByRole("textbox", { name: "Description" }).fill("We write on Tuesdays and read on Wednesdays.");
  await o.getByRole("radio", { name: "Teal" }).check();
  await o.getByRole("button", { name: "Create circle" }).click();
  await expect(o.getByRole("heading", { name: circleName, level: 1 })).toBeVisible();
  const slug = decodeURIComponent(new URL(o.url()).pathname.split("/").pop()!);
  await expect(o.getByText("Nothing shared with this circle yet.")).toBeVisible();
  await accessibleOnPhoneAndDesktop(o);

  // An invite link, shown once.
  await o.getByRole("link", { name: "Invites" }).click();
  await expect(o.getByRole("spinbutton", { name: "Days it works" })).toHaveValue("7");
  await o.getByRole("button", { name: "Make invite link" }).click();
  const linkBox = o.getByRole("textbox", { name: /Your invite link/ });
  await expect(linkBox).toHaveValue(/\/join\//);
  const link = await linkBox.inputValue();
  const code = decodeURIComponent(new URL(link).pathname.split("/").pop()!);
  await expect(o.getByRole("list", { name: "Invite links" }).getByText(/Live · 0 uses/)).toBeVisible();
  await accessibleOnPhoneAndDesktop(o);

  // A visitor holding the link is asked to sign in or up, and would come back here.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/join/${encodeURIComponent(code)}`);
  await expect(visitor.getByRole("heading", { name: circleName })).toBeVisible();
  await expect(visitor.getByText("Sign in or create an account to join this circle")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", `/register?next=${encodeURIComponent(`/join/${encodeURIComponent(code)}`)}`);
  await expect(visitor.getByRole("link", { name: "Sign in" }).last()).toHaveAttribute("href", `/signin?next=${encodeURIComponent(`/join/${encodeURIComponent(code)}`)}`);
  await visitorContext.close();

  // The second writer joins by the link.
  const member = await confirmedWriter(browser, "Mina Member");
  const m = member.page;
  await m.goto(`/join/${encodeURIComponent(code)}`);
  await expect(m.getByRole("heading", { name: circleName })).toBeVisible();
  await expect(m.getByText("1 member", { exact: false })).toBeVisible();
  await accessibleOnPhoneAndDesktop(m);
  await m.getByRole("button", { name: "Join circle" }).click();
  await expect(m).toHaveURL(new RegExp(`/circles/${slug}$`));
  await expect(m.getByRole("heading", { name: circleName, level: 1 })).toBeVisible();
  await expect(m.getByText("2 members", { exact: false })).toBeVisible();

  // ... and publishes a piece to the circle alone.
  await m.goto("/write");
  await expect(m.getByText("Loading prompt...")).toBeHidden();
  await m.getByRole("textbox", { name: "Title" }).fill(title);
  await m.getByRole("textbox", { name: "Your writing" }).fill("Words for the few who meet on Tuesdays, and no one else.");
  await waitForWritingTime(m);
  await m.getByRole("button", { name: "publish" }).click();
  const form = m.getByRole("dialog", { name: "How would you like to share this?" });
  await expect(form.getByRole("checkbox", { name: "Community" })).toBeChecked();
  await form.getByRole("checkbox", { name: "Community" }).uncheck();
  await form.getByRole("checkbox", { name: circleName }).check();
  const published = m.waitForResponse((r) => r.url().endsWith("/api/submissions") && r.request().method() === "POST");
  await form.getByRole("button", { name: "Share", exact: true }).click();
  const res = await published;
  expect(res.status(), await res.text()).toBe(201);
  expect(res.request().postDataJSON()).toMatchObject({ action: "publish", community: false, circles: [expect.any(String)] });
  await expect(m.getByRole("heading", { name: "Thanks for sharing. It's brave, and we appreciate it." })).toBeVisible();

  // The owner: one new piece on the list, and the piece in the circle's feed.
  await o.goto("/circles");
  const row = o.getByRole("list", { name: "Your circles" }).getByRole("listitem").filter({ hasText: circleName });
  await expect(row.getByText("1 new")).toBeVisible();
  await row.getByRole("link", { name: circleName }).click();
  await expect(feedCard(o, title)).toBeVisible();
  await expect(feedCard(o, title).getByText("Mina Member")).toBeVisible();
  // Liked on its card (the community's card, kept in step as there), then read inside the circle.
  const like = feedCard(o, title).getByRole("button", { name: /like/i });
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveText(/1/);
  await feedCard(o, title).getByRole("link", { name: title }).click();
  await expect(o.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(o.getByText("Words for the few who meet on Tuesdays", { exact: false })).toBeVisible();
  await o.getByRole("link", { name: `Back to ${circleName}` }).first().click();
  await expect(feedCard(o, title)).toBeVisible();

  // Not in the community's feed.
  await o.goto("/community");
  await expect(o.getByRole("list", { name: "Responses" }).or(o.getByText("No responses found"))).toBeVisible();
  await expect(o.getByRole("link", { name: title })).toHaveCount(0);
  const feed = await o.request.get(`/api/community/feed?q=${encodeURIComponent(title)}`);
  expect(feed.status()).toBe(200);
  expect(((await feed.json()) as { items: unknown[] }).items).toEqual([]);

  // A writer outside the circle: it does not exist for them.
  const outsider = await confirmedWriter(browser, "Otto Outsider");
  await outsider.page.goto(`/circles/${encodeURIComponent(slug)}`);
  await expect(outsider.page.getByRole("heading", { name: "Circle not found" })).toBeVisible();
  await expect(outsider.page.getByText(title)).toHaveCount(0);

  await Promise.all([owner.close(), member.close(), outsider.close()]);
});
