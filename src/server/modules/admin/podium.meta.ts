import { SOCIAL_DESCRIPTION_MAX } from "#shared/constants.ts";
import { truncateText } from "#shared/domain/markup.ts";
import type { PageMetaResolver } from "../../http/spa.ts";
import { feedLink } from "../feeds/feeds.meta.ts";

/** Server-written <head> for the public podium, so link previews show what the page is. */
export const podiumPageMeta: PageMetaResolver[] = [
  {
    pattern: /^\/podium\/?$/,
    async resolve(c) {
      const site = c.get("deps").env.SITE_NAME;
      return {
        title: `Editors' Picks · ${site}`,
        description: truncateText(
          `The pieces our editors picked from the ${site} community: one prompt, ten minutes of writing, and the responses that stayed with us.`,
          SOCIAL_DESCRIPTION_MAX,
        ),
        path: "/podium",
        type: "website",
        feeds: [feedLink("picks", site)],
      };
    },
  },
];
