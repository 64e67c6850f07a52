import type { Locator, Page } from "@playwright/test";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { confirmedWriter } from "./circles-steps.ts";
import { expect, expectAccessible, feedCard, hydrated, ORIGIN, PASSWORD, readMail, test, unique, uniqueEmail } from "./fixtures.ts";

/*
 * A teacher's circle (issue 29): the teacher makes a circle and an invite link; three students
 * join (one signs up through the link); the teacher sets today's circle prompt; two students
 * answer it on /write, shared with the circle alone; the teacher reads each student's week in
 * Progress and downloads it; someone outside the circle is told it does not exist. The new tabs
 * pass axe on a phone and a desktop, light and dark.
 */

/**
 * axe at 375 px and 1280 px in the light and the dark scheme (the page loaded again in each, as the
 * app reads the scheme on load), and nothing wider than the phone; `ready` is shown once loaded.
 */
async function accessibleEverywhere(page: Page, ready: Locator): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
    await expect(ready).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const waitForWritingTime = (page: Page) => expect(page.getByRole("timer", { name: "Writing time complete" })).toBeVisible({ timeout: 15_000 });

/** A student answers the circle's prompt on /write: chosen over the site's, and shared with the circle alone. */
async function answerCirclePrompt(page: Page, circleName: string, promptText: string, text: string): Promise<void> {
  await page.goto("/write");
  await expect(page.getByText("Loading prompt...")).toBeHidden();
  const choice = page.getByRole("group", { name: "Which prompt will you answer?" });
  await expect(choice.getByRole("radio", { name: "The site's prompt of the day" })).toBeChecked();
  await choice.getByRole("radio", { name: new RegExp(`^${circleName}'s prompt`) }).check();
  await expect(page.getByRole("region", { name: "Today's prompt" }).getByText(promptText)).toBeVisible();
  await page.getByRole("textbox", { name: "Your writing" }).fill(text);
  await waitForWritingTime(page);
  await page.getByRole("button", { name: "publish" }).click();
  const form = page.getByRole("dialog", { name: "How would you like to share this?" });
  await expect(form.getByRole("checkbox", { name: "Community" })).toBeDisabled();
  await expect(form.getByRole("checkbox", { name: "Community" })).not.toBeChecked();
  await expect(form.getByRole("checkbox", { name: circleName })).toBeChecked();
  await expect(form.getByText(CIRCLE_MESSAGES.circlePromptOnly)).toBeVisible();
  const published = page.waitForResponse((r) => r.url().endsWith("/api/submissions") && r.request().method() === "POST");
  await form.getByRole("button", { name: "Share", exact: true }).click();
  const res = await published;
  expect(res.status(), await res.text()).toBe(201);
  expect(res.request().postDataJSON()).toMatchObject({ action: "publish", community: false, circles: [expect.any(String)] });
  await expect(page.getByRole("heading", { name: "Thanks for sharing. It's brave, and we appreciate it." })).toBeVisible();
}

