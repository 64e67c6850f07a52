import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";
import { Page } from "./app-shell.tsx";

/** A page under /settings: the way back to Settings, its heading, a line about it, its sections. */
export function SettingsPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Page>
      <p className="text-sm">
        <Link to={paths.settings.href()} className="text-muted underline-offset-4 hover:underline">
          Settings
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl sm:text-4xl">{title}</h1>
      <p className="mt-2 text-muted">{lead}</p>
      {children}
    </Page>
  );
}
