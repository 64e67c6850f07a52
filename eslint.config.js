import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";

/**
 * Import boundaries (docs/architecture.md): shared imports neither side; client never imports server code.
 * Patterns are gitignore-style, where a leading "#" starts a comment: our "#..." aliases are escaped.
 */
const boundary = (patterns, message) => ({ patterns: patterns.map((group) => ({ group: [group], message })) });

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", ".tmp/**", "test-results/**", "playwright-report/**", "src/server/db/migrations/**", "public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-restricted-syntax": [
        "error",
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "User text is escaped by construction: render markup through <Markup>." },
      ],
    },
  },
  {
    files: ["src/shared/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        boundary(["\\#server/*", "\\#client/*", "**/server/**", "**/client/**", "react", "react-dom", "node:*", "drizzle-orm*", "hono*"], "shared/ is imported by client and server: no React, no database, no node:*."),
      ],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["\\#server/*", "**/server/**"], allowTypeImports: true, message: "The client never imports server code (types for hc<AppType> only)." },
            { group: ["node:*", "drizzle-orm*", "pg", "@electric-sql/*", "better-auth/adapters/*", "nodemailer"], message: "Server-only package in client code." },
          ],
        },
      ],
    },
  },
  // components/ and lib/ are the shared ground under every feature: they import no feature (neither
  // "#client/features/..." nor a relative path into features/). A part that needs a feature is passed in
  // as a prop or slot by app/ (routes compose features), e.g. AppShell's bell and menu parts.
  {
    files: ["src/client/components/**/*.{ts,tsx}", "src/client/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["\\#server/*", "**/server/**"], allowTypeImports: true, message: "The client never imports server code (types for hc<AppType> only)." },
            { group: ["node:*", "drizzle-orm*", "pg", "@electric-sql/*", "better-auth/adapters/*", "nodemailer"], message: "Server-only package in client code." },
            { group: ["\\#client/features/*", "**/features/**", "\\#client/app/*"], message: "components/ and lib/ import no feature and no route: let app/ pass the feature's part in as a prop or slot." },
          ],
        },
      ],
    },
  },
  // Each feature may import only itself (plus components/, lib/, config/): routes compose features.
  ...readdirSync("src/client/features", { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      files: [`src/client/features/${d.name}/**/*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              { group: ["\\#server/*", "**/server/**"], allowTypeImports: true, message: "The client never imports server code (types for hc<AppType> only)." },
              { group: ["node:*", "drizzle-orm*", "pg", "@electric-sql/*", "nodemailer"], message: "Server-only package in client code." },
              { group: ["\\#client/app/*"], message: "Features do not import routes; routes compose features." },
              { regex: `^#client/features/(?!${d.name}/)`, message: "Features do not import each other; a route composes them." },
            ],
          },
        ],
      },
    })),
  {
    files: ["src/server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", boundary(["\\#client/*", "**/client/**", "react", "react-dom"], "The server never imports client code.")],
    },
  },
  // Email templates are React (React Email), rendered on the server: React yes, client code no.
  // So are the exported books (the collection's EPUB pages).
  {
    files: ["src/server/mail/**/*.{ts,tsx}", "src/server/modules/export/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", boundary(["\\#client/*", "**/client/**"], "The server never imports client code.")],
    },
  },
  // A server module's routes (mounted by app.ts) and its raw SQL (*.query.ts) are its own: another module
  // uses what it publishes (its services and helpers), never those (docs/conventions.md). Tests may reach in.
  ...readdirSync("src/server/modules", { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      files: [`src/server/modules/${d.name}/**/*.{ts,tsx}`],
      ignores: ["**/*.test.ts", "**/*.test.tsx"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              { group: d.name === "export" ? ["\\#client/*", "**/client/**"] : ["\\#client/*", "**/client/**", "react", "react-dom"], message: "The server never imports client code." },
              {
                regex: `^(\\.\\./|#server/modules/)(?!${d.name}/)[^./]+/[^/]+\\.(routes|query)\\.tsx?$`,
                message: "Another module's routes and raw SQL are its own: import what it publishes (a service or helper), or move the shared piece below the modules.",
              },
            ],
          },
        ],
      },
    })),
);
