import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { TOAST_MS } from "#shared/constants.ts";

export type ToastTone = "success" | "error" | "info";
interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

interface ToastApi {
  show(message: string, tone?: ToastTone, ms?: number): void;
  success(message: string, ms?: number): void;
  error(message: string, ms?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Short notices in a polite live region (errors assertive), gone after 3 s by default. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback((message: string, tone: ToastTone = "info", ms = TOAST_MS) => {
    const id = next.current++;
    setToasts((t) => [...t.slice(-3), { id, message, tone }]);
    window.setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), ms);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, success: (m, ms) => show(m, "success", ms), error: (m, ms) => show(m, "error", ms) }),
    [show],
  );
  const toneClass: Record<ToastTone, string> = {
    success: "border-success/40 text-success",
    error: "border-danger/50 text-danger",
    info: "border-line text-ink",
  };
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-2">
          {toasts
            .filter((t) => t.tone !== "error")
            .map((t) => (
              <p key={t.id} className={`pointer-events-auto rounded-lg border bg-card px-4 py-3 text-sm shadow-lg animate-ink-fade ${toneClass[t.tone]}`}>
                {t.message}
              </p>
            ))}
        </div>
        <div role="alert" aria-live="assertive" className="flex flex-col items-center gap-2">
          {toasts
            .filter((t) => t.tone === "error")
            .map((t) => (
              <p key={t.id} className={`pointer-events-auto rounded-lg border bg-card px-4 py-3 text-sm shadow-lg animate-ink-fade ${toneClass[t.tone]}`}>
                {t.message}
              </p>
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast outside ToastProvider");
  return ctx;
}
