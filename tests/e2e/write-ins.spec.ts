import type { Browser, Locator, Page } from "@playwright/test";
import { WRITE_IN_MESSAGES } from "#shared/domain/write-ins.ts";
import { formatWriteInStart } from "#client/features/write-ins/lib/write-in-time.ts";
import { confirmedWriter } from "./circles-steps.ts";
import { expect, expectAccessible, registerViaApi, signInAsAdmin, test, unique } from "./fixtures.ts";

/*
 * Write-ins' pages (issue 30): an admin schedules a community write-in for tomorrow from /write-ins
 * (in Paris time) with its own prompt, a writer (in UTC) finds it on /write and reads it in their own zone, with the
 * prompt, and says they are coming, and the admin cancels it; a circle's moderator schedules a weekly one from the circle's Write-ins tab, a
 * writer outside the circle never sees it, and the moderator cancels it with the following weeks.
 * The list and a write-in's page pass axe on a phone and a desktop, light and dark.
 */

const HOUR = 60 * 60 * 1000;
const PARIS = { locale: "en-GB", timezoneId: "Europe/Paris" } as const;
const UTC = { locale: "en-US", timezoneId: "UTC" } as const;

/** A browser of its own, in a locale and zone. */
async function pageIn(browser: Browser, where: { locale: string; timezoneId: string }): Promise<Page> {
  const context = await browser.newContext(where);
  const page = await context.newPage();
  await page.goto("/");
  return page;
}

