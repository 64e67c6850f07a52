import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";
import { ScheduleWriteIn } from "./schedule-write-in.tsx";
import { WriteInsList } from "./write-ins-list.tsx";

/** A circle's Write-ins tab: its upcoming write-ins, and for its moderators the form to schedule one. */
export function CircleWriteIns({ slug, name, moderator }: { slug: string; name: string; moderator: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      {moderator && (
        <div>
          <ScheduleWriteIn options={[{ circle: slug, name }]} />
        </div>
      )}
      <WriteInsList circle={slug} when="upcoming" label={`${name}'s write-ins`} />
      <p className="text-sm text-muted">
        <Link to={paths.writeIns.href()} className="underline underline-offset-4 hover:text-ink">
          All write-ins, past ones too
        </Link>
      </p>
    </div>
  );
}
