import { useId, useState, type ReactNode } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useNotificationPrefs, useSaveNotificationPrefs } from "../api/notification-prefs.ts";
import { formatHour, hourChoices } from "../lib/hours.ts";
import { ChoiceSelect } from "./choice-select.tsx";

/**
 * Right after a writer's first piece (issue 14 item 5): "Remind me to write each day at [hour]",
 * off unless they turn it on, asked once (either answer is recorded). `notice`: what the route
 * adds under it — that a reminder cannot come to an unconfirmed address (issue 24 item 3).
 */
export function ReminderOffer({ notice }: { notice?: ReactNode }) {
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const [hour, setHour] = useState<number | null>(null);
  const [answer, setAnswer] = useState<"on" | "no" | null>(null);
  const id = useId();
  if (answer === "on" && save.isSuccess) {
    return (
      <div className="mt-8">
        <FormMessage tone="success">We&apos;ll remind you each day at {formatHour(save.data.prefs.reminderHour)}. Change it any time in your email settings.</FormMessage>
        {notice && <div className="mt-3">{notice}</div>}
      </div>
    );
  }
  if (!prefs.data?.offerReminder || (answer === "no" && save.isSuccess)) return null;
  const chosen = hour ?? prefs.data.reminderHour;
  const reply = (on: boolean) => {
    setAnswer(on ? "on" : "no");
    save.mutate(on ? { reminder: true, reminderHour: chosen, reminderOffered: true } : { reminderOffered: true });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 w-full max-w-md rounded-lg border border-line bg-card p-4 text-left">
      <h2 id={`${id}-title`} className="font-serif text-xl">
        Make it a habit?
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-hour`}>Remind me to write each day at</label>
        <ChoiceSelect id={`${id}-hour`} choices={hourChoices()} value={chosen} onChoose={setHour} />
      </div>
      <p className="mt-2 text-sm text-muted">One email with the day&apos;s prompt, only on days you haven&apos;t written yet.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="primary" disabled={save.isPending} onClick={() => reply(true)}>
          Turn on
        </Button>
        <Button variant="ghost" disabled={save.isPending} onClick={() => reply(false)}>
          No thanks
        </Button>
      </div>
      {save.isError && (
        <div className="mt-3">
          <FormMessage tone="error">{errorMessage(save.error)}</FormMessage>
        </div>
      )}
      {notice && <div className="mt-4">{notice}</div>}
    </section>
  );
}
