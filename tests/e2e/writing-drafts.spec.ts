import type { BrowserContext, Page } from "@playwright/test";
import { storedDraft, storedDrafts } from "./device-storage.ts";
import { expect, ORIGIN, registerViaApi, test } from "./fixtures.ts";

/* The writing page's draft on this device: through a reload, between open tabs, and between the people who share a browser. */

const editor = (page: Page) => page.getByRole("textbox", { name: "Your writing" });

type HeldWindow = Window & { e2eHoldDrafts: () => void; e2eHeldDrafts: () => number };

/**
 * Runs in a tab before its scripts (an init script): from `e2eHoldDrafts()`, the drafts that other
 * tabs tell this one about (the "inkwell-drafts" BroadcastChannel) are held back until this tab's
 * next input has been handled, and then delivered in order. The two tabs' changes then meet for
 * certain: the other tab's version arrives while this tab's own text is not yet saved.
 */
function holdDraftsUntilInput() {
  const w = window as unknown as HeldWindow;
  const Native = window.BroadcastChannel;
  const held: (() => void)[] = [];
  let holding = false;
  w.e2eHoldDrafts = () => {
    holding = true;
  };
  w.e2eHeldDrafts = () => held.length;
  document.addEventListener(
    "input",
    () => {
      if (!holding) return;
      holding = false;
      // After the app's own handler, and before its save a moment later (600 ms).
      setTimeout(() => {
        for (const deliver of held.splice(0)) deliver();
      }, 0);
    },
    true,
  );
  window.BroadcastChannel = class extends Native {
    constructor(name: string) {
      super(name);
      let handler: ((this: BroadcastChannel, e: MessageEvent) => unknown) | null = null;
      super.onmessage = (e: MessageEvent) => {
        if (holding && name === "inkwell-drafts") held.push(() => handler?.call(this, e));
        else handler?.call(this, e);
      };
      Object.defineProperty(this, "onmessage", {
        get: () => handler,
        set: (h: typeof handler) => {
          handler = h;
        },
      });
    }
  };
}

/**
 * Two open tabs of /freewrite: a tab with nothing of its own follows the other; when both change
 * the draft at once, exactly one of them is told instead of losing its text (`told`, its `mine`).
 * Tab B holds A's change until B has typed (`holdDraftsUntilInput`), so the two changes meet
 * however slowly the browser runs; then B is the one told.
 */
async function twoTabsDisagree(context: BrowserContext) {
  const a = await context.newPage();
  const b = await context.newPage();
  await b.addInitScript(holdDraftsUntilInput);
  await a.goto("/freewrite");
  await b.goto("/freewrite");
  await editor(a).fill("shared start");
  await expect(editor(b)).toHaveValue("shared start");
  await b.evaluate(() => (window as unknown as HeldWindow).e2eHoldDrafts());
  await editor(a).fill("shared start, version A");
  await expect.poll(() => b.evaluate(() => (window as unknown as HeldWindow).e2eHeldDrafts())).toBeGreaterThan(0);
  await editor(b).fill("shared start, version B");
  const warning = "This draft was changed in another tab";
  // B got A's change while its own text was unsaved: B is told, and A is not.
  await expect(b.getByText(warning)).toBeVisible();
  await expect(a.getByText(warning)).toHaveCount(0);
  return { a, b, told: b, other: a, mine: "version B", theirs: "version A" };
}

