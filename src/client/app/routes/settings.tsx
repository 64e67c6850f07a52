import { Link } from "react-router";
import { RequireUser } from "#client/app/guards.tsx";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { BlockedWriters } from "#client/features/settings/components/blocked-writers.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { DeleteAccountLink } from "#client/features/account-deletion/components/delete-account-link.tsx";
import { TRASH_DAYS } from "#shared/domain/trash.ts";

/** The pages under Settings, each with a line saying what it holds. */
const SECTIONS = [
  { to: paths.settingsAccount.href(), label: "Account", about: "Your name and alias, email address, password and signed-in devices." },
  { to: paths.settingsNotifications.href(), label: "Email settings", about: "The emails you get, your reminder and your time zone." },
  { to: paths.settingsData.href(), label: "Your data", about: "Download your writing (Markdown, EPUB) and all your data, or import writing." },
  { to: paths.profileTrash.href(), label: "Trash", about: `Deleted pieces, kept ${TRASH_DAYS} days so you can restore them.` },
] as const;

/**
 * /settings: the writer's own settings — the pages for their account, emails and data, their
 * trash (issues 14, 15), the writers they block (issue 13 item 5), and the way to leave.
 */
function Settings() {
  useDocumentTitle("Settings", "Your settings.");
  return (
    <Page>
      <h1 className="font-serif text-3xl sm:text-4xl">Settings</h1>
      <nav aria-label="Settings pages" className="mt-6">
        <ul className="divide-y divide-line border-y border-line">
          {SECTIONS.map((s, i) => (
            <li key={s.to} className="py-4">
              <Link to={s.to} aria-describedby={`settings-about-${i}`} className="font-serif text-xl text-ink underline-offset-4 hover:underline">
                {s.label}
              </Link>
              <p id={`settings-about-${i}`} className="mt-1 text-sm text-muted">
                {s.about}
              </p>
            </li>
          ))}
        </ul>
      </nav>
      <BlockedWriters />
      <DeleteAccountLink />
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser>
      <Settings />
    </RequireUser>
  );
}
