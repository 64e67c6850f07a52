import type { WritingAction } from "#shared/domain/writing-session.ts";
import { Button } from "#client/components/ui/button.tsx";
import { CountdownTimer } from "./countdown-timer.tsx";

const TIMER_FAILED = "The timer could not start. Check your connection; your text is kept.";

/** The bar under the text: the notice (if any), the word count, publish, save and the countdown. */
export function WritingBar({
  notice,
  noticeId,
  timerFailed,
  words,
  disabled,
  onPress,
  left,
  admin,
}: {
  notice: string | null;
  noticeId: string;
  timerFailed: boolean;
  words: number;
  disabled: boolean;
  onPress: (action: WritingAction) => void;
  left: number | null;
  admin: boolean;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-line bg-paper px-4 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-2">
      {(notice || timerFailed) && (
        <p id={noticeId} role="status" className="pb-1 pt-1 text-sm text-muted">
          {notice ?? TIMER_FAILED}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <p className="font-sans text-sm tabular-nums text-muted" data-focus-hide>
          {words} {words === 1 ? "word" : "words"}
        </p>
        <div className="flex items-center gap-1 sm:gap-2">
          <Button variant="text" onClick={() => onPress("publish")} disabled={disabled} data-focus-hide>
            publish
          </Button>
          <Button variant="text" onClick={() => onPress("save")} disabled={disabled} data-focus-hide>
            save
          </Button>
          <CountdownTimer left={left} admin={admin} />
        </div>
      </div>
    </div>
  );
}
