/** A piece as the delete dialog names it. */
export interface DeletablePiece {
  id: string;
  title: string;
}

/**
 * An admin's way to delete a public piece from a list (spec §6: "Delete: any piece"). It only
 * asks: the route that shows the list owns the confirm dialog and the delete itself.
 */
export function DeletePieceButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      title="Delete this piece"
      aria-label="Delete this piece"
      onClick={onClick}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-muted hover:bg-accent-soft hover:text-danger"
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7" />
      </svg>
    </button>
  );
}
