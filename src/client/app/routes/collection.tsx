import { useParams } from "react-router";
import { isMonth, monthLabel } from "#shared/domain/months.ts";
import { COLLECTION_MESSAGES } from "#shared/schemas/collections.ts";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { LinkButton } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { useCollection } from "#client/features/collections/api/get-collection.ts";
import { CollectionView } from "#client/features/collections/components/collection-view.tsx";

/** /collections/YYYY-MM: the signed-in writer's own month, readable and downloadable; a visitor is asked to sign in. */
export function Component() {
  const { month = "" } = useParams();
  const valid = isMonth(month);
  const { data: me, isPending: mePending } = useMe();
  const query = useCollection(month, valid && Boolean(me));
  useDocumentTitle(valid ? `Your ${monthLabel(month)}` : "Your collection");
  const here = paths.collection.href(month);

  let body;
  if (!valid) body = <ErrorState title="No such month" message={COLLECTION_MESSAGES.badMonth} />;
  else if (mePending) body = <LoadingState label="Gathering your collection..." />;
  else if (!me)
    body = (
      <EmptyState
        title="Your collection is yours alone"
        action={
          <LinkButton to={paths.signin.href(here)} variant="primary" className="lowercase">
            sign in
          </LinkButton>
        }
      >
        {COLLECTION_MESSAGES.signIn}
      </EmptyState>
    );
  else if (query.isPending) body = <LoadingState label="Gathering your collection..." />;
  else if (query.isError) body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  else body = <CollectionView collection={query.data} />;

  return <Page>{body}</Page>;
}
