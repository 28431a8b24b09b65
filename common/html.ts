/** The one HTML/XML escaper: for text and attribute values in pages, mails and SVG drawn as strings. */
const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]);
