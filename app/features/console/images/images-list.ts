/** The uploads list, read from the console's API: one hook for the Images page and the ImagePicker. */
import { useCallback, useEffect, useState } from "react";
import type { UploadListAnswer } from "#common/console-api.ts";
import { api } from "#app/features/console/api.ts";

export function useUploads() {
  const [list, setList] = useState<UploadListAnswer>();
  const [error, setError] = useState<string>();
  const reload = useCallback(
    () =>
      api<UploadListAnswer>("/uploads").then(
        (answer) => {
          setList(answer);
          setError(undefined);
        },
        (failure: Error) => setError(failure.message),
      ),
    [],
  );
  useEffect(() => void reload(), [reload]);
  return { list, error, reload };
}
