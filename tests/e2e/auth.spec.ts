import { ADMIN_EMAIL, expect, expectAccessible, hydrated, PASSWORD, readMail, registerViaApi, signInAsAdmin, test, uniqueEmail } from "./fixtures.ts";

test.describe("accounts", () => {
  test("register, sign out, sign in, reset a forgotten password from the email, sign in again", async ({ page }) => {
    const email = uniqueEmail("journey");
    await page.goto("/");
    await page.getByRole("link", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { name: "Join the club" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveCount(0);
    await page.getByLabel("Name").fill("Octavia Butler");
    await page.getByLabel("Writer Alias").fill("O.E.B.");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Age").fill("58");
    await page.getByLabel("Location").fill("Pasadena");
    await page.getByRole("button", { name: "write" }).click();
    await expect(page).toHaveURL(/\/write$/);

    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Welcome to the writing club." })).toBeVisible();

    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not my password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Incorrect email or password. Please try again.")).toBeVisible();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/write$/);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: /Octavia\s+welcome back/ })).toBeVisible();
    await expect(page.getByText("Your writing streak is 0 days")).toBeVisible();

    await hydrated(page);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    // Signed out once the app says so (home): going on at once could cut the sign-out request short.
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Please enter your email")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If that email exists, a password reset link has been sent. Please check your inbox.")).toBeVisible();

    const mail = await readMail(email, /Reset your inkwell password/);
    await page.goto(mail.link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("a new passphrase");
    await page.getByLabel("Confirm new password").fill("a different one");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a new passphrase");
    await page.getByLabel("Confirm new password").fill("a new passphrase");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Your password has been updated. Redirecting to sign in...")).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/, { timeout: 5000 });

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a new passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/write$/);

    // The link works once.
    await page.goto(mail.link);
    await expect(page.getByRole("heading", { name: "Reset link invalid or expired" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Request new link" })).toHaveAttribute("href", "/forgot-password");
  });

  test("registration explains what is missing and keeps what was typed", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("Half Done");
    await page.getByRole("button", { name: "write" }).click();
    await expect(page.getByText("Name, email, and password are required")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Half Done");
    const taken = await registerViaApi(page.context().request);
    await page.context().clearCookies();
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "write" }).click();
    await expect(page.getByText("An account with this email already exists. Try signing in instead.")).toBeVisible();
  });

  test("visitor pages pass an accessibility scan at phone width", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ["/", "/register", "/signin", "/forgot-password", "/reset-password", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("main")).not.toBeEmpty();
      await expectAccessible(page);
    }
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "rules" }).click();
    await expect(page.getByRole("dialog", { name: "The rules" })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("guards and menu", () => {
  test("a visitor is sent home from signed-in and admin pages, and old links redirect", async ({ page }) => {
    for (const path of ["/profile", "/welcome-back", "/edit/123", "/admin", "/admin/users"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/register$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("the menu offers what each person may do", async ({ page, browser }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Create Account", "Sign In"]);

    await registerViaApi(page.request, { name: "Menu Writer" });
    await page.goto("/welcome-back");
    await expect(page.getByRole("heading", { name: /Menu\s+welcome back/ })).toBeVisible();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(nav.getByRole("link")).toHaveText(["Write", "Community", "Circles", "Write-ins", "You", "Settings"]);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.goto("/");
    await hydrated(admin);
    await admin.getByRole("button", { name: "Menu" }).click();
    await expect(admin.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
      "Write",
      "Community",
      // Issue 29: a signed-in writer's circles.
      "Circles",
      // Issue 30: scheduled write-ins.
      "Write-ins",
      "You",
      "Settings",
      "Dashboard",
      "Manage Prompts",
      "View Users",
      "Manage Editors' Picks",
      // Issue 13: the report queue (with its live count of open reports) and the audit log.
      /^Reports\d+ open reports?$/,
      "Audit Log",
      // Issue 14: the job queue behind the emails.
      "Jobs & Emails",
    ]);
    await expectAccessible(admin);
    await adminContext.close();
    expect(ADMIN_EMAIL).toContain("@");
  });

  test("signing out in one tab signs out every open tab", async ({ context }) => {
    const first = await context.newPage();
    await registerViaApi(first.request, { name: "Two Tabs" });
    const second = await context.newPage();
    await first.goto("/welcome-back");
    await second.goto("/");
    await expect(second.getByRole("heading", { name: /Two\s+welcome back/ })).toBeVisible();
    await hydrated(first);
    await first.getByRole("button", { name: "Menu" }).click();
    await first.getByRole("button", { name: "Sign Out" }).click();
    await expect(second.getByRole("heading", { name: "Welcome to the writing club." })).toBeVisible();
    await expect(second.getByRole("link", { name: "Sign Up" })).toBeVisible();
  });

  test("when the server cannot say who is signed in, the page says so and offers a retry", async ({ page, consoleErrors }) => {
    await registerViaApi(page.request, { name: "Offline Writer" });
    await page.route("**/api/me", (route) => route.fulfill({ status: 503, json: { code: "unavailable", message: "down" } }));
    await page.goto("/");
    const banner = page.getByRole("alert").filter({ hasText: "We could not reach the server" });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await page.unroute("**/api/me");
    await banner.getByRole("button", { name: "Try again" }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByRole("heading", { name: /Offline\s+welcome back/ })).toBeVisible();
    // The 503s above were this test's doing.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 503/.test(e)));
  });
});
