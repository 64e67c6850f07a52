import { useMe } from "#client/lib/get-me.ts";
import { SuspensionNotice } from "#client/features/moderation/components/suspension-notice.tsx";
import { ReminderOffer } from "#client/features/settings/components/reminder-offer.tsx";
import { WritingPage } from "#client/features/writing/components/writing-page.tsx";
import { DraftsReady } from "#client/features/writing/offline/drafts-ready.tsx";

/** /write: today's prompt, ten minutes, then save or publish (spec §2). Open to everyone. */
export function Component() {
  const { data: me } = useMe();
  return (
    <>
      {me && <SuspensionNotice className="mx-auto mt-4 w-[min(100%-2rem,42rem)]" />}
      <DraftsReady>
        <WritingPage page="write" afterSuccess={<ReminderOffer />} />
      </DraftsReady>
    </>
  );
}
