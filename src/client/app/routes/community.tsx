import { Page } from "#client/components/layout/app-shell.tsx";

// Route module for community; its feature is built by its issue.
export function Component() {
  return (
    <Page>
      <h1 className="font-serif text-3xl">community</h1>
    </Page>
  );
}
