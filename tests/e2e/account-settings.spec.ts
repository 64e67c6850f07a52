import { expect, expectAccessible, readMail, registerViaApi, test, uniqueEmail } from "./fixtures.ts";

/* Issue 15 item 4: /settings/account — name and alias, email, password, signed-in devices. */

test("the account page at 375 px, by keyboard, passes axe; name and alias save from here", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await registerViaApi(page.request, { name: "Ada Lovelace" });
  await page.goto("/settings");
  // The hub: each settings page with a line about it, at phone width.
  await expect(page.getByRole("navigation", { name: "Settings pages" }).getByRole("link")).toHaveText(["Account", "Email settings", "Your data", "Trash"]);
  await expect(page.getByRole("link", { name: "Your data" })).toHaveAccessibleDescription(/Download your writing/);
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
  await expect(page.getByText("This device")).toBeVisible();
  await expect(page.getByText("No other devices")).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete my account…" })).toHaveAttribute("href", "/settings/account/delete");
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("textbox", { name: "Name", exact: true }).focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Ada King");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Writer Alias" })).toBeFocused();
  await page.keyboard.type("Countess");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Alias updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Ada King");
  await expect(page.getByRole("textbox", { name: "Writer Alias" })).toHaveValue("Countess");
});

test("changing the password signs the other browser out; this one stays", async ({ page, browser }) => {
  await page.goto("/");
  const writer = await registerViaApi(page.request);
  const other = await browser.newContext();
  try {
    const laptop = await other.newPage();
    await laptop.goto("/");
    const signIn = await laptop.request.post("/api/auth/sign-in/email", { data: { email: writer.email, password: writer.password } });
    expect(signIn.status()).toBe(200);

    await page.goto("/settings/account");
    await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toBeVisible();
    // By keyboard: type, Tab to the next field, Enter submits.
    await page.getByLabel("Current password").focus();
    await page.keyboard.type("not the password");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("New password", { exact: true })).toBeFocused();
    await page.keyboard.type("a brand new quiet room");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Confirm new password")).toBeFocused();
    await page.keyboard.type("a brand new quiet room");
    await page.keyboard.press("Enter");
    await expect(page.getByText("That is not your current password.")).toBeVisible();

    await page.getByLabel("Current password").focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(writer.password);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Your password has been changed.")).toBeVisible();
    await expect(page.getByText("No other devices")).toBeVisible();

    await laptop.goto("/settings/account");
    await expect(laptop).toHaveURL(/\/$/);
    expect((await (await laptop.request.get("/api/me")).json()).user).toBeNull();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  } finally {
    await other.close();
  }
});

test("signing one other device out from the list, then everywhere else, by keyboard", async ({ page, browser }) => {
  await page.goto("/");
  const writer = await registerViaApi(page.request);
  const firefox = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" });
  const phone = await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1" });
  try {
    for (const device of [firefox, phone]) {
      expect((await device.request.post("/api/auth/sign-in/email", { data: { email: writer.email, password: writer.password } })).status()).toBe(200);
    }
    await page.goto("/settings/account");
    await page.getByRole("button", { name: /^Sign out Firefox on Linux/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Signed out: Firefox on Linux")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Sign out Firefox on Linux/ })).toHaveCount(0);
    expect((await (await firefox.request.get("/api/me")).json()).user).toBeNull();
    expect((await (await phone.request.get("/api/me")).json()).user).not.toBeNull();

    await page.getByRole("button", { name: "Sign out everywhere else" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("No other devices")).toBeVisible();
    expect((await (await phone.request.get("/api/me")).json()).user).toBeNull();
    await page.reload();
    await expect(page.getByText("This device")).toBeVisible();
  } finally {
    await firefox.close();
    await phone.close();
  }
});

test("changing the email: the link goes to the new address, the old one is told, the change happens on the link", async ({ page, request }) => {
  await page.goto("/");
  const writer = await registerViaApi(page.request);
  const next = uniqueEmail("moved");
  await page.goto("/settings/account");
  await page.getByLabel("New email").focus();
  await page.keyboard.type(next);
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Check your new inbox/)).toBeVisible();
  await expect(page.getByText(`Your email is ${writer.email}.`, { exact: false })).toBeVisible();

  const notice = await readMail(writer.email, /email is changing to m\*\*\*@e2e\.test/);
  expect(notice.text).not.toContain(next);
  const { link } = await readMail(next, /Confirm your new email/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/settings\/account\?email=changed/);
  await expect(page.getByText("Your email has been changed.")).toBeVisible();
  await expect(page.getByText(next)).toBeVisible();
  await expectAccessible(page);

  // An address another account has is refused on the field, as sign-up would.
  const someoneElse = await registerViaApi(request);
  await page.getByLabel("New email").fill(someoneElse.email);
  await page.getByLabel("New email").press("Enter");
  await expect(page.getByText("An account with this email already exists. Please use another address.")).toBeVisible();
});