/** Tomorrow on the hour by the server's clock, and the datetime-local value that says it in `timeZone`. */
async function tomorrow(page: Page, timeZone: string): Promise<{ iso: string; input: string }> {
  const { now } = (await (await page.request.get("/api/time")).json()) as { now: number };
  const at = new Date(Math.ceil((now + 24 * HOUR) / HOUR) * HOUR);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { iso: at.toISOString(), input: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}` };
}

/** axe at 375 px and 1280 px, light then dark (the page loaded again in each scheme), and nothing wider than the phone. */
async function accessibleEverywhere(page: Page, ready: Locator): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await expect(ready).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page);
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const card = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title, exact: true }) });

test("an admin schedules a community write-in for tomorrow with its own prompt; a writer finds it on /write, reads it and says they are coming; the admin cancels it", async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Sunday sprint ${unique()}`;
  const promptText = `Write about a door left open ${unique()}`;
  const admin = await pageIn(browser, PARIS);
  await signInAsAdmin(admin);
  const start = await tomorrow(admin, PARIS.timezoneId);

  await admin.goto("/write-ins");
  await expect(admin.getByRole("heading", { name: "Write-ins", level: 1 })).toBeVisible();
  await admin.getByRole("button", { name: "Schedule a write-in" }).click();
  const form = admin.getByRole("region", { name: "Schedule a write-in" });
  await expect(form.getByRole("textbox", { name: "Title" })).toBeFocused();
  // An admin who moderates no circle schedules for the whole community alone.
  await expect(form.getByText("For Whole community")).toBeVisible();
  await expect(form.getByText("In your time zone (Europe/Paris)")).toBeVisible();
  // The community's write-in answers the site's prompt or brings its own: no circle's prompt.
  await expect(form.getByRole("radio")).toHaveCount(2);
  await expect(form.getByRole("textbox", { name: "The write-in's prompt" })).toHaveCount(0);
  await form.getByRole("radio", { name: "Its own prompt" }).check();
  // Nothing is sent without a title or the prompt's words, and the length stays within 10 to 60 minutes.
  await form.getByRole("spinbutton", { name: "Length in minutes" }).fill("75");
  await form.getByRole("button", { name: "Schedule write-in" }).click();
  await expect(form.getByText(WRITE_IN_MESSAGES.titleRequired)).toBeVisible();
  await expect(form.getByText(WRITE_IN_MESSAGES.badLength)).toBeVisible();
  await expect(form.getByText(WRITE_IN_MESSAGES.promptRequired)).toBeVisible();
  await expectAccessible(admin);
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByLabel("Starts").fill(start.input);
  await form.getByRole("spinbutton", { name: "Length in minutes" }).fill("30");
  await form.getByRole("textbox", { name: "The write-in's prompt" }).fill(promptText);
  const sent = admin.waitForRequest((r) => r.url().endsWith("/api/write-ins") && r.method() === "POST");
  await form.getByRole("button", { name: "Schedule write-in" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ circle: null, title, timeZone: "Europe/Paris", lengthMinutes: 30, repeat: "none", promptMode: "own", promptText });

  // Its page, in the admin's zone: Paris time, named.
  await expect(admin.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(admin.getByText(formatWriteInStart(start.iso, { locale: PARIS.locale, timeZone: PARIS.timezoneId }))).toBeVisible();
  await expect(admin.getByText("Whole community")).toBeVisible();
  await expect(admin.getByText("0 coming")).toBeVisible();
  await expect(admin.getByText("Joining opens 10 minutes before the start.")).toBeVisible();
  await expect(admin.getByText(/30 minutes · its own prompt/)).toBeVisible();
  await expect(admin.getByText(promptText)).toBeVisible();
  const detailUrl = admin.url();
  const calendar = await admin.getByRole("link", { name: "Add to calendar (.ics)" }).getAttribute("href");
  expect(calendar).toBe(`${new URL(detailUrl).pathname.replace("/write-ins/", "/api/write-ins/")}/calendar.ics`);
  const ics = await admin.request.get(calendar!);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect(await ics.text()).toContain(`SUMMARY:${title}`);

  // A writer in UTC reads it in /write-ins in their own time, and says they are coming.
  const writer = await pageIn(browser, UTC);
  await registerViaApi(writer.request, { name: "Wren Writer" });
  // The writing page names it above the prompt, in their own time, without taking the focus; its
  // title leads to its page (joining is not open yet), by keyboard. A visitor's /write names none.
  await writer.goto("/write");
  const soon = writer.getByRole("region", { name: "Write-ins coming up" });
  await expect(soon.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expect(soon.getByText(formatWriteInStart(start.iso, { locale: UTC.locale, timeZone: UTC.timezoneId }))).toBeVisible();
  await expect(soon.getByRole("link", { name: "All write-ins" })).toHaveAttribute("href", "/write-ins");
  await expect(writer.getByRole("textbox", { name: "Your writing" })).not.toBeFocused();
  expect(await writer.evaluate(() => document.activeElement === document.body)).toBe(true);
  const [noticeBox, promptBox] = [await soon.boundingBox(), await writer.getByRole("heading", { name: "Today's prompt" }).boundingBox()];
  expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(promptBox!.y);
  await writer.screenshot({ path: "test-results/write-upcoming-1280.png" });
  await accessibleEverywhere(writer, soon.getByRole("link", { name: title, exact: true }));
  await soon.getByRole("link", { name: title, exact: true }).focus();
  await writer.keyboard.press("Enter");
  await expect(writer.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  expect(writer.url()).toBe(detailUrl);
  const visitor = await pageIn(browser, UTC);
  const asked: string[] = [];
  visitor.on("request", (r) => void (r.url().includes("/api/write-ins") && asked.push(r.url())));
  await visitor.goto("/write");
  await expect(visitor.getByRole("heading", { name: "Today's prompt" })).toBeVisible();
  await expect(visitor.getByText("Loading prompt...")).toHaveCount(0);
  await expect(visitor.getByRole("region", { name: "Write-ins coming up" })).toHaveCount(0);
  expect(asked).toEqual([]);
  await visitor.context().close();
  await writer.goto("/write-ins");
  const item = card(writer, title);
  await expect(item.getByText(formatWriteInStart(start.iso, { locale: UTC.locale, timeZone: UTC.timezoneId }))).toBeVisible();
  await expect(item.getByText("30 minutes")).toBeVisible();
  await expect(item.getByText("Upcoming")).toBeVisible();
  await expect(item.getByText("0 coming")).toBeVisible();
  await item.getByRole("button", { name: "I'm coming" }).click();
  await expect(item.getByText("You're coming")).toBeVisible();
  await expect(item.getByText("1 coming")).toBeVisible();
  await expect(item.getByRole("button", { name: "Not coming" })).toBeFocused();
  // Its page says what they will write to.
  await item.getByRole("link", { name: title, exact: true }).click();
  await expect(writer.getByText("Prompt:")).toBeVisible();
  await expect(writer.getByText(promptText)).toBeVisible();
  await writer.goBack();
  await expect(card(writer, title).getByText("You're coming")).toBeVisible();
  // The writer has no schedule form; the menu leads here.
  await expect(writer.getByRole("button", { name: "Schedule a write-in" })).toHaveCount(0);
  await writer.getByRole("button", { name: "Menu" }).click();
  await expect(writer.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Write-ins" })).toHaveAttribute("href", "/write-ins");
  await writer.keyboard.press("Escape");

  await writer.setViewportSize({ width: 375, height: 800 });
  await writer.screenshot({ path: "test-results/write-ins-list-375.png", fullPage: true });
  await accessibleEverywhere(writer, card(writer, title).getByText("You're coming"));
  await writer.getByRole("link", { name: "Past" }).click();
  await expect(writer).toHaveURL(/\?when=past$/);
  await expect(card(writer, title)).toHaveCount(0);

  // The admin reads the count, and cancels it.
  await admin.goto(detailUrl);
  await expect(admin.getByText("1 coming")).toBeVisible();
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.screenshot({ path: "test-results/write-ins-detail-375.png", fullPage: true });
  await accessibleEverywhere(admin, admin.getByRole("button", { name: "Cancel write-in" }));
  await admin.getByRole("button", { name: "Cancel write-in" }).click();
  const dialog = admin.getByRole("dialog", { name: "Cancel this write-in?" });
  await expect(dialog.getByRole("radio")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel write-in" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(WRITE_IN_MESSAGES.canceled)).toBeVisible();
  await expect(admin.getByText("Canceled", { exact: true })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Cancel write-in" })).toHaveCount(0);

  // Gone from the writer's upcoming list.
  await writer.goto("/write-ins");
  await expect(writer.getByRole("heading", { name: "Write-ins", level: 1 })).toBeVisible();
  await expect(writer.getByText("Loading write-ins...")).toHaveCount(0);
  await expect(card(writer, title)).toHaveCount(0);
  await Promise.all([admin.context().close(), writer.context().close()]);
});

test("a circle's moderator schedules a weekly write-in from the circle; a writer outside it never sees it; the moderator cancels the following weeks too", async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Tuesday pages ${unique()}`;
  const owner = await confirmedWriter(browser, "Odile Owner");
  const o = owner.page;
  const made = await o.request.post("/api/circles", { data: { name: `Lamplight ${unique()}`, accent: "teal" } });
  expect(made.status(), await made.text()).toBe(201);
  const { circle } = (await made.json()) as { circle: { slug: string; name: string } };
  const circlePage = `/circles/${encodeURIComponent(circle.slug)}`;

  await o.goto(circlePage);
  await o.getByRole("navigation", { name: "Circle" }).getByRole("link", { name: "Write-ins" }).click();
  await expect(o).toHaveURL(/\?tab=write-ins$/);
  await expect(o.getByText("No write-ins scheduled yet.")).toBeVisible();
  await o.getByRole("button", { name: "Schedule a write-in" }).click();
  const form = o.getByRole("region", { name: "Schedule a write-in" });
  await expect(form.getByText(`For ${circle.name}`)).toBeVisible();
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("checkbox", { name: "Repeat every week (8 weeks)" }).check();
  await form.getByRole("radio", { name: "The circle's prompt of the day" }).check();
  const sent = o.waitForRequest((r) => r.url().endsWith("/api/write-ins") && r.method() === "POST");
  await form.getByRole("button", { name: "Schedule write-in" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ circle: circle.slug, title, repeat: "weekly", promptMode: "circle" });
  await expect(o.getByText("Write-in scheduled, and the next 7 weeks")).toBeVisible();
  await expect(o.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(o.getByRole("link", { name: circle.name })).toBeVisible();
  await expect(o.getByText(/repeats weekly · the circle's prompt/)).toBeVisible();
  const detailUrl = o.url();

  // The circle's tab lists its eight weeks.
  await o.goto(`${circlePage}?tab=write-ins`);
  await expect(o.getByRole("list", { name: `${circle.name}'s write-ins` }).getByRole("link", { name: title })).toHaveCount(8);

  // A writer outside the circle: not in their list, and the write-in's page does not exist for them.
  const outsider = await pageIn(browser, UTC);
  await registerViaApi(outsider.request, { name: "Otto Outside" });
  expect((await outsider.request.get(`/api/write-ins?circle=${encodeURIComponent(circle.slug)}`)).status()).toBe(404);
  await outsider.goto("/write-ins");
  await expect(outsider.getByRole("heading", { name: "Write-ins", level: 1 })).toBeVisible();
  await expect(outsider.getByText("Loading write-ins...")).toHaveCount(0);
  await expect(outsider.getByRole("link", { name: title })).toHaveCount(0);
  await outsider.goto(new URL(detailUrl).pathname);
  await expect(outsider.getByRole("heading", { name: WRITE_IN_MESSAGES.notFound })).toBeVisible();
  await expectAccessible(outsider);

  // The moderator cancels this one and the following weeks.
  await o.goto(detailUrl);
  await o.getByRole("button", { name: "Cancel write-in" }).click();
  const dialog = o.getByRole("dialog", { name: "Cancel this write-in?" });
  await dialog.getByRole("radio", { name: "This and the following weeks" }).check();
  await dialog.getByRole("button", { name: "Cancel write-in" }).click();
  await expect(o.getByText(WRITE_IN_MESSAGES.canceled)).toBeVisible();
  await o.goto(`${circlePage}?tab=write-ins`);
  await expect(o.getByText("No write-ins scheduled yet.")).toBeVisible();
  await Promise.all([owner.close(), outsider.context().close()]);
});
