/**
 * npx tsx scripts/screenshot.ts URL OUT.png [width] [--dark]
 * A quick look at a page in the system Chromium (for humans checking the design).
 */
import { chromium } from "playwright-core";

const [url, out, width = "1280"] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: tsx scripts/screenshot.ts URL OUT.png [width] [--dark]");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 500 ? 812 : 900 }, colorScheme: process.argv.includes("--dark") ? "dark" : "light" });
page.on("console", (m) => {
  if (m.type() === "error") console.error("console:", m.text());
});
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
