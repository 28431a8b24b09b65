/**
 * Where a quote or logo stands (common/proof-places.ts), as a tick per page. It writes the field's text;
 * the page it stands on alone keeps its tick, so a piece of proof always stands somewhere.
 */
import type { FieldSchema } from "#common/content-schemas.ts";
import { placesOf, placesText, proofPlaces } from "#common/proof-places.ts";

export function PlacesField({
  field,
  entryName,
  text,
  problem,
  onChange,
}: {
  field: FieldSchema;
  entryName: string;
  text: string;
  problem?: string;
  onChange(text: string): void;
}) {
  const placed = new Set<string>(placesOf(text));
  const toggle = (path: string, on: boolean) => {
    const next = new Set(placed);
    if (on) next.add(path);
    else next.delete(path);
    onChange(placesText(next));
  };
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-ink">
        {field.label}
        <span className="sr-only"> of {entryName}</span>
      </legend>
      <p className="mb-2 text-xs text-muted">Tick each page it should stand on; on its own, it stands on Home.</p>
      <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {proofPlaces.map(({ path, name }) => {
          const checked = placed.has(path);
          return (
            <li key={path}>
              <label className="flex min-h-8 items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={checked}
                  disabled={checked && placed.size === 1}
                  onChange={(event) => toggle(path, event.target.checked)}
                />
                {name}
              </label>
            </li>
          );
        })}
      </ul>
      {problem && <p className="mt-1 text-xs font-medium text-danger-700">{problem}</p>}
    </fieldset>
  );
}
