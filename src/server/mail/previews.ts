import { digestMail } from "./digest-mail.ts";
import { monthlyMail, monthlyNudgeMail, weeklyMail } from "./collection-mails.ts";
import type { MailMessage } from "./mailer.ts";
import { reminderMail } from "./reminder-mail.ts";
import type { MailSite } from "./templates/layout.tsx";
import type { MailPiece } from "./templates/piece-card.tsx";
import { changeEmailMail, emailChangingMail, resetPasswordMail, verifyEmailMail, circleInviteMail } from "./templates.ts";
import { accountDeletedMail } from "./templates/account-deleted.tsx";
import { unsubscribeLinks } from "./unsubscribe-token.ts";
import { writeInMail } from "./write-in-mail.ts";

export interface MailPreview {
  name: string;
  render(site: MailSite): Promise<MailMessage>;
}

const SECRET = "preview-secret";
const WRITER = "0b5e1f3c-6a7d-4c1e-9f2a-1d2c3b4a5e6f";
const TO = "ada@example.com";

const piece = (site: MailSite, n: number, over: Partial<MailPiece> = {}): MailPiece => ({
  url: `${site.appUrl}/submission/5d0c2c8e-3b1f-4a9e-8c7d-6e5f4a3b2c1${n}`,
  name: ["Harbour", "The door in the hedge", "Salt"][n % 3]!,
  prompt: "Write about a door you have never opened.",
  authorLabel: ["Ada Lovelace", "Magpie", "Anonymous"][n % 3]!,
  excerpt: "The gulls came in **low** over the water, and the morning smelled of *rope* and tar. Nobody on the quay looked up.",
  warning: null,
  ...over,
});

/** Every email the app sends, with sample data, for `npm run mail:preview` (and a test that renders each). */
export const MAIL_PREVIEWS: MailPreview[] = [
  { name: "confirm-email", render: (site) => verifyEmailMail(site, TO, `${site.appUrl}/api/auth/verify-email?token=sample`) },
  { name: "reset-password", render: (site) => resetPasswordMail(site, TO, `${site.appUrl}/reset-password?token=sample`) },
  { name: "change-email-confirm", render: (site) => changeEmailMail(site, "ada.new@example.org", `${site.appUrl}/api/auth/verify-email?token=sample&callbackURL=%2Fsettings%2Faccount`) },
  { name: "change-email-notice", render: (site) => emailChangingMail(site, TO, "a***@example.org") },
  { name: "account-deleted", render: (site) => accountDeletedMail(site, TO, "keep-anonymous") },
  { name: "circle-invite", render: (site) => circleInviteMail(site, TO, "Ms. Reed", "Room 4 Writers", `${site.appUrl}/join/sample-code-0123456789`, 7) },
  {
    name: "weekly-best-of",
    render: (site) => weeklyMail(site, TO, [piece(site, 0), piece(site, 1), piece(site, 2, { excerpt: null, warning: "Content warning: grief" })], 2, unsubscribeLinks(site.appUrl, SECRET, WRITER, "weekly")),
  },
  {
    name: "monthly-collection",
    render: (site) =>
      monthlyMail(
        site,
        TO,
        {
          monthLabel: "November 2026",
          pieces: [
            { name: "Harbour", day: "Nov 3", wordCount: 412 },
            { name: "The door in the hedge", day: "Nov 4", wordCount: 388 },
          ],
          more: 0,
          monthPages: 3.2,
          totalPages: 41.5,
          streak: "2 days",
          achievements: ["Novella Club · 2026"],
          best: [piece(site, 0), piece(site, 1), piece(site, 2)],
          collectionUrl: `${site.appUrl}/collections/2026-11`,
        },
        unsubscribeLinks(site.appUrl, SECRET, WRITER, "monthly"),
      ),
  },
  { name: "monthly-nudge", render: (site) => monthlyNudgeMail(site, TO, "November 2026", unsubscribeLinks(site.appUrl, SECRET, WRITER, "monthly")) },
  { name: "daily-reminder", render: (site) => reminderMail(site, SECRET, { to: TO, userId: WRITER, prompt: "Write about a door you have never opened.", hour: 19, timeZone: "Europe/Lisbon", asking: false }) },
  { name: "reminder-keep-asking", render: (site) => reminderMail(site, SECRET, { to: TO, userId: WRITER, prompt: "Write about a door you have never opened.", hour: 19, timeZone: "Europe/Lisbon", asking: true }) },
  {
    name: "write-in-reminder",
    render: (site) =>
      writeInMail(site, SECRET, {
        to: TO,
        userId: WRITER,
        writeInId: "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        title: "Sunday sprint",
        startsAt: new Date("2026-12-06T18:00:00Z"),
        endsAt: new Date("2026-12-06T18:20:00Z"),
        circleName: "Room 4 Writers",
        timeZone: "Europe/Lisbon",
      }),
  },
  {
    name: "notification-digest",
    render: async (site) =>
      (await digestMail(site, SECRET, { email: TO, userId: WRITER }, "daily", [
        { message: "5 people liked 'Harbour'", pieceId: "5d0c2c8e-3b1f-4a9e-8c7d-6e5f4a3b2c10", updatedAt: "2026-12-01T10:00:00.000Z" },
        { message: "Magpie commented on 'Harbour'", pieceId: "5d0c2c8e-3b1f-4a9e-8c7d-6e5f4a3b2c10", updatedAt: "2026-12-01T10:00:00.000Z" },
        { message: "You reached Novella Club (2026)", pieceId: null, updatedAt: "2026-12-01T10:00:00.000Z" },
      ]))!,
  },
];
