/**
 * Content-Disposition naming a download after a title people gave it: an ASCII fallback
 * (letters, digits, dot, dash, underscore, space) and the title in UTF-8 (RFC 6266 / 8187),
 * both without path, quote or control characters, so no name can reach outside the
 * browser's download folder or break the header.
 */
export function contentDispositionOf(disposition: "inline" | "attachment", title: string, extension: string, fallback: string): string {
  const tidy = (text: string) =>
    text
      .replace(/\s+/g, " ")
      .replace(/^[. ]+|[. ]+$/g, "")
      .slice(0, 100);
  const ascii = tidy(title.normalize("NFKD").replace(/[^A-Za-z0-9._ -]+/g, "")) || fallback;
  const unicode = tidy(title.replace(/[\u0000-\u001f\u007f-\u009f"\\/:*?<>|]+/g, "")) || fallback;
  const encoded = encodeURIComponent(`${unicode}.${extension}`).replace(/['()*!]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`;
}

/** "Ada Lovelace" → "ada-lovelace": ASCII letters and digits (accents dropped), for a plain file name. */
export function asciiSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}
