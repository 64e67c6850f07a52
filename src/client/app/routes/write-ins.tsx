import { Link, useParams, useSearchParams } from "react-router";
import { Page } from "#client/components/layout/app-shell.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { useScheduleOptions } from "#client/features/write-ins/api/get-schedulable-circles.ts";
import type { WriteInsWhen } from "#client/features/write-ins/api/keys.ts";
import { ScheduleWriteIn } from "#client/features/write-ins/components/schedule-write-in.tsx";
import { WriteInDetail } from "#client/features/write-ins/components/write-in-detail.tsx";
import { WriteInsList } from "#client/features/write-ins/components/write-ins-list.tsx";

/*
 * /write-ins and /write-ins/:id (issue 30), one route module for both: one chunk, so the first-load
 * preload map every page carries gains one entry, not two (the /write budget has bytes, not KB, left).
 */

const TABS: { when: WriteInsWhen; label: string }[] = [
  { when: "upcoming", label: "Upcoming" },
  { when: "past", label: "Past" },
];

/** Upcoming and Past, as links (?when=past): each its own address. */
function WhenTabs({ current }: { current: WriteInsWhen }) {
  return (
    <nav aria-label="Write-ins" className="mb-6 border-b border-line">
      <ul className="-mb-px flex gap-1">
        {TABS.map((t) => (
          <li key={t.when}>
            <Link
              to={{ search: t.when === "upcoming" ? "" : "?when=past" }}
              replace
              aria-current={t.when === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center border-b-2 px-4 ${t.when === current ? "border-accent font-medium text-ink" : "border-transparent text-muted hover:text-ink"}`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /write-ins: scheduled write-ins, the community's and my circles', upcoming or past; site admins
 * and circle moderators schedule one here. Visitors read the community's.
 */
function WriteIns() {
  useDocumentTitle("Write-ins", "Write together: scheduled live writing sessions, 10 to 60 minutes, the same prompt.");
  const [search] = useSearchParams();
  const when: WriteInsWhen = search.get("when") === "past" ? "past" : "upcoming";
  const { data: me } = useMe();
  const options = useScheduleOptions(me);
  return (
    <>
      <header className="mb-8">
        <h1 className="font-serif text-4xl tracking-tight sm:text-5xl">Write-ins</h1>
        <p className="mt-3 font-serif text-lg text-muted">Write together, at the same time, on the same prompt.</p>
      </header>
      {options.length > 0 && (
        <div className="mb-8">
          <ScheduleWriteIn options={options} />
        </div>
      )}
      <WhenTabs current={when} />
      <WriteInsList key={when} circle={null} when={when} label={when === "past" ? "Past write-ins" : "Upcoming write-ins"} />
    </>
  );
}

/** The list, or with an id (/write-ins/:id) one write-in: to say one is coming, join, cancel (its managers) and read its results. */
export function Component() {
  const { id } = useParams();
  return <Page>{id ? <WriteInDetail key={id} id={id} /> : <WriteIns />}</Page>;
}

/** A circle's Write-ins tab, which circle.tsx loads from this chunk when the tab is opened. */
export { CircleWriteIns } from "#client/features/write-ins/components/circle-write-ins.tsx";

/** /write's notice of write-ins coming up, which audience-slot.tsx loads from this chunk. */
export { default as UpcomingOnWrite } from "#client/features/write-ins/components/upcoming-on-write.tsx";
