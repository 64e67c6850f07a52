import { Page } from "#client/components/layout/app-shell.tsx";

// Route module for write; its feature is built by its issue.
export function Component() {
  return (
    <Page>
      <h1 className="font-serif text-3xl">write</h1>
    </Page>
  );
}
