import { createPieceViaApi, expect, registerViaApi, test } from "./fixtures.ts";
import { cachedApi, controlled, swPage } from "./service-worker.ts";

/** The only API answers the service worker may keep (shared/pwa.ts), as paths. */
const KEEPABLE = ["/api/prompts/today", "/api/me", "/api/me/portfolio-stats", "/api/me/submissions"];

test.describe("installable, offline-first app (issue 16 item 1)", () => {
  test("after a first visit /write and /profile open offline; only the writer's own allowed answers are cached, none after sign-out", async ({ browser }) => {
    const { page, errors, close } = await swPage(browser);
    await page.goto("/");
    await registerViaApi(page.request, { name: "Offline Writer" });
    await createPieceViaApi(page.request, { title: "Written before the storm", content: "The lights went out at nine." });
    await page.goto("/profile");
    await controlled(page);
    // Now controlled: this visit's API answers pass through the worker.
    await page.reload();
    await expect(page.getByRole("button", { name: "Written before the storm", exact: true })).toBeVisible();
    await page.goto("/write");
    await expect(page.getByRole("textbox", { name: "Your writing" })).toBeVisible();
    await expect.poll(async () => (await cachedApi(page)).map((u) => u.split("?")[0]).sort()).toEqual([...KEEPABLE].sort());

    await page.context().setOffline(true);
    await page.goto("/write");
    await expect(page.getByRole("textbox", { name: "Your writing" })).toBeVisible();
    await expect(page.getByText(/^offline copy, from /)).toBeVisible();
    await expect(page.getByText("Today's prompt")).toBeVisible();
    await page.goto("/freewrite");
    await expect(page.getByRole("textbox", { name: "Your writing" })).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByText(/^offline copy, from /)).toBeVisible();
    await expect(page.getByRole("button", { name: "Written before the storm", exact: true })).toBeVisible();
    for (const url of await cachedApi(page)) expect(KEEPABLE, url).toContain(url.split("?")[0]);

    await page.context().setOffline(false);
    await page.goto("/profile");
    await expect(page.getByText(/^offline copy, from /)).toHaveCount(0);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => cachedApi(page)).toEqual([]);
    expect(errors, "page errors").toEqual([]);
    await close();
  });

  test("another account on the same browser never sees the first one's copies, even without a sign-out", async ({ browser }) => {
    const { page, errors, close } = await swPage(browser);
    await page.goto("/");
    const first = await registerViaApi(page.request, { name: "First Writer" });
    await page.goto("/profile");
    await controlled(page);
    await page.reload();
    await expect(page.getByRole("heading", { name: /First/ })).toBeVisible();
    await expect.poll(async () => (await cachedApi(page)).length).toBeGreaterThan(0);

    // The first session simply ends (an expired cookie); a second writer signs in here.
    await page.context().clearCookies();
    await registerViaApi(page.request, { name: "Second Writer" });
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: /Second/ })).toBeVisible();
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).join(" "))).not.toContain(first.id);

    await page.context().setOffline(true);
    await page.goto("/profile");
    await expect(page.getByText(/^offline copy, from /)).toBeVisible();
    await expect(page.getByRole("heading", { name: /Second/ })).toBeVisible();
    await expect(page.getByText("First Writer")).toHaveCount(0);
    expect(errors, "page errors").toEqual([]);
    await close();
  });

  test("a new service worker waiting shows the reload prompt; the app is installable", async ({ browser }) => {
    const { page, errors, close } = await swPage(browser);
    // The server's next version, as the browser finds it: Playwright cannot route a worker's own script,
    // so the next version is the worker under another URL, /sw.js?next. Once it is out, the app's own
    // register("/sw.js") means that one, as it would for a real new /sw.js: under the old URL, a page
    // that reloads would install yet another version.
    await page.context().addInitScript(() => {
      const sw = navigator.serviceWorker;
      const register = sw.register.bind(sw);
      // Kept, so the test can wait for a reloaded tab's own registration to be done.
      sw.register = (url, options) => ((window as unknown as { registered: unknown }).registered = register(localStorage.getItem("e2e-next-worker") ? "/sw.js?next" : url, options));
    });
    await page.goto("/");
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    // Chromium's own installability check; a test browser's context is always "incognito", which
    // alone forbids installing, so that one reason is set aside.
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ name: "inkwell", display: "standalone" });
    await expect(page.getByText("A new version is ready — reload")).toHaveCount(0);

    // The next version comes out; it installs and then waits.
    const second = await page.context().newPage();
    await second.goto("/community");
    await controlled(second);
    await page.evaluate(async () => {
      localStorage.setItem("e2e-next-worker", "1");
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    });
    await expect(page.getByText("A new version is ready — reload")).toBeVisible();
    await expect(second.getByText("A new version is ready — reload")).toBeVisible();
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Reload", exact: true }).click()]);
    await expect(page.getByText("A new version is ready — reload")).toHaveCount(0);
    // The other tab's Reload still reloads, though the new version is already in charge.
    await Promise.all([second.waitForEvent("load"), second.getByRole("button", { name: "Reload", exact: true }).click()]);
    await expect(second.getByText("A new version is ready — reload")).toHaveCount(0);
    // Both tabs run the new version, and reloading them left nothing else waiting.
    for (const tab of [page, second]) {
      expect(await tab.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).search)).toBe("?next");
      // After the reloaded app's own register() is done (an update it starts has its worker installing by then).
      await tab.waitForFunction(() => "registered" in window);
      const registration = await tab.evaluate(async () => {
        const r = await ((window as unknown as { registered: Promise<ServiceWorkerRegistration> }).registered);
        return { installing: r.installing?.scriptURL ?? null, waiting: r.waiting?.scriptURL ?? null };
      });
      expect(registration).toEqual({ installing: null, waiting: null });
    }
    expect(errors, "page errors").toEqual([]);
    await close();
  });
});
