import { createElement } from "react";
import { Heading, Text } from "@react-email/components";
import type { PublicPiecesChoice } from "#shared/schemas/account-deletion.ts";
import type { MailMessage } from "../mailer.ts";
import { Layout, small, text, type MailSite } from "./layout.tsx";
import { renderParts } from "./render.ts";

interface AccountDeletedProps extends MailSite {
  publicPieces: PublicPiecesChoice;
}

/** The confirmation of an account deletion (issue 15 item 5): what went, what stayed as Anonymous. */
export function AccountDeleted({ publicPieces, ...site }: AccountDeletedProps) {
  const pieces =
    publicPieces === "keep-anonymous"
      ? `Your public pieces and your comments stay in the community, signed Anonymous; nothing on them leads back to you.`
      : `Your pieces and your comments are deleted for good.`;
  return (
    <Layout {...site} preview="Your account has been deleted" reason={`You got this because the ${site.siteName} account of this address was deleted.`}>
      <Heading as="h1" style={{ ...text, fontSize: "22px", fontWeight: "normal" }}>
        Your account has been deleted
      </Heading>
      <Text style={text}>Your account, your private pieces, your likes and everything else we kept about you are gone from {site.siteName}.</Text>
      <Text style={text}>{pieces}</Text>
      <Text style={small}>
        This is the last email we send to this address, and we keep no copy of it. You are welcome to come back and register again whenever you like.
      </Text>
    </Layout>
  );
}

export async function accountDeletedMail(site: MailSite, to: string, publicPieces: PublicPiecesChoice): Promise<MailMessage> {
  const parts = await renderParts(createElement(AccountDeleted, { ...site, publicPieces }));
  return { to, subject: `Your ${site.siteName} account has been deleted`, ...parts };
}
