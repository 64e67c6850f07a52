import { UnconfirmedEmailNotice } from "#client/features/account/components/unconfirmed-email-notice.tsx";
import { ReminderOffer } from "#client/features/settings/components/reminder-offer.tsx";

/**
 * What /write and /freewrite show under the thanks once a piece is saved or published: the daily
 * reminder's offer, with the unconfirmed-email notice where it applies. The routes load it lazily
 * (it is seen only after ten minutes of writing), so its code stays off the writing page's first
 * load (issue 26 item 3).
 */
export default function AfterPublish() {
  return <ReminderOffer notice={<UnconfirmedEmailNotice missed="A reminder can only reach a confirmed address." />} />;
}
