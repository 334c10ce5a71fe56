/** The project file a graph node id lies in (`f:<path>` or `s:<path>#<symbol>`); null for an external node. */
export const nodeFile = (id: string): string | null =>
  id.startsWith("f:") ? id.slice(2) : id.startsWith("s:") && id.includes("#") ? id.slice(2, id.indexOf("#")) : null;
