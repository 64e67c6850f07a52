import { Page } from "#client/components/layout/app-shell.tsx";
import { PublicPodium } from "#client/features/admin/components/public-podium.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Editors' Picks", "The pieces our editors picked from the community: one prompt, ten minutes of writing, and the responses that stayed with us.");
  return (
    <Page>
      <PublicPodium />
    </Page>
  );
}
