import { UnconfirmedEmailNotice } from "#client/features/account/components/unconfirmed-email-notice.tsx";
import { ReminderOffer } from "#client/features/settings/components/reminder-offer.tsx";
import { WritingPage } from "#client/features/writing/components/writing-page.tsx";
import { DraftsReady } from "#client/features/writing/offline/drafts-ready.tsx";

/** /freewrite: the same flow without a prompt (spec §2). Open to everyone. */
export function Component() {
  return (
    <DraftsReady>
      <WritingPage page="freewrite" afterSuccess={<ReminderOffer notice={<UnconfirmedEmailNotice missed="A reminder can only reach a confirmed address." />} />} />
    </DraftsReady>
  );
}
