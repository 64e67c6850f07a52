import { WritingPage } from "#client/features/writing/components/writing-page.tsx";
import { DraftsReady } from "#client/features/writing/offline/drafts-ready.tsx";
import { AfterPublishSlot } from "./after-publish-slot.tsx";
import { renderAudience } from "./audience-slot.tsx";

/** /freewrite: the same flow without a prompt (spec §2). Open to everyone. */
export function Component() {
  return (
    <DraftsReady>
      <WritingPage page="freewrite" afterSuccess={<AfterPublishSlot />} renderAudience={renderAudience} />
    </DraftsReady>
  );
}
