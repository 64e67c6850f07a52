import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { loadEnv } from "../src/server/env.ts";
import { MAIL_PREVIEWS } from "../src/server/mail/previews.ts";

/*
 * npm run mail:preview — every email template with sample data, as the HTML and plain-text parts
 * a writer receives, written to DATA_DIR/mail-preview/ with an index page to open in a browser.
 */
const env = loadEnv();
const site = { siteName: env.SITE_NAME, appUrl: env.APP_URL };
const dir = resolve(join(env.DATA_DIR, "mail-preview"));
mkdirSync(dir, { recursive: true });

const rows: { name: string; subject: string }[] = [];
for (const preview of MAIL_PREVIEWS) {
  const mail = await preview.render(site);
  writeFileSync(join(dir, `${preview.name}.html`), mail.html ?? "");
  writeFileSync(join(dir, `${preview.name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
  rows.push({ name: preview.name, subject: mail.subject });
}

const index = createElement(
  "html",
  { lang: "en" },
  createElement("head", null, createElement("meta", { charSet: "utf-8" }), createElement("title", null, `${site.siteName} emails`)),
  createElement(
    "body",
    { style: { fontFamily: "Georgia, serif", margin: "2rem" } },
    createElement("h1", null, `${site.siteName}: every email, with sample data`),
    createElement(
      "ul",
      null,
      rows.map((r) =>
        createElement(
          "li",
          { key: r.name },
          createElement("a", { href: `${r.name}.html` }, r.subject),
          " · ",
          createElement("a", { href: `${r.name}.txt` }, "plain text"),
        ),
      ),
    ),
  ),
);
writeFileSync(join(dir, "index.html"), `<!doctype html>${renderToStaticMarkup(index)}`);
console.log(`${rows.length} emails written to ${dir}`);
console.log(`Open ${join(dir, "index.html")} in a browser.`);