test.describe("the writing page's draft", () => {
  test("a reload mid-writing restores the text and the title", async ({ page }) => {
    await page.goto("/freewrite");
    await expect(page.getByRole("heading", { name: "Freewrite" })).toBeVisible();
    await page.getByRole("textbox", { name: "Title" }).fill("Unfinished");
    await editor(page).fill("Half a thought, and then the");
    await expect.poll(() => storedDraft(page, "inkwell.draft.freewrite")).toContain("Half a thought");
    await page.reload();
    await expect(editor(page)).toHaveValue("Half a thought, and then the");
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Unfinished");
  });

  test("two tabs never silently overwrite each other's draft", async ({ context }) => {
    const { a, b, told, other, mine } = await twoTabsDisagree(context);
    await expect(editor(told)).toHaveValue(`shared start, ${mine}`);
    await told.getByRole("button", { name: "keep this version" }).click();
    await expect(editor(other)).toHaveValue(`shared start, ${mine}`);
    await a.close();
    await b.close();
  });

  test("a tab that disagrees keeps saving its text, and it is offered after that tab closes", async ({ context }) => {
    const { told, other, mine, theirs } = await twoTabsDisagree(context);

    // The told tab keeps writing without choosing: its words are kept, and the draft stays the other tab's.
    await editor(told).fill(`shared start, ${mine}, and then some more`);
    const stored = () => storedDrafts(told, "inkwell.draft.freewrite");
    await expect.poll(stored).toContain("and then some more");
    expect(await storedDraft(told, "inkwell.draft.freewrite")).toContain(theirs);
    await told.close({ runBeforeUnload: true });
    await expect(editor(other)).toHaveValue(`shared start, ${theirs}`);

    // The next visit offers the closed tab's version.
    const c = await context.newPage();
    await c.goto("/freewrite");
    await expect(editor(c)).toHaveValue(`shared start, ${theirs}`);
    await expect(c.getByText("Another tab kept a different version of this draft.")).toBeVisible();
    await c.getByRole("button", { name: "load the other version" }).click();
    await expect(editor(c)).toHaveValue(`shared start, ${mine}, and then some more`);
    await expect(c.getByText("Another tab kept a different version of this draft.")).toHaveCount(0);
    // It becomes the draft, and the open tab with nothing unsaved follows it.
    await expect(editor(other)).toHaveValue(`shared start, ${mine}, and then some more`);
    await c.reload();
    await expect(editor(c)).toHaveValue(`shared start, ${mine}, and then some more`);
    await expect(c.getByText("Another tab kept a different version of this draft.")).toHaveCount(0);
    await other.close();
    await c.close();
  });

  test("the next person on this browser never sees the previous writer's unsaved text", async ({ page, context }) => {
    const first = await registerViaApi(page.request, { name: "First Writer" });
    await page.goto("/write");
    await page.getByRole("textbox", { name: "Title" }).fill("Unsent");
    await editor(page).fill("A letter I have not sent yet.");
    await expect.poll(() => storedDraft(page, "inkwell.draft.write")).toContain("not sent yet");
    const sessionOf = (p: Page) => p.evaluate(() => (JSON.parse(sessionStorage.getItem("inkwell.writing-session.write") ?? "{}") as { token?: string }).token);
    const firstToken = await sessionOf(page);
    expect(firstToken).toBeTruthy();
    // A second tab of the same writer shows the draft.
    const second = await context.newPage();
    await second.goto("/write");
    await expect(editor(second)).toHaveValue("A letter I have not sent yet.");

    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    // The open tab lets go of the text once it learns the writer left.
    await expect(editor(second)).toHaveValue("");
    await expect(second.getByRole("textbox", { name: "Title" })).toHaveValue("");
    await second.close();

    // A visitor on the same browser and tab: an empty page and a writing session of their own.
    await page.goto("/write");
    await expect(page.getByText("Loading prompt...")).toBeHidden();
    await expect(editor(page)).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("");
    await expect.poll(() => sessionOf(page)).not.toBe(firstToken);

    // Another writer signs in here: still nothing of the first writer's.
    await registerViaApi(page.request, { name: "Second Writer" });
    await page.goto("/write");
    await expect(page.getByText("Loading prompt...")).toBeHidden();
    await expect(editor(page)).toHaveValue("");

    // The first writer comes back: their draft was kept for them.
    const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email: first.email, password: first.password }, headers: { origin: ORIGIN } });
    expect(signIn.status()).toBe(200);
    await page.goto("/write");
    await expect(editor(page)).toHaveValue("A letter I have not sent yet.");
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Unsent");
  });
});
