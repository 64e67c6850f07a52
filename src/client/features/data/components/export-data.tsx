import { useId, useState, type ReactNode } from "react";
import { localDate } from "#shared/domain/dates.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { browserTimeZone } from "#client/lib/api-client.ts";
import { formatBytes, useDownload } from "#client/lib/download.ts";
import { useMe } from "#client/lib/get-me.ts";
import { exportHrefs } from "../api/export-urls.ts";
import { EpubOptions, epubQuery, type EpubChoice } from "./epub-options.tsx";

type Kind = "markdown" | "epub" | "json";
const LABELS: Record<Kind, string> = { markdown: "Markdown archive", epub: "EPUB book", json: "All my data" };

function Option({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <li className="rounded-lg border border-line bg-card p-4">
      <h3 className="font-medium text-ink">{title}</h3>
      {children}
      <div className="mt-3">{action}</div>
    </li>
  );
}

/**
 * Settings › Your data › Export (issue 15 item 1): the Markdown archive, an EPUB book, all my
 * data as JSON. Each is made when asked; while it is prepared the section says how much has
 * arrived, and a refusal (sign in, too many exports) shows the server's words.
 */
export function ExportData() {
  const headingId = useId();
  const me = useMe();
  const alias = me.data?.alias?.trim() || null;
  const today = localDate(new Date(), browserTimeZone());
  const [choice, setChoice] = useState<EpubChoice>({ kind: "all", year: today.slice(0, 4), month: today.slice(0, 7), name: "name" });
  const [current, setCurrent] = useState<Kind | null>(null);
  const { state, start } = useDownload();
  const preparing = state.status === "preparing";
  const epub = epubQuery(choice);

  const download = (kind: Kind, href: string, fallback: string) => {
    setCurrent(kind);
    void start(href, fallback);
  };
  const button = (kind: Kind, label: string, href: string | null, fallback: string) => (
    <Button variant="secondary" disabled={preparing || href === null} aria-describedby={`${headingId}-status`} onClick={() => href && download(kind, href, fallback)}>
      {preparing && current === kind ? "Preparing…" : label}
    </Button>
  );

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="font-serif text-2xl">
        Export your writing
      </h2>
      <p className="mt-2 text-muted">Each download is made when you ask for it, from everything you have written, and is not kept on the server.</p>
      <ul className="mt-4 flex flex-col gap-4">
        <Option title="Markdown archive (.zip)" action={button("markdown", "Download Markdown archive", exportHrefs.markdown(), `inkwell-${today}.zip`)}>
          <p className="mt-1 text-sm text-muted">One file per piece in folders by year, with its date, prompt and details at the top. You can import it back.</p>
        </Option>
        <Option title="EPUB book" action={button("epub", "Download EPUB", epub ? exportHrefs.epub(epub) : null, "inkwell.epub")}>
          <p className="mt-1 text-sm text-muted">Your pieces as a book for an e-reader: a chapter per month, set in Literata.</p>
          <EpubOptions choice={choice} alias={alias} onChange={(next) => setChoice(alias ? next : { ...next, name: "name" })} />
        </Option>
        <Option title="All my data (.json)" action={button("json", "Download all my data", exportHrefs.json(), `inkwell-data-${today}.json`)}>
          <p className="mt-1 text-sm text-muted">
            Your profile, every piece with both versions, your comments, likes and reports, achievements, streaks, email settings and share links.
          </p>
        </Option>
      </ul>
      <div id={`${headingId}-status`} className="mt-4" aria-live="polite">
        {state.status === "preparing" && current && (
          <p role="status" className="text-sm text-muted">
            Preparing your {LABELS[current]}… {state.received > 0 ? `${formatBytes(state.received)} so far` : ""}
          </p>
        )}
        {state.status === "error" && <FormMessage tone="error">{state.message}</FormMessage>}
      </div>
    </section>
  );
}
