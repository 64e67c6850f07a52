import { useMutation } from "@tanstack/react-query";
import type { ShareLinkResponse } from "#shared/schemas/portfolio.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/** createShareLink(submissionId, 24): an unexpired link of the piece is reused by the server. */
export const createShareLink = (submissionId: string): Promise<ShareLinkResponse> =>
  unwrap(api.api.submissions[":id"]["share-links"].$post({ param: { id: submissionId }, json: {} }));

export const useCreateShareLink = () => useMutation({ mutationFn: createShareLink });
