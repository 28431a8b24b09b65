/**
 * The form of a structured content key, generated from its schema (common/content-schemas.ts): one
 * group of labelled fields per entry, with a character count and the field's problem under it, and
 * buttons to add, remove and reorder entries where the schema's count allows. It edits the JSON text
 * the editor saves, so drafts, publishing, history and the diff stay those of every key.
 */
import { ImagePicker } from "#app/features/console/images/ImagePicker.tsx";
import { useId, useState } from "react";
import { schemaOf, type FieldSchema, type SchemaKey, type StructuredProblem } from "#common/content-schemas.ts";
import { inputClass, secondaryButtonClass } from "#app/features/console/ui.tsx";
import { TextEditor } from "./TextEditor.tsx";
import { PlacesField } from "./PlacesField.tsx";
import { editEntries, entriesOf, problemsByField, type EntriesEdit } from "./structured-entries.ts";

/** Past this many characters a markdown field is a text of its own (a post's), written in the markdown editor. */
const longMarkdown = 10_000;

const smallButton =
  "inline-flex min-h-8 items-center rounded-md border border-line bg-white px-2.5 text-xs font-semibold text-ink hover:bg-surface disabled:opacity-50";

export function StructuredForm({
  contentKey,
  text,
  revision,
  onChange,
}: {
  contentKey: SchemaKey;
  text: string;
  /** Moves when the text is replaced from outside the form (a load, a restore): the markdown editor then takes it. */
  revision: number;
  onChange(text: string): void;
}) {
  const schema = schemaOf(contentKey);
  const entries = entriesOf(text);
  if (!entries)
    return (
      <p className="text-sm text-danger-700">
        This version is not a list of entries, so the form cannot show it. Restore an older version.
      </p>
    );
  const { byField } = problemsByField(contentKey, text);
  const edit = (change: EntriesEdit) => onChange(editEntries(schema, entries, change));
  const fixed = schema.min === schema.max;
  const noun = schema.entry.toLowerCase();
  const article = /^[aeiou]/.test(noun) ? "an" : "a";
  return (
    <div className="space-y-4">
      {entries.length === 0 && (
        <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          No {noun} yet: nothing shows on the site until one is published.
        </p>
      )}
      <ol className="space-y-4" aria-label={fixed && schema.max === 1 ? schema.entry : `${schema.entry} entries`}>
        {entries.map((entry, index) => {
          const title = entry[schema.titleField]?.trim();
          // One entry (a post, a page's head) is the key itself: named by its title, not "Post 1".
          const single = schema.max === 1;
          const name = single ? `the ${noun}` : `${schema.entry} ${index + 1}`;
          return (
            <li key={index}>
              <fieldset className="rounded-xl border border-line bg-white p-4 shadow-sm">
                {/* A post's title is the page's heading already: its group keeps the name for screen readers only. */}
                <legend
                  className={single && !schema.legend ? "sr-only" : "px-1 text-sm font-semibold break-words text-ink"}
                >
                  {single ? (schema.legend ?? (title || `New ${noun}`)) : name}
                  {!single && title && <span className="font-normal text-muted"> · {title}</span>}
                </legend>
                {!fixed && (
                  <div className="-mt-1 mb-2 flex flex-wrap justify-end gap-2">
                    <button
                      type="button"
                      className={smallButton}
                      disabled={index === 0}
                      onClick={() => edit({ type: "move", index, by: -1 })}
                      aria-label={`Move ${name} up`}
                    >
                      ↑ Up
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      disabled={index === entries.length - 1}
                      onClick={() => edit({ type: "move", index, by: 1 })}
                      aria-label={`Move ${name} down`}
                    >
                      ↓ Down
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      disabled={entries.length <= schema.min}
                      onClick={() => edit({ type: "remove", index })}
                      aria-label={`Remove ${name}`}
                    >
                      Remove
                    </button>
                  </div>
                )}
                <div className="grid gap-3 sm:grid-cols-2">
                  {schema.fields.map((field) => (
                    <Field
                      key={field.name}
                      field={field}
                      entryName={name}
                      text={entry[field.name] ?? ""}
                      problem={byField.get(`${index}:${field.label}`)}
                      revision={revision}
                      onChange={(value) => edit({ type: "field", index, name: field.name, text: value })}
                    />
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {!fixed && (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={entries.length >= schema.max}
          onClick={() => edit({ type: "add" })}
        >
          Add {article} {noun}
        </button>
      )}
    </div>
  );
}

const fieldHelp = (field: FieldSchema) =>
  field.kind === "link"
    ? "A page of the site (/contact) or a web address (https://…)"
    : field.kind === "markdown"
      ? "**Bold** between two asterisks, a link as [its words](/contact), a list as lines that start with a dash"
      : field.help;

function Field({
  field,
  entryName,
  text,
  problem: found,
  revision,
  onChange: change,
}: {
  field: FieldSchema;
  entryName: string;
  text: string;
  problem?: StructuredProblem;
  revision: number;
  onChange(text: string): void;
}) {
  const id = useId();
  // An empty required field says so once it was typed in and left (or in the checks, before
  // publishing), not in red on a form just opened: as the site's own forms do.
  const [edited, setEdited] = useState(false);
  const [left, setLeft] = useState(false);
  const problem = found?.empty && !(edited && left) ? undefined : found?.fieldText;
  const onChange = (value: string) => {
    setEdited(true);
    change(value);
  };
  const onBlur = () => setLeft(edited);
  if (field.kind === "markdown" && field.max >= longMarkdown)
    return (
      <div className="sm:col-span-2" onBlur={onBlur}>
        <p id={`${id}-label`} className="mb-1 block text-sm font-medium text-ink">
          {field.label}
        </p>
        <p className="mb-2 text-xs text-muted">
          Headings, lists, links and images from the toolbar, or switch to Markdown. Tab leaves the text.
        </p>
        <TextEditor
          value={text}
          revision={revision}
          onChange={onChange}
          label={`${field.label} of ${entryName}`}
          invalid={!!problem}
        />
        {problem && <p className="mt-1 text-xs font-medium text-danger-700">{problem}</p>}
      </div>
    );
  if (field.kind === "places")
    return (
      <PlacesField field={field} entryName={entryName} text={text} problem={found?.fieldText} onChange={onChange} />
    );
  // An uploaded image is chosen from the console's Images, or uploaded there and then.
  if (field.kind === "upload")
    return (
      <div className="sm:col-span-2" onBlur={onBlur}>
        <ImagePicker
          label={`${field.label}${field.required ? "" : " (optional)"}`}
          value={text || undefined}
          onChange={(ref) => onChange(ref ?? "")}
        />
        {problem && <p className="mt-1 text-xs font-medium text-danger-700">{problem}</p>}
      </div>
    );
  const help = fieldHelp(field);
  const long = field.kind === "multiline" || field.kind === "markdown";
  const describedBy = [problem && `${id}-problem`, help && `${id}-help`, field.kind !== "date" && `${id}-count`]
    .filter(Boolean)
    .join(" ");
  const props = {
    id,
    value: text,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": describedBy,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onBlur,
    className: `${inputClass} ${problem ? "border-danger-600 ring-1 ring-danger-600" : ""}`,
  };
  return (
    <div className={long ? "sm:col-span-2" : ""}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {field.label}
        <span className="sr-only"> of {entryName}</span>
        {!field.required && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {long ? (
        <textarea {...props} rows={field.kind === "markdown" ? 5 : 3} />
      ) : (
        <input
          {...props}
          type={field.kind === "date" ? "date" : "text"}
          spellCheck={field.kind === "text" || undefined}
        />
      )}
      <div className="mt-1 flex flex-wrap justify-between gap-x-3 gap-y-0.5 text-xs">
        <span className="min-w-0">
          {problem && (
            <span id={`${id}-problem`} className="block font-medium text-danger-700">
              {problem}
            </span>
          )}
          {help && (
            <span id={`${id}-help`} className="block text-muted">
              {help}
            </span>
          )}
        </span>
        {field.kind !== "date" && <Counter id={`${id}-count`} field={field} length={text.length} />}
      </div>
    </div>
  );
}

/** The field's length against its limit, or against the length search results show (a warning, in amber). */
function Counter({ id, field, length }: { id: string; field: FieldSchema; length: number }) {
  const { min, max } = field.recommended ?? {};
  const outside = length > 0 && ((max !== undefined && length > max) || (min !== undefined && length < min));
  const tone =
    length > field.max ? "font-semibold text-danger-700" : outside ? "font-semibold text-amber-800" : "text-muted";
  const range = min !== undefined ? `${min}–${max}` : `up to ${max}`;
  return (
    <span id={id} className={`shrink-0 tabular-nums ${tone}`}>
      {field.recommended ? `${length} characters · ${range} recommended` : `${length} / ${field.max}`}
      {!field.recommended && <span className="sr-only"> characters</span>}
    </span>
  );
}
