import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";

/** A settings page's top: the way back to /settings, then the page's one h1. */
export function SettingsPageTitle({ title }: { title: string }) {
  return (
    <>
      <p className="text-sm">
        <Link to={paths.settings.href()} className="text-muted underline-offset-4 hover:underline">
          Settings
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl sm:text-4xl">{title}</h1>
    </>
  );
}
