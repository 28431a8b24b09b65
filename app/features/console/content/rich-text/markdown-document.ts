/**
 * Markdown ⇄ the rich-text editor's document. It reads with markdown-it, the parser the site renders
 * with (app/features/content/content.server.ts: the default preset, raw HTML off), so what the editor
 * shows is what the page shows, and writes with prosemirror-markdown's serializer. Everything the site
 * renders has a node: paragraphs, headings, emphasis, links, images, lists, quotes, code, rules and
 * strikethrough; a table stays its markdown source, a block edited as text (a grid editor is more than
 * a marketing page's few tables need). The unit test holds every file in content/ to an unchanged round trip.
 */
import MarkdownIt, { type StateCore, type Token } from "markdown-it";
import { Schema, type Node as ProseNode } from "prosemirror-model";
import { fallbackWidth, parseUploadRef, uploadVariantPath } from "#common/uploads.ts";
import {
  defaultMarkdownSerializer,
  MarkdownParser,
  MarkdownSerializer,
  schema as markdownSchema,
} from "prosemirror-markdown";

/** An upload's reference is no file: the editor shows one of its variants, and keeps the reference. */
function shownSrc(src: string) {
  const upload = parseUploadRef(src);
  return upload ? uploadVariantPath(upload, fallbackWidth(upload), "webp") : src;
}

/** Only images on the site (its pages' paths, the console's uploads): a pasted image from elsewhere is dropped. */
const onSite = (src: string) => src.startsWith("/") && !src.startsWith("//");

export const schema = new Schema({
  nodes: markdownSchema.spec.nodes
    .update("image", {
      ...markdownSchema.spec.nodes.get("image")!,
      parseDOM: [
        {
          tag: "img[src]",
          getAttrs: (dom) => {
            const src = dom.getAttribute("data-ref") ?? dom.getAttribute("src") ?? "";
            if (!onSite(src)) return false;
            return { src, title: dom.getAttribute("title"), alt: dom.getAttribute("alt") };
          },
        },
      ],
      toDOM: (node) => [
        "img",
        {
          src: shownSrc(node.attrs.src as string),
          "data-ref": node.attrs.src as string,
          alt: node.attrs.alt as string | null,
          title: node.attrs.title as string | null,
        },
      ],
    })
    // The list's own bullet ("-" in content/, and for new lists), kept so a round trip changes no line.
    // A list made in the editor or pasted is tight (no blank line between items), as the lists in content/ are.
    .update("bullet_list", {
      ...markdownSchema.spec.nodes.get("bullet_list")!,
      attrs: { tight: { default: true }, bullet: { default: "-" } },
      parseDOM: [{ tag: "ul" }],
    })
    .update("ordered_list", {
      ...markdownSchema.spec.nodes.get("ordered_list")!,
      attrs: { order: { default: 1 }, tight: { default: true } },
      parseDOM: [{ tag: "ol", getAttrs: (dom) => ({ order: Number(dom.getAttribute("start") ?? 1) || 1 }) }],
    })
    .addBefore("image", "markdown_table", {
      content: "text*",
      group: "block",
      code: true,
      marks: "",
      defining: true,
      toDOM: () => ["pre", { class: "rte-table" }, ["code", 0]],
    }),
  marks: markdownSchema.spec.marks.addToEnd("strike", {
    parseDOM: [{ tag: "s" }, { tag: "del" }, { style: "text-decoration=line-through" }],
    toDOM: () => ["s"],
  }),
});

/** A table's tokens as one block holding the lines it was written in. */
function keepTablesAsSource(state: StateCore) {
  const lines = state.src.split("\n");
  const tokens: Token[] = [];
  for (let index = 0; index < state.tokens.length; index++) {
    const token = state.tokens[index]!;
    if (token.type !== "table_open" || !token.map) {
      tokens.push(token);
      continue;
    }
    let end = index;
    while (state.tokens[end]!.type !== "table_close" || state.tokens[end]!.level !== token.level) end++;
    const [from, to] = token.map;
    // Inside a quote or a list the lines carry its marks: the table's own text starts at its first "|" or cell.
    const indent = /^[\s>]*/.exec(lines[from] ?? "")![0].length;
    const source = new state.Token("markdown_table", "pre", 0);
    source.block = true;
    source.map = token.map;
    source.level = token.level;
    source.content = lines
      .slice(from, to)
      .map((line) => line.slice(indent))
      .join("\n");
    tokens.push(source);
    index = end;
  }
  state.tokens = tokens;
}

const reader = new MarkdownIt({ html: false, linkify: false, typographer: false });
// Addresses as written: `{{phoneHref}}` and other placeholders must not become `%7B%7B…`. The server checks them.
reader.normalizeLink = (url) => url;
reader.normalizeLinkText = (text) => text;
reader.validateLink = () => true;
reader.core.ruler.after("block", "markdown_table", keepTablesAsSource);

const parser = new MarkdownParser(schema, reader, {
  blockquote: { block: "blockquote" },
  paragraph: { block: "paragraph" },
  list_item: { block: "list_item" },
  bullet_list: {
    block: "bullet_list",
    getAttrs: (tok, tokens, i) => ({ tight: listIsTight(tokens, i), bullet: tok.markup || "-" }),
  },
  ordered_list: {
    block: "ordered_list",
    getAttrs: (tok, tokens, i) => ({ order: Number(tok.attrGet("start") ?? 1), tight: listIsTight(tokens, i) }),
  },
  heading: { block: "heading", getAttrs: (tok) => ({ level: Number(tok.tag.slice(1)) }) },
  code_block: { block: "code_block", noCloseToken: true },
  fence: { block: "code_block", getAttrs: (tok) => ({ params: tok.info || "" }), noCloseToken: true },
  hr: { node: "horizontal_rule" },
  image: {
    node: "image",
    getAttrs: (tok) => ({
      src: tok.attrGet("src"),
      title: tok.attrGet("title") || null,
      alt: tok.children?.[0]?.content || null,
    }),
  },
  hardbreak: { node: "hard_break" },
  em: { mark: "em" },
  strong: { mark: "strong" },
  s: { mark: "strike" },
  link: {
    mark: "link",
    getAttrs: (tok) => ({ href: tok.attrGet("href"), title: tok.attrGet("title") || null }),
  },
  code_inline: { mark: "code", noCloseToken: true },
  markdown_table: { block: "markdown_table", noCloseToken: true },
});

/** markdown-it marks a tight list's paragraphs hidden. */
function listIsTight(tokens: readonly { hidden: boolean }[], index: number) {
  return tokens[index + 2]?.hidden ?? false;
}

const serializer = new MarkdownSerializer(
  {
    ...defaultMarkdownSerializer.nodes,
    markdown_table(state, node) {
      state.text(node.textContent, false);
      state.closeBlock(node);
    },
  },
  {
    ...defaultMarkdownSerializer.marks,
    strike: { open: "~~", close: "~~", mixable: true, expelEnclosingWhitespace: true },
  },
);

export const parseMarkdown = (text: string): ProseNode => parser.parse(text);

/** The document as markdown; it ends in a newline when `before`, the text it replaces, did (the files in content/ do). */
export function toMarkdown(doc: ProseNode, before = ""): string {
  const text = serializer.serialize(doc, { tightLists: false });
  return text && before.endsWith("\n") ? `${text}\n` : text;
}
