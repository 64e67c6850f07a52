import type { Page } from "@playwright/test";
import { storedDraft } from "./device-storage.ts";
import { expect, expectAccessible, holdRoute, ORIGIN, PASSWORD, registerViaApi, signInAsAdmin, test, uniqueEmail } from "./fixtures.ts";

/** The e2e server's writing time is 3 s; the timer reads "Writing time complete" at 0:00. */
async function waitForWritingTime(page: Page) {
  await expect(page.getByRole("timer", { name: "Writing time complete" })).toBeVisible({ timeout: 15_000 });
}

const editor = (page: Page) => page.getByRole("textbox", { name: "Your writing" });

test.describe("the writing page", () => {
  test("a visitor writes, registers on the way to publishing, and shares the piece", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ORIGIN });
    await page.goto("/write");
    await expect(page.getByRole("heading", { name: "Today's prompt" })).toBeVisible();
    await expect(page.getByText("Loading prompt...")).toBeHidden();
    await page.getByRole("textbox", { name: "Title" }).fill("The unopened door");
    await editor(page).fill("A door painted the colour of old tea.\nI walked past it for eleven years.");
    await expect(page.getByText("15 words")).toBeVisible();
    await waitForWritingTime(page);
    // From here the browser's clock stands still: a new session could never finish its time,
    // so publishing below proves the session from before sign-up is the one that counts.
    await page.clock.setFixedTime(Date.now() + 1000);

    await page.getByRole("button", { name: "publish" }).click();
    const join = page.getByRole("dialog", { name: "Join our community to publish your work and start building your portfolio :)" });
    await expect(join).toBeVisible();
    await expect(join.getByText("Your writing will be preserved when you sign up.")).toBeVisible();
    await join.getByRole("link", { name: "create account" }).click();

    await expect(page).toHaveURL(/\/register\?next=%2Fwrite$/);
    await page.getByLabel("Name").fill("Vera Visitor");
    await page.getByLabel("Email").fill(uniqueEmail("visitor"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "write" }).click();

    // Back on /write with the text, and the publish form opens by itself.
    await expect(page).toHaveURL(/\/write$/);
    const form = page.getByRole("dialog", { name: "How would you like to share this?" });
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("The unopened door");
    await expect(form.getByRole("button", { name: "Vera Visitor" })).toHaveAttribute("aria-pressed", "true");
    await form.getByRole("button", { name: "Anonymous" }).click();
    await expect(form.getByRole("button", { name: "Anonymous" })).toHaveAttribute("aria-pressed", "true");
    await expect(form.getByRole("combobox")).toHaveValue("anonymous");

    const published = page.waitForResponse((r) => r.url().endsWith("/api/submissions") && r.request().method() === "POST");
    await form.getByRole("button", { name: "Share with community" }).click();
    const res = await published;
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { submission: { id: string; isPrivate: boolean; submissionType: string; title: string; content: string } };
    expect(body.submission).toMatchObject({ isPrivate: false, submissionType: "anonymous", title: "The unopened door" });
    expect(body.submission.content).toContain("eleven years");

    await expect(page.getByRole("heading", { name: "Thanks for sharing. It's brave, and we appreciate it." })).toBeVisible();
    await expect(page.getByRole("link", { name: "community" })).toHaveAttribute("href", "/community");
    await expect(page.getByRole("link", { name: "your portfolio" })).toHaveAttribute("href", "/profile");
    await page.getByRole("button", { name: "share your work" }).click();
    await expect(page.getByText("Share link copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${ORIGIN}/submission/${body.submission.id}`);

    // The editor is empty again, nothing is pending, and a new ten minutes has begun.
    await page.getByRole("button", { name: "write again" }).click();
    await expect(editor(page)).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("");
    await expect(page.getByRole("button", { name: "publish" })).toBeDisabled();
    expect(await page.evaluate(() => sessionStorage.getItem("inkwell.pending.write"))).toBeNull();
    await expect.poll(() => storedDraft(page, "inkwell.draft.write")).toBeNull();
  });

  test("a visitor's modal closes on the backdrop and nothing stays pending", async ({ page }) => {
    await page.goto("/freewrite");
    await editor(page).fill("Just trying it out.");
    await page.getByRole("button", { name: "save" }).click();
    const join = page.getByRole("dialog", { name: "Join our community to save your work and start building your portfolio :)" });
    await expect(join).toBeVisible();
    await expect(join.getByRole("link", { name: "sign in" })).toHaveAttribute("href", "/signin?next=%2Ffreewrite");
    await expect(join.getByRole("link", { name: "create account" })).toHaveAttribute("href", "/register?next=%2Ffreewrite");
    await page.mouse.click(5, 5);
    await expect(join).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem("inkwell.pending.freewrite"))).toBeNull();
    await expect(editor(page)).toHaveValue("Just trying it out.");
  });

  test("a writer saves privately; the timer restarts and guards the next piece", async ({ page }) => {
    await registerViaApi(page.request, { name: "Sam Saver" });
    await page.goto("/write");
    await page.getByRole("textbox", { name: "Title" }).fill("  Morning pages  ");
    await editor(page).fill("Three pages before breakfast, every day.");
    await waitForWritingTime(page);
    await page.getByRole("button", { name: "save" }).click();
    const form = page.getByRole("dialog", { name: "Save your writing" });
    await expect(form).toBeVisible();
    // Stop the browser's clock (timers keep running) so the next session's countdown holds still.
    const frozen = Date.now() + 2000;
    await page.clock.setFixedTime(frozen);
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/submissions") && r.request().method() === "POST");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    const body = (await (await saved).json()) as { submission: { isPrivate: boolean; title: string; submissionType: string }; streak: { currentStreak: number } };
    expect(body.submission).toMatchObject({ isPrivate: true, title: "Morning pages", submissionType: "name" });
    expect(body.streak.currentStreak).toBe(1);
    await expect(page.getByRole("heading", { name: "Nice work, you just got better at writing." })).toBeVisible();
    await expect(page.getByRole("button", { name: "share your work" })).toHaveCount(0);

    // The streak shown elsewhere is refreshed.
    const me = (await (await page.request.get("/api/me")).json()) as { user: { currentStreak: number } };
    expect(me.user.currentStreak).toBe(1);

    // A new session: pressing save at once is answered with how long is left.
    await page.getByRole("button", { name: "write again" }).click();
    await editor(page).fill("Straight into the next one.");
    await page.getByRole("button", { name: "save" }).click();
    await expect(page.getByText("Keep writing: saving unlocks after 3 seconds of writing (0:03 to go).")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.setFixedTime(frozen + 5000);
    await waitForWritingTime(page);
    await expect(page.getByText(/Keep writing/)).toHaveCount(0);
    await page.getByRole("button", { name: "save" }).click();
    await expect(page.getByRole("dialog", { name: "Save your writing" })).toBeVisible();
  });

  test("a failed or timed-out save keeps the text and says why", async ({ page }) => {
    await registerViaApi(page.request);
    await page.clock.install();
    await page.goto("/write");
    await editor(page).fill("Words I cannot afford to lose.");
    await waitForWritingTime(page); // in real time: the server measures it too

    await page.route("**/api/submissions", (route) => route.fulfill({ status: 422, json: { code: "closed", message: "The archive is closed" } }));
    await page.getByRole("button", { name: "save" }).click();
    const form = page.getByRole("dialog", { name: "Save your writing" });
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(form.getByText("Save failed: The archive is closed")).toBeVisible();

    await page.unroute("**/api/submissions");
    await page.route("**/api/submissions", () => undefined); // never answers
    await page.clock.fastForward(1100);
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(form.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await page.clock.fastForward(15_000);
    await expect(form.getByText("Save timed out. Please check your connection and try again.")).toBeVisible();
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(editor(page)).toHaveValue("Words I cannot afford to lose.");
    expect(await storedDraft(page, "inkwell.draft.write")).toContain("Words I cannot afford to lose.");

    // Back online, the same attempt goes through once.
    await page.unroute("**/api/submissions");
    await page.clock.fastForward(1100);
    await page.getByRole("button", { name: "save" }).click();
    await page.getByRole("dialog", { name: "Save your writing" }).getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Nice work, you just got better at writing." })).toBeVisible();
  });

  test("a save in flight keeps its form open until the answer is shown", async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto("/write");
    await editor(page).fill("Words on their way to the server.");
    await waitForWritingTime(page);
    const answer = await holdRoute(page, "**/api/submissions", (route) => route.fulfill({ status: 422, json: { code: "closed", message: "The archive is closed" } }));
    await page.getByRole("button", { name: "save" }).click();
    const form = page.getByRole("dialog", { name: "Save your writing" });
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(form.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(form.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await expect(form.getByRole("button", { name: "Close" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await expect(form).toBeVisible();
    answer();
    await expect(form.getByText("Save failed: The archive is closed")).toBeVisible();
    // Answered: the form closes again, and the text is where it was.
    await form.getByRole("button", { name: "Close" }).click();
    await expect(form).toBeHidden();
    await expect(editor(page)).toHaveValue("Words on their way to the server.");
  });

  test("a writer whose session ran out signs in again and the piece is published", async ({ page }) => {
    const writer = await registerViaApi(page.request, { name: "Lapsed Writer" });
    await page.goto("/write");
    await expect(page.getByText("Loading prompt...")).toBeHidden();
    await page.getByRole("textbox", { name: "Title" }).fill("After the lapse");
    await editor(page).fill("Written while the session quietly ran out.");
    await waitForWritingTime(page);
    // The session ends on the server; this page still believes it is signed in.
    expect((await page.request.post("/api/auth/sign-out", { data: {}, headers: { origin: ORIGIN } })).status()).toBe(200);

    await page.getByRole("button", { name: "publish" }).click();
    await page.getByRole("dialog", { name: "How would you like to share this?" }).getByRole("button", { name: "Share with community" }).click();
    const join = page.getByRole("dialog", { name: "Join our community to publish your work and start building your portfolio :)" });
    await expect(join).toBeVisible();
    await expect(page.getByText(/Publish failed/)).toHaveCount(0);
    await expect(editor(page)).toHaveValue("Written while the session quietly ran out.");
    // Closed and pressed again: still the way to sign in, not the form.
    await page.keyboard.press("Escape");
    await expect(join).toBeHidden();
    // (A press within a second of the last one is taken for a double click: press until it counts.)
    await expect(async () => {
      await page.getByRole("button", { name: "publish" }).click();
      await expect(join).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByRole("dialog", { name: "How would you like to share this?" })).toHaveCount(0);
    await join.getByRole("link", { name: "sign in" }).click();

    await expect(page).toHaveURL(/\/signin\?next=%2Fwrite$/);
    await page.getByLabel("Email").fill(writer.email);
    await page.getByLabel("Password").fill(writer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/write$/);
    await expect(editor(page)).toHaveValue("Written while the session quietly ran out.");
    const form = page.getByRole("dialog", { name: "How would you like to share this?" });
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("After the lapse");
    const published = page.waitForResponse((r) => r.url().endsWith("/api/submissions") && r.request().method() === "POST");
    await form.getByRole("button", { name: "Share with community" }).click();
    expect((await published).status()).toBe(201);
    await expect(page.getByRole("heading", { name: "Thanks for sharing. It's brave, and we appreciate it." })).toBeVisible();
  });

  test("an admin sees Admin Mode and can publish without waiting", async ({ page }) => {
    await signInAsAdmin(page);
    // The browser's clock stands still: only the exemption lets the admin through.
    await page.clock.setFixedTime(Date.now());
    await page.goto("/write");
    await expect(page.getByText("Admin Mode")).toBeVisible();
    await expect(page.getByRole("timer")).toHaveCount(0);
    await editor(page).fill("An editor's note, written in a minute.");
    await page.getByRole("button", { name: "publish" }).click();
    const form = page.getByRole("dialog", { name: "How would you like to share this?" });
    await form.getByRole("button", { name: "Share with community" }).click();
    await expect(page.getByRole("heading", { name: "Thanks for sharing. It's brave, and we appreciate it." })).toBeVisible();
  });

  test("Ctrl/Cmd+I and Ctrl/Cmd+B wrap the selection and unwrap on repeat", async ({ page }) => {
    await page.goto("/write");
    const box = editor(page);
    await box.fill("hello world");
    const select = (from: number, to: number) => box.evaluate((el, [s, e]) => (el as HTMLTextAreaElement).setSelectionRange(s!, e!), [from, to]);
    await select(6, 11);
    await box.press("Control+i");
    await expect(box).toHaveValue("hello *world*");
    await box.press("Control+i");
    await expect(box).toHaveValue("hello world");
    await box.press("Control+b");
    await expect(box).toHaveValue("hello **world**");
    await box.press("Meta+b");
    await expect(box).toHaveValue("hello world");
    await box.press("Meta+i");
    await expect(box).toHaveValue("hello *world*");
    // The selection stays on the word, so typing replaces it inside the markers.
    await page.keyboard.type("there");
    await expect(box).toHaveValue("hello *there*");
  });

  test("publish and save wait for words", async ({ page }) => {
    await page.goto("/write");
    await expect(page.getByRole("button", { name: "publish" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "save" })).toBeDisabled();
    await editor(page).fill("   \n  ");
    await expect(page.getByRole("button", { name: "save" })).toBeDisabled();
    await expect(page.getByText("0 words")).toBeVisible();
    await editor(page).fill("one");
    await expect(page.getByText("1 word", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "save" })).toBeEnabled();
  });

  test("the writing page has no serious accessibility problems", async ({ page }) => {
    await page.goto("/write");
    await expect(page.getByText("Loading prompt...")).toBeHidden();
    await editor(page).fill("Words on the page.");
    await expectAccessible(page);
    await page.getByRole("button", { name: "publish" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page);

    // Signed up elsewhere: back on /write the pending publish form opens by itself.
    await registerViaApi(page.request, { alias: "Quill" });
    await page.goto("/write");
    const form = page.getByRole("dialog", { name: "How would you like to share this?" });
    await expect(form.getByRole("button", { name: "Quill" })).toBeVisible();
    await expectAccessible(page);
  });
});
