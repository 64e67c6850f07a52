import type { Page } from "@playwright/test";
import { confirmedWriter } from "./circles-steps.ts";
import { expect, expectAccessible, feedCard, test, unique } from "./fixtures.ts";

/*
 * Circles (issue 29): a writer makes a circle and an invite link; a second writer opens the link,
 * joins, and publishes a piece to the circle alone; the first reads it in the circle's feed and
 * not in the community's; a writer outside the circle is told it does not exist. Each circle page
 * passes axe on a phone and a desktop, and fits the phone's width.
 */

/** axe at 375 px and 1280 px, and nothing wider than the phone. */
async function accessibleOnPhoneAndDesktop(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
}

const waitForWritingTime = (page: Page) => expect(page.getByRole("timer", { name: "Writing time complete" })).toBeVisible({ timeout: 15_000 });

/** Writes a piece on /write and shares it with the circle alone, not the community. */
async function publishToCircleAlone(page: Page, circleName: string, title: string, words: string): Promise<void> {
  await page.goto("/write");
  await expect(page.getByText("Loading prompt...")).toBeHidden();
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Your writing" }).fill(words);
  await waitForWritingTime(page);
  await page.getByRole("button", { name: "publish" }).click();
  const form = page.getByRole("dialog", { name: "How would you like to share this?" });
  await expect(form.getByRole("checkbox", { name: "Community" })).toBeChecked();
  await form.getByRole("checkbox", { name: "Community" }).uncheck();
  await form.getByRole("checkbox", { name: circleName }).check();
  const published = page.waitForResponse((r) => r.url().endsWith("/api/submissions") && r.request().method() === "POST");
  await form.getByRole("button", { name: "Share", exact: true }).click();
  const res = await published;
  expect(res.status(), await res.text()).toBe(201);
  expect(res.request().postDataJSON()).toMatchObject({ action: "publish", community: false, circles: [expect.any(String)] });
  await expect(page.getByRole("heading", { name: "Thanks for sharing. It's brave, and we appreciate it." })).toBeVisible();
}

