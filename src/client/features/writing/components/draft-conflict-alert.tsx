import { Button } from "#client/components/ui/button.tsx";
import { ASIDE, type DraftConflict } from "../hooks/use-draft.ts";

/** Two versions of the draft (another tab's and this one's): the writer chooses, nothing is overwritten meanwhile. */
export function DraftConflictAlert({ conflict, onKeepMine, onTakeTheirs }: { conflict: DraftConflict; onKeepMine: () => void; onTakeTheirs: () => void }) {
  return (
    <div role="alert" className="mb-6 rounded-lg border border-accent/40 bg-accent-soft px-4 py-3 text-sm text-ink">
      <p>
        {conflict.draft.tab?.startsWith(ASIDE)
          ? "A piece that waited for the connection was not accepted (the reason is shown with the editor). Its text is kept as the other version; your text here is kept until you choose."
          : conflict.key
            ? "Another tab kept a different version of this draft. Your text here is kept until you choose."
            : "This draft was changed in another tab. Your text here is kept, and neither tab overwrites the other until you choose."}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="text" className="text-base" onClick={onKeepMine}>
          keep this version
        </Button>
        <Button variant="text" className="text-base" onClick={onTakeTheirs}>
          load the other version
        </Button>
      </div>
    </div>
  );
}
