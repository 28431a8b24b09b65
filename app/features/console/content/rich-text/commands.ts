/**
 * What the rich-text toolbar and its keys do, as ProseMirror commands over the markdown schema, and
 * whether each is on where the cursor is (the buttons' pressed state). No DOM: unit-tested on states.
 */
import { lift, setBlockType, toggleMark, wrapIn } from "prosemirror-commands";
import type { Mark, MarkType, Node as ProseNode, NodeType } from "prosemirror-model";
import { liftListItem, wrapInList } from "prosemirror-schema-list";
import { TextSelection, type Command, type EditorState } from "prosemirror-state";
import { schema } from "./markdown-document.ts";

const { nodes, marks } = schema;

export function markActive(state: EditorState, type: MarkType) {
  const { from, to, empty, $from } = state.selection;
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks());
  return state.doc.rangeHasMark(from, to, type);
}

/** The nearest block around the cursor that passes `test`, and where it starts. */
function around(state: EditorState, test: (node: ProseNode) => boolean) {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (test(node)) return { node, pos: $from.before(depth) };
  }
  return undefined;
}

const isList = (node: ProseNode) => node.type === nodes.bullet_list || node.type === nodes.ordered_list;

export type Format = "heading" | "subheading" | "bold" | "italic" | "bullets" | "numbers" | "quote" | "link";

const headingLevel: Partial<Record<Format, number>> = { heading: 2, subheading: 3 };

export function isActive(state: EditorState, format: Format): boolean {
  const level = headingLevel[format];
  if (level) {
    const parent = state.selection.$from.parent;
    return parent.type === nodes.heading && parent.attrs.level === level;
  }
  if (format === "bold") return markActive(state, marks.strong);
  if (format === "italic") return markActive(state, marks.em);
  if (format === "link") return markActive(state, marks.link);
  if (format === "quote") return !!around(state, (node) => node.type === nodes.blockquote);
  const list = around(state, isList)?.node.type;
  return list === (format === "bullets" ? nodes.bullet_list : nodes.ordered_list);
}

/** A list type given to the list around the cursor, or a list made of the selected blocks, or the list undone. */
function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    const list = around(state, isList);
    if (list?.node.type === type) return liftListItem(nodes.list_item)(state, dispatch);
    if (list) {
      dispatch?.(state.tr.setNodeMarkup(list.pos, type, { tight: list.node.attrs.tight }));
      return true;
    }
    return wrapInList(type)(state, dispatch);
  };
}

function toggleHeading(level: number): Command {
  return (state, dispatch) => {
    const parent = state.selection.$from.parent;
    if (parent.type === nodes.heading && parent.attrs.level === level)
      return setBlockType(nodes.paragraph)(state, dispatch);
    return setBlockType(nodes.heading, { level })(state, dispatch);
  };
}

const toggleQuote: Command = (state, dispatch) =>
  around(state, (node) => node.type === nodes.blockquote)
    ? lift(state, dispatch)
    : wrapIn(nodes.blockquote)(state, dispatch);

export const formatCommands: Record<Exclude<Format, "link">, Command> = {
  heading: toggleHeading(2),
  subheading: toggleHeading(3),
  bold: toggleMark(marks.strong),
  italic: toggleMark(marks.em),
  bullets: toggleList(nodes.bullet_list),
  numbers: toggleList(nodes.ordered_list),
  quote: toggleQuote,
};

/** The link the cursor is in: its address and where it starts and ends. */
export function linkAround(state: EditorState): { href: string; from: number; to: number } | undefined {
  const { $from } = state.selection;
  const link = marks.link.isInSet($from.marks()) ?? marks.link.isInSet($from.nodeAfter?.marks ?? []);
  if (!link) return undefined;
  const start = $from.start();
  let run: { from: number; to: number } | undefined;
  let found: { from: number; to: number } | undefined;
  $from.parent.forEach((child, offset) => {
    if (!(link as Mark).isInSet(child.marks)) return void (run = undefined);
    run =
      run && run.to === offset
        ? { from: run.from, to: offset + child.nodeSize }
        : { from: offset, to: offset + child.nodeSize };
    if (run.from <= $from.parentOffset && $from.parentOffset <= run.to) found = run;
  });
  return found && { href: link.attrs.href as string, from: start + found.from, to: start + found.to };
}

/**
 * Links the selection (or the link the cursor is in) to `href`; with nothing selected, `text` is
 * written and linked. An empty address removes the link.
 */
export function setLink(href: string, text: string): Command {
  return (state, dispatch) => {
    const existing = linkAround(state);
    const { from } = existing ?? state.selection;
    let { to } = existing ?? state.selection;
    const tr = state.tr;
    if (from === to) {
      const words = text || href;
      if (!words) return false;
      tr.insertText(words, from);
      to = from + words.length;
    }
    tr.removeMark(from, to, marks.link);
    if (href) tr.addMark(from, to, marks.link.create({ href, title: null }));
    tr.setSelection(TextSelection.create(tr.doc, to)).removeStoredMark(marks.link);
    dispatch?.(tr.scrollIntoView());
    return true;
  };
}

/** An image on a line of its own: in the empty line the cursor is in, or on a new line after the cursor's. */
export function insertImage(src: string, alt: string): Command {
  return (state, dispatch) => {
    const image = nodes.image.create({ src, alt: alt || null });
    const { $from } = state.selection;
    const tr = state.tr;
    if ($from.parent.type === nodes.paragraph && $from.parent.content.size === 0) tr.replaceSelectionWith(image);
    else {
      const after = $from.depth > 0 ? $from.after() : state.doc.content.size;
      tr.insert(after, nodes.paragraph.create(null, image));
      tr.setSelection(TextSelection.create(tr.doc, after + 1 + image.nodeSize));
    }
    dispatch?.(tr.scrollIntoView());
    return true;
  };
}
