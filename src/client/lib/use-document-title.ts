import { useEffect } from "react";
import { useSiteName } from "#client/lib/get-config.ts";

/** Sets the page title ("Title · inkwell") and description for the current route. */
export function useDocumentTitle(title: string | null, description?: string): void {
  const site = useSiteName();
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
    if (description) {
      let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!tag) {
        tag = document.createElement("meta");
        tag.name = "description";
        document.head.appendChild(tag);
      }
      tag.content = description.slice(0, 180);
    }
  }, [title, description, site]);
}
