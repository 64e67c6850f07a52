import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ADMIN_SEARCH_DEBOUNCE_MS, COMMUNITY_PROMPT_PREVIEW_MAX, ADMIN_SEARCH_MAX_LENGTH, READ_MORE_CHARS, READ_MORE_COLLAPSED_PX } from "#shared/constants.ts";
import { formatDateTime, formatLongDate } from "#shared/domain/format.ts";
import { markupToPlainText } from "#shared/domain/markup.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import type { AdminUserSubmission } from "#shared/schemas/admin.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useAdminUser } from "../api/get-admin-user.ts";
import { useAdminUsers } from "../api/get-admin-users.ts";
import { AdminHeader } from "./admin-header.tsx";
import { PickBadge, PrivateBadge } from "./badges.tsx";
import { DeletePieceButton, type DeletablePiece } from "./delete-piece-button.tsx";
import { ExpandableText } from "./expandable-text.tsx";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** /admin/users: writers (searched and paged on the server) and the selected writer's details. */
export function UsersDatabase({ onDeletePiece, renderUserActions }: { onDeletePiece?: (piece: DeletablePiece) => void; renderUserActions?: RenderUserActions }) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const q = useDebounced(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const list = useAdminUsers(q);
  const searchId = useId();
  const users = useMemo(() => list.data?.pages.flatMap((p) => p.users) ?? [], [list.data]);
  const firstId = users[0]?.id ?? null;
  const selectedId = params.get("user") ?? firstId;

  // The first writer is selected on arrival and after each new search.
  useEffect(() => {
    if (list.isPlaceholderData) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set("q", q);
        else next.delete("q");
        if (!next.get("user") || prev.get("q") !== next.get("q")) {
          if (firstId) next.set("user", firstId);
          else next.delete("user");
        }
        return next;
      },
      { replace: true },
    );
  }, [q, firstId, list.isPlaceholderData, setParams]);

  const select = (id: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set("user", id);
      return next;
    });

  return (
    <>
      <AdminHeader title="Users" subtitle="Every writer, newest first. Private pieces show that they exist, never their words." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto lg:pr-1">
          <div role="search" className="flex flex-col gap-1.5">
            <label htmlFor={searchId} className="text-sm font-medium text-ink">
              Search writers
            </label>
            <input
              id={searchId}
              type="search"
              value={search}
              maxLength={ADMIN_SEARCH_MAX_LENGTH}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Name, alias or email"
              className="min-h-11 rounded-md border border-line bg-paper px-3 text-base text-ink placeholder:text-muted focus:border-accent"
            />
          </div>
          <nav aria-label="Writers" className="-mx-1 mt-3 max-h-80 overflow-y-auto px-1 py-1 lg:max-h-none lg:overflow-visible" aria-busy={list.isFetching}>
            {list.isPending ? (
              <LoadingState label="Loading writers..." className="py-8" />
            ) : list.isError ? (
              <p role="alert" className="text-sm text-danger">
                Error loading writers: {errorMessage(list.error)}
              </p>
            ) : users.length === 0 ? (
              <p className="rounded-xl border border-line bg-card p-4 text-sm text-muted">{q ? `No writers match "${q}".` : "No writers yet."}</p>
            ) : (
              <ul className={`flex flex-col gap-2 ${list.isPlaceholderData ? "opacity-60" : ""}`}>
                {users.map((u) => (
                  <li key={u.id}>
                    <button
                      type="button"
                      aria-current={selectedId === u.id ? "true" : undefined}
                      onClick={() => select(u.id)}
                      className={`w-full rounded-xl border p-3 text-left transition-colors ${selectedId === u.id ? "border-accent bg-accent-soft" : "border-line bg-card hover:border-accent"}`}
                    >
                      <span className="block font-medium text-ink [overflow-wrap:anywhere]">
                        {u.name}
                        {u.alias && <span className="font-normal text-muted"> · {u.alias}</span>}
                      </span>
                      <span className="block text-sm text-muted [overflow-wrap:anywhere]">{u.email}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <Button variant="ghost" className="mt-2 w-full" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? "Loading..." : "Load more writers"}
              </Button>
            )}
          </nav>
        </div>
        <UserDetail userId={list.isPending ? null : selectedId} onDeletePiece={onDeletePiece} renderUserActions={renderUserActions} />
      </div>
    </>
  );
}

function Detail({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-3">
      <dt className="w-24 shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">{value === null || value === "" ? <span className="text-muted">—</span> : value}</dd>
    </div>
  );
}

/** Extra actions on a writer (the route brings them: suspension, issue 13). */
export type RenderUserActions = (user: { id: string; name: string }) => ReactNode;

function UserDetail({
  userId,
  onDeletePiece,
  renderUserActions,
}: {
  userId: string | null;
  onDeletePiece?: ((piece: DeletablePiece) => void) | undefined;
  renderUserActions?: RenderUserActions | undefined;
}) {
  const query = useAdminUser(userId);
  if (!userId) return <p className="py-16 text-center text-muted">Select a writer to see their details</p>;
  if (query.isPending) return <LoadingState label="Loading writer..." />;
  if (query.isError)
    return (
      <ErrorState
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const { user, total } = query.data.pages[0]!;
  const pieces = query.data.pages.flatMap((p) => p.submissions);
  return (
    <section aria-labelledby="user-detail" className="min-w-0">
      <div className="rounded-xl border border-line bg-card p-5">
        <h2 id="user-detail" className="font-serif text-2xl [overflow-wrap:anywhere]">
          {user.name}
        </h2>
        <dl className="mt-4 flex flex-col gap-2">
          <Detail label="Email" value={user.email} />
          <Detail label="Alias" value={user.alias} />
          <Detail label="Location" value={user.location} />
          <Detail label="Age" value={user.age} />
          <Detail label="Joined" value={formatLongDate(user.createdAt)} />
        </dl>
        {renderUserActions?.({ id: user.id, name: user.name })}
      </div>
      {total > 0 ? <h3 className="mt-8 font-serif text-2xl">Submissions ({total})</h3> : <p className="mt-8 text-muted">No submissions from this user yet.</p>}
      <ul className="mt-4 flex flex-col gap-4">
        {pieces.map((s) => (
          <li key={s.id}>
            <UserPiece piece={s} onDelete={onDeletePiece} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="secondary" className="mt-4" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? "Loading..." : "Load more submissions"}
        </Button>
      )}
    </section>
  );
}

/** One of the writer's pieces; a public one can be deleted (a private one is not an admin's to see). */
function UserPiece({ piece, onDelete }: { piece: AdminUserSubmission; onDelete?: (piece: DeletablePiece) => void }) {
  const prompt = piece.prompt.kind === "freewrite" ? "Freewrite" : markupToPlainText(piece.prompt.text, "prompt");
  return (
    <article className="rounded-xl border border-line bg-card p-4 sm:p-5">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm text-muted">
          <time dateTime={piece.createdAt}>{formatDateTime(piece.createdAt)}</time>
          <span aria-hidden="true">·</span>
          <span>{piece.wordCount} words</span>
          {piece.isPrivate && <PrivateBadge />}
          {piece.isFeatured && <PickBadge />}
        </div>
        {onDelete && !piece.isPrivate && (
          <div className="-my-2 -mr-2 shrink-0">
            <DeletePieceButton onClick={() => onDelete({ id: piece.id, title: pieceName(piece.title, piece.prompt) })} />
          </div>
        )}
      </div>
      {!piece.isPrivate && (
        <h4 className="mt-2 font-serif text-lg [overflow-wrap:anywhere]">{pieceName(piece.title, piece.prompt, { promptMax: COMMUNITY_PROMPT_PREVIEW_MAX })}</h4>
      )}
      <p className="mt-2 text-sm text-muted">Submitted as: {piece.isPrivate ? "private" : piece.submissionType}</p>
      <p className="mt-1 line-clamp-2 text-sm text-muted [overflow-wrap:anywhere]">Prompt: {prompt}</p>
      {piece.isPrivate || piece.content === null ? (
        <p className="mt-3 text-sm italic text-muted">Kept in the writer's private portfolio: only they can read it.</p>
      ) : (
        <ExpandableText text={piece.content} threshold={READ_MORE_CHARS} collapsedPx={READ_MORE_COLLAPSED_PX} className="mt-3" />
      )}
    </article>
  );
}
