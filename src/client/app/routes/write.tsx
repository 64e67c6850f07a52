import { useMe } from "#client/lib/get-me.ts";
import { SuspensionNotice } from "#client/features/moderation/components/suspension-notice.tsx";
import { WritingPage } from "#client/features/writing/components/writing-page.tsx";
import { DraftsReady } from "#client/features/writing/offline/drafts-ready.tsx";
import { OfflineCopyNote } from "#client/components/ui/offline-copy-note.tsx";
import { AfterPublishSlot } from "./after-publish-slot.tsx";
import { renderAudience, renderPromptChoice, upcomingWriteIns } from "./audience-slot.tsx";

/** Today's prompt may be the service worker's offline copy (shared/pwa.ts). */
const OFFLINE_COPY_PATHS = ["/api/prompts/today"] as const;

/** /write: today's prompt, ten minutes, then save or publish (spec §2). Open to everyone. */
export function Component() {
  const { data: me } = useMe();
  return (
    <>
      {me && <SuspensionNotice className="mx-auto mt-4 w-[min(100%-2rem,42rem)]" />}
      <OfflineCopyNote paths={OFFLINE_COPY_PATHS} className="mx-auto mt-4 flex w-fit" />
      {me && upcomingWriteIns()}
      <DraftsReady>
        <WritingPage page="write" afterSuccess={<AfterPublishSlot />} renderAudience={renderAudience} renderPromptChoice={renderPromptChoice} />
      </DraftsReady>
    </>
  );
}
