/**
 * The text as it will read, edited with a toolbar (ProseMirror): headings, bold and italic, lists,
 * quotes, links and images from the console's Images. It edits the same markdown as the markdown view
 * (markdown-document.ts reads and writes it), as a controlled field: `revision` moving means `value`
 * replaces the text. TextEditor.tsx loads it on demand, so its code reaches only the editor's page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { baseKeymap, chainCommands, exitCode, setBlockType } from "prosemirror-commands";
import { dropCursor } from "prosemirror-dropcursor";
import { gapCursor } from "prosemirror-gapcursor";
import { history, redo, undo } from "prosemirror-history";
import { inputRules, textblockTypeInputRule, wrappingInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import { liftListItem, sinkListItem, splitListItem } from "prosemirror-schema-list";
import { EditorState, type Command } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { Icon, type IconName } from "#app/features/console/icons.tsx";
import { altFromName } from "#app/features/console/images/image-markdown.ts";
import { useUploads } from "#app/features/console/images/images-list.ts";
import { Thumbnail } from "#app/features/console/images/ImagesSection.tsx";
import { UploadDropZone } from "#app/features/console/images/UploadDropZone.tsx";
import { buttonClass, Empty, ErrorNote, inputClass, secondaryButtonClass } from "#app/features/console/ui.tsx";
import { formatCommands, insertImage, isActive, linkAround, setLink, type Format } from "./commands.ts";
import { parseMarkdown, schema, toMarkdown } from "./markdown-document.ts";
import { cleanPastedHtml, pastedText } from "./paste.ts";

const { nodes } = schema;

/** Markdown typed at the start of a line still formats it, as in most editors: "## ", "- ", "1. ", "> ". */
const markdownShortcuts = inputRules({
  rules: [
    textblockTypeInputRule(/^(#{1,6})\s$/, nodes.heading, (match) => ({ level: match[1]!.length })),
    wrappingInputRule(/^\s*([-*])\s$/, nodes.bullet_list),
    wrappingInputRule(/^(\d+)\.\s$/, nodes.ordered_list, (match) => ({ order: Number(match[1]) })),
    wrappingInputRule(/^\s*>\s$/, nodes.blockquote),
  ],
});

type Tool = { format: Format | "image"; label: string; keys?: string; shortcut?: string } & (
  { icon: IconName } | { glyph: ReactNode }
);

const tools: Tool[][] = [
  [
    { format: "heading", label: "Heading", glyph: "H2", keys: "Control+Alt+2", shortcut: "Mod-Alt-2" },
    { format: "subheading", label: "Subheading", glyph: "H3", keys: "Control+Alt+3", shortcut: "Mod-Alt-3" },
  ],
  [
    { format: "bold", label: "Bold", glyph: <b>B</b>, keys: "Control+B", shortcut: "Mod-b" },
    { format: "italic", label: "Italic", glyph: <i className="font-serif">I</i>, keys: "Control+I", shortcut: "Mod-i" },
  ],
  [
    { format: "bullets", label: "Bulleted list", icon: "bulletList", keys: "Control+Shift+8", shortcut: "Mod-Shift-8" },
    { format: "numbers", label: "Numbered list", icon: "numberList", keys: "Control+Shift+7", shortcut: "Mod-Shift-7" },
    { format: "quote", label: "Quote", icon: "quote", keys: "Control+Shift+9", shortcut: "Mod-Shift-9" },
  ],
  [
    { format: "link", label: "Link", icon: "link", keys: "Control+K" },
    { format: "image", label: "Image", icon: "image" },
  ],
];

export default function RichTextEditor({
  value,
  revision,
  onChange,
  label,
  switcher,
}: {
  value: string;
  revision: number;
  onChange(text: string): void;
  label: string;
  /** The switch to the markdown view, shown before the toolbar (so Shift+Tab from the text reaches the toolbar). */
  switcher: ReactNode;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor's state, rendered by the toolbar (pressed buttons).
  const [state, setState] = useState<EditorState>();
  const [dialog, setDialog] = useState<"link" | "image">();
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  useEffect(() => {
    const openLink: Command = () => (setDialog("link"), true);
    const editor = new EditorView(host.current!, {
      state: EditorState.create({
        doc: parseMarkdown(value),
        plugins: [
          markdownShortcuts,
          keymap({
            "Mod-z": undo,
            "Shift-Mod-z": redo,
            "Mod-y": redo,
            "Mod-k": openLink,
            // The usual key of editors (TinyMCE, CKEditor, Google Docs) to reach the toolbar from the text.
            "Alt-F10": (_state, _dispatch, editorView) => {
              editorView?.dom
                .closest(".rte-frame")
                ?.querySelector<HTMLElement>('[role="toolbar"] [tabindex="0"]')
                ?.focus();
              return true;
            },
            "Mod-Alt-0": setBlockType(nodes.paragraph),
            ...Object.fromEntries(
              tools
                .flat()
                .flatMap((tool) =>
                  tool.shortcut && tool.format in formatCommands
                    ? [[tool.shortcut, formatCommands[tool.format as keyof typeof formatCommands]]]
                    : [],
                ),
            ),
            Enter: splitListItem(nodes.list_item),
            "Mod-[": liftListItem(nodes.list_item),
            "Mod-]": sinkListItem(nodes.list_item),
            "Shift-Enter": chainCommands(exitCode, (state, dispatch) => {
              dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
              return true;
            }),
          }),
          keymap(baseKeymap),
          history(),
          dropCursor({ class: "rte-drop-cursor" }),
          gapCursor(),
        ],
      }),
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        spellcheck: "true",
        class: "rte-text prose max-w-none px-4 py-3 sm:px-5 sm:py-4",
      },
      transformPastedHTML: cleanPastedHtml,
      clipboardTextParser: pastedText,
      dispatchTransaction(transaction) {
        const next = editor.state.apply(transaction);
        editor.updateState(next);
        setState(next);
        if (transaction.docChanged) latest.current.onChange(toMarkdown(next.doc, latest.current.value));
      },
    });
    view.current = editor;
    setState(editor.state);
    return () => editor.destroy();
    // One editor per mount; later values arrive through `revision`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || toMarkdown(editor.state.doc, value) === value) return;
    const next = EditorState.create({ doc: parseMarkdown(value), plugins: editor.state.plugins });
    editor.updateState(next);
    setState(next);
    // Only a new revision replaces the text: the editor's own changes already are `value`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revision]);

  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch);
    editor.focus();
  };
  const closeDialog = () => setDialog(undefined);
  // Back to the text once a dialog is gone (focus given while it was still open would be lost with it).
  const hadDialog = useRef(false);
  useEffect(() => {
    if (dialog) hadDialog.current = true;
    else if (hadDialog.current) view.current?.focus();
  }, [dialog]);

  return (
    <>
      <Toolbar
        label={label}
        state={state}
        onTool={(tool) => {
          if (tool === "link" || tool === "image") setDialog(tool);
          else run(formatCommands[tool]);
        }}
        start={switcher}
      />
      <div ref={host} className="min-h-72" />
      {dialog === "link" && state && (
        <LinkDialog
          existing={linkAround(state)?.href}
          selected={!state.selection.empty}
          onDone={(href, text) => {
            if (href !== undefined) run(setLink(href, text));
            closeDialog();
          }}
        />
      )}
      {dialog === "image" && (
        <ImageDialog
          onDone={(image) => {
            if (image) run(insertImage(image.ref, image.alt));
            closeDialog();
          }}
        />
      )}
    </>
  );
}

/**
 * The formatting buttons, one stop on the Tab key: arrows, Home and End move between them (the
 * ARIA toolbar pattern). Each says whether it is on where the cursor is (aria-pressed).
 */
function Toolbar({
  label,
  state,
  onTool,
  start,
}: {
  label: string;
  state: EditorState | undefined;
  onTool(tool: Format | "image"): void;
  start: ReactNode;
}) {
  const flat = tools.flat();
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent) => {
    const to =
      event.key === "ArrowRight"
        ? (current + 1) % flat.length
        : event.key === "ArrowLeft"
          ? (current - 1 + flat.length) % flat.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? flat.length - 1
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    setCurrent(to);
    buttons.current[to]?.focus();
  };
  return (
    // Stays in view while a long text scrolls past (the frame clips without being a scroll container).
    <div className="sticky top-0 z-10 flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-line bg-surface px-2 py-1.5">
      {start}
      <div
        role="toolbar"
        aria-label={`Formatting of ${label}`}
        className="flex flex-wrap items-center"
        onKeyDown={move}
      >
        {tools.map((group, groupIndex) => (
          <div key={groupIndex} className="flex items-center border-line pr-1 not-last:mr-1 not-last:border-r">
            {group.map((tool) => {
              const index = flat.indexOf(tool);
              const pressed = tool.format !== "image" && !!state && isActive(state, tool.format);
              return (
                <button
                  key={tool.format}
                  ref={(element) => {
                    buttons.current[index] = element;
                  }}
                  type="button"
                  tabIndex={index === current ? 0 : -1}
                  aria-pressed={tool.format === "image" ? undefined : pressed}
                  aria-keyshortcuts={tool.keys}
                  title={tool.keys ? `${tool.label} (${tool.keys.replace("Control", "Ctrl")})` : tool.label}
                  // The editor keeps its selection: the button acts on it and gives focus back.
                  onMouseDown={(event) => event.preventDefault()}
                  onFocus={() => setCurrent(index)}
                  onClick={() => onTool(tool.format)}
                  className={`inline-flex h-8 min-w-8 items-center justify-center rounded-md px-1 text-sm font-semibold ${
                    pressed
                      ? "bg-brand-100 text-brand-800 ring-1 ring-brand-600/40 ring-inset"
                      : "text-ink hover:bg-white"
                  }`}
                >
                  {"icon" in tool ? (
                    <Icon name={tool.icon} className="h-5 w-5" />
                  ) : (
                    <span aria-hidden="true">{tool.glyph}</span>
                  )}
                  <span className="sr-only">{tool.label}</span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** A modal <dialog> opened as it mounts; Esc or any close calls `onClose`. */
function useModal(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current!;
    if (!element.open) element.showModal();
    element.addEventListener("close", onClose);
    return () => element.removeEventListener("close", onClose);
  }, [onClose]);
  return ref;
}

const dialogClass =
  "m-auto rounded-xl border border-line bg-white p-0 shadow-xl backdrop:bg-slate-900/40 w-[min(30rem,calc(100vw-2rem))]";

function LinkDialog({
  existing,
  selected,
  onDone,
}: {
  /** The address of the link the cursor is in. */
  existing: string | undefined;
  /** Words are selected: they become the link's text. */
  selected: boolean;
  onDone(href: string | undefined, text: string): void;
}) {
  const [cancel] = useState(() => () => onDone(undefined, ""));
  const ref = useModal(cancel);
  const id = useId();
  const [href, setHref] = useState(existing ?? "");
  const [text, setText] = useState("");
  const askText = !selected && existing === undefined;
  return (
    <dialog ref={ref} aria-labelledby={`${id}-title`} className={dialogClass}>
      <form
        className="space-y-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          onDone(href.trim(), text.trim());
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
          {existing === undefined ? "Add a link" : "Change the link"}
        </h2>
        {askText && (
          <div>
            <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium text-ink">
              Text to show
            </label>
            <input id={`${id}-text`} className={inputClass} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-href`} className="mb-1 block text-sm font-medium text-ink">
            Link to
          </label>
          <input
            id={`${id}-href`}
            className={inputClass}
            value={href}
            required={existing === undefined}
            autoFocus
            aria-describedby={`${id}-help`}
            onChange={(e) => setHref(e.target.value)}
          />
          <p id={`${id}-help`} className="mt-1 text-xs text-muted">
            A page of the site, such as /contact, or a web address starting with https://
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={cancel}>
            Cancel
          </button>
          {existing !== undefined && (
            <button type="button" className={secondaryButtonClass} onClick={() => onDone("", "")}>
              Remove the link
            </button>
          )}
          <button type="submit" className={buttonClass}>
            {existing === undefined ? "Add the link" : "Save the link"}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Choose an upload (or upload one there and then), say what it shows, and insert it. */
function ImageDialog({ onDone }: { onDone(image: { ref: string; alt: string } | undefined): void }) {
  const [cancel] = useState(() => () => onDone(undefined));
  const ref = useModal(cancel);
  const id = useId();
  const { list, error, reload } = useUploads();
  const [chosen, setChosen] = useState<{ ref: string; name: string }>();
  const [alt, setAlt] = useState("");
  const choose = (item: { ref: string; name: string }) => {
    setChosen(item);
    setAlt(altFromName(item.name));
  };
  return (
    <dialog ref={ref} aria-labelledby={`${id}-title`} className={`${dialogClass} w-[min(46rem,calc(100vw-2rem))]`}>
      <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
        <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
          Add an image
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={cancel}>
          Cancel
        </button>
      </div>
      {chosen ? (
        <form
          className="space-y-4 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            onDone({ ref: chosen.ref, alt: alt.trim() });
          }}
        >
          <Thumbnail item={chosen} className="h-40 w-full" />
          <div>
            <label htmlFor={`${id}-alt`} className="mb-1 block text-sm font-medium text-ink">
              What the image shows
            </label>
            <input
              id={`${id}-alt`}
              className={inputClass}
              value={alt}
              required
              autoFocus
              aria-describedby={`${id}-alt-help`}
              onChange={(e) => setAlt(e.target.value)}
            />
            <p id={`${id}-alt-help`} className="mt-1 text-xs text-muted">
              Read aloud to people who cannot see it, and shown while it loads.
            </p>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => setChosen(undefined)}>
              Choose another
            </button>
            <button type="submit" className={buttonClass}>
              Insert the image
            </button>
          </div>
        </form>
      ) : (
        <div className="max-h-[70vh] space-y-4 overflow-y-auto p-5">
          <UploadDropZone
            compact
            maxBytes={list?.maxBytes}
            onUploaded={(answer) => {
              void reload();
              choose(answer.upload);
            }}
          />
          <ErrorNote message={error} />
          {list && list.uploads.length === 0 && <Empty>No image uploaded yet: upload one above.</Empty>}
          {list && list.uploads.length > 0 && (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Uploaded images">
              {list.uploads.map((item) => (
                <li key={item.ref}>
                  <button
                    type="button"
                    onClick={() => choose(item)}
                    className="w-full rounded-lg border border-line p-2 text-left hover:border-brand-600"
                  >
                    <Thumbnail item={item} className="h-24 w-full" />
                    <span className="mt-1 block truncate text-xs font-semibold text-ink">{item.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </dialog>
  );
}
