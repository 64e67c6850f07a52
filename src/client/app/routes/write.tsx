import { WritingPage } from "#client/features/writing/components/writing-page.tsx";

/** /write: today's prompt, ten minutes, then save or publish (spec §2). Open to everyone. */
export function Component() {
  return <WritingPage page="write" />;
}
