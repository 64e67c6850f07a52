import { submissions } from "./schema/index.ts";

/**
 * A piece's two versions as the writer's own books and archives read them (the monthly
 * collection, the exports): the published title and text and the private ones, with their words
 * and pages.
 */
export const pieceVersionColumns = {
  id: submissions.id,
  title: submissions.title,
  content: submissions.content,
  wordCount: submissions.wordCount,
  pages: submissions.pagesWritten,
  privateTitle: submissions.privateTitle,
  privateContent: submissions.privateContent,
  privateWordCount: submissions.privateWordCount,
  privatePages: submissions.privatePagesWritten,
};
