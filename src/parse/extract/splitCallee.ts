const TRAILING_NAME = /([\p{ID_Continue}$#\u200c\u200d]+)\s*$/u;

/**
 * `this.auth.login` → name `login`, qualifier `this.auth`; read from the member expression's
 * text so no further tree navigation is needed. Null when it does not end in a plain name.
 */
export const splitCallee = (text: string): { name: string; qualifier: string | null; nameOffset: number } | null => {
  const m = TRAILING_NAME.exec(text);
  if (m === null) return null;
  const name = m[1]!;
  const nameOffset = m.index;
  let i = nameOffset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (text[i] !== ".") return { name, qualifier: null, nameOffset };
  i--;
  if (text[i] === "?") i--;
  const qualifier = text.slice(0, i + 1).trim();
  return { name, qualifier: qualifier.length > 0 ? qualifier : null, nameOffset };
};