test("a circle: made, joined by invite link, a piece shared with it alone, and hidden from everyone else", async ({ browser }) => {
  // Three writers and a visitor, each in a browser of their own: 1.5 min in one run here, 1.9 and 2.0 in the next two.
  test.setTimeout(240_000);
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
  await publishToCircleAlone(m, circleName, title, "Words for the few who meet on Tuesdays, and no one else.");

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

  // The community's toolbar on the circle's pieces: the owner shares a second piece; the member
  // sorts, searches, finds nothing among Editor's Picks and clears the filters; the view is in the URL.
  const ownTitle = `Harbour lights ${unique()}`;
  await publishToCircleAlone(o, circleName, ownTitle, "Lanterns swing over the harbour while the boats come in.");
  await m.goto(`/circles/${encodeURIComponent(slug)}`);
  const pieces = m.getByRole("list", { name: "Pieces" });
  await expect(pieces.getByRole("listitem").first()).toContainText(ownTitle);
  await m.getByRole("combobox", { name: "Sort" }).selectOption({ label: "Most Liked" });
  await expect(pieces.getByRole("listitem").first()).toContainText(title);
  await m.getByRole("searchbox", { name: "Search responses" }).fill("lanterns");
  await expect(feedCard(m, title)).toHaveCount(0);
  await expect(feedCard(m, ownTitle)).toBeVisible();
  await m.reload();
  await expect(m.getByRole("searchbox", { name: "Search responses" })).toHaveValue("lanterns");
  await expect(m.getByRole("combobox", { name: "Sort" })).toHaveValue("liked");
  await expect(feedCard(m, ownTitle)).toBeVisible();
  await expect(feedCard(m, title)).toHaveCount(0);
  await m.getByRole("combobox", { name: "Responses" }).selectOption({ label: "Editor's Picks" });
  await expect(m.getByRole("heading", { name: "Nothing matches" })).toBeVisible();
  await expect(m.getByText('No piece in this circle matches "lanterns".')).toBeVisible();
  await accessibleOnPhoneAndDesktop(m);
  await m.getByRole("button", { name: "Clear filters" }).click();
  await expect(m.getByRole("searchbox", { name: "Search responses" })).toHaveValue("");
  await expect(m.getByRole("combobox", { name: "Responses" })).toHaveValue("all");
  await expect(feedCard(m, ownTitle)).toBeVisible();
  await expect(pieces.getByRole("listitem").first()).toContainText(title);
  await m.goBack();
  await expect(m.getByRole("heading", { name: "Nothing matches" })).toBeVisible();

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

test("the owner runs the circle: a moderator made, a link turned off, Leave explained, the circle deleted; a visitor is sent home", async ({ browser, page }) => {
  await page.goto("/circles");
  await expect(page).toHaveURL(/\/$/);

  const owner = await confirmedWriter(browser, "Rhea Runner");
  const member = await confirmedWriter(browser, "Milo Moderator");
  const o = owner.page;
  const circleName = `Night Shift ${unique()}`;
  const made = await o.request.post("/api/circles", { data: { name: circleName, accent: "violet" } });
  expect(made.status(), await made.text()).toBe(201);
  const { circle } = (await made.json()) as { circle: { slug: string } };
  const invite = await o.request.post(`/api/circles/${encodeURIComponent(circle.slug)}/invites`, { data: { days: 3, maxUses: 5 } });
  expect(invite.status(), await invite.text()).toBe(201);
  const { code } = (await invite.json()) as { code: string };
  const joined = await member.page.request.post(`/api/invites/${encodeURIComponent(code)}/accept`);
  expect(joined.status(), await joined.text()).toBe(200);

  // Members: the owner makes the member a moderator, and is told to hand over before leaving.
  await o.goto(`/circles/${encodeURIComponent(circle.slug)}?tab=members`);
  const members = o.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem").filter({ hasText: "Milo Moderator" }).getByText("Member", { exact: true })).toBeVisible();
  await o.getByRole("button", { name: "Make Milo Moderator a moderator" }).click();
  await expect(o.getByText("Milo Moderator is now a moderator")).toBeVisible();
  await expect(members.getByRole("listitem").filter({ hasText: "Milo Moderator" }).getByText("Moderator", { exact: true })).toBeVisible();
  await o.getByRole("button", { name: "Leave circle" }).click();
  await expect(o.getByText("Hand the circle over to another member (or delete it) before you leave")).toBeVisible();
  await accessibleOnPhoneAndDesktop(o);

  // Invites: the link, live with 1 of 5 uses, turned off.
  await o.getByRole("link", { name: "Invites" }).click();
  const links = o.getByRole("list", { name: "Invite links" });
  await expect(links.getByText("Live · 1 of 5 uses")).toBeVisible();
  await links.getByRole("button", { name: /Turn off the invite link/ }).click();
  await expect(links.getByText("Turned off · 1 of 5 uses")).toBeVisible();
  await member.page.goto(`/join/${encodeURIComponent(code)}`);
  await expect(member.page.getByText("This invite link was turned off. Ask for a new one.")).toBeVisible();

  // Delete: the name typed again.
  await o.getByRole("link", { name: "Members" }).click();
  await o.getByRole("button", { name: "Delete circle" }).click();
  await expect(o.getByText("Type the circle's name to delete it")).toBeVisible();
  await o.getByRole("textbox", { name: `Type "${circleName}" to confirm` }).fill(circleName);
  await o.getByRole("button", { name: "Delete circle" }).click();
  await expect(o).toHaveURL(/\/circles$/);
  await expect(o.getByText("You are not in any circle yet", { exact: false })).toBeVisible();
  await member.page.goto(`/circles/${encodeURIComponent(circle.slug)}`);
  await expect(member.page.getByRole("heading", { name: "Circle not found" })).toBeVisible();

  await Promise.all([owner.close(), member.close()]);
});
