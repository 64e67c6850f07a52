/**
 * "2 new pieces — show" above a circle's pieces: new ones wait here instead of moving the list
 * under the reader (as the community's feed does; its bar stays in its own first chunk).
 */
export function NewCirclePiecesBar({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div role="status" aria-live="polite" className="pointer-events-none sticky top-3 z-20 flex min-h-0 justify-center">
      {count > 0 && (
        <button type="button" onClick={onShow} className="pointer-events-auto mb-3 inline-flex min-h-11 items-center rounded-full bg-accent px-5 text-sm font-medium text-accent-ink shadow-lg hover:opacity-90">
          {count === 1 ? "1 new piece" : `${count} new pieces`} — show
        </button>
      )}
    </div>
  );
}
