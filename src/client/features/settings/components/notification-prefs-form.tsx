import { useId, useState, type ReactNode } from "react";
import { DIGEST_FREQUENCIES, type NotificationPrefs, type NotificationPrefsInput } from "#shared/schemas/notification-prefs.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { browserTimeZone, errorMessage } from "#client/lib/api-client.ts";
import { useNotificationPrefs, useSaveNotificationPrefs } from "../api/notification-prefs.ts";
import { hourChoices, timeZones } from "../lib/hours.ts";
import { ChoiceSelect } from "./choice-select.tsx";

const DIGEST_LABELS: Record<(typeof DIGEST_FREQUENCIES)[number], string> = { off: "Off", daily: "Daily", weekly: "Weekly (Mondays)" };
const DIGEST_CHOICES = DIGEST_FREQUENCIES.map((f) => ({ value: f, label: DIGEST_LABELS[f] }));
const wide = "w-full sm:w-auto";

type Draft = Required<Omit<NotificationPrefsInput, "reminderOffered">>;
const draftOf = (p: NotificationPrefs): Draft => ({
  weekly: p.weekly,
  monthly: p.monthly,
  reminder: p.reminder,
  reminderHour: p.reminderHour,
  digest: p.digest,
  writeInEmail: p.writeInEmail,
  timeZone: p.timeZone,
});

/** Settings › Email (issue 14 item 7): loads the writer's choices, then the form. */
export function NotificationPrefsSection() {
  const prefs = useNotificationPrefs();
  if (prefs.isPending) return <LoadingState label="Loading..." />;
  if (prefs.isError) return <ErrorState title="Your email settings could not be loaded" message={errorMessage(prefs.error)} onRetry={() => void prefs.refetch()} />;
  return <NotificationPrefsForm prefs={prefs.data} />;
}

function Toggle({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 py-3">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} className="mt-1 size-5 accent-accent" />
      <div>
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** A labelled control with its hint, tied together for screen readers. */
function Row({ label, hint, children }: { label: string; hint: string; children: (id: string, hintId: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 py-3">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      {children(id, `${id}-hint`)}
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
    </div>
  );
}

export function NotificationPrefsForm({ prefs }: { prefs: NotificationPrefs }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(prefs));
  const save = useSaveNotificationPrefs();
  const browserZone = browserTimeZone();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    save.reset();
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const submit = () => {
    const { timeZone, ...rest } = draft;
    save.mutate(timeZone === prefs.timeZone ? rest : draft, { onSuccess: (res) => setDraft(draftOf(res.prefs)) });
  };

  return (
    <form
      className="divide-y divide-line rounded-lg border border-line bg-card px-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="py-2">
        <legend className="sr-only">Emails</legend>
        <Toggle label="Weekly best-of" hint="Sundays at 09:00: the week's Editors' Picks." checked={draft.weekly} onChange={(on) => set("weekly", on)} />
        <Toggle label="Monthly collection" hint="On the 1st at 09:00: your pieces of the month." checked={draft.monthly} onChange={(on) => set("monthly", on)} />
        <Toggle label="Daily reminder" hint="Today's prompt at the hour you choose, unless you already wrote." checked={draft.reminder} onChange={(on) => set("reminder", on)} />
        <Toggle
          label="Write-in reminders"
          hint="An email 10 minutes before a write-in you said you're coming to. The bell tells you either way."
          checked={draft.writeInEmail}
          onChange={(on) => set("writeInEmail", on)}
        />
      </fieldset>
      <Row label="Reminder time" hint={`Your time, in ${draft.timeZone}.`}>
        {(id, hintId) => <ChoiceSelect id={id} aria-describedby={hintId} className={wide} choices={hourChoices()} value={draft.reminderHour} onChoose={(h) => set("reminderHour", h)} />}
      </Row>
      <Row label="Notification digest" hint="An email of your unread notifications, from 09:00. Nothing unread, no email.">
        {(id, hintId) => <ChoiceSelect id={id} aria-describedby={hintId} className={wide} choices={DIGEST_CHOICES} value={draft.digest} onChoose={(f) => set("digest", f)} />}
      </Row>
      <Row label="Time zone" hint="Your writing day and your emails follow it. It can change once a day.">
        {(id, hintId) => (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <ChoiceSelect
              id={id}
              aria-describedby={hintId}
              className={wide}
              choices={timeZones(draft.timeZone).map((z) => ({ value: z, label: z }))}
              value={draft.timeZone}
              onChoose={(z) => set("timeZone", z)}
            />
            {browserZone !== draft.timeZone && (
              <Button variant="ghost" onClick={() => set("timeZone", browserZone)}>
                Use this device&apos;s ({browserZone})
              </Button>
            )}
          </div>
        )}
      </Row>
      <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
        {save.isSuccess && <FormMessage tone="success">{save.data.message ?? "Saved."}</FormMessage>}
        {save.isError && <FormMessage tone="error">{errorMessage(save.error)}</FormMessage>}
      </div>
    </form>
  );
}
