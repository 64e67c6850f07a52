import { queuedCount } from "./device-storage.ts";
import { expect, test } from "./fixtures.ts";
import { editor, expectPublishedOnce, forgiveNetworkErrors, pressPublish, saveState, writeAPiece } from "./offline-steps.ts";
import { controlled, swPage } from "./service-worker.ts";

/**
 * Issue 16's whole promise in one journey: the app itself (service worker) and the words (IndexedDB
 * draft and queue) both survive the connection dropping — a page loaded, written, published and
 * reloaded offline, then the piece published once when the connection returns.
 */
test.describe("writing through a connection drop, with the app loaded from the service worker", () => {
  test("offline: /write loads, publish waits, a reload keeps the text and the queued piece; back online it is published exactly once", async ({ browser }) => {
    const { page, errors, close } = await swPage(browser);
    await page.goto("/");
    await controlled(page);
    // Written online first: the writing session is started on the server (decision 013).
    const { title } = await writeAPiece(page, "The first lines, written online.");

    await page.context().setOffline(true);
    await page.goto("/write");
    await expect(editor(page)).toHaveValue("The first lines, written online.");
    const words = "The first lines, written online. And more, written in the tunnel.";
    await editor(page).fill(words);
    await expect(saveState(page)).toHaveText("Offline — saved on this device");
    await pressPublish(page);
    await expect.poll(() => queuedCount(page)).toBe(1);

    await page.reload();
    await expect(editor(page)).toHaveValue(words);
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
    await expect(saveState(page)).toHaveText("Publishing when back online");
    expect(await queuedCount(page)).toBe(1);

    await page.context().setOffline(false);
    await expect(saveState(page)).toHaveText("Published");
    await expect(editor(page)).toHaveValue("");
    await expectPublishedOnce(page, title);
    await page.getByRole("link", { name: title }).first().click();
    await expect(page.getByText("And more, written in the tunnel.")).toBeVisible();
    forgiveNetworkErrors(errors);
    expect(errors, "page errors").toEqual([]);
    await close();
  });
});
