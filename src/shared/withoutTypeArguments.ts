/** A type without its generic arguments, nested ones included: `Map<K, List<V>>[]` → `Map[]`. */
export const withoutTypeArguments = (text: string): string => {
  let out = text;
  for (let before = ""; before !== out; ) {
    before = out;
    out = out.replace(/<[^<>]*>/g, "");
  }
  return out;
};
