/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket paths
 * (`items[0][price]=price_1&expand[0]=latest_invoice&metadata[userId]=u`). Decoded into nested objects;
 * objects whose keys are all indexes become arrays. Values stay strings (handlers coerce them).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function segments(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const head = key.slice(0, first);
  const rest = [...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

function arrayify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrayify(value[k]!)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = segments(rawKey);
    let node: FormObject = root;
    path.forEach((seg, i) => {
      // `expand[]=a&expand[]=b`: an empty index appends.
      const key = seg === '' ? String(Object.keys(node).length) : seg;
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[key] = {};
      node = node[key] as FormObject;
    });
  }
  return arrayify(root) as FormObject;
}

export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const bool = (v: FormValue | undefined): boolean | undefined =>
  v === 'true' ? true : v === 'false' ? false : undefined;
export const int = (v: FormValue | undefined): number | undefined => {
  const s = str(v);
  return s !== undefined && /^-?\d+$/.test(s) ? Number(s) : undefined;
};
export const list = (v: FormValue | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
export const obj = (v: FormValue | undefined): FormObject =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
