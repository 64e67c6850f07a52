import { RequireUser } from "#client/app/guards.tsx";
import { Page } from "#client/components/layout/app-shell.tsx";
import { CreateCircleForm } from "#client/features/circles/components/create-circle-form.tsx";
import { MyCirclesList } from "#client/features/circles/components/my-circles-list.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /circles: the circles I am in, and a new one (issue 29). */
function Circles() {
  useDocumentTitle("Circles", "Private writing groups: share pieces with the people you choose.");
  return (
    <Page>
      <header className="mb-8">
        <h1 className="font-serif text-4xl tracking-tight sm:text-5xl">Circles</h1>
        <p className="mt-3 font-serif text-lg text-muted">Private groups: share a piece with the people you choose.</p>
      </header>
      <MyCirclesList />
      <div className="mt-10">
        <CreateCircleForm />
      </div>
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser>
      <Circles />
    </RequireUser>
  );
}
