import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HiddenCirclePieces } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys, pathParams } from "./keys.ts";

/*
 * Moderation inside a circle (issue 29 item 7): its moderators hide a piece from the circle (and
 * show it again) and hide a comment on a piece shared with the circle alone. The site's own
 * moderation (reports, the admin queue) is the moderation feature's.
 */

/** GET /api/circles/:slug/hidden (moderators): the pieces hidden from the circle, most recently hidden first. */
export const getHiddenCirclePieces = (slug: string): Promise<HiddenCirclePieces> => unwrap(api.api.circles[":slug"].hidden.$get({ param: { slug } }));

export const getHiddenCirclePiecesQueryOptions = (slug: string) => queryOptions({ queryKey: circleKeys.hidden(slug), queryFn: () => getHiddenCirclePieces(slug) });

export const useHiddenCirclePieces = (slug: string, enabled = true) => useQuery({ ...getHiddenCirclePiecesQueryOptions(slug), enabled });

/** POST /api/circles/:slug/pieces/:id/hide (moderators): members no longer read it here; the writer is told why. */
export const hideCirclePiece = ({ slug, id, reason }: { slug: string; id: string; reason: string }) =>
  unwrap(api.api.circles[":slug"].pieces[":id"].hide.$post({ param: pathParams({ slug, id }), json: { reason } }));

/** DELETE /api/circles/:slug/pieces/:id/hide (moderators): the piece is back in the circle. */
export const showCirclePiece = ({ slug, id }: { slug: string; id: string }) => unwrap(api.api.circles[":slug"].pieces[":id"].hide.$delete({ param: pathParams({ slug, id }) }));

/** POST /api/circles/:slug/comments/:id/hide (moderators): a comment on a piece shared with this circle alone. */
export const hideCircleComment = ({ slug, id, reason }: { slug: string; id: string; reason: string }) =>
  unwrap(api.api.circles[":slug"].comments[":id"].hide.$post({ param: pathParams({ slug, id }), json: { reason } }));

/** After a piece is hidden or shown again: every view of the circle's pieces and its hidden list read again. */
function usePieceVisibility<V extends { slug: string }>(mutationFn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, { slug }) => {
      void qc.invalidateQueries({ queryKey: circleKeys.feeds(slug) });
      void qc.invalidateQueries({ queryKey: circleKeys.hidden(slug) });
    },
  });
}

export const useHideCirclePiece = () => usePieceVisibility(hideCirclePiece);
export const useShowCirclePiece = () => usePieceVisibility(showCirclePiece);

/** The open piece's comments are the community's (its cache): the route that composes both reads them again (`onSuccess`). */
export const useHideCircleComment = () => useMutation({ mutationFn: hideCircleComment });
