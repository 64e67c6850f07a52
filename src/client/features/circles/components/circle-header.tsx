import type { CircleSummary } from "#shared/schemas/circles.ts";
import { membersLabel, ROLE_LABELS } from "../lib/circle-rules.ts";
import { ACCENT_STYLES } from "./accent.tsx";

/** The circle's name, description and colour (a bar beside the name), its size and my role. */
export function CircleHeader({ circle }: { circle: CircleSummary }) {
  return (
    <header className={`mb-6 border-l-4 pl-4 ${ACCENT_STYLES[circle.accent].bar}`}>
      <h1 className="font-serif text-4xl tracking-tight [overflow-wrap:anywhere] sm:text-5xl">{circle.name}</h1>
      {circle.description && <p className="mt-3 font-serif text-lg text-muted [overflow-wrap:anywhere]">{circle.description}</p>}
      <p className="mt-2 text-sm text-muted">
        {membersLabel(circle.memberCount)}
        {circle.myRole && ` · You are ${circle.myRole === "owner" ? "the owner" : `a ${ROLE_LABELS[circle.myRole].toLowerCase()}`}`}
      </p>
    </header>
  );
}