/** The Progress table's row of a member: days written, pieces shared, words, current streak. */
async function expectWeek(page: Page, name: string, days: number, pieces: number): Promise<void> {
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}`) }) });
  await expect(row.getByRole("cell").nth(0)).toHaveText(String(days));
  await expect(row.getByRole("cell").nth(1)).toHaveText(String(pieces));
}

test("a teacher's circle: students join (one signs up by the link), answer the circle's prompt, and the teacher reads and downloads their week", async ({ browser }) => {
  test.setTimeout(240_000);
  const circleName = `Room 12 ${unique()}`;
  const promptText = `Write about a door you remember ${unique()}`;

  // The teacher makes the circle and an invite link.
  const teacher = await confirmedWriter(browser, "Teresa Teacher");
  const t = teacher.page;
  await t.goto("/circles");
  await t.getByRole("textbox", { name: "Name" }).fill(circleName);
  await t.getByRole("textbox", { name: "Description" }).fill("Ten minutes a day, together.");
  await t.getByRole("button", { name: "Create circle" }).click();
  await expect(t.getByRole("heading", { name: circleName, level: 1 })).toBeVisible();
  const slug = decodeURIComponent(new URL(t.url()).pathname.split("/").pop()!);
  await t.getByRole("link", { name: "Invites" }).click();
  await t.getByRole("button", { name: "Make invite link" }).click();
  const linkBox = t.getByRole("textbox", { name: /Your invite link/ });
  await expect(linkBox).toHaveValue(/\/join\//);
  const joinPath = new URL(await linkBox.inputValue()).pathname;

  // Ana joins by the link, reading first what the moderators will see.
  const ana = await confirmedWriter(browser, "Ana Student");
  await ana.page.goto(joinPath);
  await expect(ana.page.getByText(CIRCLE_MESSAGES.progressNotice)).toBeVisible();
  await ana.page.getByRole("button", { name: "Join circle" }).click();
  await expect(ana.page.getByRole("heading", { name: circleName, level: 1 })).toBeVisible();

  // Ben joins too.
  const ben = await confirmedWriter(browser, "Ben Student");
  await ben.page.goto(joinPath);
  await ben.page.getByRole("button", { name: "Join circle" }).click();
  await expect(ben.page.getByRole("heading", { name: circleName, level: 1 })).toBeVisible();

  // Cleo has no account: she opens the link, signs up through it, confirms her address, and joins.
  const cleoContext = await browser.newContext();
  const c = await cleoContext.newPage();
  await c.goto(joinPath);
  await expect(c.getByText(CIRCLE_MESSAGES.progressNotice)).toBeVisible();
  await c.getByRole("link", { name: "Create an account" }).click();
  await expect(c).toHaveURL(/\/register\?next=/);
  const cleoEmail = uniqueEmail("cleo");
  await c.getByLabel("Name").fill("Cleo Student");
  await c.getByLabel("Email").fill(cleoEmail);
  await c.getByLabel("Password").fill(PASSWORD);
  await c.getByRole("button", { name: "write" }).click();
  await expect(c).toHaveURL(new RegExp(`${joinPath}$`));
  const mail = await readMail(cleoEmail, /Confirm your email/);
  await c.goto(mail.link);
  await c.goto(joinPath);
  await c.getByRole("button", { name: "Join circle" }).click();
  await expect(c.getByRole("heading", { name: circleName, level: 1 })).toBeVisible();
  await expect(c.getByText("4 members", { exact: false })).toBeVisible();

  // The teacher sets today's circle prompt in the Prompts tab.
  await t.goto(`/circles/${encodeURIComponent(slug)}`);
  await t.getByRole("link", { name: "Prompts" }).click();
  const today = t.getByRole("listitem").filter({ hasText: "Today" });
  await expect(today).toHaveCount(1);
  await today.getByRole("textbox", { name: /'s prompt$/ }).fill(promptText);
  await today.getByRole("textbox", { name: /Author attribution/ }).fill("Ms. Teacher");
  await today.getByRole("button", { name: "Save prompt" }).click();
  await expect(t.getByText(/'s prompt saved$/)).toBeVisible();
  await expect(today.getByRole("button", { name: "Remove prompt" })).toBeVisible();
  await accessibleEverywhere(t, today.getByRole("button", { name: "Remove prompt" }));

  // A member reads it there too (no editing).
  await ben.page.goto(`/circles/${encodeURIComponent(slug)}?tab=prompts`);
  await expect(ben.page.getByText(promptText)).toBeVisible();
  await expect(ben.page.getByRole("button", { name: "Save prompt" })).toHaveCount(0);
  await expect(ben.page.getByRole("link", { name: "Progress" })).toHaveCount(0);

  // Ana and Cleo answer it on /write; Ben does not.
  await answerCirclePrompt(ana.page, circleName, promptText, "The blue door at my grandmother's, which stuck in summer.");
  await answerCirclePrompt(c, circleName, promptText, "A revolving door I was afraid of, at six, in a station.");

  // The teacher: the pieces in the circle, and each student's week in Progress.
  await t.goto(`/circles/${encodeURIComponent(slug)}`);
  await expect(t.getByRole("list", { name: "Pieces" }).getByRole("listitem")).toHaveCount(2);
  await t.setViewportSize({ width: 1280, height: 900 });
  await t.screenshot({ path: "test-results/circles-teacher-circle-1280.png", fullPage: true });
  await t.getByRole("link", { name: "Progress" }).click();
  await expect(t.getByRole("table", { name: /Each member's week/ })).toBeVisible();
  await expectWeek(t, "Ana Student", 1, 1);
  await expectWeek(t, "Cleo Student", 1, 1);
  await expectWeek(t, "Ben Student", 0, 0);
  await expectWeek(t, "Teresa Teacher", 0, 0);
  await t.screenshot({ path: "test-results/circles-teacher-progress-1280.png", fullPage: true });
  await accessibleEverywhere(t, t.getByRole("table", { name: /Each member's week/ }));

  const downloading = t.waitForEvent("download");
  await t.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^circle-progress-\d{4}-\d{2}-\d{2}\.csv$/);

  // Someone outside the circle: it does not exist for them.
  const outsider = await confirmedWriter(browser, "Otto Outsider");
  await outsider.page.goto(`/circles/${encodeURIComponent(slug)}?tab=progress`);
  await expect(outsider.page.getByRole("heading", { name: CIRCLE_MESSAGES.notFound })).toBeVisible();

  await Promise.all([teacher.close(), ana.close(), ben.close(), cleoContext.close(), outsider.close()]);
});

test("a member mutes the circle; a moderator edits it and removes and bans a member, whom its link no longer lets in", async ({ browser }) => {
  const owner = await confirmedWriter(browser, "Orla Owner");
  const member = await confirmedWriter(browser, "Mo Member");
  const o = owner.page;
  const made = await o.request.post("/api/circles", { data: { name: `Evening Writers ${unique()}`, accent: "teal" } });
  expect(made.status(), await made.text()).toBe(201);
  const { circle } = (await made.json()) as { circle: { slug: string } };
  const invite = await o.request.post(`/api/circles/${encodeURIComponent(circle.slug)}/invites`, { data: { days: 3 } });
  const { code } = (await invite.json()) as { code: string };
  expect((await member.page.request.post(`/api/invites/${encodeURIComponent(code)}/accept`)).status()).toBe(200);

  // The member mutes it, and reads what moderators see.
  const m = member.page;
  await m.goto(`/circles/${encodeURIComponent(circle.slug)}?tab=members`);
  await expect(m.getByText(CIRCLE_MESSAGES.progressNotice)).toBeVisible();
  await m.getByRole("button", { name: "Mute circle" }).click();
  await expect(m.getByText("Circle muted")).toBeVisible();
  await expect(m.getByRole("button", { name: "Unmute circle" })).toBeVisible();
  await expect(m.getByRole("heading", { name: "Edit circle" })).toHaveCount(0);

  // The owner renames it.
  await o.goto(`/circles/${encodeURIComponent(circle.slug)}?tab=members`);
  const newName = `Night Owls ${unique()}`;
  await o.getByRole("textbox", { name: "Name" }).fill(newName);
  await o.getByRole("button", { name: "Save changes" }).click();
  await expect(o.getByRole("heading", { name: newName, level: 1 })).toBeVisible();

  // ... and removes and bans the member: the link no longer lets them in.
  await o.getByRole("button", { name: "Remove and ban Mo Member" }).click();
  await o.getByRole("dialog", { name: "Remove and ban?" }).getByRole("button", { name: "Remove and ban" }).click();
  await expect(o.getByText("Mo Member was removed and banned")).toBeVisible();
  await expect(o.getByRole("list", { name: "Members" }).getByText("Mo Member")).toHaveCount(0);
  await m.goto(`/join/${encodeURIComponent(code)}`);
  await m.getByRole("button", { name: "Join circle" }).click();
  await expect(m.getByText(CIRCLE_MESSAGES.banned)).toBeVisible();

  await Promise.all([owner.close(), member.close()]);
});

/** axe at 375 px, and nothing wider than the phone. */
async function accessibleOnPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** A piece published through the API (the writing timer waited out) to `circleId` alone, not the community. */
async function shareWithCircle(page: Page, circleId: string, title: string): Promise<void> {
  const headers = { origin: ORIGIN };
  const { prompt } = (await (await page.request.get("/api/prompts/today")).json()) as { prompt: { id: string } };
  const sessionRes = await page.request.post("/api/writing-sessions", { data: {}, headers });
  expect(sessionRes.status()).toBe(201);
  const session = (await sessionRes.json()) as { token: string; minSeconds: number };
  await new Promise((r) => setTimeout(r, session.minSeconds * 1000 + 250));
  const res = await page.request.post("/api/submissions", {
    headers,
    data: {
      content: "The stalls went up before the light did, and the fish man sang.",
      title,
      promptId: prompt.id,
      action: "publish",
      signature: "name",
      writingSession: session.token,
      idempotencyKey: crypto.randomUUID(),
      community: false,
      circles: [circleId],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("ask to join: the owner approves each new member and accepts a request; a moderator hides a member's piece from the circle and shows it again", async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await confirmedWriter(browser, "Petra Owner");
  const o = owner.page;
  const made = await o.request.post("/api/circles", { data: { name: `Market Writers ${unique()}`, accent: "amber" } });
  expect(made.status(), await made.text()).toBe(201);
  const { circle } = (await made.json()) as { circle: { id: string; slug: string; name: string } };
  const circlePath = `/circles/${encodeURIComponent(circle.slug)}`;
  const { code } = (await (await o.request.post(`/api/circles/${encodeURIComponent(circle.slug)}/invites`, { data: { days: 3 } })).json()) as { code: string };

  // Before approval is on, Mia joins at once, and the owner makes her a moderator.
  const mia = await confirmedWriter(browser, "Mia Moderator");
  expect((await mia.page.request.post(`/api/invites/${encodeURIComponent(code)}/accept`)).status()).toBe(200);
  const members = (await (await o.request.get(`/api/circles/${encodeURIComponent(circle.slug)}/members`)).json()) as { items: { userId: string; name: string }[] };
  const miaId = members.items.find((m) => m.name === "Mia Moderator")!.userId;
  expect((await o.request.patch(`/api/circles/${encodeURIComponent(circle.slug)}/members/${miaId}`, { data: { role: "moderator" } })).status()).toBe(200);

  // The owner turns approval on in Edit circle.
  await o.goto(`${circlePath}?tab=members`);
  const approval = o.getByRole("checkbox", { name: "New members need a moderator's approval" });
  await expect(approval).not.toBeChecked();
  await approval.check();
  await o.getByRole("button", { name: "Save changes" }).click();
  await expect(o.getByText("Circle saved")).toBeVisible();
  await expect(o.getByText(/No one is waiting to join/)).toBeVisible();

  // Wes opens the link and asks to join: he is told a moderator will let him in.
  const wes = await confirmedWriter(browser, "Wes Writer");
  const w = wes.page;
  await w.goto(`/join/${encodeURIComponent(code)}`);
  await hydrated(w);
  await w.getByRole("button", { name: "Ask to join" }).click();
  await expect(w.getByRole("status").filter({ hasText: CIRCLE_MESSAGES.requestSent })).toBeVisible();
  await accessibleOnPhone(w);
  await w.goto(circlePath);
  await expect(w.getByRole("heading", { name: CIRCLE_MESSAGES.notFound })).toBeVisible();

  // The owner accepts him from Requests to join.
  await o.reload();
  const requests = o.getByRole("list", { name: "Requests to join" });
  await expect(requests.getByText("Wes Writer")).toBeVisible();
  await accessibleOnPhone(o);
  await requests.getByRole("button", { name: "Accept Wes Writer" }).click();
  await expect(o.getByText("Wes Writer joined the circle")).toBeVisible();
  await expect(o.getByRole("list", { name: "Members" }).getByText("Wes Writer")).toBeVisible();
  await expect(o.getByText(/No one is waiting to join/)).toBeVisible();

  // Wes now reads the circle.
  await w.goto(circlePath);
  await expect(w.getByRole("heading", { name: circle.name, level: 1 })).toBeVisible();

  // Wes shares a piece with the circle; Mia, a moderator, hides it with a reason.
  const title = `Market day ${unique()}`;
  await shareWithCircle(w, circle.id, title);
  const m = mia.page;
  await m.goto(circlePath);
  await expect(feedCard(m, title)).toBeVisible();
  await m.setViewportSize({ width: 375, height: 800 });
  await m.getByRole("button", { name: `Hide from circle: ${title} by Wes Writer` }).click();
  const dialog = m.getByRole("dialog", { name: "Hide this piece from the circle?" });
  await dialog.getByRole("button", { name: "Hide from circle" }).click();
  await expect(dialog.getByText("Say why it is hidden")).toBeVisible();
  await dialog.getByRole("textbox", { name: /Reason/ }).fill("Off topic for this circle");
  await accessibleOnPhone(m);
  await dialog.getByRole("button", { name: "Hide from circle" }).click();
  await expect(m.getByText("Hidden from the circle")).toBeVisible();
  await expect(feedCard(m, title)).toHaveCount(0);

  // It waits in Hidden pieces (folded until opened); Show again brings it back.
  const toggle = m.getByRole("button", { name: "Hidden pieces" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  const hidden = m.getByRole("list", { name: "Hidden pieces" });
  await expect(hidden.getByText(title)).toBeVisible();
  await expect(hidden.getByText(/Off topic for this circle/)).toBeVisible();
  await accessibleOnPhone(m);
  await hidden.getByRole("button", { name: `Show again: ${title}` }).click();
  await expect(m.getByText("The piece is back in the circle")).toBeVisible();
  await expect(feedCard(m, title)).toBeVisible();
  await expect(m.getByText("No pieces are hidden from this circle.")).toBeVisible();

  await Promise.all([owner.close(), mia.close(), wes.close()]);
});
