import type { Browser, Page } from "@playwright/test";
import { advanceServerClock, expect, expectAccessible, registerViaApi, signInAsAdmin, test, unique } from "./fixtures.ts";

/*
 * A live write-in (issue 30 items 2–3): two writers, one whose device clock is 7 minutes fast, join a
 * community write-in, count down together, write (each sees the other's count), one leaves and
 * rejoins with their count, and both publish when the time is up. The server's test clock moves;
 * nothing here sleeps.
 */

const MINUTE = 60_000;
const PHONE = { width: 375, height: 800 };

/** This device's Date runs `shiftMs` ahead of the world (performance.now, which the page's clock uses, does not). */
const shiftDate = (shiftMs: number) => {
  const Real = Date;
  class Shifted extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(Real.now() + shiftMs);
      else super(...(args as [number]));
    }
    static override now() {
      return Real.now() + shiftMs;
    }
  }
  (globalThis as { Date: DateConstructor }).Date = Shifted as DateConstructor;
};

async function writer(browser: Browser, name: string, shiftMs = 0): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  if (shiftMs) await context.addInitScript(shiftDate, shiftMs);
  const page = await context.newPage();
  await page.goto("/");
  await registerViaApi(page.request, { name });
  return page;
}

/** "Starts in 4:59" or "7:12 left" as seconds. */
async function clockSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole("timer").first().textContent()) ?? "";
  const m = /(\d+):(\d\d)/.exec(text);
  expect(m, text).not.toBeNull();
  return Number(m![1]) * 60 + Number(m![2]);
}

const panel = (page: Page) => page.getByRole("region", { name: "Writing together" });
const named = (page: Page, label: string) => panel(page).getByRole("listitem").filter({ hasText: label });

test("two writers, one with a clock 7 minutes wrong, write a community write-in together and publish @clock", async ({ page: admin, browser }) => {
  test.setTimeout(180_000);
  const title = `Evening write-in ${unique()}`;
  await admin.goto("/");
  await signInAsAdmin(admin);
  const { now } = (await (await admin.request.get("/api/time")).json()) as { now: number };
  const startsAt = new Date(Math.ceil((now + 5 * MINUTE) / 1000) * 1000).toISOString();
  const scheduled = await admin.request.post("/api/write-ins", { data: { title, startsAt, lengthMinutes: 10 } });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const { writeIn } = (await scheduled.json()) as { writeIn: { id: string } };
  const url = `/write-ins/${writeIn.id}/write`;

  const ada = await writer(browser, "Ada Lantern");
  const ben = await writer(browser, "Ben Quill", 7 * MINUTE);

  // The panel comes pushed over its live stream once Ada has joined (polling is only the fallback).
  const adaStream = ada.waitForResponse((r) => r.url().endsWith(`/api/write-ins/${writeIn.id}/panel/stream`));

  // Before joining: the write-in, and how each appears.
  for (const p of [ada, ben]) {
    await p.goto(url);
    await expect(p.getByRole("heading", { name: title })).toBeVisible();
    await expect(p.getByRole("radio", { name: "Show my name" })).toBeChecked();
    await expect(p.getByRole("radio", { name: "Don't name me (I'm still counted)" })).toBeVisible();
    await p.getByRole("button", { name: "Join" }).click();
    await expect(p.getByRole("timer")).toHaveText(/^Starts in 4:\d\d$/);
  }

  // The same countdown on both devices, whatever Ben's clock says (read back to back: within a second).
  const [a, b] = [await clockSeconds(ada), await clockSeconds(ben)];
  expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
  await expect(ada.getByRole("textbox", { name: "Your writing" })).toHaveCount(0);
  await expect(panel(ada)).toContainText("2 writing");
  const stream = await adaStream;
  expect([stream.status(), stream.headers()["content-type"]]).toEqual([200, "text/event-stream"]);
  await expectAccessible(ada);

  // The server's clock reaches the start: both editors open on the write-in's prompt, the clocks agree.
  await advanceServerClock(admin.request, 5 * MINUTE + 1000);
  for (const p of [ada, ben]) {
    await expect(p.getByRole("timer").first()).toHaveText(/^9:\d\d left$/, { timeout: 15_000 });
    await expect(p.getByRole("textbox", { name: "Your writing" })).toBeVisible();
  }
  const [la, lb] = [await clockSeconds(ada), await clockSeconds(ben)];
  expect(Math.abs(la - lb)).toBeLessThanOrEqual(1);

  await ada.getByRole("textbox", { name: "Your writing" }).fill("The lamps came on one by one");
  await ben.getByRole("textbox", { name: "Your writing" }).fill("Rain on the window");

  // Each sees the other's count (never the text).
  await expect(named(ada, "Ben Quill")).toContainText("4 words", { timeout: 15_000 });
  await expect(named(ben, "Ada Lantern")).toContainText("7 words", { timeout: 15_000 });
  await expect(panel(ada)).not.toContainText("Rain on the window");
  await expectAccessible(ada);
  await ada.screenshot({ path: "test-results/write-in-session-live-375.png", fullPage: true });

  // Ben leaves (Ada sees him away) and rejoins with his count.
  await ben.getByRole("button", { name: "Leave write-in" }).click();
  await expect(ben.getByRole("button", { name: "Rejoin" })).toBeVisible();
  await expect(named(ada, "Ben Quill")).toContainText("(away)", { timeout: 15_000 });
  await ben.getByRole("button", { name: "Rejoin" }).click();
  await expect(ben.getByRole("button", { name: "Leave write-in" })).toBeVisible();
  await expect(named(ben, "Ben Quill")).toContainText("4 words");
  await expect(named(ada, "Ben Quill")).not.toContainText("(away)", { timeout: 15_000 });

  // The time is up: the words stay theirs, and both publish.
  await advanceServerClock(admin.request, 10 * MINUTE);
  for (const p of [ada, ben]) {
    await expect(p.getByText("Time's up. Your words are still yours: save, publish, or keep writing.")).toBeVisible({ timeout: 15_000 });
    await expect(p.getByRole("textbox", { name: "Your writing" })).not.toHaveValue("");
  }
  await expectAccessible(ben);
  for (const p of [ada, ben]) {
    await p.getByRole("button", { name: "publish", exact: true }).click();
    const form = p.getByRole("dialog", { name: "How would you like to share this?" });
    await form.getByRole("button", { name: "Share with community" }).click();
    await expect(p.getByRole("heading", { name: "Thanks for sharing. It's brave, and we appreciate it." })).toBeVisible();
  }

  // The results list both, with their counts.
  const results = (await (await admin.request.get(`/api/write-ins/${writeIn.id}/results`)).json()) as { named: { label: string; words: number }[] };
  expect(results.named).toEqual(expect.arrayContaining([{ label: "Ada Lantern", words: 7, you: false }, { label: "Ben Quill", words: 4, you: false }]));
  // And the write-in's page shows them, final once the counts' grace is over, to a participant (looked at in the closing note).
  await advanceServerClock(admin.request, MINUTE);
  await ada.goto(`/write-ins/${writeIn.id}`);
  const shown = ada.getByRole("region", { name: "Results" });
  await expect(shown.getByText("Final")).toBeVisible();
  await expect(shown.getByRole("listitem").filter({ hasText: "Ben Quill" })).toContainText("4 words");
  await expect(shown.getByRole("listitem").filter({ hasText: "Ada Lantern" })).toContainText("7 words");
  await expect(shown).toContainText("You wrote 7 words");
  await expectAccessible(ada);
  await ada.screenshot({ path: "test-results/write-in-results-375.png", fullPage: true });
  await ada.context().close();
  await ben.context().close();
});
