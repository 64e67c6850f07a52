import type { Signature } from "#shared/domain/author.ts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";
import { lateJoinUntil, WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import { durationWords } from "#shared/domain/writing-session.ts";
import type { JoinedWriteIn } from "#shared/schemas/write-ins.ts";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { paths } from "#client/config/paths.ts";
import { errorMessage } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { getWriteInQueryOptions } from "../api/get-write-in.ts";
import { formatWriteInStart, minutesLabel } from "../lib/write-in-time.ts";
import { panelQueryOptions } from "./api.ts";
import { JoinForm } from "./join-form.tsx";
import { LivePanel } from "./live-panel.tsx";
import { usePanelStream } from "./use-panel-stream.ts";
import { clockText, lockSeconds, phaseAt } from "./session-time.ts";
import { useServerClock } from "./use-server-clock.ts";
import { useWriteInSession } from "./use-write-in-session.ts";

export type WriteInScope = `write-in-${string}`;

/** The writing page's session for this write-in, on the device's clock (what its timer reads). */
export interface SeededSession {
  token: string;
  startedAtLocal: number;
  minSeconds: number;
  exempt: boolean;
}

/** What the route's editor (the writing feature's page) gets: its slots, the prompt, where a piece goes. */
export interface EditorSlot {
  scope: WriteInScope;
  prompt: JoinedWriteIn["prompt"];
  /** A circle's write-in: its pieces go to that circle. */
  circleId: string | null;
  /** A new key when the session seeded for it changed (a rejoin, leaving, the server's clock moved). */
  editorKey: string;
  /** How the writer joined: the publish form first signs the piece the same way (an anonymous seat stays unnamed unless they choose). */
  signature: Signature;
}

export const TIME_UP = "Time's up. Your words are still yours: save, publish, or keep writing.";
export const lateNote = (minSeconds: number) => `You joined late: saving and publishing unlock after ${durationWords(minSeconds)} of your own writing.`;

/**
 * The live write-in (issue 30 items 2–3), /write-ins/:id/write: join, a shared countdown, then the
 * writing page on the server's clock beside the live panel; at the end the editor stays the writer's.
 * The editor itself is the route's (features do not import each other): `renderEditor`.
 */
export function WriteInSessionPage({
  id,
  alias,
  readWords,
  seedSession,
  renderEditor,
}: {
  id: string;
  alias: string | null;
  /** The words in this write-in's local draft. */
  readWords: (scope: WriteInScope) => number;
  seedSession: (scope: WriteInScope, session: SeededSession) => void;
  renderEditor: (slot: EditorSlot) => ReactNode;
}) {
  const scope: WriteInScope = `write-in-${id}`;
  const detail = useQuery(getWriteInQueryOptions(id));
  const { clock, epoch, now } = useServerClock();
  const w = detail.data?.writeIn;
  useDocumentTitle(w ? w.title : "Write-in");
  const times = w ? { startsAt: Date.parse(w.startsAt), endsAt: Date.parse(w.endsAt), canceled: w.state === "canceled" } : null;
  const ready = times !== null && epoch > 0;
  const phase = times && ready ? phaseAt(times, now) : w?.state;
  const ended = phase === "ended";
  const session = useWriteInSession({ id, clock, readWords: () => readWords(scope), ended, ready, rejoinOnOpen: w?.joinedByMe ?? false });
  const { joined, leftEarly } = session;
  const running = joined !== null && !ended && phase !== "canceled";
  const streaming = usePanelStream(id, running);
  const panel = useQuery({ ...panelQueryOptions(id, running && !streaming), enabled: joined !== null });
  const panelNow = panel.data?.now;
  useEffect(() => {
    if (panelNow !== undefined) clock.check(panelNow);
  }, [panelNow, clock]);

  const editorKey = joined ? `${epoch}:${joined.writingSession.token}:${leftEarly}` : "";
  // The writing page reads its session once, as it mounts: seeded before it renders under a new key.
  useMemo(() => {
    if (!joined || !times) return;
    const start = Date.parse(joined.writingSession.startedAt);
    seedSession(scope, {
      token: joined.writingSession.token,
      startedAtLocal: clock.toDevice(start),
      minSeconds: lockSeconds(start, times.endsAt, joined.writingSession.minSeconds, leftEarly),
      exempt: joined.writingSession.exempt,
    });
  }, [editorKey]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names everything the seed reads

  // The clock ticks four times a second; the writing page must not re-render with it (its autosave waits for a pause).
  const circleId = w?.circle?.id ?? null;
  const editor = useMemo(
    () => (joined ? renderEditor({ scope, prompt: joined.prompt, circleId, editorKey, signature: joined.signature }) : null),
    [editorKey, circleId], // eslint-disable-line react-hooks/exhaustive-deps -- the key names the seat and the session
  );

  if (detail.isPending) return <LoadingState label="Loading the write-in..." />;
  if (!w || !times) return <ErrorState message={errorMessage(detail.error, "This write-in could not be loaded. Please try again.")} action={<LinkButton to={paths.writeIns.href()}>All write-ins</LinkButton>} />;

  const clockLine = ready ? clockText(times, now) : null;
  const live = phase === "live" || phase === "ended";
  const body = (() => {
    if (phase === "canceled") return <FormMessage tone="info">{M.canceled}</FormMessage>;
    if (!joined) {
      if (ended) return <Ended id={id} />;
      if (phase === "live" && now >= lateJoinUntil(times)) return <Refused message={M.halfTime} />;
      return (
        <>
          {phase === "upcoming" && <p className="mt-4 text-sm text-muted">{M.notOpen}.</p>}
          {phase === "live" && <p className="mt-4 text-sm text-muted">It has started: you can still join until half-time.</p>}
          <JoinForm alias={alias} canJoin={ready && phase !== "upcoming"} busy={session.join.isPending} error={session.join.error ? errorMessage(session.join.error) : null} onJoin={(s) => session.join.mutate(s)} />
        </>
      );
    }
    if (!live) {
      return (
        <p className="mt-6 font-serif text-lg text-muted">
          The editor opens at the start. Your text stays on this device until you save or publish.
        </p>
      );
    }
    return null;
  })();

  return (
    <div className="mx-auto w-full max-w-6xl lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6 lg:px-4">
      <div className="min-w-0">
        <header className="mx-auto w-full max-w-2xl px-4 pt-4 sm:pt-8">
          <p className="font-sans text-xs font-medium uppercase tracking-[0.2em] text-muted">{w.circle ? `${w.circle.name} write-in` : "Community write-in"}</p>
          <h1 className="mt-1 font-serif text-2xl text-ink">{w.title}</h1>
          <p className="mt-1 text-sm text-muted">
            {formatWriteInStart(w.startsAt)} · {minutesLabel(w.lengthMinutes)}
          </p>
          {joined && clockLine && (
            <p role="timer" className="mt-4 font-sans text-3xl font-semibold tabular-nums text-ink">
              {clockLine}
            </p>
          )}
          {joined && !ready && <p className="mt-4 text-sm text-muted">Setting the clock...</p>}
          <div className="mt-3 flex flex-col gap-2">
            {joined?.late && <FormMessage tone="info">{lateNote(joined.writingSession.minSeconds)}</FormMessage>}
            {joined && leftEarly && !ended && <FormMessage tone="info">You left the write-in. Your text is still here; rejoin to be counted again.</FormMessage>}
            {joined && ended && <FormMessage tone="success">{TIME_UP}</FormMessage>}
            {session.join.error && joined && <FormMessage tone="error">{errorMessage(session.join.error)}</FormMessage>}
          </div>
          {body}
        </header>
        {live && editor}
      </div>
      {joined && (
        <aside aria-label="The write-in" className="mx-auto flex w-full max-w-2xl flex-col gap-3 px-4 pb-8 pt-6 lg:px-0 lg:pt-8">
          <LivePanel panel={panel.data} loading={panel.isPending} mySeat={joined?.seat ?? panel.data?.yourSeat ?? null} />
          {!ended && phase !== "canceled" && (
            <div>
              {leftEarly ? (
                <Button variant="secondary" onClick={() => session.join.mutate(undefined)} disabled={session.join.isPending}>
                  Rejoin
                </Button>
              ) : (
                <Button variant="ghost" onClick={() => session.leave.mutate()} disabled={session.leave.isPending}>
                  Leave write-in
                </Button>
              )}
            </div>
          )}
        </aside>
      )}
    </div>
  );
}

function Ended({ id }: { id: string }) {
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <FormMessage tone="info">{M.over}</FormMessage>
      <LinkButton to={paths.writeIn.href(id)}>See the results</LinkButton>
    </div>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <FormMessage tone="info">{message}</FormMessage>
      <LinkButton to={paths.writeIns.href()}>See the write-ins</LinkButton>
    </div>
  );
}
