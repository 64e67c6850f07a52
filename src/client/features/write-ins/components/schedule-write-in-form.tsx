import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { MAX_PROMPT_LENGTH, WRITE_IN_MAX_MINUTES, WRITE_IN_MIN_MINUTES, WRITE_IN_TITLE_MAX, WRITE_IN_WEEKLY_WEEKS } from "#shared/constants.ts";
import { WRITE_IN_MESSAGES as M, type WriteInPromptMode } from "#shared/domain/write-ins.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { ApiError, browserTimeZone, errorMessage } from "#client/lib/api-client.ts";
import type { ScheduleOption } from "../api/get-schedulable-circles.ts";
import { useScheduleWriteIn } from "../api/schedule-write-in.ts";
import { defaultStartValue, localInputToIso, startInputBounds } from "../lib/write-in-time.ts";
import { checkScheduleDraft, type ScheduleDraft, type ScheduleField } from "../lib/schedule-draft.ts";
import { RadioChoices } from "./radio-choices.tsx";

const DEFAULT_MINUTES = 30;
/**
 * A write-in answers the site's prompt of the day, a circle's the circle's (the site's when the
 * circle has none that day), or either brings its own.
 */
const PROMPT_CHOICES: { value: WriteInPromptMode; label: string }[] = [
  { value: "site", label: "The site's prompt of the day" },
  { value: "circle", label: "The circle's prompt of the day" },
  { value: "own", label: "Its own prompt" },
];
const fieldOf: Record<string, ScheduleField> = { title: "title", startsAt: "start", lengthMinutes: "length", promptText: "prompt" };

/**
 * "Schedule a write-in": where (the community, or a circle I moderate), a title, the start in my
 * zone, its length, weekly or not, and which prompt (the site's, a circle's the circle's, or its
 * own, typed here). Then to its page. The server's refusals are shown beside the field they
 * concern, or under the form.
 */
export function ScheduleWriteInForm({ options, onCancel, autoFocus = false }: { options: ScheduleOption[]; onCancel?: () => void; autoFocus?: boolean }) {
  const [now] = useState(() => Date.now());
  const [draft, setDraft] = useState<ScheduleDraft>({
    where: options[0]?.circle ?? "",
    title: "",
    start: defaultStartValue(now),
    length: String(DEFAULT_MINUTES),
    weekly: false,
    promptMode: "site",
    promptText: "",
  });
  const [errors, setErrors] = useState<Partial<Record<ScheduleField, string>>>({});
  const schedule = useScheduleWriteIn();
  const navigate = useNavigate();
  const toast = useToast();
  const whereId = useId();
  const zone = browserTimeZone();
  const bounds = startInputBounds(now);
  const forCircle = draft.where !== "";
  const choices = forCircle ? PROMPT_CHOICES : PROMPT_CHOICES.filter((c) => c.value !== "circle");
  const set = (patch: Partial<ScheduleDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkScheduleDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    schedule.mutate(
      {
        circle: forCircle ? draft.where : null,
        title: draft.title.trim(),
        startsAt: localInputToIso(draft.start)!,
        timeZone: zone,
        lengthMinutes: Number(draft.length),
        repeat: draft.weekly ? "weekly" : "none",
        promptMode: draft.promptMode,
        ...(draft.promptMode === "own" ? { promptText: draft.promptText.trim() } : {}),
      },
      {
        onSuccess: ({ writeIn, next }) => {
          toast.success(next.length > 0 ? `Write-in scheduled, and the next ${next.length === 1 ? "week" : `${next.length} weeks`}` : "Write-in scheduled");
          void navigate(paths.writeIn.href(writeIn.id));
        },
        onError: (err) => {
          const fromIssues = err instanceof ApiError ? err.issues?.map((i) => fieldOf[i.path]).find(Boolean) : undefined;
          const field = fromIssues ?? (err.message === M.startInPast || err.message === M.startTooFar ? "start" : undefined);
          if (field) setErrors({ [field]: err.message });
        },
      },
    );
  };
  const serverError = schedule.isError && Object.keys(errors).length === 0 ? errorMessage(schedule.error) : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {options.length > 1 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={whereId} className="text-sm font-medium text-ink">
            For
          </label>
          <select
            id={whereId}
            value={draft.where}
            onChange={(e) => set({ where: e.target.value, promptMode: e.target.value || draft.promptMode !== "circle" ? draft.promptMode : "site" })}
            className="min-h-11 rounded-md border border-line bg-paper px-3 text-base text-ink focus:border-accent"
          >
            {options.map((o) => (
              <option key={o.circle ?? ""} value={o.circle ?? ""}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="text-sm text-muted">For {options[0]?.name}</p>
      )}
      <Field label="Title" value={draft.title} onChange={(e) => set({ title: e.target.value })} maxLength={WRITE_IN_TITLE_MAX} error={errors.title} autoComplete="off" autoFocus={autoFocus} />
      <Field
        label="Starts"
        type="datetime-local"
        value={draft.start}
        min={bounds.min}
        max={bounds.max}
        onChange={(e) => set({ start: e.target.value })}
        hint={`In your time zone (${zone}). Joining opens 10 minutes before.`}
        error={errors.start}
      />
      <Field
        label="Length in minutes"
        type="number"
        inputMode="numeric"
        min={WRITE_IN_MIN_MINUTES}
        max={WRITE_IN_MAX_MINUTES}
        value={draft.length}
        onChange={(e) => set({ length: e.target.value })}
        hint={`${WRITE_IN_MIN_MINUTES} to ${WRITE_IN_MAX_MINUTES} minutes`}
        error={errors.length}
      />
      <label className="flex min-h-11 items-center gap-3 text-base">
        <input type="checkbox" checked={draft.weekly} onChange={(e) => set({ weekly: e.target.checked })} className="size-5 accent-[var(--accent)]" />
        Repeat every week ({WRITE_IN_WEEKLY_WEEKS} weeks)
      </label>
      <RadioChoices
        legend="Prompt"
        choices={choices}
        value={draft.promptMode}
        onChange={(promptMode) => set({ promptMode })}
        hint={forCircle ? "The circle's prompt is the one it set for that day, else the site's." : undefined}
      />
      {draft.promptMode === "own" && <OwnPromptField value={draft.promptText} onChange={(promptText) => set({ promptText })} error={errors.prompt} />}
      {serverError && <FormMessage tone="error">{serverError}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="text" onClick={onCancel}>
            cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={schedule.isPending}>
          {schedule.isPending ? "Scheduling..." : "Schedule write-in"}
        </Button>
      </div>
    </form>
  );
}

/** The write-in's own prompt, as every participant will read it (an admin's prompt's length). */
function OwnPromptField({ value, onChange, error }: { value: string; onChange: (next: string) => void; error: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        The write-in's prompt
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={MAX_PROMPT_LENGTH}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className="resize-y rounded-md border border-line bg-paper px-3 py-2 font-serif text-base leading-relaxed text-ink focus:border-accent"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        Those who join write to it; every week of a weekly write-in shares it.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
