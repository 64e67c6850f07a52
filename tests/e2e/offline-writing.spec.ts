import { queuedCount, storedDraft } from "./device-storage.ts";
import { expect, expectAccessible, ORIGIN, registerViaApi, test } from "./fixtures.ts";
import { editor, expectPublishedOnce, forgiveNetworkErrors, pressPublish, queueUnreachable, reconnect, saveState, suspendByAdmin, writeAPiece } from "./offline-steps.ts";

/** Issue 16 items 2 and 3: a piece pressed without a connection waits on the device, and the line under the editor says so. */

test.describe("writing through a connection drop", () => {
  test("a draft an older version kept in localStorage moves to IndexedDB once, and the line fits a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const legacy = JSON.stringify({ title: "Before the upgrade", content: "Words from the old version.", updatedAt: Date.now(), tab: "old", owner: "visitor" });
    await page.evaluate((d) => localStorage.setItem("inkwell.draft.write", d), legacy);
    await page.goto("/write");
    await expect(editor(page)).toHaveValue("Words from the old version.");
    await expect.poll(() => storedDraft(page, "inkwell.draft.write")).toContain("Words from the old version.");
    expect(await page.evaluate(() => localStorage.getItem("inkwell.draft.write"))).toBeNull();

    await editor(page).fill("Words from the old version, and new ones.");
    await expect(saveState(page)).toHaveText("Saved on this device · just now");
    const fits = await saveState(page).evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth);
    expect(fits).toBe(true);
    await expectAccessible(page);
  });

  test("a reload right after the last keystroke, before the pause that saves, keeps every word", async ({ page }) => {
    await page.goto("/freewrite");
    await expect(page.getByRole("heading", { name: "Freewrite" })).toBeVisible();
    for (const words of ["Typed, and the page reloaded at once.", "Typed again, and reloaded again."]) {
      await editor(page).fill(words);
      await page.reload();
      await expect(editor(page)).toHaveValue(words);
    }
    // The copy that waited in localStorage for IndexedDB is let go once IndexedDB has it.
    await expect.poll(() => storedDraft(page, "inkwell.draft.freewrite")).toContain("reloaded again");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("inkwell.draft.freewrite"))).toBeNull();
  });

  test("publish pressed offline waits on the device and goes out once back online", async ({ page, context, consoleErrors }) => {
    const words = "Words written in a tunnel.";
    const { title } = await writeAPiece(page, words);
    await context.setOffline(true);
    await expect(saveState(page)).toHaveText("Offline — saved on this device");
    await pressPublish(page);
    await expect(editor(page)).toHaveValue(words);
    await expect.poll(() => queuedCount(page)).toBe(1);

    await context.setOffline(false);
    await expect(saveState(page)).toHaveText("Published");
    await expect(editor(page)).toHaveValue("");
    await expect(page.getByText("Will publish when you're back online.")).toHaveCount(0);
    await expectPublishedOnce(page, title);
    forgiveNetworkErrors(consoleErrors);
  });

  test("a queued piece survives a reload and is published exactly once", async ({ page, context, consoleErrors }) => {
    const words = "Kept through a reload.";
    const { title } = await queueUnreachable(page, page, words);
    await page.reload();
    await expect(editor(page)).toHaveValue(words);
    await expect(saveState(page)).toHaveText("Publishing when back online");
    expect(await queuedCount(page)).toBe(1);

    await page.unroute("**/api/submissions");
    await reconnect(context);
    await expect(saveState(page)).toHaveText("Published");
    await expectPublishedOnce(page, title);
    forgiveNetworkErrors(consoleErrors);
  });

  test("a queued publish the server refuses comes back with the reason and the text", async ({ page, context, browser, consoleErrors }) => {
    const words = "Written before the suspension.";
    const { id } = await queueUnreachable(page, page, words);

    await suspendByAdmin(browser, id, "Spam links");

    await page.unroute("**/api/submissions");
    await reconnect(context);
    await expect(page.getByText(/^Publish failed: .*Spam links/)).toBeVisible();
    await expect(editor(page)).toHaveValue(words);
    await expect(saveState(page)).not.toHaveText("Publishing when back online");
    await expect.poll(() => queuedCount(page)).toBe(0);
    forgiveNetworkErrors(consoleErrors);
  });

  test("a refused queued piece over new words on the page is offered as the other version, never lost", async ({ page, context, browser, consoleErrors }) => {
    const words = "The piece that waited.";
    const { id } = await queueUnreachable(page, page, words);
    await editor(page).fill("A new piece, begun while the first one waited.");
    await suspendByAdmin(browser, id, "Spam links");

    await page.unroute("**/api/submissions");
    await reconnect(context);
    await expect(page.getByText(/^Publish failed: .*Spam links/)).toBeVisible();
    await expect(editor(page)).toHaveValue("A new piece, begun while the first one waited.");
    await expect(page.getByRole("alert").filter({ hasText: "A piece that waited for the connection was not accepted" })).toBeVisible();
    await page.getByRole("button", { name: "load the other version" }).click();
    await expect(editor(page)).toHaveValue(words);
    forgiveNetworkErrors(consoleErrors);
  });

  test("a waiting piece never goes out under another account that signed in on the browser meanwhile", async ({ page, context, consoleErrors }) => {
    const words = "Only mine to publish.";
    const { title } = await queueUnreachable(page, page, words);
    // Someone else takes the browser (as in another tab): the first writer's page has not noticed yet.
    expect((await page.request.post("/api/auth/sign-out", { headers: { origin: ORIGIN } })).status()).toBe(200);
    await registerViaApi(page.request, { name: "Next Writer" });

    await page.unroute("**/api/submissions");
    // The page's try at the waiting piece: its account check, or (were there none) the piece itself.
    const tried = page.waitForResponse((r) => /^\/api\/(me|submissions)$/.test(new URL(r.url()).pathname));
    await reconnect(context);
    await tried;
    await expect(saveState(page)).toHaveText("Publishing when back online");
    expect(await queuedCount(page)).toBe(1);
    const mine = await page.request.get("/api/me/submissions");
    expect(JSON.stringify(await mine.json())).not.toContain(title);
    forgiveNetworkErrors(consoleErrors);
  });

  test("two open tabs send one queued piece once", async ({ page, context, consoleErrors }) => {
    const words = "One piece, two tabs.";
    const { title } = await queueUnreachable(page, context, words);
    const second = await context.newPage();
    await second.goto("/write");
    await expect(editor(second)).toHaveValue(words);
    await expect(saveState(second)).toHaveText("Publishing when back online");

    await context.unroute("**/api/submissions");
    await reconnect(context);
    // One tab sent it; both say so and let the text go (neither invites a second publish).
    for (const tab of [page, second]) {
      await expect(saveState(tab)).toHaveText("Published");
      await expect(editor(tab)).toHaveValue("");
      await expect(tab.getByText("Will publish when you're back online.")).toHaveCount(0);
    }
    await second.close();
    await expectPublishedOnce(page, title);
    forgiveNetworkErrors(consoleErrors);
  });
});
