import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { LinkButton } from "#client/components/ui/button.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Page not found");
  return (
    <Page className="text-center">
      <h1 className="mt-16 font-serif text-4xl">This page is a blank one.</h1>
      <p className="mt-3 text-muted">There is nothing written at this address.</p>
      <div className="mt-8 flex justify-center gap-3">
        <LinkButton to={paths.home.href()} variant="secondary">Back to home</LinkButton>
        <LinkButton to={paths.write.href()} variant="primary">write</LinkButton>
      </div>
    </Page>
  );
}
