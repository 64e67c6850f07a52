import { queryOptions } from "@tanstack/react-query";
import type { Signature } from "#shared/domain/author.ts";
import type { JoinedWriteIn, WriteInPanel } from "#shared/schemas/write-ins.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { writeInKeys } from "../api/keys.ts";

/*
 * The live session's calls (issue 30 item 2): the server's time, joining, counts (a number, never
 * the text), leaving, and the panel.
 */

/** How often the panel is read while the write-in runs (the issue asks for updates within 2 s). */
export const PANEL_POLL_MS = 2_000;

const writeIn = api.api["write-ins"][":id"];

export const getServerTime = async (): Promise<number> => (await unwrap(api.api.time.$get())).now;

export const joinWriteIn = (id: string, signature?: Signature): Promise<JoinedWriteIn> =>
  unwrap(writeIn.join.$post({ param: { id }, json: signature ? { signature } : {} }));

export const sendCount = (id: string, words: number) => unwrap(writeIn.count.$post({ param: { id }, json: { words } }));

export const leaveWriteIn = (id: string, words?: number) => unwrap(writeIn.leave.$post({ param: { id }, json: words === undefined ? {} : { words } }));

export const getPanel = (id: string): Promise<WriteInPanel> => unwrap(writeIn.panel.$get({ param: { id } }));

export const panelQueryOptions = (id: string, live: boolean) =>
  queryOptions({
    queryKey: [...writeInKeys.detail(id), "panel"],
    queryFn: () => getPanel(id),
    refetchInterval: live ? PANEL_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
