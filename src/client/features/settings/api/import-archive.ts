import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportResponse } from "#shared/schemas/import.ts";
import { api, callOptions, unwrap } from "#client/lib/api-client.ts";

/** An upload of up to 50 MB is given time to travel and be read. */
const IMPORT_TIMEOUT_MS = 120_000;

/** POST /api/me/import: one .zip, or .md/.txt files, into my own portfolio. */
export const importArchive = (files: File[]): Promise<ImportResponse> =>
  unwrap(api.api.me.import.$post({ form: { files } }, callOptions({ timeoutMs: IMPORT_TIMEOUT_MS })));

/** Imports; the portfolio (its pieces; its numbers do not move, but read them again all the same) is read again. */
export function useImportArchive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importArchive,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["portfolio"] }),
  });
}
