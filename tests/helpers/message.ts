/**
 * What a person reads in a message, whichever layout it has: its `content` (classic) and the
 * text of every text display (Components V2, https://discord.com/developers/docs/components/reference#text-display),
 * in the order Discord shows them, one per line.
 */
export function said(m: { readonly content?: string | null; readonly components?: readonly unknown[] } | null | undefined): string {
  if (!m) return "";
  const texts: string[] = m.content ? [m.content] : [];
  const walk = (c: Record<string, unknown>): void => {
    if (c.type === 10 && typeof c.content === "string") texts.push(c.content);
    for (const child of (c.components as Record<string, unknown>[] | undefined) ?? []) walk(child);
    if (c.accessory) walk(c.accessory as Record<string, unknown>);
  };
  for (const c of m.components ?? []) walk(c as Record<string, unknown>);
  return texts.join("\n");
}
