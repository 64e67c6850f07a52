import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BlockInput } from "#shared/schemas/blocks.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { communityKeys } from "./keys.ts";

/** POST /api/blocks: blocks the writer of a piece or a comment, named by its id only (issue 13 item 5). */
export const blockWriter = (input: BlockInput) => unwrap(api.api.blocks.$post({ json: input }));

/** Blocks, then reads the feed, the open piece and comments again: the server leaves the writer out. */
export function useBlockWriter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: blockWriter,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: communityKeys.all });
      // The settings list (another feature's query) is read again when next shown.
      void qc.invalidateQueries({ queryKey: ["blocks"] });
      void qc.invalidateQueries({ queryKey: ["podium"] });
    },
  });
}
