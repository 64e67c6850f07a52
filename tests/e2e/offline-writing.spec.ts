import { queuedCount, storedDraft } from "./device-storage.ts";
import { expect, expectAccessible, ORIGIN, signInAsAdmin, test } from "./fixtures.ts";
import { editor, expectPublishedOnce, forgiveNetworkErrors, pressPublish, queueUnreachable, reconnect, saveState, writeAPiece } from "./offline-steps.ts";

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

    const admin = await browser.newPage();
    try {
      await signInAsAdmin(admin);
      const res = await admin.request.put(`/api/admin/users/${id}/suspension`, { data: { until: null, reason: "Spam links" }, headers: { origin: ORIGIN } });
      expect(res.status()).toBe(200);
    } finally {
      await admin.context().close();
    }

    await page.unroute("**/api/submissions");
    await reconnect(context);
    await expect(page.getByText(/^Publish failed: .*Spam links/)).toBeVisible();
    await expect(editor(page)).toHaveValue(words);
    await expect(saveState(page)).not.toHaveText("Publishing when back online");
    await expect.poll(() => queuedCount(page)).toBe(0);
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
    const shown = async () => [await saveState(page).textContent(), await saveState(second).textContent()].filter((t) => t === "Published").length;
    await expect.poll(shown).toBe(1);
    await second.close();
    await expectPublishedOnce(page, title);
    forgiveNetworkErrors(consoleErrors);
  });
});
