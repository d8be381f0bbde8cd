/** Comma-separated lists of paths and globs, as `Files in scope` lines write them. */

/**
 * Splits `value` at the commas that separate items: not those inside braces (`src/{a,b}.ts` is one
 * glob), nor inside brackets or parentheses (`[,]`, `@(a,b)`). Items are trimmed; empty ones dropped.
 */
export function splitListOutsideBraces(value: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\') i++;
    else if (ch === '{' || ch === '[' || ch === '(') depth++;
    else if ((ch === '}' || ch === ']' || ch === ')') && depth > 0) depth--;
    else if (ch === ',' && depth === 0) {
      items.push(value.slice(start, i));
      start = i + 1;
    }
  }
  items.push(value.slice(start));
  return items.map((v) => v.trim()).filter((v) => v !== '');
}
