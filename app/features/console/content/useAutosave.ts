/**
 * Keeps the editor's text on the server as it is typed (POST /content/autosave: not a version), a
 * moment after the last key and at least every few seconds while typing goes on (editor-state.ts
 * autosaveDelay). One call at a time, in order, so an older text never lands after a newer one; a
 * save waits for the call under way (`settled`), so no kept copy outlives the version it became.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch } from "react";
import { api } from "#app/features/console/api.ts";
import { autosaveDelay, type EditorEvent } from "./editor-state.ts";

export function useAutosave(
  contentKey: string,
  /** The text to keep (editor-state.ts textAtRisk); undefined when nothing is at risk. */
  atRisk: string | undefined,
  baseVersion: number,
  dispatch: Dispatch<EditorEvent>,
) {
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const firstChange = useRef<number | undefined>(undefined);
  // Why the last try failed, and how many failed in a row (each failure schedules a new try).
  const [failure, setFailure] = useState<{ message: string; count: number }>();

  /** Keeps `body` now, after any call under way; true once the server has it. */
  const keep = useCallback(
    (body: string): Promise<boolean> => {
      const call = chain.current.then(() =>
        api<{ savedAt: string }>("/content/autosave", {
          method: "POST",
          body: { key: contentKey, body, baseVersion },
        }).then(
          ({ savedAt }) => {
            setFailure(undefined);
            dispatch({ type: "kept", text: body, at: savedAt });
            return true;
          },
          (error: Error) => {
            setFailure((before) => ({ message: error.message, count: (before?.count ?? 0) + 1 }));
            return false;
          },
        ),
      );
      chain.current = call;
      return call;
    },
    [contentKey, baseVersion, dispatch],
  );

  useEffect(() => {
    if (atRisk === undefined) {
      firstChange.current = undefined;
      return;
    }
    firstChange.current ??= Date.now();
    const timer = setTimeout(
      () => {
        firstChange.current = undefined;
        void keep(atRisk);
      },
      autosaveDelay(Date.now(), firstChange.current),
    );
    return () => clearTimeout(timer);
  }, [atRisk, keep, failure?.count]);

  // Closed (another page of the console, the back button) with words not kept yet: keep them as
  // it goes; the call outlives the editor, and the key opens with them next time.
  const last = useRef({ atRisk, keep });
  useEffect(() => {
    last.current = { atRisk, keep };
  });
  useEffect(
    () => () => {
      const { atRisk: text, keep: keepNow } = last.current;
      if (text !== undefined) void keepNow(text);
    },
    [],
  );

  /** Resolves once no call is under way. */
  const settled = useCallback(() => chain.current.then(() => undefined), []);
  return { keep, settled, failure: failure?.message };
}
