import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";
import { LinkButton } from "#client/components/ui/button.tsx";
import { AdminHeader } from "./admin-header.tsx";
import { SchedulerGapsWarning } from "./scheduler-gaps-warning.tsx";
import { TodayPromptEditor } from "./today-prompt-editor.tsx";

const CARDS = [
  { to: paths.adminScheduler.href(), title: "Weekly Scheduler", text: "Plan a week of prompts, Sunday to Saturday, with author attribution." },
  { to: paths.adminPrompts.href(), title: "View All Prompts", text: "Browse every prompt and the pieces written for it; feature the best." },
  { to: paths.adminPodium.href(), title: "Manage Editor's Picks", text: "The pieces on the podium: read them again, or take them down." },
  { to: paths.adminUsers.href(), title: "View Users", text: "Writers, their details and what they have written." },
];

/** /admin: today's prompt, the admin screens, and the way back to the writing rooms. */
export function AdminDashboard({ notices }: { notices?: ReactNode }) {
  return (
    <>
      <AdminHeader title="Dashboard" back={false} subtitle="Set the day's prompt, plan the week, and tend the Editor's Picks." />
      {notices}
      <SchedulerGapsWarning className="mb-8" />
      <TodayPromptEditor />

      <nav aria-labelledby="admin-tools" className="mt-12">
        <h2 id="admin-tools" className="font-serif text-2xl">
          Tools
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {CARDS.map((card) => (
            <li key={card.to}>
              <Link
                to={card.to}
                className="group flex h-full flex-col rounded-xl border border-line bg-card p-5 transition-colors hover:border-accent"
              >
                <span className="font-serif text-xl text-ink group-hover:text-accent">{card.title}</span>
                <span className="mt-1 text-sm text-muted">{card.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="admin-quick" className="mt-12">
        <h2 id="admin-quick" className="font-serif text-2xl">
          Quick actions
        </h2>
        <div className="-ml-3 mt-2 flex flex-wrap gap-x-2">
          <LinkButton to={paths.write.href()} variant="text">
            write
          </LinkButton>
          <LinkButton to={paths.community.href()} variant="text">
            community
          </LinkButton>
          <LinkButton to={paths.podium.href()} variant="text">
            podium
          </LinkButton>
        </div>
      </section>
    </>
  );
}
