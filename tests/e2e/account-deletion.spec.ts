import { storedDrafts } from "./device-storage.ts";
import { createPieceViaApi, expect, expectAccessible, readMail, registerViaApi, signInAsAdmin, test, unique } from "./fixtures.ts";

/* Issue 15 item 5: /settings/account/delete — counts first, the choice, the password, a last confirm. */

test("a writer keeps their public piece as Anonymous and deletes the rest, at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const writer = await registerViaApi(page.request, { name: `Leaving ${unique()}` });
  const title = `Kept ${unique()}`;
  const piece = await createPieceViaApi(page.request, { title });
  await createPieceViaApi(page.request, { publish: false });

  await page.goto("/settings");
  await page.getByRole("link", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delete my account" })).toBeVisible();
  await expect(page.getByText("1 public piece", { exact: true })).toBeVisible();
  await expect(page.getByText("1 private piece (always deleted)")).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Nothing chosen yet: the page says what is missing.
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Choose what happens to your public pieces")).toBeVisible();
  await page.getByRole("radio", { name: /Keep them in the community as Anonymous/ }).check();
  // A wrong password: told so, nothing deleted.
  await page.getByLabel("Your password").fill("not my password at all");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account for good?" });
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "delete my account" }).click();
  await expect(page.getByText("That password is not right. Your account has not been deleted.")).toBeVisible();

  await page.getByLabel("Your password").fill(writer.password);
  await page.getByRole("button", { name: "Delete my account" }).press("Enter");
  await dialog.getByRole("button", { name: "delete my account" }).click();
  await expect(page.getByText("Your account has been deleted. We sent a confirmation to your email address.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(((await (await page.request.get("/api/me")).json()) as { user: unknown }).user).toBeNull();

  // The piece stays, signed Anonymous.
  await page.goto(`/submission/${piece.id}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(writer.name)).toHaveCount(0);
  await expect(page.getByText("Anonymous").first()).toBeVisible();
  expect((await readMail(writer.email, /account has been deleted/)).text).toContain("signed Anonymous");
});

test("a writer deletes their account and their pieces for good", async ({ page }) => {
  await page.goto("/");
  const writer = await registerViaApi(page.request, { name: `Gone ${unique()}` });
  const piece = await createPieceViaApi(page.request, { title: `Gone ${unique()}` });
  // Unpublished words on this device: a draft of /write.
  await page.goto("/write");
  await page.getByRole("textbox", { name: "Your writing" }).fill("Words never sent anywhere.");
  await expect.poll(() => storedDrafts(page, "inkwell.draft.write")).toContain("Words never sent anywhere.");
  await page.goto("/settings/account/delete");
  await page.getByRole("radio", { name: "Delete them" }).check();
  await page.getByLabel("Your password").fill(writer.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("dialog", { name: "Delete your account for good?" }).getByRole("button", { name: "delete my account" }).click();
  await expect(page.getByText("Your account has been deleted.", { exact: false })).toBeVisible();
  expect((await page.request.get(`/api/community/pieces/${piece.id}`)).status()).toBe(404);
  // Nothing the account wrote stays on the device.
  expect(await storedDrafts(page, "inkwell.draft")).not.toContain("Words never sent anywhere.");
  // The address is free again.
  await registerViaApi(page.request, { email: writer.email, name: "Back Again" });
});

test("the only admin is told to make someone else an admin first", async ({ page }) => {
  await page.goto("/");
  await signInAsAdmin(page);
  await page.goto("/settings/account/delete");
  await expect(page.getByText("You're the only admin. Make someone else an admin first, then delete your account.")).toBeVisible();
  await expect(page.getByLabel("Your password")).toHaveCount(0);
  await expectAccessible(page);
});
