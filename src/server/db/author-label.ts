import { sql, type SQL } from "drizzle-orm";
import { ANONYMOUS_LABEL, NAMELESS_LABEL } from "#shared/domain/author.ts";

/*
 * The author rules of shared/domain/author.ts as SQL, for queries that sort or build rows by
 * label in the database. Same constants, same order of fallbacks; author-label.test.ts runs
 * every signature through both and checks they agree.
 */

const blankToNull = (col: SQL) => sql`nullif(btrim(${col}), '')`;

/** authorLabel(signature, name, alias) in SQL. */
export function authorLabelSql(signature: SQL, name: SQL, alias: SQL): SQL {
  return sql`(case ${signature}
    when 'name' then coalesce(${blankToNull(name)}, ${NAMELESS_LABEL}::text)
    when 'alias' then coalesce(${blankToNull(alias)}, ${ANONYMOUS_LABEL}::text)
    else ${ANONYMOUS_LABEL}::text end)`;
}

/**
 * commenterLabel() in SQL: `isWriter` is true when the commenter wrote the piece; `signature`
 * and `pieceAlias` are the piece's, `name` and `alias` the commenter's.
 */
export function commenterLabelSql(isWriter: SQL, signature: SQL, pieceAlias: SQL, name: SQL, alias: SQL): SQL {
  return sql`(case when ${isWriter} then ${authorLabelSql(signature, name, pieceAlias)}
    else coalesce(${blankToNull(alias)}, ${blankToNull(name)}, ${NAMELESS_LABEL}::text) end)`;
}
